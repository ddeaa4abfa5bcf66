"""Shanghai 敲麻 (sh) table settlement: the text's worked example through the table
(【（10+5x10）x32+80】x5=10000), shares for 自摸 / 捉铳 / 抢杠, every line of the 三口
table, 荒番 counting and doubling, dice, 苍蝇, 敲 / 天敲 / 相公 and the deal; the same
session on the device.  Hand points are checked by hand against the text."""

import json
import subprocess
import sys

import pytest

import contract
from tablecheck import ok, refused, start, win
from host_tools import paths

BIG = {"hand": "2s", "melds": ["pon 111s", "pon 333s", "pon 444s", "pon 555s"], "win": "2s",
       "flowers": "12345f", "flags": ["flower_replacement"]}      # 5花清碰+大吊车+杠开: 1920
MENQING = {"hand": "123m456m789m23s11p", "win": "1s"}              # 门清 无花果: 200
PINGHU = {"hand": "456m789m234s1p", "melds": ["chi 123p"], "win": "1p",
          "flowers": "123f"}                                       # no 牌型, 3 花: 40
ROB = {"hand": "456m789m23s11p", "melds": ["chi 123p"], "win": "4s", "by": "robkong",
       "flowers": "123f"}                                          # 抢杠 3 花: 40 x 3 = 120
ONE_HUA = {"hand": "456m789m234s1p", "melds": ["chi 123p"], "win": "1p", "flowers": "1f"}


def test_hand_points_are_what_the_text_gives():
    def total(hand, by):
        ans = contract.score_hand(dict(hand, rules="sh", by=hand.get("by", by)))
        assert ans["ok"] and ans["legal"], ans
        return ans["total"]
    assert total(BIG, "self") == (10 + 5 * 10) * 32 == 1920
    assert total(MENQING, "self") == total(MENQING, "discard") == 10 * 10 * 2 == 200
    assert total(PINGHU, "self") == total(PINGHU, "discard") == 10 + 3 * 10 == 40
    assert total(ROB, "robkong") == (10 + 3 * 10) * 3 == 120


def new(**settings):
    if settings:
        return start("sh", players=["A", "B", "C", "D"], settings=settings)
    return start("sh", players=["A", "B", "C", "D"])


def ready(s, *seats):
    for seat in seats:
        ok(s, {"event": "ready", "seat": seat})


# ---- the worked example ----------------------------------------------------------------

def test_worked_example_sankou_qingpeng_dadiaoche_gangkai_fly_8_is_10000():
    # A与C形成三口关系，A胡牌，5花清碰+大吊车+杠开，苍蝇飞8: 【（10+5x10）x32+80】x5=10000分
    s = new()
    A, C = 0, 2
    ok(s, {"event": "sankou", "a": A, "b": C})
    ready(s, A)
    ans = win(s, A, BIG)                                 # 杠开: self-drawn
    assert ans["deltas"] == [1920 * 5, 0, -1920 * 5, 0]   # C pays A five shares; B, D nothing
    ans = ok(s, {"event": "fly", "rank": 8})
    assert ans["deltas"] == [80 * 5, 0, -80 * 5, 0]       # the fly, then x5 under 三口
    assert ans["scores"] == [10000, 0, -10000, 0]
    assert ((10 + 5 * 10) * 32 + 80) * 5 == 10000


# ---- shares without 三口 ------------------------------------------------------------------

def test_self_drawn_each_of_three_pays_the_total():
    s = new()
    ready(s, 1)
    assert win(s, 1, MENQING)["deltas"] == [-200, 600, -200, -200]


def test_discard_not_ready_pays_two_shares():
    s = new()
    ready(s, 1)
    assert win(s, 1, MENQING, frm=3)["deltas"] == [0, 400, 0, -400]


def test_discard_after_qiao_pays_one_share():
    s = new()
    ready(s, 1, 3)
    assert win(s, 1, MENQING, frm=3)["deltas"] == [0, 200, 0, -200]


def test_robbed_kong_the_robbed_player_pays_one_tripled_share():
    s = new()
    ready(s, 2)
    assert win(s, 2, ROB, frm=0)["deltas"] == [-120, 0, 120, 0]
    s = new()
    ready(s, 2, 0)               # 敲 changes nothing: a robbed kong is no 出铳
    assert win(s, 2, ROB, frm=0)["deltas"] == [-120, 0, 120, 0]


def test_not_legal_two_mo_three_chong_is_refused():
    s = new()
    ready(s, 1)
    ev = {"event": "win", "winner": 1, "hand": ONE_HUA}
    ans = refused(s, ev, "not_legal")
    assert "两摸三铳" in ans["error"]["message"]


# ---- 三口: A and B, every line of the text's table ------------------------------------------

A, B, C, D = 0, 1, 2, 3


