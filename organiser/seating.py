"""Seating for a tournament round: generation and validation (pure functions).

Generation minimises, lexicographically, (1) the number of player pairs that will have
met more than once, (2) teammates sharing a table (when the event keeps them apart),
(3) the sum of squared meeting counts (spreads meetings evenly once repeats cannot be
avoided).  Locked tables keep their players and are left out.  The search is random
restarts of a greedy fill followed by pairwise swaps between tables until no swap
improves; seeded, so the same input gives the same seating."""

import itertools
import random

REPEAT, TEAM, SPREAD = 10 ** 6, 10 ** 3, 1


class SeatingError(ValueError):
    pass


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
    if n == 1:
        c += REPEAT                          # this pair becomes a repeated pair
    if team and team.get(a) is not None and team.get(a) == team.get(b):
        c += TEAM
    return c


def table_cost(t, met, team):
    return sum(_pair_cost(pair(a, b), met, team) for a, b in itertools.combinations(t, 2))


def generate(players, n_tables, past=(), team=None, locked=None, seed=0, restarts=20):
    """Tables for one round: a list of n_tables lists of 4 player ids (seat order).

    players: the ids to seat (4 per table, locked tables' players included); past: earlier
    rounds' tables; team: {player: team id} to keep teammates apart (None: don't);
    locked: {table index: [4 ids]} kept as they are."""
    locked = dict(locked or {})
    if len(players) != 4 * n_tables or len(set(players)) != len(players):
        raise SeatingError("%d distinct players needed for %d tables, %d given"
                           % (4 * n_tables, n_tables, len(set(players))))
    fixed = set()
    for i, t in locked.items():
        if not 0 <= i < n_tables or len(t) != 4:
            raise SeatingError("locked table %r is not 4 players of a table here" % (i,))
        fixed.update(t)
    if len(fixed) != 4 * len(locked) or not fixed <= set(players):
        raise SeatingError("locked tables share players or seat someone not playing")
    free = [p for p in players if p not in fixed]
    slots = [i for i in range(n_tables) if i not in locked]
    met = meetings(past)
    rng = random.Random(seed)
    best, best_cost = None, None
    for _ in range(max(1, restarts)):
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
            errs.append("table %s: %d seats filled, 4 needed" % (no, len(t)))
        for p in t:
            if p is None:
                errs.append("table %s: an empty seat" % (no,))
                continue
            if known_players is not None and p not in known_players:
                errs.append("table %s: unknown player %r" % (no, p))
            if p in seen:
                errs.append("player %r seated twice (tables %s and %s)" % (p, seen[p], no))
            seen[p] = no
    return errs
