"""The whole event's seating (organiser/event/schedule.py): perfect schedules where the
constructions give them, the search's optimum where repeats are forced, teammates apart,
winds balanced, the same schedule for the same seed, locked tables kept."""

import itertools

import pytest

from organiser.event import schedule as S


def meetings(rounds):
    met = {}
    for tables in rounds:
        for t in tables:
            for a, b in itertools.combinations(sorted(t), 2):
                met[(a, b)] = met.get((a, b), 0) + 1
    return met


def check_rounds(sched, players, n_rounds):
    assert len(sched.rounds) == n_rounds
    for tables in sched.rounds:
        assert len(tables) == len(players) // 4
        assert all(len(t) == 4 for t in tables)
        assert sorted(p for t in tables for p in t) == sorted(players)
    met = meetings(sched.rounds)
    f = sched.figures
    assert f["pairs_repeated"] == sum(1 for n in met.values() if n > 1)
    assert f["most_meetings"] == max(met.values())
    return met


@pytest.mark.parametrize("q", [4, 5, 7, 8, 9, 16, 25, 27])
def test_fields_are_fields(q):
    f = S._Field(q)
    for a in range(1, q):
        assert sorted(f.mul[a]) == list(range(q))            # a has an inverse, no zero divisor
        assert sorted(f.add[a]) == list(range(q))
    for a, b, c in itertools.islice(itertools.product(range(q), repeat=3), 0, None, 7):
        assert f.mul[a][f.add[b][c]] == f.add[f.mul[a][b]][f.mul[a][c]]
        assert f.mul[a][f.mul[b][c]] == f.mul[f.mul[a][b]][c]


@pytest.mark.parametrize("n,rounds", [(16, 5), (20, 5), (28, 7), (32, 9), (64, 21), (80, 25),
                                      (144, 45), (200, 25)])
def test_constructions_never_repeat_a_pair(n, rounds):
    assert S.perfect_rounds(n) == rounds
    built, _ = S.construct(n, rounds)
    assert len(built) == rounds
    for tables in built:
        assert sorted(p for t in tables for p in t) == list(range(n))
    assert max(meetings(built).values()) == 1


@pytest.mark.parametrize("n,rounds", [(16, 5), (32, 8), (64, 10), (200, 7)])
def test_perfect_schedules(n, rounds):
    players = ["p%d" % i for i in range(n)]
    s = S.schedule(players, rounds, seed=3, budget=10)
    met = check_rounds(s, players, rounds)
    assert max(met.values()) == 1 and s.figures["pairs_repeated"] == 0
    assert s.figures["stopped"] == "perfect"
    assert s.figures["wind_spread"] <= 1


def test_search_alone_finds_16x5():
    s = S.schedule(list(range(16)), 5, seed=1, budget=20, construction=False)
    assert s.figures["method"] == "search"
    assert check_rounds(s, list(range(16)), 5) and s.figures["pairs_repeated"] == 0


def best_8x3():
    """The fewest pairs meeting twice over 8 players, 3 rounds, no pair three times: every
    schedule tried (the first round fixed, by symmetry)."""
    splits = []
    for c in itertools.combinations(range(1, 8), 3):
        a = (0,) + c
        splits.append((a, tuple(x for x in range(8) if x not in a)))
    best = None
    for r2 in splits:
        for r3 in splits:
            met = meetings([splits[0], r2, r3])
            if max(met.values()) <= 2:
                rep = sum(1 for n in met.values() if n > 1)
                best = rep if best is None else min(best, rep)
    return best


def test_8x3_no_pair_three_times_and_fewest_repeats():
    s = S.schedule(list(range(8)), 3, seed=0, budget=10)
    met = check_rounds(s, list(range(8)), 3)
    assert max(met.values()) == 2
    assert s.figures["pairs_repeated"] == best_8x3() == 12