def sankou(**settings):
    s = new(**settings)
    ok(s, {"event": "sankou", "a": A, "b": B})
    return s


def test_sankou_a_self_drawn_b_pays_five_shares():
    s = sankou()
    ready(s, A)
    assert win(s, A, MENQING)["deltas"] == [1000, -1000, 0, 0]


def test_sankou_b_self_drawn_a_pays_five_shares():
    s = sankou()
    ready(s, B)
    assert win(s, B, MENQING)["deltas"] == [-1000, 1000, 0, 0]


@pytest.mark.parametrize("discarder_ready", [False, True])
def test_sankou_a_discards_to_b_two_shares(discarder_ready):
    s = sankou()
    ready(s, B)
    if discarder_ready:
        ready(s, A)
    assert win(s, B, MENQING, frm=A)["deltas"] == [-400, 400, 0, 0]


def test_sankou_b_discards_to_a_two_shares():
    s = sankou()
    ready(s, A)
    assert win(s, A, MENQING, frm=B)["deltas"] == [400, -400, 0, 0]


def test_sankou_c_self_drawn_is_normal():
    s = sankou()
    ready(s, C)
    assert win(s, C, MENQING)["deltas"] == [-200, -200, 600, -200]


def test_sankou_c_wins_on_a_discard_is_normal():
    s = sankou()
    ready(s, C)
    assert win(s, C, MENQING, frm=A)["deltas"] == [-400, 0, 400, 0]


def test_sankou_c_discards_after_qiao_c_one_share_b_one_share():
    s = sankou()
    ready(s, A, C)
    assert win(s, A, MENQING, frm=C)["deltas"] == [400, -200, -200, 0]
    s = sankou()
    ready(s, B, D)
    assert win(s, B, MENQING, frm=D)["deltas"] == [-200, 400, 0, -200]


def test_sankou_c_discards_without_qiao_two_shares():
    s = sankou()
    ready(s, A)
    assert win(s, A, MENQING, frm=D)["deltas"] == [400, 0, 0, -400]


def test_sankou_pinghu_is_settled_normally():
    # 若是平胡，则按正常牌型进行结算
    s = sankou()
    ready(s, A)
    assert win(s, A, PINGHU)["deltas"] == [120, -40, -40, -40]
    s = sankou(sankou_pinghu=True)
    ready(s, A)
    assert win(s, A, PINGHU)["deltas"] == [200, -200, 0, 0]


def test_sankou_with_a_robbed_kong_the_robbed_player_pays():
    s = sankou()
    ready(s, A)
    hand = dict(MENQING, by="robkong")
    assert win(s, A, hand, frm=C)["deltas"] == [600, 0, -600, 0]    # 200 x 3, one share


def test_sankou_lasts_the_hand_and_one_relationship_per_seat():
    s = sankou()
    refused(s, {"event": "sankou", "a": A, "b": C}, "bad_event")
    refused(s, {"event": "sankou", "a": D, "b": B}, "bad_event")
    refused(s, {"event": "sankou", "a": C, "b": C}, "bad_event")
    ok(s, {"event": "sankou", "a": C, "b": D})          # a second, separate pair
    ready(s, C)
    assert win(s, C, MENQING)["deltas"] == [0, 0, 1000, -1000]
    # the hand ended: the relationships are gone
    ready(s, A)
    assert win(s, A, MENQING)["deltas"] == [600, -200, -200, -200]


def test_sankou_forms_before_ting():
    s = new()
    ready(s, A, B)
    refused(s, {"event": "sankou", "a": A, "b": B}, "bad_event")


# ---- 荒番 ---------------------------------------------------------------------------------

def test_draw_adds_huang_and_a_win_doubles_then_takes_one_off():
    s = new()
    assert ok(s, {"event": "draw"})["huang"] == 1
    ready(s, 1)
    ans = win(s, 1, MENQING)
    assert ans["deltas"] == [-400, 1200, -400, -400]     # 荒番局: doubled
    assert ans["huang"] == 0
    ready(s, 1)
    assert win(s, 1, MENQING)["deltas"] == [-200, 600, -200, -200]
    ready(s, 1)
    assert win(s, 1, MENQING)["huang"] == 0               # not below 0


def test_two_draws_double_twice():
    s = new()
    ok(s, {"event": "draw"})
    assert ok(s, {"event": "draw"})["huang"] == 2
    ready(s, 2)
    ans = win(s, 2, MENQING, frm=0)
    assert ans["deltas"] == [-1600, 0, 1600, 0]           # 200 x 2 shares x 4
    assert ans["huang"] == 1
    ready(s, 2)
    assert win(s, 2, MENQING, frm=0)["deltas"] == [-800, 0, 800, 0]


