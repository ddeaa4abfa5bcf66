"""Taiwan 16-tile (tw): every element of the 台 table, the text's examples (平胡, 獨聽)
completed into 17-tile hands, and every row of the exclusion table."""

import os

import pytest

from host_tools import paths
import contract
import engine
import hand as handmod
import tiles
from rules import tw, tw_exclusions

TEXT = os.path.join(paths.SHARED, "rules", "taiwan-16.txt")


def score(hand, win, **kw):
    req = {"rules": "tw", "hand": hand, "win": win}
    req.update(kw)
    return contract.score_hand(req)


def items(ans):
    assert ans["ok"], ans
    return {it["id"]: (it["value"], it["count"]) for it in ans["items"]}


def waits(hand, win, **kw):
    req = {"hand": hand, "win": win}
    req.update(kw)
    h = handmod.parse(req, tw.N_SETS, tw.FLAGS)
    return [tiles.name(t) for t in engine.analyse(h, tw.SHAPES).waits]


def check_total(ans):
    assert ans["total"] == sum(it["value"] * it["count"] for it in ans["items"])
    return ans


# ---- the data ------------------------------------------------------------------------

def test_every_element_of_the_text_with_its_tai():
    text = open(TEXT, encoding="utf-8").read()
    els = tw.elements()
    assert len(els) == 31 == tw.N_ELEMENTS
    assert len(set(e[0] for e in els)) == 31
    for eid, name, value in els:
        assert name in text, name
    by_name = {name: value for _, name, value in els}
    # the values the text gives, element by element
    assert by_name == {
        "莊家": 1, "連莊": 2, "自摸": 1, "門清": 1, "風牌": 1, "花牌": 1, "三元牌": 1,
        "海底撈月": 1, "眼牌": 1, "槓上開花": 1, "搶槓": 1, "獨聽": 1, "平胡": 2, "三暗刻": 2,
        "全求人": 2, "花槓": 2, "門清自摸": 3, "碰碰胡": 4, "小三元": 4, "混一色": 4, "小四喜": 4,
        "四暗刻": 4, "清一色": 8, "五暗刻": 16, "大三元": 8, "大四喜": 8, "八仙過海": 8,
        "七搶一": 8, "人胡": 8, "天胡": 16, "地胡": 16}
    assert len(tw.PREDICATES) == tw.N_ELEMENTS
    assert tw.FLOWER_WIN_TAI == 8
    assert by_name["八仙過海"] == by_name["七搶一"] == tw.FLOWER_WIN_TAI


def test_exclusion_rows_are_the_texts_rows_verbatim():
    text = open(TEXT, encoding="utf-8").read().replace("天胡 、地胡", "天胡地胡")
    for line in tw_exclusions.EXCLUSIONS:
        row, _, rest = line.partition(": ")
        if rest:
            assert "\n%s\n\n%s" % (row, rest) in text, line
    rows = [line.partition(": ")[0] for line in tw_exclusions.EXCLUSIONS]
    assert rows == ["莊家", "自摸", "門清", "風牌", "花牌", "三元牌", "海底撈月", "三暗刻", "碰碰胡",
                    "混一色", "四暗刻", "八仙過海", "七搶一", "人胡", "五暗刻", "天胡地胡", "獨聽"]


def test_exclusion_markers_a_and_b_change_nothing():
    kinds = {}
    for r, c, kind, mark in tw_exclusions.exclusions():
        if mark.startswith("已包括"):
            assert kind == tw_exclusions.INCLUDED
        else:
            assert mark == "不包括" and kind == tw_exclusions.NOT_WITH
        kinds.setdefault(mark, 0)
        kinds[mark] += 1
    assert set(kinds) == {"不包括", "已包括a", "已包括b", "已包括a和b"}


def test_dealer_tai_follows_2n_plus_1_capped_at_37():
    assert [tw.dealer_tai(n) for n in (0, 1, 2, 3, 17, 18, 19, 40)] == [1, 3, 5, 7, 35, 37, 37, 37]


