"""Shanghai 敲麻 (sh): the text's worked example (its hand part), one test per 花 source, per
番 element and per combination, and every 两摸三铳 case.  Expected values are worked out by
hand from shared/rules/shanghai-qiaoma.txt: points = (底 10 + 花 x 10) x multiplier."""

import os
import sys

import pytest

from host_tools import paths
import contract
from rules import sh

TEXT = os.path.join(paths.SHARED, "rules", "shanghai-qiaoma.txt")

# A plain hand with no 牌型 and no 花: a chi breaks 门清, three suits, chows.
PLAIN = {"hand": "456m789m234s1p", "melds": ["chi 123p"], "win": "1p"}
# The same kind of hand won on a tile it holds nowhere else (a robbed kong's tile).
PLAIN_ROB = {"hand": "456m789m23s11p", "melds": ["chi 123p"], "win": "4s", "by": "robkong"}


def score(hand, win=None, **kw):
    req = {"rules": "sh"}
    if isinstance(hand, dict):
        req.update(hand)
    else:
        req["hand"] = hand
    if win is not None:
        req["win"] = win
    req.update(kw)
    return contract.score_hand(req)


def check(ans):
    """The contract's sh answer: totals agree with the items."""
    assert ans["ok"], ans
    assert ans["unit"] == "points" and ans["rules"] == "sh"
    hua = 0
    mult = 1
    for it in ans["items"]:
        assert ("hua" in it) != ("multiplier" in it), it
        hua += it.get("hua", 0)
        mult *= it.get("multiplier", 1)
    assert ans["hua"] == hua and ans["multiplier"] == mult
    assert ans["total"] == (10 + 10 * hua) * mult
    return ans


def got(ans):
    """{id: hua or multiplier}"""
    check(ans)
    return {it["id"]: it.get("hua", it.get("multiplier")) for it in ans["items"]}


def fans(ans):
    return {k: v for k, v in got(ans).items() if sh.elements()[sh.index(k)][2] == "x"}


# ---- the data ------------------------------------------------------------------------

def test_every_element_is_named_as_the_text_spells_it():
    text = open(TEXT, encoding="utf-8").read()
    els = sh.elements()
    assert len(els) == sh.N_ELEMENTS == 19
    assert len(set(e[0] for e in els)) == 19
    for _, name, _, _ in els:
        assert name in text, name
    by_name = {name: (kind, value) for _, name, kind, value in els}
    assert by_name == {
        # 花数计算
        "花牌": ("h", 1), "字牌": ("h", 1), "风向碰": ("h", 1), "风暗刻": ("h", 1),
        "明杠上杠": ("h", 1), "风向明杠": ("h", 2), "暗杠": ("h", 2), "风向暗杠": ("h", 3),
        "无花果": ("h", 9),          # 按10花计算（含底）: 底 + 9 花
        # 番数计算: 1番 X2, 2番 X4, 3番 X8, 抢杠 总分X3
        "天敲": ("x", 2), "大吊车": ("x", 2), "杠开": ("x", 2), "门清": ("x", 2),
        "碰碰胡": ("x", 2), "混一色": ("x", 2), "混碰": ("x", 4), "清一色": ("x", 4),
        "清碰": ("x", 8), "抢杠": ("x", 3)}
    # every name of the text's two tables is an element
    for name in ("花牌", "风向碰", "风暗刻", "明杠上杠", "风向明杠", "暗杠", "风向暗杠", "无花果",
                 "天敲", "大吊车", "杠开", "门清", "碰碰胡", "混一色", "混碰", "清一色", "清碰", "抢杠"):
        assert "\n%s\n" % name in text, name


def test_module_interface():
    assert sh.UNIT == "points" and sh.N_SETS == 4 and sh.SHAPES == ()
    assert sh.FLAGS == ("heavenly_ready",)


# ---- the worked example ----------------------------------------------------------------

def test_worked_example_hand_part_5_hua_qingpeng_dadiaoche_gangkai():
    # 5花清碰+大吊车+杠开: (10 + 5 x 10) x 32 = 1920, before 苍蝇 (+80) and 三口 (x5)
    # (the table test tests/test_sh_table.py settles the whole 10000)
    ans = score("2s", "2s", melds=["pon 111s", "pon 333s", "pon 444s", "pon 555s"],
                by="self", flowers="12345f", flags=["flower_replacement"])
    assert got(ans) == {"flower": 5, "big_diao": 2, "kong_bloom": 2, "full_flush_pungs": 8}
    assert ans["hua"] == 5 and ans["multiplier"] == 32 and ans["total"] == 1920
    assert ans["legal"] is True
    assert (10 + 5 * 10) * 32 == 1920