def test_huang_under_sankou():
    s = new()
    ok(s, {"event": "draw"})
    ok(s, {"event": "sankou", "a": A, "b": B})
    ready(s, A)
    assert win(s, A, MENQING)["deltas"] == [2000, -2000, 0, 0]


def test_dice_suppress_huang_for_the_hand():
    # 掷骰子相同点数或者相同颜色，当局则不计算荒翻
    s = new()
    ok(s, {"event": "draw"})
    ok(s, {"event": "dice"})
    refused(s, {"event": "dice"}, "bad_event")
    ready(s, 1)
    ans = win(s, 1, MENQING)
    assert ans["deltas"] == [-200, 600, -200, -200]
    assert ans["huang"] == 0
    # the dice are for one hand only
    ok(s, {"event": "draw"})
    ready(s, 1)
    assert win(s, 1, MENQING)["deltas"] == [-400, 1200, -400, -400]


def test_huang_correction_event():
    s = new()
    assert ok(s, {"event": "huang", "n": 3})["huang"] == 3
    ready(s, 0)
    assert win(s, 0, PINGHU)["deltas"] == [960, -320, -320, -320]     # 40 x 8
    refused(s, {"event": "huang"}, "bad_event")


# ---- 苍蝇 -------------------------------------------------------------------------------

@pytest.mark.parametrize("rank,bonus", [(1, 100), (2, 20), (5, 50), (9, 90), (0, 50)])
def test_fly_values(rank, bonus):
    s = new()
    ready(s, 1)
    win(s, 1, MENQING)
    ans = ok(s, {"event": "fly", "rank": rank})
    assert ans["deltas"] == [-bonus, 3 * bonus, -bonus, -bonus]


def test_fly_is_independent_of_shares_and_huang_without_sankou():
    s = new()
    ok(s, {"event": "draw"})
    ready(s, 1)
    assert win(s, 1, MENQING, frm=3)["deltas"] == [0, 800, 0, -800]   # 2 shares x 荒番
    assert ok(s, {"event": "fly", "rank": 7})["deltas"] == [0, 70, 0, -70]


def test_fly_under_sankou_follows_the_shares():
    s = sankou()
    ready(s, A, C)
    win(s, A, MENQING, frm=C)                                     # C one share, B one share
    assert ok(s, {"event": "fly", "rank": 1})["deltas"] == [200, -100, -100, 0]


def test_fly_refusals():
    s = new()
    refused(s, {"event": "fly", "rank": 3}, "bad_event")         # no win yet
    ready(s, 0)
    win(s, 0, PINGHU)
    refused(s, {"event": "fly", "rank": 3}, "bad_event")         # 平胡: no 牌型
    ready(s, 0)
    win(s, 0, MENQING)
    refused(s, {"event": "fly", "rank": 10}, "bad_event")
    refused(s, {"event": "fly"}, "bad_event")
    ok(s, {"event": "fly", "rank": 3})
    refused(s, {"event": "fly", "rank": 3}, "bad_event")         # one per win
    ok(s, {"event": "undo"})
    ok(s, {"event": "ready", "seat": 2})                          # the next hand began
    refused(s, {"event": "fly", "rank": 3}, "bad_event")


def test_fly_after_a_robbed_kong_pattern():
    s = new()
    ready(s, 0)
    win(s, 0, dict(MENQING, by="robkong"), frm=1)
    assert ok(s, {"event": "fly", "rank": 4})["deltas"] == [40, -40, 0, 0]


# ---- declarations -----------------------------------------------------------------------

def test_a_win_needs_qiao_first_when_the_table_enforces_it():
    s = new(require_ready=True)
    ans = refused(s, {"event": "win", "winner": 1, "hand": MENQING}, "bad_event")
    assert "敲" in ans["error"]["message"]
    # by default the referee's entry of a played win is taken: the win itself shows 敲
    s = new()
    assert win(s, 1, MENQING)["deltas"] == [-200, 600, -200, -200]


def test_qiao_twice_is_refused():
    s = new()
    ready(s, 1)
    refused(s, {"event": "ready", "seat": 1}, "bad_event")
    refused(s, {"event": "heavenly_ready", "seat": 1}, "bad_event")
    refused(s, {"event": "ready"}, "bad_event")
    refused(s, {"event": "ready", "seat": 4}, "bad_event")


def test_tianqiao_scores_one_fan_more():
    s = new()
    ok(s, {"event": "heavenly_ready", "seat": 2})
    ans = win(s, 2, MENQING)                 # 门清 x 天敲 x 无花果: 100 x 4
    assert ans["deltas"] == [-400, -400, 1200, -400]
    # 天敲 is a 敲: the discarder who declared it pays one share
    s = new()
    ok(s, {"event": "heavenly_ready", "seat": 0})
    ready(s, 2)
    assert win(s, 2, MENQING, frm=0)["deltas"] == [-200, 0, 200, 0]