# ---- the text's examples: 獨聽 ---------------------------------------------------------

def test_single_wait_example_eye():
    # 「123456789」萬+「123456」筒+3索，只聽3索
    assert waits("123456789m123456p3s", "3s") == ["3s"]
    assert items(score("123456789m123456p3s", "3s", by="discard"))["single_wait"] == (1, 1)


def test_single_wait_example_edge():
    # 「89」萬聽7萬
    assert waits("89m123p456p789p123s55s", "7m") == ["7m"]
    assert items(score("89m123p456p789p123s55s", "7m", by="discard"))["single_wait"] == (1, 1)


def test_single_wait_example_closed():
    # 「13」萬聽2萬
    assert waits("13m456p789p123s456s99s", "2m") == ["2m"]
    assert items(score("13m456p789p123s456s99s", "2m", by="discard"))["single_wait"] == (1, 1)


def test_two_waits_are_no_single_wait():
    assert waits("12m456p789p123s456s99s", "3m") == ["3m"]   # 12 waits on 3 only: an edge
    assert waits("23m456p789p123s456s99s", "4m") == ["1m", "4m"]
    assert "single_wait" not in items(score("23m456p789p123s456s99s", "4m", by="discard"))


def test_single_wait_judged_on_all_waits_not_the_reading():
    # 1234m: the 1m completes the pair (單吊) in one reading, yet 1m and 4m are both waited on
    hand = "234m456p789p123s456s1m"
    assert waits(hand, "1m") == ["1m", "4m"]
    assert "single_wait" not in items(score(hand, "1m", by="discard"))


# ---- the text's examples: 平胡 ---------------------------------------------------------

def test_ping_hu_example_no_eye():
    # 「123456789」萬，456筒，2345索，沒眼睛，所以沒平胡
    hand = "123456789m456p2345s"
    assert waits(hand, "2s") == ["2s", "5s"]
    for win in ("2s", "5s"):
        assert "ping_hu" not in items(score(hand, win, by="discard"))


def test_ping_hu_example_eye_in_bamboo():
    # 「123456789」萬，456筒，3455索，5索當眼睛，所以有平胡 (門清亦有平胡)
    hand = "123456789m456p3455s"
    assert waits(hand, "2s") == ["2s", "5s"]
    for win in ("2s", "5s"):
        got = items(score(hand, win, by="discard"))
        assert got["ping_hu"] == (2, 1)
        assert got["concealed"] == (1, 1)


def test_ping_hu_example_eye_in_dots():
    # 「123456789」萬，45556筒，34索，5筒當眼睛，所以有平胡
    hand = "123456789m45556p34s"
    assert waits(hand, "2s") == ["2s", "5s"]
    assert items(score(hand, "5s", by="discard"))["ping_hu"] == (2, 1)


def test_ping_hu_example_three_waits_3334():
    # 「123456789」萬，456筒，3334索，聽三洞，沒有平胡
    hand = "123456789m456p3334s"
    assert waits(hand, "2s") == ["2s", "4s", "5s"]
    for win in ("2s", "4s", "5s"):
        assert "ping_hu" not in items(score(hand, win, by="discard"))


def test_ping_hu_example_three_waits_1134567():
    # 「123456789」萬，1134567索，聽三洞，沒有平胡
    hand = "123456789m1134567s"
    assert waits(hand, "2s") == ["2s", "5s", "8s"]
    for win in ("2s", "5s", "8s"):
        assert "ping_hu" not in items(score(hand, win, by="discard"))


def test_ping_hu_with_melds():
    got = items(score("789m456p3455s", "2s", by="discard", melds=["chi 123m", "chi 456m"]))
    assert got == {"ping_hu": (2, 1)}


def test_ping_hu_needs_a_discard_no_flowers_no_honours_no_pungs():
    hand = "123456789m456p3455s"
    assert "ping_hu" not in items(score(hand, "2s", by="self"))
    assert "ping_hu" not in items(score(hand, "2s", by="discard", flowers="3f"))
    assert "ping_hu" not in items(score("123456789m456p34s11z", "2s", by="discard"))
    assert "ping_hu" not in items(score("123456m777p456p3455s", "2s", by="discard"))
    assert items(score("123456m789p456p3455s", "2s", by="discard"))["ping_hu"] == (2, 1)