# ---- 花 sources ----------------------------------------------------------------------

def test_no_hua_is_wuhuaguo_ten_hua_with_the_base():
    ans = score(PLAIN, by="self")
    assert got(ans) == {"no_flowers": 9}
    assert ans["total"] == 100 and ans["legal"] is True      # 10 花 含底: 10 x 10
    assert score(PLAIN, by="discard")["legal"] is True       # counts as 10 花: may 捉铳


def test_flowers_one_hua_each():
    ans = score(PLAIN, by="discard", flowers="1358f")
    assert got(ans) == {"flower": 4}
    assert ans["total"] == 50


def test_dragon_tiles_one_hua_per_tile():
    # a pair of 中: 2 花; a pung of 發: 3 花; one of each kind: counted per tile
    assert got(score("456m789m234s5z", "5z", melds=["chi 123p"], by="self")) == {"dragon": 2}
    ans = score("456m789m666z1p", "1p", melds=["chi 123p"], by="self")
    assert got(ans) == {"dragon": 3} and ans["total"] == 40
    ans = score("666z777z1p", "1p", melds=["chi 123m", "pon 555z"], by="discard")
    assert got(ans) == {"dragon": 9}


def test_wind_pung_claimed_is_fengxiangpeng():
    ans = score("456m789m234s1p", "1p", melds=["pon 111z"], by="self")
    assert got(ans) == {"wind_pung": 1}


def test_wind_pung_completed_by_discard_is_fengxiangpeng():
    # the discard makes the pung exposed: 风向碰, same 1 花
    ans = score("456m789m11z11s", "1z", melds=["chi 123p"], by="discard", flowers="12f")
    assert got(ans) == {"flower": 2, "wind_pung": 1} and ans["total"] == 40


def test_concealed_wind_pung_is_fengankè():
    ans = score("456m789m222z1s", "1s", melds=["chi 123p"], by="self")
    assert got(ans) == {"wind_concealed_pung": 1}
    ans = score("456m789m11z11s", "1z", melds=["chi 123p"], by="self")
    assert got(ans) == {"wind_concealed_pung": 1}


def test_exposed_kong_and_added_kong_one_hua():
    for kind in ("kan", "addkan"):
        ans = score("456m789m1p", "1p", melds=["chi 123p", kind + " 5555s"], by="self", flowers="1f")
        assert got(ans) == {"flower": 1, "kong": 1}


def test_wind_exposed_kong_two_hua():
    for kind in ("kan", "addkan"):
        ans = score("456m789m1p", "1p", melds=["chi 123p", kind + " 4444z"], by="self")
        assert got(ans) == {"wind_kong": 2}


def test_concealed_kong_two_hua():
    ans = score("456m789m1p", "1p", melds=["chi 123p", "ankan 9999p"], by="self")
    assert got(ans) == {"concealed_kong": 2}


def test_wind_concealed_kong_three_hua():
    ans = score("456m789m1p", "1p", melds=["chi 123p", "ankan 3333z"], by="discard")
    assert got(ans) == {"wind_concealed_kong": 3} and ans["total"] == 40


def test_dragon_kong_counts_its_tiles_and_the_kong():
    # 4 字牌 tiles + 明杠上杠 1; concealed: 4 + 暗杠 2
    assert got(score("456m789m1p", "1p", melds=["chi 123p", "kan 5555z"])) == \
        {"dragon": 4, "kong": 1}
    assert got(score("456m789m1p", "1p", melds=["chi 123p", "ankan 7777z"])) == \
        {"dragon": 4, "concealed_kong": 2}


def test_hua_sources_add_up():
    ans = score("1p", "1p", melds=["chi 123m", "ankan 3333z", "kan 4444z", "pon 555z"],
                by="discard", flowers="2f")
    # flower 1 + 中 x3 + 风向暗杠 3 + 风向明杠 2 = 9 花; no 牌型 (mixed suits, chows, claimed)
    assert got(ans) == {"flower": 1, "dragon": 3, "wind_kong": 2, "wind_concealed_kong": 3}
    assert ans["total"] == 100 and ans["legal"]


# ---- 番 elements ---------------------------------------------------------------------

def test_tianqiao_heavenly_ready():
    ans = score("123m456m789m23s11p", "1s", by="discard", flags=["heavenly_ready"])
    assert fans(ans) == {"heavenly_ready": 2, "concealed": 2}
    assert ans["total"] == 400                      # 无花果 100 x 2 x 2


def test_tianqiao_refused_with_a_claimed_meld():
    ans = score(PLAIN, flags=["heavenly_ready"])
    assert ans["error"]["code"] == "bad_field"