def test_xianggong_may_not_win_but_pays():
    s = new()
    ok(s, {"event": "xianggong", "seat": 1})
    refused(s, {"event": "xianggong", "seat": 1}, "bad_event")
    refused(s, {"event": "ready", "seat": 1}, "bad_event")
    refused(s, {"event": "win", "winner": 1, "hand": MENQING}, "bad_event")
    ready(s, 2)
    assert win(s, 2, MENQING, frm=1)["deltas"] == [0, -400, 400, 0]
    # a new hand: no longer 相公
    ready(s, 1)
    win(s, 1, MENQING)


def test_xianggong_after_qiao_cancels_it():
    s = new(require_ready=False)
    ready(s, 3)
    ok(s, {"event": "xianggong", "seat": 3})
    ready(s, 0)
    assert win(s, 0, MENQING, frm=3)["deltas"] == [400, 0, 0, -400]


def test_flowers_event_does_not_exist():
    s = new()
    refused(s, {"event": "flowers", "winner": 1}, "bad_event")
    refused(s, {"event": "bogus"}, "bad_event")


# ---- the deal ---------------------------------------------------------------------------

def test_deal_and_round():
    s = new()
    ready(s, 0)
    ans = win(s, 0, MENQING)                          # dealer wins: keeps the deal
    assert (ans["dealer"], ans["streak"], ans["hand_no"]) == (0, 1, 2)
    ans = ok(s, {"event": "draw"})                    # a draw keeps the deal
    assert (ans["dealer"], ans["streak"], ans["round"]) == (0, 1, "E")
    for k in range(1, 5):
        ready(s, (k + 1) % 4)
        ans = win(s, (k + 1) % 4, MENQING)           # another seat wins: the deal passes
        assert ans["dealer"] == k % 4 and ans["streak"] == 0
    assert ans["round"] == "S"                        # four passes: the prevailing wind moves


def test_undo_restores_huang_and_declarations():
    s = new()
    ok(s, {"event": "draw"})
    ready(s, 1)
    before = s.state
    win(s, 1, MENQING)
    ans = ok(s, {"event": "undo"})
    assert ans["huang"] == 1 and s.state == before
    assert ans["deltas"] == [0, 0, 0, 0]


# ---- the device -------------------------------------------------------------------------

SESSION = [
    {"event": "start", "rules": "sh", "players": ["A", "B", "C", "D"]},
    {"event": "sankou", "a": 0, "b": 2},
    {"event": "ready", "seat": 0},
    {"event": "win", "winner": 0, "hand": BIG},
    {"event": "fly", "rank": 8},
    {"event": "draw"},
    {"event": "dice"},
    {"event": "undo"},
    {"event": "ready", "seat": 1},
    {"event": "ready", "seat": 3},
    {"event": "win", "winner": 1, "from": 3, "hand": MENQING},
    {"event": "heavenly_ready", "seat": 2},
    {"event": "win", "winner": 2, "hand": MENQING},
    {"event": "xianggong", "seat": 0},
    {"event": "ready", "seat": 3},
    {"event": "win", "winner": 3, "from": 0, "hand": ROB},
    {"event": "fly", "rank": 1},
    {"event": "ready", "seat": 3},
    {"event": "win", "winner": 3, "from": 0, "hand": ONE_HUA},
    {"event": "draw"},
    {"event": "draw"},
    {"event": "sankou", "a": 1, "b": 2},
    {"event": "ready", "seat": 2},
    {"event": "win", "winner": 2, "hand": BIG},
    {"event": "fly", "rank": 0},
]


def test_device_session_agrees_with_cpython():
    text = "".join(json.dumps(ev, ensure_ascii=False) + "\n" for ev in SESSION)
    outs = []
    # the least heap for the device is 58k (63k before the table engine's room was taken
    # back: docs/memory.md, "The table engine's heap"); 4k over it
    for extra in ([], ["--device", "--heap", "62k"]):
        p = subprocess.run([sys.executable, "-m", "host_tools.table"] + extra, input=text,
                           capture_output=True, text=True, cwd=paths.ROOT, check=True)
        outs.append([json.loads(line) for line in p.stdout.splitlines()])
    host, dev = outs
    assert len(host) == len(dev) == len(SESSION)
    for ev, a, b in zip(SESSION, host, dev):
        assert a == b, (ev, a, b)
    assert host[4]["scores"] == [10000, 0, -10000, 0]
    assert [a["ok"] for a in host].count(False) == 2          # the fly after a 平胡, 1 花
    assert host[-1]["huang"] == 1
    assert host[-2]["deltas"] == [0, -1920 * 5 * 4, 1920 * 5 * 4, 0]
    assert sum(host[-1]["scores"]) == 0