def test_ping_hu_by_robbing_a_kong():
    assert items(score("123456789m456p3455s", "2s", by="robkong"))["ping_hu"] == (2, 1)


# ---- one test per element ----------------------------------------------------------

PLAIN = "123456789m456p3455s"   # 門清 平胡 on 2s by discard: 3 台


def test_dealer():
    got = items(score(PLAIN, "2s", by="discard", dealer=True))
    assert got["dealer"] == (1, 1) and "streak" not in got
    assert "dealer" not in items(score(PLAIN, "2s", by="discard", seat="S"))


def test_streak_two_per_consecutive_win_capped_at_18():
    ans = check_total(score(PLAIN, "2s", by="discard", dealer=True, streak=3))
    got = items(ans)
    assert got["dealer"] == (1, 1) and got["streak"] == (2, 3)
    assert ans["total"] == 3 + tw.dealer_tai(3)
    got = items(score(PLAIN, "2s", by="discard", dealer=True, streak=25))
    assert got["streak"] == (2, 18)
    assert "streak" not in items(score(PLAIN, "2s", by="discard", seat="S", streak=3))


def test_dealer_and_seat_are_taken_as_given():
    # The table keeps the dealer East (隨莊); a hand scored alone states both fields, and
    # the dealer's 台 follow `dealer`, the wind 台 follow `seat`.
    got = items(score(PLAIN, "2s", by="discard", dealer=True, seat="S"))
    assert got["dealer"] == (1, 1)


def test_self_drawn():
    got = items(score("789m456p3455s", "2s", by="self", melds=["chi 123m", "chi 456m"]))
    assert got == {"self_drawn": (1, 1)}


def test_concealed():
    assert items(score(PLAIN, "2s", by="discard"))["concealed"] == (1, 1)
    # a concealed kong keeps the hand 門清
    got = items(score("123456m456p3455s", "2s", by="discard", melds=["ankan 7777m"]))
    assert got["concealed"] == (1, 1)
    got = items(score("123456m456p3455s", "2s", by="discard", melds=["kan 7777m"]))
    assert "concealed" not in got


def test_concealed_self_drawn():
    ans = check_total(score(PLAIN, "2s", by="self"))
    assert items(ans) == {"concealed_self_drawn": (3, 1)}


WIND_HAND = "123m456m789p123s5s"   # plus a wind pung as a meld


@pytest.mark.parametrize("pung,seat,rnd,count", [
    ("1z", "E", "E", 2), ("1z", "S", "E", 1), ("2z", "S", "E", 1), ("3z", "S", "W", 1),
    ("4z", "N", "W", 1), ("3z", "N", "W", 1), ("4z", "S", "E", 0), ("2z", "E", "S", 1)])
def test_wind(pung, seat, rnd, count):
    got = items(score(WIND_HAND, "5s", by="discard", melds=["pon " + pung * 3],
                      seat=seat, round=rnd))
    assert got.get("wind", (1, 0)) == (1, count)


def test_wind_from_a_concealed_pung_or_kong():
    got = items(score("123m456m789p123s111z5s", "5s", by="discard", seat="S", round="E"))
    assert got["wind"] == (1, 1)
    got = items(score("123m456m789p123s5s", "5s", by="discard", melds=["ankan 2222z"], seat="S"))
    assert got["wind"] == (1, 1)


@pytest.mark.parametrize("flowers,seat,count", [
    ("1f", "E", 1), ("1f5f", "E", 2), ("2f6f", "S", 2), ("3f", "W", 1), ("8f", "N", 1),
    ("4f", "E", 0), ("1f2f3f", "N", 0), ("1f2f5f7f", "W", 1)])