def test_dadiaoche_four_melds_one_tile_self_drawn():
    melds = ["chi 123m", "pon 222p", "chi 456s", "kan 9999m"]
    ans = score("5z", "5z", melds=melds, by="self")
    assert fans(ans) == {"big_diao": 2}
    assert got(ans)["dragon"] == 2 and got(ans)["kong"] == 1
    assert ans["total"] == (10 + 30) * 2
    # 自摸到: on a discard there is no 大吊车
    ans = score("5z", "5z", melds=melds, by="discard")
    assert fans(ans) == {} and ans["total"] == 40


def test_gangkai_after_a_kong_or_a_flower():
    ans = score("456m789m1p", "1p", melds=["chi 123p", "kan 5555s"], by="self",
                flags=["kong_replacement"])
    assert fans(ans) == {"kong_bloom": 2} and ans["total"] == 40
    ans = score(PLAIN, by="self", flowers="3f", flags=["flower_replacement"])
    assert fans(ans) == {"kong_bloom": 2} and ans["total"] == 40


@pytest.mark.parametrize("req", [
    dict(PLAIN, by="discard", flowers="3f", flags=["flower_replacement"]),
    dict(PLAIN, by="self", flags=["flower_replacement"]),
    dict(PLAIN, by="self", flags=["kong_replacement"]),
    {"hand": "456m789m1p", "melds": ["chi 123p", "kan 5555s"], "win": "1p", "by": "discard",
     "flags": ["kong_replacement"]},
])
def test_gangkai_context_contradicting_the_hand_is_refused(req):
    assert score(req)["error"]["code"] == "bad_field"


def test_menqing_no_chi_pon_or_exposed_kong():
    ans = score("123m456m789m23s11p", "1s", by="discard", flowers="12f")
    assert fans(ans) == {"concealed": 2} and ans["total"] == 60
    # a concealed kong keeps it
    ans = score("123m456m23s11p", "1s", melds=["ankan 9999p"], by="self")
    assert fans(ans) == {"concealed": 2}
    # an exposed kong breaks it
    ans = score("123m456m23s11p", "1s", melds=["kan 9999p"], by="self")
    assert fans(ans) == {}


def test_pengpenghu_all_pungs():
    ans = score("333s444m5z", "5z", melds=["pon 111m", "pon 222p"], by="self")
    assert fans(ans) == {"all_pungs": 2}
    assert ans["total"] == (10 + 20) * 2


def test_pengpenghu_taken_over_a_chow_reading():
    # 111222333m reads as three pungs or three chows: the pungs score more
    ans = score("111222333m777p5z", "5z", by="discard")
    assert fans(ans) == {"concealed": 2, "all_pungs": 2}
    assert ans["total"] == (10 + 20) * 4


def test_hunyise_one_suit_and_honours():
    ans = score("456m789m111z2z", "2z", melds=["chi 123m"], by="self")
    assert fans(ans) == {"half_flush": 2}
    assert got(ans)["wind_concealed_pung"] == 1 and ans["total"] == 40


def test_hunpeng_replaces_hunyise_and_pengpenghu():
    ans = score("444m777m2z", "2z", melds=["pon 111m", "pon 555z"], by="self")
    assert fans(ans) == {"half_flush_pungs": 4}
    assert got(ans)["dragon"] == 3 and ans["total"] == (10 + 30) * 4


def test_qingyise_one_suit_only():
    ans = score("456m789m111m2m", "2m", melds=["chi 123m"], by="self", flowers="5f")
    assert fans(ans) == {"full_flush": 4} and ans["total"] == 80


def test_qingpeng_replaces_qingyise_and_pengpenghu():
    ans = score("444m777m2m", "2m", melds=["pon 111m", "pon 999m"], by="discard", flowers="5f")
    assert fans(ans) == {"full_flush_pungs": 8} and ans["total"] == 160


def test_qianggang_triples_the_total():
    ans = score(PLAIN_ROB, flowers="123f")
    assert fans(ans) == {"rob_kong": 3}
    assert ans["total"] == 40 * 3 and ans["legal"]


def test_honours_only_is_read_as_hunpeng():
    ans = score("111z222z333z4z", "4z", melds=["pon 555z"], by="self")
    assert fans(ans) == {"half_flush_pungs": 4}


# ---- combinations: 牌型番数累计 (multipliers multiply) ----------------------------------

def test_menqing_with_qingyise():
    ans = score("123m456m789m234m1m", "1m", by="discard", flowers="1f")
    assert fans(ans) == {"concealed": 2, "full_flush": 4} and ans["total"] == 20 * 8