def test_four_teams_of_four_over_five_rounds():
    # Teammates apart: every table holds one player of each team, so the 5th round's 24
    # pairs all repeat a pair of the 4 rounds in which the 48 cross-team pairs met once
    # (48 pairs x 1 + 24 = 5 rounds x 4 tables x 6): at least 24 pairs meet twice.
    players = list(range(16))
    teams = {p: "team%d" % (p // 4) for p in players}
    s = S.schedule(players, 5, teams=teams, seed=2, budget=10)
    check_rounds(s, players, 5)
    for tables in s.rounds:
        for t in tables:
            assert len({teams[p] for p in t}) == 4
    assert s.figures["teammates_together"] == 0
    assert s.figures["pairs_repeated"] == 24 and s.figures["most_meetings"] == 2


def test_teams_of_a_quarter_of_the_field_never_meet():
    players = list(range(200))
    teams = {p: p % 4 for p in players}
    s = S.schedule(players, 7, teams=teams, seed=0, budget=10)
    check_rounds(s, players, 7)
    assert s.figures["teammates_together"] == 0 and s.figures["pairs_repeated"] == 0


@pytest.mark.parametrize("n", [16, 20, 24, 8])
def test_winds_each_once_over_four_rounds(n):
    players = list(range(n))
    s = S.schedule(players, 4, seed=5, budget=5)
    check_rounds(s, players, 4)
    for p, counts in s.figures["winds"].items():
        assert counts == [1, 1, 1, 1], (p, counts)
    cards = s.cards()
    assert sorted(w for _, w in cards[0]) == sorted(S.WINDS)


def test_winds_spread_at_most_one():
    for n, r in ((16, 5), (28, 6), (24, 7), (32, 10)):
        s = S.schedule(list(range(n)), r, seed=1, budget=1)
        assert s.figures["wind_spread"] <= 1
        for counts in s.figures["winds"].values():
            assert sum(counts) == r


def test_wind_colouring_any_tables():
    # any tables at all (here: the same 4 players in 9 rounds): spread at most 1
    rounds = [[[0, 1, 2, 3]] for _ in range(9)]
    out = S.seat_winds(rounds)
    assert all(sorted(t[0]) == [0, 1, 2, 3] for t in out)
    counts = S.figures(out)["winds"]
    assert all(max(c) - min(c) <= 1 for c in counts.values())


def test_deterministic_for_a_seed():
    a = S.schedule(list(range(24)), 5, seed=7, budget=30, stall=1500)
    b = S.schedule(list(range(24)), 5, seed=7, budget=30, stall=1500)
    assert a.figures["stopped"] != "time"
    assert a.rounds == b.rounds
    c = S.schedule(list(range(24)), 5, seed=8, budget=30, stall=1500)
    assert c.rounds != a.rounds
    assert S.schedule(list(range(16)), 5, seed=4).rounds == \
        S.schedule(list(range(16)), 5, seed=4).rounds


def test_locked_tables_kept():
    players = list(range(16))
    locked = {(2, 1): [3, 7, 11, 15], (0, 0): [0, 1, 2, 3]}
    s = S.schedule(players, 5, locked=locked, seed=0, budget=10)
    check_rounds(s, players, 5)
    assert s.rounds[2][1] == [3, 7, 11, 15]
    assert s.rounds[0][0] == [0, 1, 2, 3]
    # a perfect schedule holding both tables exists (relabel an affine plane): found
    assert s.figures["pairs_repeated"] == 0


def test_locked_table_in_a_searched_size():
    players = list(range(24))
    s = S.schedule(players, 6, locked={(5, 3): [0, 1, 2, 3]}, seed=0, budget=2)
    check_rounds(s, players, 6)
    assert s.rounds[5][3] == [0, 1, 2, 3]


def test_rest_of_the_event_keeps_the_rounds_played():
    # the played rounds locked, the same seed: the rest of the schedule made again around
    # them, still without a repeated pair
    for n, rounds, played in ((28, 6, 2), (32, 8, 3)):
        full = S.schedule(list(range(n)), rounds, seed=5).rounds
        locked = {(r, t): ps for r in range(played) for t, ps in enumerate(full[r])}
        rest = S.schedule(list(range(n)), rounds, locked=locked, seed=5, budget=20)
        assert all(rest.rounds[r][t] == ps for (r, t), ps in locked.items())
        assert rest.figures["pairs_repeated"] == 0


def test_earlier_meetings_count():
    past = [S.schedule(list(range(20)), 1, seed=9).rounds[0]]
    rest = S.schedule(list(range(20)), 4, past=past, seed=2, budget=20)
    assert max(meetings(past + rest.rounds).values()) == 1
    assert rest.figures["pairs_repeated"] == 0


def test_refusals():
    with pytest.raises(S.ScheduleError):
        S.schedule(list(range(10)), 3)
    with pytest.raises(S.ScheduleError):
        S.schedule(list(range(8)), 3, locked={(0, 0): [0, 1, 2, 99]})
    with pytest.raises(S.ScheduleError):
        S.schedule(list(range(8)), 3, locked={(0, 0): [0, 1, 2, 3], (0, 1): [3, 4, 5, 6]})


def test_progress_reported_and_time_bound_kept():
    seen = []
    s = S.schedule(list(range(44)), 12, seed=0, budget=1.0, progress=seen.append,
                   stall=10 ** 9)
    assert s.figures["seconds"] < 3
    assert seen and seen[-1].get("done")


def test_winds_around_locked_rounds():
    # rounds 1 and 2 locked with every player at the same wind in both: the 4 rounds after
    # them give everyone the other winds first (a spread of 1 over the 6 rounds)
    locked = {}
    for t, ps in enumerate([[0, 1, 2, 3], [4, 5, 6, 7]]):
        locked[(0, t)] = ps
    for t, ps in enumerate([[0, 5, 2, 7], [4, 1, 6, 3]]):
        locked[(1, t)] = ps
    s = S.schedule(list(range(8)), 6, locked=locked, seed=0, budget=5)
    assert all(s.rounds[r][t] == ps for (r, t), ps in locked.items())
    assert s.figures["wind_spread"] <= 1, s.figures["winds"]


def test_ghost_seats_for_a_field_not_a_multiple_of_four():
    # 18 players over 6 rounds: 5 tables, two ghosts, never at one table; the 2 x 6 short
    # tables seat 3 players each, 36 places among 18 players: everyone exactly twice
    players = list(range(18))
    s = S.schedule(players, 6, seed=0, budget=2, ghosts=True)
    for tables in s.rounds:
        assert len(tables) == 5
        assert sorted(p for t in tables for p in t if not isinstance(p, S.Ghost)) == players
        assert all(sum(isinstance(p, S.Ghost) for p in t) <= 1 for t in tables)
    f = s.figures
    short = {}
    for tables in s.rounds:
        for t in tables:
            if any(isinstance(p, S.Ghost) for p in t):
                for p in t:
                    short[p] = short.get(p, 0) + 1
    assert f["most_ghost_tables"] == 2 and all(short.get(p) == 2 for p in players)
    assert f["most_meetings"] <= 2 and set(f["winds"]) == set(players)
    with pytest.raises(S.ScheduleError):
        S.schedule(players, 6)                          # without ghosts: refused


def test_rounds_played_from_another_schedule_fitted():
    # two rounds played from another seed's schedule (or seated otherwise): the construction
    # is laid over them and the rest still has no repeated pair
    for n, rounds in ((28, 6), (32, 8)):
        other = S.schedule(list(range(n)), rounds, seed=0).rounds
        locked = {(r, t): ps for r in range(2) for t, ps in enumerate(other[r])}
        s = S.schedule(list(range(n)), rounds, locked=locked, seed=1, budget=20)
        assert all(s.rounds[r][t] == ps for (r, t), ps in locked.items())
        assert s.figures["pairs_repeated"] == 0