def test_flower_counted_by_seat(flowers, seat, count):
    got = items(score(PLAIN, "2s", by="discard", flowers=flowers, seat=seat))
    assert got.get("flower", (1, 0)) == (1, count)


def test_flower_kong_for_a_full_set():
    got = items(score(PLAIN, "2s", by="discard", flowers="1f2f3f4f", seat="S"))
    assert got["flower_kong"] == (2, 1) and got["flower"] == (1, 1)
    got = items(score(PLAIN, "2s", by="discard", flowers="5f6f7f8f1f", seat="E"))
    assert got["flower_kong"] == (2, 1) and got["flower"] == (1, 2)
    got = items(score(PLAIN, "2s", by="discard", flowers="1f2f3f5f6f7f8f", seat="N"))
    assert got["flower_kong"] == (2, 1) and got["flower"] == (1, 1)
    assert "flower_kong" not in items(score(PLAIN, "2s", by="discard", flowers="1f2f3f5f"))


def test_dragon():
    got = items(score("123m456m789p123s5s", "5s", by="discard", melds=["pon 555z"]))
    assert got["dragon"] == (1, 1)
    got = items(score("123m456m555z5s", "5s", by="discard", melds=["pon 666z", "chi 123p"]))
    assert got["dragon"] == (1, 2)


def test_last_tile_when_self_drawn():
    got = items(score(PLAIN, "2s", by="self", flags=["last_tile"]))
    assert got["last_tile"] == (1, 1) and got["concealed_self_drawn"] == (3, 1)
    assert "last_tile" not in items(score(PLAIN, "2s", by="discard", flags=["last_tile"]))


def test_ready_declared():
    assert items(score(PLAIN, "2s", by="discard", flags=["ready_declared"]))["ready"] == (1, 1)


def test_kong_bloom():
    hand = "123456m456p3455s"
    got = items(score(hand, "2s", by="self", melds=["ankan 7777m"], flags=["kong_replacement"]))
    assert got["kong_bloom"] == (1, 1)
    got = items(score(hand, "2s", by="self", melds=["addkan 7777m"], flags=["kong_replacement"]))
    assert got["kong_bloom"] == (1, 1)
    got = items(score(PLAIN, "2s", by="self", flowers="2f", flags=["flower_replacement"]))
    assert got["kong_bloom"] == (1, 1)


def test_kong_bloom_context_must_hold():
    for ans in (score("123456m456p3455s", "2s", by="discard", melds=["ankan 7777m"],
                      flags=["kong_replacement"]),
                score(PLAIN, "2s", by="self", flags=["kong_replacement"]),
                score(PLAIN, "2s", by="self", flags=["flower_replacement"]),
                score(PLAIN, "2s", by="discard", flowers="1f", flags=["flower_replacement"])):
        assert ans["error"]["code"] == "bad_field"


def test_rob_kong():
    got = items(score("123456789m456p3455s", "2s", by="robkong"))
    assert got["rob_kong"] == (1, 1) and "self_drawn" not in got


def test_three_concealed():
    hand = "111m222p333s456s789s5z"
    got = items(score(hand, "5z", by="discard"))
    assert got["three_concealed"] == (2, 1)


def test_three_concealed_not_counting_a_pung_completed_by_a_discard():
    hand = "111m222p33s55s456s789s"   # waits on 3s or 5s (two pairs)
    assert waits(hand, "3s") == ["3s", "5s"]
    assert "three_concealed" not in items(score(hand, "3s", by="discard"))
    assert items(score(hand, "3s", by="self"))["three_concealed"] == (2, 1)


def test_three_concealed_counts_a_concealed_kong():
    got = items(score("111m222p456s789s5z", "5z", by="discard", melds=["ankan 3333s"]))
    assert got["three_concealed"] == (2, 1)


def test_all_melded():
    melds = ["chi 123m", "pon 555p", "kan 7777s", "addkan 1111z", "chi 789p"]
    ans = check_total(score("6z", "6z", by="discard", melds=melds))
    got = items(ans)
    assert got["all_melded"] == (2, 1) and "single_wait" not in got
    # 自摸不算全求人; a concealed kong is no claimed set
    assert "all_melded" not in items(score("6z", "6z", by="self", melds=melds))
    melds[3] = "ankan 1111z"
    assert "all_melded" not in items(score("6z", "6z", by="discard", melds=melds))