def test_menqing_with_hunpeng_and_tianqiao():
    ans = score("111m444m777m111z2z", "2z", by="self", flags=["heavenly_ready"])
    assert fans(ans) == {"heavenly_ready": 2, "concealed": 2, "half_flush_pungs": 4}
    assert got(ans)["wind_concealed_pung"] == 1
    assert ans["multiplier"] == 16 and ans["total"] == 20 * 16


def test_dadiaoche_gangkai_qingpeng_is_five_fan():
    ans = score("2s", "2s", melds=["pon 111s", "pon 333s", "pon 444s", "kan 5555s"], by="self",
                flags=["kong_replacement"])
    assert fans(ans) == {"big_diao": 2, "kong_bloom": 2, "full_flush_pungs": 8}
    assert ans["multiplier"] == 32 and ans["total"] == 20 * 32


def test_qianggang_with_a_pattern():
    ans = score("123m456m789m23s11p", "1s", by="robkong")
    assert fans(ans) == {"concealed": 2, "rob_kong": 3}
    assert ans["total"] == 100 * 6


def test_dadiaoche_with_menqing_on_four_concealed_kongs():
    melds = ["ankan 1111m", "ankan 2222p", "ankan 3333s", "ankan 9999s"]
    ans = score("5m", "5m", melds=melds, by="self")
    assert fans(ans) == {"big_diao": 2, "concealed": 2, "all_pungs": 2}
    assert ans["hua"] == 8 and ans["total"] == 90 * 8


# ---- 两摸三铳 --------------------------------------------------------------------------

def test_one_hua_cannot_win():
    for by in ("self", "discard"):
        ans = check(score(PLAIN, by=by, flowers="1f"))
        assert ans["legal"] is False and "两摸三铳" in ans["reason"], ans
        assert ans["total"] == 20


def test_two_hua_self_drawn_only():
    assert check(score(PLAIN, by="self", flowers="12f"))["legal"] is True
    ans = check(score(PLAIN, by="discard", flowers="12f"))
    assert ans["legal"] is False and "两摸三铳" in ans["reason"]


def test_two_hua_on_a_robbed_kong_is_not_self_drawn():
    ans = check(score(PLAIN_ROB, flowers="12f"))
    assert ans["legal"] is False and ans["total"] == 30 * 3


def test_three_hua_can_win_on_a_discard():
    assert check(score(PLAIN, by="discard", flowers="123f"))["legal"] is True
    ans = check(score("456m789m1p", "1p", by="discard", flowers="1f", melds=["chi 123p", "pon 555z"]))
    assert ans["legal"] is True and ans["hua"] == 4             # 1 + 3 字牌


def test_two_hua_from_dragons_self_drawn():
    ans = check(score("456m789m234s5z", "5z", melds=["chi 123p"], by="self"))
    assert ans["legal"] is True
    ans = check(score("456m789m234s5z", "5z", melds=["chi 123p"], by="discard"))
    assert ans["legal"] is False


def test_a_pattern_lifts_two_mo_san_chong():
    # 1 花 with 混一色 wins on a discard
    ans = check(score("456m789m234m1z", "1z", melds=["chi 123m"], by="discard", flowers="1f"))
    assert ans["legal"] is True and fans(ans) == {"half_flush": 2}


def test_not_winning_and_bad_input():
    assert score("456m789m234s1p", "2p", melds=["chi 123p"])["error"]["code"] == "not_winning"
    assert score(PLAIN, flags=["nope"])["error"]["code"] == "bad_field"
    assert score("456m789m234s1p1p", "1p")["error"]["code"] == "tile_count"


def test_the_score_cli_host_and_device_agree_on_these_hands():
    import json
    import subprocess
    reqs = [dict(PLAIN, rules="sh", by="self"),
            {"rules": "sh", "hand": "2s", "melds": ["pon 111s", "pon 333s", "pon 444s", "pon 555s"],
             "win": "2s", "flowers": "12345f", "flags": ["flower_replacement"]},
            dict(PLAIN, rules="sh", by="discard", flowers="1f")]
    text = "".join(json.dumps(r) + "\n" for r in reqs)
    outs = []
    for extra in ([], ["--device", "--heap", "64k"]):
        p = subprocess.run([sys.executable, "-m", "host_tools.score"] + extra, input=text,
                           capture_output=True, text=True, cwd=paths.ROOT, check=True)
        outs.append([json.loads(line) for line in p.stdout.splitlines()])
    assert outs[0] == outs[1]
    assert [a["total"] for a in outs[0]] == [100, 1920, 20]
    assert [a["legal"] for a in outs[0]] == [True, True, False]
