"""Seating by standings (organiser/event/swiss.py): tables down the standings, a meeting of the
previous round avoided first, teammates apart, winds balanced with the earlier ones."""

import itertools

from organiser.event import swiss


def test_tables_follow_the_standings():
    order = list(range(16))
    tables, figs = swiss.seat(order)
    assert [sorted(t) for t in tables] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11],
                                           [12, 13, 14, 15]]
    assert figs["moved"] == 0


def test_a_previous_round_pair_is_avoided_first():
    order = list(range(16))
    previous = [[0, 1, 8, 12], [2, 5, 9, 13], [3, 6, 10, 14], [4, 7, 11, 15]]
    tables, figs = swiss.seat(order, previous=previous)
    assert figs["previous_round_pairs"] == 0
    assert sorted(p for t in tables for p in t) == order
    # the best stay near the top: everyone within one table of their standing's
    for t, ps in enumerate(tables):
        assert all(abs(p // 4 - t) <= 1 for p in ps)


def test_when_unavoidable_the_fewest_and_teammates_apart():
    order = list(range(8))
    previous = [[0, 2, 4, 6], [1, 3, 5, 7]]
    teams = {0: "a", 1: "a", 2: "b", 3: "b", 4: "c", 5: "c", 6: "d", 7: "d"}
    tables, figs = swiss.seat(order, previous=previous, teams=teams)
    assert figs["teammates_together"] == 0
    # a table takes one of each team: k of the previous round's first table and 4 - k of
    # its second, so C(k,2) + C(4-k,2) pairs meet again at each table: at least 2 + 2
    assert figs["previous_round_pairs"] == 4


def test_winds_balance_with_the_earlier_rounds():
    # each player owes one wind: the table seats each at the wind owed, whatever the
    # standings' order
    past = {10: [1, 1, 0, 1], 11: [1, 1, 1, 0], 12: [0, 1, 1, 1], 13: [1, 0, 1, 1]}
    tables, figs = swiss.seat([10, 11, 12, 13], past_winds=past)
    assert tables == [[12, 13, 10, 11]]
    assert figs["wind_spread"] == 0


def test_locked_table_kept():
    tables, _ = swiss.seat(list(range(12)), locked={0: [11, 10, 9, 8]})
    assert tables[0] == [11, 10, 9, 8]
    assert sorted(p for t in tables[1:] for p in t) == list(range(8))