def test_all_pungs():
    got = items(score("222m5z", "5z", by="discard",
                      melds=["pon 555p", "pon 777s", "pon 999m", "pon 111p"]))
    assert got["all_pungs"] == (4, 1)


def test_small_dragons():
    got = items(score("123m456m789p7z", "7z", by="discard", melds=["pon 555z", "pon 666z"]))
    assert got["small_dragons"] == (4, 1) and "dragon" not in got


def test_big_dragons():
    got = items(score("123m456m5s", "5s", by="discard",
                      melds=["pon 555z", "pon 666z", "pon 777z"]))
    assert got["big_dragons"] == (8, 1) and "dragon" not in got


def test_half_flush():
    got = items(score("123m456m789m5z", "5z", by="discard", melds=["pon 111z", "chi 234m"]))
    assert got["half_flush"] == (4, 1) and "full_flush" not in got


def test_full_flush():
    got = items(score("123m456m789m5m", "5m", by="discard", melds=["pon 111m", "chi 234m"]))
    assert got["full_flush"] == (8, 1) and "half_flush" not in got


def test_full_flush_includes_all_honours():
    got = items(score("111z222z333z5z", "5z", by="discard", melds=["pon 666z", "pon 777z"]))
    assert got["full_flush"] == (8, 1) and "half_flush" not in got
    assert got["all_pungs"] == (4, 1)


def test_small_winds():
    got = items(score("123m456m4z", "4z", by="discard", seat="N", round="E",
                      melds=["pon 111z", "pon 222z", "pon 333z"]))
    assert got["small_winds"] == (4, 1) and "wind" not in got


def test_big_winds():
    got = items(score("123m5s", "5s", by="discard", seat="E", round="E",
                      melds=["pon 111z", "pon 222z", "pon 333z", "pon 444z"]))
    assert got["big_winds"] == (8, 1) and "wind" not in got


def test_four_concealed():
    got = items(score("111m222p333s444s789s5z", "5z", by="discard"))
    assert got["four_concealed"] == (4, 1) and "three_concealed" not in got


def test_five_concealed_self_drawn_with_two_pairs():
    hand = "111m222p333s444s55z66z"
    ans = check_total(score(hand, "5z", by="self"))
    got = items(ans)
    assert got["five_concealed"] == (16, 1)
    assert got["concealed_self_drawn"] == (3, 1)
    for gone in ("all_pungs", "three_concealed", "four_concealed", "concealed", "self_drawn"):
        assert gone not in got


def test_five_concealed_single_wait_on_a_discard():
    hand = "111m222p333s444s666z5z"
    assert waits(hand, "5z") == ["5z"]
    got = items(score(hand, "5z", by="discard"))
    assert got["five_concealed"] == (16, 1) and got["single_wait"] == (1, 1)
    assert "concealed" not in got


def test_five_concealed_two_pairs_on_a_discard_is_four():
    got = items(score("111m222p333s444s55z66z", "5z", by="discard"))
    assert "five_concealed" not in got
    assert got["four_concealed"] == (4, 1) and got["all_pungs"] == (4, 1)


def test_human():
    got = items(score(PLAIN, "2s", by="discard", seat="S", flags=["human"]))
    assert got["human"] == (8, 1) and "concealed" not in got


def test_human_context_must_hold():
    for kw in ({"by": "discard", "dealer": True}, {"by": "self", "seat": "S"},
               {"by": "discard", "seat": "S", "melds": ["chi 123m"]}):
        hand = "456789m456p3455s" if "melds" in kw else PLAIN
        ans = score(hand, "2s", flags=["human"], **kw)
        assert ans["error"]["code"] == "bad_field"


