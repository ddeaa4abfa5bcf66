"""Readings, placements and waits of the engine on hands whose answers are known by hand."""

import pytest

import engine
import hand as handmod
import shapes
import tiles
from errors import HandError


def analyse(text, win, melds=(), by="self", n_sets=4, shape_list=()):
    h = handmod.parse({"hand": text, "win": win, "melds": list(melds), "by": by}, n_sets)
    return engine.analyse(h, shape_list)


def names(ts):
    return [tiles.name(t) for t in ts]


def test_nine_gates_waits_on_all_nine():
    a = analyse("1112345678999m", "5m")
    assert names(a.waits) == ["%dm" % i for i in range(1, 10)]


def test_placements_of_one_tile_in_several_sets():
    # 1233m + 3m: the 3m closes 12m (edge, pair 33m) or pairs the lone 3m (123m, single)
    a = analyse("1233m", "3m", melds=["pon 111z", "pon 222z", "chi 456p"])
    assert sorted((r.wait, tiles.name(r.pair)) for r in a.readings) == [("edge", "3m"), ("single", "3m")]
    assert names(a.waits) == ["3m"]


def test_edge_closed_single_pung_open():
    assert {r.wait for r in analyse("12m345p678s11122z", "3m").readings} == {"edge"}
    assert {r.wait for r in analyse("13m345p678s11122z", "2m").readings} == {"closed"}
    assert {r.wait for r in analyse("123m345p678s1112z", "2z").readings} == {"single"}
    assert {r.wait for r in analyse("123m345p678s1122z", "2z").readings} == {"pung"}
    assert {r.wait for r in analyse("23m345p678s11122z", "4m").readings} == {"open"}
    assert {r.wait for r in analyse("89m345p678s11122z", "7m").readings} == {"edge"}


def test_pung_completed_by_discard_is_open():
    r, = analyse("123m345p678s1122z", "2z", by="discard").readings
    assert (engine.PUNG, 28, 1) in r.sets
    r, = analyse("123m345p678s1122z", "2z", by="self").readings
    assert (engine.PUNG, 28, 0) in r.sets


def test_melds_come_first_and_keep_their_state():
    a = analyse("123m1z", "1z", melds=["chi 456p", "pon 777s", "ankan 5555z"])
    r = a.readings[0]
    assert r.sets[:3] == [(engine.CHOW, 12, 1), (engine.PUNG, 24, 1), (engine.KONG, 31, 0)]


def test_every_division_is_listed():
    # 111222333m: three pungs or three chows
    a = analyse("111222333m45p99s", "6p")
    sets = [sorted(s for s in r.sets) for r in a.readings]
    assert len(a.readings) == 2
    assert any(all(k == engine.CHOW for k, t, _ in s if t < 9) for s in sets)
    assert any(all(k == engine.PUNG for k, t, _ in s if t < 9) for s in sets)


def test_a_tile_held_four_times_is_no_wait():
    # 1111m23m could wait on 1m and 4m, but all four 1m are in hand
    a = analyse("111123m456p789s1z", "1z")
    assert names(a.waits) == ["1z"]


def test_incomplete_hand_is_not_winning():
    with pytest.raises(HandError) as e:
        analyse("1112345678999m", "1z")
    assert e.value.code == "not_winning"


def test_seventeen_tile_hand():
    a = analyse("1112345678999m123p", "5m", n_sets=5)
    assert names(a.waits) == ["%dm" % i for i in range(1, 10)]


@pytest.mark.parametrize("text,win,shape", [
    ("1133557799m113p", "3p", "seven_pairs"),
    ("19m19p19s1234567z", "1z", "thirteen_orphans"),
    ("147m258p369s1234z", "5z", "honors_knitted"),
    ("147m258p369s1z234p", "1z", "knitted_straight"),
])
def test_special_shapes(text, win, shape):
    a = analyse(text, win, shape_list=shapes.MCR_SHAPES)
    assert shape in {r.shape for r in a.readings}


def test_thirteen_orphans_waits_thirteen_ways():
    a = analyse("19m19p19s1234567z", "1m", shape_list=shapes.MCR_SHAPES)
    assert len(a.waits) == 13


def test_seven_pairs_with_four_alike():
    a = analyse("1111m3355p7799s1z", "1z", shape_list=shapes.MCR_SHAPES)
    r = [r for r in a.readings if r.shape == "seven_pairs"][0]
    assert names(r.pairs).count("1m") == 2


def test_seven_pairs_need_the_shape():
    with pytest.raises(HandError):
        analyse("1133557799m113p", "3p")
