"""Seating for a tournament round: generation and validation (pure functions).

Generation minimises a cost summed over the pairs a seating puts at one table, by the
times each pair has met before (n):
- teammates together (when the event keeps them apart): by far the heaviest;
- a meeting beyond a pair's first (n >= 1): so no pair meets twice while that can be
  avoided, and the number of pairs meeting more than once (reported) stays low;
- a pair meeting for the second time (n == 1): a small extra weight, so that repeats
  go to pairs that already repeated, but only while those stay within a few meetings;
- a pair meeting a third time or more (n >= 2): dearer than two new repeated pairs, so
  that no pair meets much more often than the others (8 players over 3 rounds: 12 pairs
  meeting twice rather than 4 pairs meeting at every round);
- 2n + 1, the growth of the sum of squared meeting counts: spreads meetings evenly.
(Counting only the pairs that meet more than once would, over a long event, seat the
same few players together dozens of times once every pair has met.)

Locked tables keep their players and are left out.  The search: random restarts of a
fill followed by swaps of players between tables until no swap improves, within a time
budget; seeded, so the same input gives the same seating."""

import itertools
import random
import time

from organiser.text.reasons import Reason

TEAM, EXCESS, NEW_REPEAT, SPREAD, BEYOND = 10 ** 6, 1000, 6, 1, 2100


class SeatingError(ValueError):
    """No seating can be made of what was given; .reason says why (organiser.text.reasons)."""

    def __init__(self, text, *values):
        self.reason = Reason(text, *values)
        super().__init__(str(self.reason))


def pair(a, b):
    return (a, b) if a < b else (b, a)


def meetings(past):
    """{pair: times met} from past seatings (each a list of tables, each 4 player ids)."""
    met = {}
    for tables in past:
        for t in tables:
            for a, b in itertools.combinations(t, 2):
                k = pair(a, b)
                met[k] = met.get(k, 0) + 1
    return met


def repeated_pairs(met):
    return sum(1 for n in met.values() if n > 1)


def _pair_cost(k, met, team):
    a, b = k
    n = met.get(k, 0)
    c = SPREAD * (2 * n + 1)                 # (n+1)^2 - n^2
    if n >= 1:
        c += EXCESS
    if n == 1:
        c += NEW_REPEAT                      # this pair becomes a repeated pair
    if n >= 2:
        c += BEYOND * (n - 1)                # a third meeting (and more), dearer each time
    if team and team.get(a) is not None and team.get(a) == team.get(b):
        c += TEAM
    return c


def table_cost(t, met, team):
    return sum(_pair_cost(pair(a, b), met, team) for a, b in itertools.combinations(t, 2))


def generate(players, n_tables, past=(), team=None, locked=None, seed=0, restarts=20,
             budget=3.0):
    """Tables for one round: a list of n_tables lists of 4 player ids (seat order).

    players: the ids to seat (4 per table, locked tables' players included); past: earlier
    rounds' tables; team: {player: team id} to keep teammates apart (None: don't);
    locked: {table index: [4 ids]} kept as they are; restarts, budget (seconds): how
    hard to search (at least one full search whatever the budget)."""
    locked = dict(locked or {})
    if len(players) != 4 * n_tables or len(set(players)) != len(players):
        raise SeatingError("%d distinct players needed for %d tables, %d given",
                           4 * n_tables, n_tables, len(set(players)))
    fixed = set()
    for i, t in locked.items():
        if not 0 <= i < n_tables or len(t) != 4:
            raise SeatingError("locked table %r is not 4 players of a table here", i)
        fixed.update(t)
    if len(fixed) != 4 * len(locked) or not fixed <= set(players):
        raise SeatingError("locked tables share players or seat someone not playing")
    free = [p for p in players if p not in fixed]
    slots = [i for i in range(n_tables) if i not in locked]
    met = meetings(past)
    rng = random.Random(seed)
    best, best_cost = None, None
    end = time.monotonic() + budget
    for k in range(max(1, restarts)):
        if k and time.monotonic() > end:
            break
        order = free[:]
        rng.shuffle(order)
        tables = [order[4 * j:4 * j + 4] for j in range(len(slots))]
        cost = _improve(tables, met, team, rng)
        if best_cost is None or cost < best_cost:
            best, best_cost = [t[:] for t in tables], cost
    out = [None] * n_tables
    for i, t in locked.items():
        out[i] = list(t)
    for i, t in zip(slots, best or []):
        out[i] = t
    return out


def _improve(tables, met, team, rng):
    """Swap players between tables while a swap lowers the cost; the final cost."""
    costs = [table_cost(t, met, team) for t in tables]
    better = True
    while better:
        better = False
        idx = list(range(len(tables)))
        rng.shuffle(idx)
        for x, y in itertools.combinations(idx, 2):
            tx, ty = tables[x], tables[y]
            for i in range(4):
                for j in range(4):
                    tx[i], ty[j] = ty[j], tx[i]
                    cx, cy = table_cost(tx, met, team), table_cost(ty, met, team)
                    if cx + cy < costs[x] + costs[y]:
                        costs[x], costs[y] = cx, cy
                        better = True
                    else:
                        tx[i], ty[j] = ty[j], tx[i]
    return sum(costs)


def validate(tables, known_players=None):
    """Problems with a round's seating (empty list: fine): each table 4 seats, 4
    different players; each player at most once in the round; players known."""
    errs = []
    seen = {}
    for no, t in tables.items() if isinstance(tables, dict) else enumerate(tables):
        if len(t) != 4:
            errs.append(Reason("table %s: %d seats filled, 4 needed", no, len(t)))
        for p in t:
            if p is None:
                errs.append(Reason("table %s: an empty seat", no))
                continue
            if known_players is not None and p not in known_players:
                errs.append(Reason("table %s: unknown player %r", no, p))
            if p in seen:
                errs.append(Reason("player %r seated twice (tables %s and %s)", p, seen[p],
                                  no))
            seen[p] = no
    return errs