def test_heavenly():
    ans = check_total(score(PLAIN, "2s", by="self", dealer=True, flags=["heavenly"]))
    assert items(ans) == {"dealer": (1, 1), "heavenly": (16, 1)}
    assert score(PLAIN, "2s", by="self", seat="S", flags=["heavenly"])["error"]["code"] == "bad_field"


def test_earthly():
    ans = check_total(score(PLAIN, "2s", by="self", seat="W", flags=["earthly"]))
    assert items(ans) == {"earthly": (16, 1)}
    assert score(PLAIN, "2s", by="self", dealer=True, flags=["earthly"])["error"]["code"] == "bad_field"


def test_eight_flowers_hand_scores_only_baxian_guohai_and_the_dealer():
    ans = check_total(score(PLAIN, "2s", by="self", flowers="12345678f", dealer=True, streak=2))
    assert ans["legal"] is True and "reason" not in ans
    assert items(ans) == {"dealer": (1, 1), "streak": (2, 2), "eight_flowers": (8, 1)}


def test_seven_flowers_score_as_flowers():
    got = items(score(PLAIN, "2s", by="discard", flowers="1234567f", seat="E"))
    assert got["flower"] == (1, 2) and got["flower_kong"] == (2, 1)
    assert "seven_rob_one" not in got and "eight_flowers" not in got


def test_best_reading_is_chosen():
    # 111222333m: three pungs (三暗刻) or three chows; with 456m 789p and a pair, the pung
    # reading scores more
    got = items(score("111222333m456m789p7p", "7p", by="discard"))
    assert got["three_concealed"] == (2, 1)


# ---- one test per row of the exclusion table -------------------------------------------

def row_pairs(row):
    """(row element, listed element) index pairs of the exclusion row `row`."""
    names = ("天胡", "地胡") if row == "天胡地胡" else (row,)
    return [(r, c) for r, c, _, _ in tw_exclusions.exclusions() if tw.elements()[r][1] in names]


def resolved(*ids):
    counts = bytearray(tw.N_ELEMENTS)
    for i in ids:
        counts[tw.index(i)] = 1
    tw.resolve(counts)
    return {tw.elements()[i][0] for i in range(tw.N_ELEMENTS) if counts[i]}


def test_exclusion_row_dealer_counts_with_everything():
    assert row_pairs("莊家") == []
    assert row_pairs("連莊") == []
    everything = [e[0] for e in tw.elements()]
    left = resolved(*everything)
    assert "dealer" in left and "streak" in left


def test_exclusion_row_self_drawn():
    pairs = row_pairs("自摸")
    assert len(pairs) == 9   # 天胡地胡 is two entries
    for r, c in pairs:
        assert resolved(tw.elements()[r][0], tw.elements()[c][0]) == {tw.elements()[c][0]}
    assert "self_drawn" not in items(score(PLAIN, "2s", by="self"))


def test_exclusion_row_concealed():
    for r, c in row_pairs("門清"):
        assert resolved(tw.elements()[r][0], tw.elements()[c][0]) == {tw.elements()[c][0]}
    assert "concealed" not in items(score(PLAIN, "2s", by="discard", seat="S", flags=["human"]))
    assert "concealed" not in items(score(PLAIN, "2s", by="self", dealer=True, flags=["heavenly"]))


def test_exclusion_row_wind():
    assert resolved("wind", "small_winds") == {"small_winds"}
    assert resolved("wind", "big_winds") == {"big_winds"}
    assert resolved("wind", "ping_hu") == {"ping_hu"}
    got = items(score("123m456m4z", "4z", by="discard", seat="E", round="E",
                      melds=["pon 111z", "pon 222z", "pon 333z"]))
    assert "wind" not in got


def test_exclusion_row_flower():
    assert resolved("flower", "eight_flowers") == {"eight_flowers"}
    assert resolved("flower", "seven_rob_one") == {"seven_rob_one"}
    assert resolved("flower", "ping_hu") == {"ping_hu"}
    assert "flower" not in items(score(PLAIN, "2s", by="self", flowers="12345678f"))


