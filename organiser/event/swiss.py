"""Seating by standings (Swiss) for an event's final rounds (pure functions).

Tables are filled down the standings: the four best at table 1, the next four at table 2,
and so on.  Then players are swapped between tables, at a cost, to avoid, in order:
1. teammates together (when teams are given);
2. two players who sat together in the previous round meeting again (as Pantheon does,
   dearer than anything but teammates);
3. meetings repeated from earlier rounds;
4. moving a player away from the table their standing gives them (the square of the
   distance, so that swaps stay between neighbouring tables).
Winds: each table's order is the best of its 24 for the players' wind counts so far
(organiser/event/schedule.py's repair).  Deterministic: a hill climb over every swap, in order."""

import itertools

from organiser.event import schedule

TEAM, PREVIOUS, EARLIER, MOVE = 10 ** 9, 10 ** 6, 10 ** 3, 1


def _pair(a, b):
    return (a, b) if repr(a) < repr(b) else (b, a)


def seat(order, previous=(), earlier=(), teams=None, past_winds=None, locked=None):
    """Tables (lists of 4 players in wind order E, S, W, N) for one round.

    order: players by standing, best first (a multiple of 4); previous: the previous
    round's tables; earlier: rounds before it (lists of tables); teams: {player: team} to
    keep apart; past_winds: {player: [E, S, W, N counts]}; locked: {table index: [4
    players in seat order]} kept as they are.  Returns (tables, figures)."""
    order = list(order)
    n = len(order)
    if n < 4 or n % 4 or len(set(order)) != n:
        raise schedule.ScheduleError("%d distinct players given: a multiple of 4 needed",
                                     len(set(order)))
    locked = dict(locked or {})
    rank = {p: i for i, p in enumerate(order)}
    prev, met = set(), {}
    for ps in previous:
        for a, b in itertools.combinations(ps, 2):
            prev.add(_pair(a, b))
    for tables in list(earlier) + [list(previous)]:
        for ps in tables:
            for a, b in itertools.combinations(ps, 2):
                k = _pair(a, b)
                met[k] = met.get(k, 0) + 1
    fixed = {p for ps in locked.values() for p in ps}
    free = [p for p in order if p not in fixed]
    n_tables = n // 4
    slots = [t for t in range(n_tables) if t not in locked]
    tables = [free[4 * i:4 * i + 4] for i in range(len(slots))]

    def cost(t, ps):
        c = 0
        for a, b in itertools.combinations(ps, 2):
            k = _pair(a, b)
            if teams and teams.get(a) is not None and teams.get(a) == teams.get(b):
                c += TEAM
            if k in prev:
                c += PREVIOUS
            c += EARLIER * met.get(k, 0)
        for p in ps:
            c += MOVE * (slots[t] - rank[p] // 4) ** 2
        return c

    costs = [cost(t, ps) for t, ps in enumerate(tables)]
    better = True
    while better:
        better = False
        for x, y in itertools.combinations(range(len(tables)), 2):
            tx, ty = tables[x], tables[y]
            for i in range(4):
                for j in range(4):
                    tx[i], ty[j] = ty[j], tx[i]
                    cx, cy = cost(x, tx), cost(y, ty)
                    if cx + cy < costs[x] + costs[y]:
                        costs[x], costs[y] = cx, cy
                        better = True
                    else:
                        tx[i], ty[j] = ty[j], tx[i]
    out = [None] * n_tables
    for t, ps in locked.items():
        out[t] = list(ps)
    for t, ps in zip(slots, tables):
        out[t] = sorted(ps, key=rank.get)
    out = schedule.balance_winds(out, past_winds or {}, locked)
    again = sum(1 for ps in out for a, b in itertools.combinations(ps, 2)
                if _pair(a, b) in prev)
    figs = schedule.figures([out], teams, list(earlier) + [list(previous)], past_winds)
    figs.pop("winds")
    figs["previous_round_pairs"] = again
    figs["moved"] = sum(1 for t, ps in enumerate(out) for p in ps if rank[p] // 4 != t)
    return out, figs