def test_exclusion_row_dragon():
    assert resolved("dragon", "small_dragons") == {"small_dragons"}
    assert resolved("dragon", "big_dragons") == {"big_dragons"}
    assert resolved("dragon", "ping_hu") == {"ping_hu"}


def test_exclusion_row_last_tile():
    for r, c in row_pairs("海底撈月"):
        assert resolved("last_tile", tw.elements()[c][0]) == {tw.elements()[c][0]}
    got = items(score("123456m456p3455s", "2s", by="self", melds=["ankan 7777m"],
                      flags=["last_tile", "kong_replacement"]))
    assert got["kong_bloom"] == (1, 1) and "last_tile" not in got
    got = items(score(PLAIN, "2s", by="self", dealer=True, flags=["last_tile", "heavenly"]))
    assert "last_tile" not in got


def test_exclusion_row_three_concealed():
    assert resolved("three_concealed", "ping_hu") == {"ping_hu"}
    assert resolved("three_concealed", "all_melded") == {"all_melded"}


def test_exclusion_row_all_pungs():
    assert resolved("all_pungs", "ping_hu") == {"all_pungs"}


def test_exclusion_row_half_flush():
    assert resolved("half_flush", "full_flush") == {"full_flush"}


def test_exclusion_row_four_concealed():
    assert resolved("four_concealed", "three_concealed") == {"four_concealed"}
    assert resolved("four_concealed", "ping_hu") == {"four_concealed"}
    assert resolved("four_concealed", "all_melded") == {"four_concealed"}
    # 碰碰胡 is not in the row: both count
    got = items(score("111m222p333s444s5z", "5z", by="discard", melds=["pon 999m"]))
    assert got["four_concealed"] == (4, 1) and got["all_pungs"] == (4, 1)


def test_exclusion_row_eight_flowers():
    for other in ("self_drawn", "flower", "flower_kong", "all_melded"):
        assert resolved("eight_flowers", other) == {"eight_flowers"}
    assert all(tw.elements()[r][0] == "eight_flowers" for r, _ in row_pairs("八仙過海"))
    assert len(row_pairs("八仙過海")) == 4   # 胡牌 carries no 台


def test_exclusion_row_seven_rob_one():
    for other in ("self_drawn", "flower", "flower_kong", "all_melded"):
        assert resolved("seven_rob_one", other) == {"seven_rob_one"}
    assert len(row_pairs("七搶一")) == 4


def test_exclusion_row_human():
    assert resolved("human", "concealed") == {"human"}
    assert resolved("human", "all_melded") == {"human"}
    ans = check_total(score(PLAIN, "2s", by="discard", seat="S", flags=["human"]))
    assert items(ans) == {"human": (8, 1), "ping_hu": (2, 1)}


def test_exclusion_row_five_concealed():
    for other in ("all_pungs", "three_concealed", "four_concealed", "concealed", "all_melded"):
        assert resolved("five_concealed", other) == {"five_concealed"}
    assert resolved("five_concealed", "concealed_self_drawn") == {"five_concealed",
                                                                  "concealed_self_drawn"}


def test_exclusion_row_heavenly_earthly():
    for eid in ("heavenly", "earthly"):
        for other in ("concealed", "self_drawn", "concealed_self_drawn", "all_melded"):
            assert resolved(eid, other) == {eid}
    got = items(score(PLAIN, "2s", by="self", seat="N", flags=["earthly"]))
    assert got == {"earthly": (16, 1)}


def test_exclusion_row_single_wait():
    assert resolved("single_wait", "all_melded") == {"all_melded"}
    got = items(score("6z", "6z", by="discard",
                      melds=["chi 123m", "pon 555p", "pon 777s", "chi 789p", "chi 456s"]))
    assert "single_wait" not in got and got["all_melded"] == (2, 1)


def test_every_exclusion_entry_is_covered_by_a_row_test():
    rows = {line.partition(": ")[0] for line in tw_exclusions.EXCLUSIONS}
    names = {e[1] for e in tw.elements()}
    for row in rows:
        assert row in names or row == "天胡地胡"
