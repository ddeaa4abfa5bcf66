"""Hong Kong 16-tile (hk), Cloud Dragon Cup table: the table as data, one test per element
family, one per general rule and scoring example of the text that concerns scoring.
Every hand is a complete 17-tile hand worked out by hand from the text."""

import os

from host_tools import paths
import contract
from rules import hk, hk_data, hk_names

TEXT = os.path.join(paths.SHARED, "rules", "hk-cloud-dragon-cup.txt")


def score(hand, win, **kw):
    req = {"rules": "hk", "hand": hand, "win": win}
    req.update(kw)
    ans = contract.score_hand(req)
    if ans["ok"]:
        assert ans["total"] == sum(it["value"] * it["count"] for it in ans["items"])
    return ans


def items(hand, win, **kw):
    ans = score(hand, win, **kw)
    assert ans["ok"], ans
    return {it["id"]: (it["value"], it["count"]) for it in ans["items"]}


def count(its, eid):
    return its[eid][1] if eid in its else 0


# ---- the table as data -----------------------------------------------------------------

# The text's 番, element by element (variants split as the text splits them with "/").
TEXT_VALUES = {
    "花字（每隻）": 2, "無花": 2, "無字花": 8,
    "三元（小）": 40, "三元（大）": 80, "三元（嚦咕）": 20, "三風（小）": 30, "三風（大）": 60,
    "三風（嚦咕）": 15, "四喜（小）": 120, "四喜（大）": 200, "四喜（嚦咕）": 60, "字一色": 200,
    "斷么": 8, "缺五": 10, "缺斷三寳": 50, "全大": 50, "全小": 50, "混全大": 20, "混全小": 20,
    "全帶X": 100, "混單": 20, "混雙": 30, "全單": 40, "全雙": 60, "全帶么": 80,
    "混老頭": 100, "清老頭": 300, "兩數": 100, "三數": 60,
    "四歸二（明）": 5, "四歸二（暗）": 10, "四歸三（明）": 15, "四歸三（暗）": 30,
    "四歸四（明）": 30, "四歸四（暗）": 60, "八歸三": 10, "八歸四": 20, "十二歸四": 30,
    "一般高": 5, "三般高": 30, "四般高": 120, "雙般高": 20,
    "莊連拉": 1, "自摸": 1, "門清": 5, "門清摸": 3, "叮": 5, "門清叮": 15, "叮即": 5, "叮銃": 5,
    "天叮": 70, "地叮": 60, "全求人": 40, "半求人": 20, "雙響": 5, "三響": 10,
    "海底自摸": 20, "河底食出": 20, "天胡": 150, "地胡": 150, "人胡": 80, "四子": 60,
    "七子": 30, "十子": 15, "四絕": 5, "真絕": 15,
    "平糊": 5, "無字花大平": 20, "老少上": 3, "雙老少": 15, "相逢": 3, "三相逢（明）": 10,
    "三相逢（暗）": 20, "雙相逢": 10, "全相逢": 20, "四同順": 20, "五同順": 40,
    "三色三步高（明）": 5, "三色三步高（暗）": 10, "三色五步高（明）": 50, "三色五步高（暗）": 60,
    "一色三步高（明）": 15, "一色三步高（暗）": 30, "一色五步高（明）": 160, "一色五步高（暗）": 220,
    "三色連環套（明）": 3, "三色連環套（暗）": 6, "三色金門橋（明）": 10, "三色金門橋（暗）": 20,
    "一色連環套（明）": 10, "一色連環套（暗）": 20, "一色金門橋（明）": 30, "一色金門橋（暗）": 60,
    "清龍（明）": 10, "清龍（暗）": 20, "雜龍（明）": 8, "雜龍（暗）": 15, "雙龍出海": 10,
    "龍鳳呈祥": 15,
    "缺一門": 8, "五門（大）": 15, "五門（小）": 10, "七門（大）": 25, "七門（小）": 20,
    "混一色": 40, "清一色": 100, "綠一色": 300, "雞糊（打出）": 40, "雞糊（自摸鴨糊）": 20,
    "嚦咕（八飛）": 60, "嚦咕（單吊形）": 50, "十三么": 150, "不搭雞（嚦咕不搭）": 60,
    "十六飛": 20, "三相": 20, "雜龍（不搭）": 20,
    "槓牌（明）": 1, "槓牌（暗）": 2, "三槓": 20, "四槓": 40, "五槓": 100,
    "暗刻（兩）": 5, "暗刻（三）": 15, "暗刻（四）": 30, "暗刻（五）": 100, "對對": 40,
    "老少（一色）": 5, "兩色雙老少": 20, "同刻（兩色）": 5, "同刻（小三色）": 15,
    "同刻（大三色）": 30, "連刻（兩步）": 5, "連刻（小三步）": 10, "連刻（大三步）": 20,
    "連刻（小四步）": 30, "連刻（大四步）": 40, "連刻（小五步）": 60, "連刻（大五步）": 100,
    "連刻（六步）": 160, "三色三節（小）": 8, "三色三節（大）": 15, "間間糊": 160,
    "槓上摸": 5, "花上摸": 3, "尾牌連摸": 10, "搶槓": 10,
    "同色連對（三）": 5, "同色連對（四）": 10, "同色連對（五）": 20, "同色連對（六）": 40,
    "同色連對（七）": 80, "同色連對（八）": 160, "雜色連對（三）": 2, "雜色連對（四）": 5,
    "雜色連對（五）": 10, "雜色連對（六）": 20, "雜色連對（七）": 40, "雜色連對（八）": 80,
    "雜色同對": 8, "對碰": 2, "獨獨": 2, "假獨": 2, "將眼": 2,
}
# The text's B (bonus) items.
TEXT_BONUS = {"字一色", "缺斷三寳", "混單", "混雙", "全單", "全雙", "混老頭", "清老頭", "兩數", "三數",
              "八歸三", "八歸四", "十二歸四", "全相逢", "四同順", "五同順", "三色五步高（明）",
              "三色五步高（暗）", "一色五步高（明）", "一色五步高（暗）", "雙龍出海", "龍鳳呈祥",
              "綠一色", "十六飛", "三相", "雜龍（不搭）", "三槓", "四槓", "五槓"}


def test_every_element_with_the_texts_value_and_bonus_mark():
    text = open(TEXT, encoding="utf-8").read()
    els = hk_data.elements()
    assert len(els) == hk.N_ELEMENTS == 171
    assert len(set(e[0] for e in els)) == len(els)
    by_name = {}
    for eid, name, value, kind in els:
        assert name.split("（")[0] in text, name
        if eid == "orphans_outside":
            assert value == 40 // 2   # general rule 2: 混帶么 at half with 十三么
            continue
        if eid.startswith("mixed_x"):
            assert value in (30, 50, 70)   # 混帶X 30 / 50 / 70
            continue
        if eid in ("fanxue", "fanxue_big"):
            assert value == (10 if eid == "fanxue" else 20)   # 反雪 10 / 20
            continue
        if eid in ("mixed_outside",):
            assert value == 40
            continue
        by_name[name] = value
        assert (kind == "B") == (name in TEXT_BONUS), name
    assert by_name == TEXT_VALUES


def test_compiled_tables_agree_with_the_text_tables():
    assert (hk._V, hk._EL) == hk_data.compile()
    assert hk._LOSERS == sum(1 for x in hk._EL[:hk.N_ELEMENTS] if x > 3)
    assert [(i, e[0], e[1]) for i, e in enumerate(hk_data.elements())] == \
        list(hk_names.named([1] * hk.N_ELEMENTS))
    for i, e in enumerate(hk_data.elements()):
        assert hk.value(i) == e[2]
        const = getattr(hk, "_" + e[0].upper())
        assert const == i, e[0]


def test_the_names_module_is_as_generated_from_the_text_tables():
    with open(hk_names.__file__, encoding="utf-8") as f:
        src = f.read()
    assert hk_data.names_source(src) == src
    renamed = src.replace("huazi 花字（每隻）", "huazi 花字")
    assert hk_data.names_source(renamed) == src


def test_exclusions_name_real_elements():
    ids = set(e[0] for e in hk_data.elements())
    for a, b in hk_data.exclusions():
        assert a in ids and b in ids and a != b


# ---- 花字類 -----------------------------------------------------------------------------

def test_flowers_and_honour_sets_count_two_each():
    # 123m 456p 111z 222z 555z 99s, seat S, round E: E (round), S (seat), 中 are 字; + 2 flowers
    its = items("123m456p111z222z555z9s", "9s", seat="S", round="E", flowers="1f6f", by="discard")
    assert its["huazi"] == (2, 5)
    assert "no_flower" not in its and "no_honour_flower" not in its
    # a wind of neither seat nor round is no 字; the seat wind that is also the round counts twice
    its = items("123m456p111z333z555z9s", "9s", seat="E", round="E", by="discard")
    assert its["huazi"] == (2, 3)


def test_no_flowers_and_no_honours_nor_flowers():
    its = items("123456789m222p678s5s", "5s", by="discard")
    assert "no_honour_flower" in its and "no_flower" not in its
    its = items("123456789m222p678s5s", "5s", by="discard", flowers="3f")
    assert "no_honour_flower" not in its and "no_flower" not in its and its["huazi"] == (2, 1)
    its = items("123456789m222p678s1z", "1z", by="discard")
    assert "no_flower" in its and "no_honour_flower" not in its


def test_general_rule_11_seven_or_eight_flowers_count_as_14_or_16():
    its = items("123456789m222p678s5s", "5s", by="discard", flowers="1234567f")
    assert its["huazi"] == (2, 7)
    its = items("123456789m222p678s5s", "5s", by="discard", flowers="12345678f")
    assert its["huazi"] == (2, 8)


# ---- 字牌類 -----------------------------------------------------------------------------

def test_dragons_small_and_big():
    its = items("123m456p789s555z666z7z", "7z", by="discard")
    assert its["small_dragons"] == (40, 1) and "big_dragons" not in its
    its = items("123m456p555z666z777z9s", "9s", by="discard")
    assert its["big_dragons"] == (80, 1) and "small_dragons" not in its
    assert its["huazi"] == (2, 3)


def test_winds_three_and_four():
    its = items("123m456p789s111z222z3z", "3z", by="discard")
    assert its["small_three_winds"] == (30, 1)
    its = items("123m456p111z222z333z9s", "9s", by="discard")
    assert its["big_three_winds"] == (60, 1)
    its = items("123m456p111z222z333z4z", "4z", by="discard")
    assert its["small_four_winds"] == (120, 1) and "big_three_winds" not in its
    its = items("789p111z222z333z444z5m", "5m", by="discard")
    assert its["big_four_winds"] == (200, 1)
    assert "big_three_winds" not in its and "small_four_winds" not in its


def test_all_honours_is_a_bonus():
    ans = score("111z222z333z555z666z7z", "7z", by="discard")
    its = {it["id"]: it for it in ans["items"]}
    assert its["all_honours"]["value"] == 200 and its["all_honours"]["bonus"] is True
    assert "big_three_winds" in its and "small_dragons" in its
    assert "half_flush" not in its and "no_fives" not in its


def test_lique_honour_pairs():
    # 嚦咕: pairs of 中 發 白 and of three winds
    its = items("11z22z33z55z66z77z99m88m", "8m", by="discard")
    assert "lique_eight" in its
    assert its["lique_dragons"] == (20, 1) and its["lique_three_winds"] == (15, 1)
    its = items("11z22z33z44z66z77z99m88m", "8m", by="discard")
    assert its["lique_four_winds"] == (60, 1) and "lique_three_winds" not in its


# ---- 么九數字類 ---------------------------------------------------------------------------

def test_general_rule_20_three_treasures_adds_its_three_and_rule_27_no_honours():
    # 222m 234m 678m 66m / 234p 678p: no 1 9 honours, no 5, two suits, concealed
    its = items("22223466678m234p67p", "8p", by="discard")
    for eid in ("no_terminals", "no_fives", "missing_suit", "three_treasures", "no_honour_flower"):
        assert eid in its, eid
    assert its["three_treasures"] == (50, 1)


def test_general_rule_12_all_small_and_all_big_without_no_fives():
    its = items("123234m123234p111s4s", "4s", by="discard")
    assert its["all_small"] == (50, 1) and "no_fives" not in its
    its = items("678789m678789p999s6s", "6s", by="discard")
    assert its["all_big"] == (50, 1) and "no_fives" not in its
    its = items("123234m123p111z222z4s", "4s", by="discard")
    assert its["mixed_small"] == (20, 1) and "no_fives" not in its and "all_small" not in its


def test_general_rule_13_mixed_with_x_drops_mixed_small():
    # 123m 234m 234p 333s 111z 33p: every set holds a 3 or is honours; ranks 1-4 and honours
    its = items("122334m2333p333s111z", "4p", by="discard")
    assert its["mixed_x1"] == (70, 1)
    assert "mixed_small" not in its


def test_mixed_with_x_value_by_honour_groups():
    # 345m 345p 555s 111z 222z 55m: 帶五 with two honour groups
    its = items("34555m345p555s11122z", "2z", by="discard")
    assert its["mixed_x2"] == (50, 1)
    its = items("345m555s111z222z333z5m", "5m", by="discard")
    assert its["mixed_x3"] == (30, 1)


def test_all_with_x():
    # 345m 456m 567p 555s 456s 55p: every group holds a 5
    its = items("344556m5556p455556s", "7p", by="discard")
    assert its["all_x"] == (100, 1)


def test_odd_and_even():
    its = items("222444m666888p222s4s", "4s", by="discard")
    assert its["all_even"] == (60, 1)
    its = items("111333m555777p111z9s", "9s", by="discard")
    assert its["mixed_odd"] == (20, 1) and "all_odd" not in its


def test_general_rule_13_terminals_drop_odd():
    its = items("111999m111999p111s9s", "9s", by="discard")
    assert its["pure_terminals"] == (300, 1)
    assert "all_odd" not in its and "two_ranks" not in its
    its = items("111m999p111z222z555z9s", "9s", by="discard")
    assert its["mixed_terminals"] == (100, 1) and "mixed_odd" not in its


def test_outside_terminals():
    its = items("123789m123p111999s9p", "9p", by="discard")
    assert its["pure_outside"] == (80, 1)
    its = items("123m789p111z999s555z1p", "1p", by="discard")
    assert its["mixed_outside"] == (40, 1)


def test_two_and_three_ranks():
    its = items("222555m222555p222s5s", "5s", by="discard")
    assert its["two_ranks"] == (100, 1)
    its = items("123123m123333p123s2s", "2s", by="discard")
    assert its["three_ranks"] == (60, 1)
    its = items("123123m123333p123s1z", "1z", by="discard")
    assert "three_ranks" not in its   # *無番子


# ---- 四歸般高類 ---------------------------------------------------------------------------

def test_four_in_two_hidden_and_open():
    its = items("111123m456p789s555z1z", "1z", by="discard")
    assert its["four2_hidden"] == (10, 1)
    its = items("111m456p789s555z1z", "1z", by="discard", melds=["chi 123m"])
    assert its["four2_open"] == (5, 1) and "four2_hidden" not in its


def test_four_in_three_and_four_and_twelve():
    its = items("11112233m456p789s55z", "5z")
    assert its["four3_hidden"] == (30, 1)
    its = items("123123123123m456p1z", "1z")
    assert its["four4_hidden"] == (60, 3)
    assert its["twelve_four"] == (30, 1) and its["four_high"] == (120, 1)
    assert "eight_four" not in its


def test_eight_in_three_and_in_four():
    its = items("111122223m456p789s1z", "1z")
    assert its["four2_hidden"] == (10, 2) and its["eight_three"] == (10, 1)
    its = items("112222333344m567p9s", "9s")
    assert its["four4_hidden"] == (60, 2) and its["eight_four"] == (20, 1)
    assert its["two_high"] == (20, 1) and "one_high" not in its


def test_identical_chows():
    its = items("112233m456p789s111z2z", "2z", by="discard")
    assert its["one_high"] == (5, 1)
    its = items("123123123m456p789s1z", "1z", by="discard")
    assert its["three_high"] == (30, 1) and "one_high" not in its


# ---- 時態類 -------------------------------------------------------------------------------

HAND = ("123m456p789s555m111z2z", "2z")       # plain concealed hand
HAND_OPEN = ("456p789s555m111z2z", "2z")       # with chi 123m


def test_dealer_streak_2n_plus_1():
    its = items(*HAND, dealer=True, streak=2)
    assert its["dealer"] == (1, 5)
    its = items(*HAND, dealer=True)
    assert its["dealer"] == (1, 1)
    assert "dealer" not in items(*HAND)


def test_self_drawn_and_concealed():
    its = items(*HAND, by="self")
    assert its["self_drawn"] == (1, 1) and its["concealed"] == (5, 1)
    assert its["concealed_self"] == (3, 1)
    its = items(*HAND, by="discard")
    assert "self_drawn" not in its and "concealed_self" not in its and "concealed" in its
    its = items(*HAND_OPEN, by="self", melds=["chi 123m"])
    assert "concealed" not in its and "concealed_self" not in its
    its = items("456p789s555m111z2z", "2z", by="self", melds=["ankan 1111m"])
    assert "concealed" in its   # a concealed kong keeps the hand 門清


def test_ready_words():
    its = items(*HAND, by="discard", flags=["ready_declared"])
    assert its["concealed_ready"] == (15, 1) and "ready" not in its
    its = items(*HAND_OPEN, by="discard", melds=["chi 123m"], flags=["ready_declared"])
    assert its["ready"] == (5, 1)
    its = items(*HAND, by="discard", flags=["ready_declared", "ready_immediate", "ready_deal_in"])
    assert its["ready_immediate"] == (5, 1) and its["ready_deal_in"] == (5, 1)
    its = items(*HAND, by="self", flags=["ready_declared", "heavenly_ready"])
    assert its["heavenly_ready"] == (70, 1) and "concealed_ready" not in its
    its = items(*HAND, by="self", flags=["ready_declared", "earthly_ready"])
    assert its["earthly_ready"] == (60, 1)
    ans = score(*HAND, by="self", flags=["heavenly_ready"])
    assert ans["error"]["code"] == "bad_field"


def test_general_rule_16_melded_hands_count_open_kongs_not_concealed():
    melds = ["chi 123m", "pon 555p", "kan 7777s", "addkan 1111z", "chi 234p"]
    its = items("2z", "2z", by="discard", melds=melds)
    assert its["all_melded"] == (40, 1)
    its = items("2z", "2z", by="self", melds=melds)
    assert its["half_melded"] == (20, 1) and "all_melded" not in its
    melds[3] = "ankan 1111z"
    its = items("2z", "2z", by="discard", melds=melds)
    assert "all_melded" not in its and "half_melded" not in its


def test_timing_words():
    assert items(*HAND, by="discard", flags=["double_win"])["double_win"] == (5, 1)
    assert items(*HAND, by="discard", flags=["triple_win"])["triple_win"] == (10, 1)
    assert items(*HAND, flags=["fanxue"])["fanxue"] == (10, 1)
    assert items(*HAND, flags=["fanxue_big"])["fanxue_big"] == (20, 1)
    assert items(*HAND, by="self", flags=["last_tile"])["last_draw"] == (20, 1)
    assert items(*HAND, by="discard", flags=["last_tile"])["last_discard"] == (20, 1)
    assert score(*HAND, by="self", flags=["double_win"])["error"]["code"] == "bad_field"


def test_heavenly_earthly_human():
    its = items(*HAND, by="self", dealer=True, flags=["heavenly"])
    assert its["heavenly"] == (150, 1)
    assert "self_drawn" not in its and "concealed" not in its and "concealed_self" not in its
    its = items(*HAND, by="self", seat="S", flags=["earthly"])
    assert its["earthly"] == (150, 1) and "self_drawn" not in its
    its = items(*HAND, by="discard", seat="S", flags=["human"])
    assert its["human"] == (80, 1) and "concealed" not in its
    assert score(*HAND, by="self", seat="S", flags=["heavenly"])["error"]["code"] == "bad_field"


def test_general_rules_25_26_within_n_discards():
    its = items(*HAND, flags=["within_4", "within_7", "within_10"])
    assert its["within_4"] == (60, 1) and "within_7" not in its and "within_10" not in its
    assert items(*HAND, flags=["within_7"])["within_7"] == (30, 1)
    assert items(*HAND, flags=["within_10"])["within_10"] == (15, 1)


def test_general_rules_18_19_last_of_kind_and_true_last():
    its = items(*HAND, flags=["last_of_kind"])
    assert its["four_dead"] == (5, 1)
    its = items(*HAND, flags=["true_last"])
    assert its["true_dead"] == (15, 1)


# ---- 順子相逢步高類 -------------------------------------------------------------------------

def test_common_hand_open_allowed_and_big_common_hand():
    its = items("456m234p567s789s1z", "1z", by="discard", melds=["chi 123m"])
    assert its["ping_hu"] == (5, 1)
    its = items("123m456m234p567s789s5p", "5p", by="discard")
    assert its["big_ping_hu"] == (20, 1)
    for eid in ("ping_hu", "no_honour_flower", "no_flower"):
        assert eid not in its


def test_example_36_one_meeting():
    its = items("789m456p445566s111z2z", "2z", by="discard")
    assert its["meet"] == (3, 1) and its["one_high"] == (5, 1)


def test_example_37_two_meetings_and_four_same():
    its = items("445566p445566s111z2z", "2z", by="discard")
    assert its["meet"] == (3, 2) and its["four_same"] == (20, 1)
    assert "double_meet" not in its


def test_three_meet_and_double_meet():
    its = items("123m123p123s456m777z1z", "1z", by="discard")
    assert its["three_meet_hidden"] == (20, 1)
    its = items("123p123s456m777z1z", "1z", by="discard", melds=["chi 123m"])
    assert its["three_meet_open"] == (10, 1)
    its = items("123m123p456s456m111z2z", "2z", by="discard")
    assert its["double_meet"] == (10, 1) and "meet" not in its


def test_general_rule_6_all_meet():
    its = items("123456m123456p123s1z", "1z", by="discard")
    assert its["all_meet"] == (20, 1)
    its = items("123456456m123p123s1z", "1z", by="discard")
    assert "all_meet" not in its         # the 2 group is 般高, the 3 group is not
    its = items("123123123m456456p1z", "1z", by="discard")
    assert its["all_meet"] == (20, 1)    # both groups 般高


def test_five_same():
    its = items("112233m112233p123s1z", "1z", by="discard")
    assert its["five_same"] == (40, 1) and "four_same" not in its


def test_example_40_and_general_rule_7_five_steps():
    its = items("123456m234567p345s1z", "1z", by="self")
    assert its["mix_step3_hidden"] == (10, 3)
    assert its["mix_step5_hidden"] == (60, 1)
    its = items("123234345456567m1z", "1z", by="self")
    assert its["pure_step5_hidden"] == (220, 1)
    assert its["pure_step3_hidden"] == (30, 3)
    # ABCAB order: 123m 234p 345s 456p 567m is no 三色五步高
    its = items("123567m234456p345s1z", "1z", by="self")
    assert "mix_step5_hidden" not in its


def test_steps_open_and_hidden():
    its = items("234345m111z999p2z", "2z", by="discard", melds=["chi 123m"])
    assert its["pure_step3_open"] == (15, 1)
    its = items("234p345s111z999p2z", "2z", by="discard", melds=["chi 123m"])
    assert its["mix_step3_open"] == (5, 1)


def test_chains_and_bridges_and_general_rule_23():
    its = items("123345567m111z999p2z", "2z", by="discard")
    assert its["pure_chain_hidden"] == (20, 1)
    its = items("123m345p567s111z999p2z", "2z", by="discard")
    assert its["mix_chain_hidden"] == (6, 1)
    its = items("123345567789m456p2z", "2z", by="discard")
    assert its["pure_bridge_hidden"] == (60, 1)
    assert its["old_young"] == (3, 1)                  # rule 23: 金門橋 with 老少
    assert "pure_chain_hidden" not in its
    its = items("123789m345p567s111z2z", "2z", by="discard")
    assert its["mix_bridge_hidden"] == (20, 1) and "mix_chain_hidden" not in its


def test_general_rule_28_and_example_38_one_dragon():
    its = items("112233456789m456p1z", "1z", by="discard")
    assert its["pure_dragon_hidden"] == (20, 1) and "twin_dragons" not in its
    its = items("112233m456p789s111z2z", "2z", by="discard")
    assert its["mix_dragon_hidden"] == (15, 1) and "twin_dragons" not in its


def test_general_rule_29_and_example_39_two_dragons():
    its = items("112233456778899m1z", "1z", by="discard")
    assert its["pure_dragon_hidden"] == (20, 2) and its["twin_dragons"] == (10, 1)
    its = items("112233s456m778899p1z", "1z", by="discard")
    assert its["mix_dragon_hidden"] == (15, 2) and its["twin_dragons"] == (10, 1)
    its = items("123789m123789s456p1z", "1z", by="discard")
    assert its["mix_dragon_hidden"] == (15, 2) and its["twin_dragons"] == (10, 1)
    its = items("112233m445566p789s2z", "2z", by="discard")
    assert its["mix_dragon_hidden"] == (15, 2)


def test_dragon_open_and_hidden():
    its = items("456m789m111z999p2z", "2z", by="discard", melds=["chi 123m"])
    assert its["pure_dragon_open"] == (10, 1)
    its = items("456p789s111z999p2z", "2z", by="discard", melds=["chi 123m"])
    assert its["mix_dragon_open"] == (8, 1)


def test_general_rule_17_dragon_and_123789_is_double_old_young():
    its = items("123456789m123789p1z", "1z", by="discard")
    assert its["double_old_young"] == (15, 1) and "old_young" not in its
    its = items("123789m456p111z999s2z", "2z", by="discard")
    assert its["old_young"] == (3, 1)


def test_general_rule_30_dragon_and_phoenix():
    its = items("123456789m123p123s1z", "1z", by="discard")
    assert its["pure_dragon_hidden"] == (20, 1) and its["three_meet_hidden"] == (20, 1)
    assert its["dragon_phoenix"] == (15, 1)


# ---- 牌型類 -------------------------------------------------------------------------------

def test_missing_suit_only_concealed():
    its = items("123456789m123p111z2z", "2z", by="discard")
    assert its["missing_suit"] == (8, 1)
    its = items("456789m123p111z2z", "2z", by="discard", melds=["chi 123m"])
    assert "missing_suit" not in its


def test_five_and_seven_doors():
    its = items("123789m456p789s555z2z", "2z", by="discard")
    assert its["small_five_doors"] == (10, 1)    # the winds only as the pair
    its = items("123m456p789s111z555z9s", "9s", by="discard")
    assert its["big_five_doors"] == (15, 1)      # the pair's suit also holds a set
    its = items("123m456p789s111z555z9s", "9s", by="discard", flowers="1f5f")
    assert its["big_seven_doors"] == (25, 1) and "big_five_doors" not in its
    its = items("123789m456p789s555z2z", "2z", by="discard", flowers="2f8f")
    assert its["small_seven_doors"] == (20, 1) and "small_five_doors" not in its


def test_flushes_and_general_rule_14_green():
    its = items("123456789234m111z2z", "2z", by="discard")
    assert its["half_flush"] == (40, 1)
    its = items("123456789234555m8m", "8m", by="discard")
    assert its["full_flush"] == (100, 1)
    its = items("2223344666888s666z", "2s", by="discard")
    assert its["all_green"] == (300, 1) and its["half_flush"] == (40, 1)


def test_chicken_hand():
    its = items("678m123p456s9s", "9s", by="discard", melds=["chi 234m", "pon 777p"])
    assert its["chicken"] == (40, 1)
    assert set(its) == {"chicken", "no_honour_flower", "single"}
    its = items("678m123p456s9s", "9s", by="self", melds=["chi 234m", "pon 777p"])
    assert its["chicken_self"] == (20, 1) and "chicken" not in its


def test_lique_forms_and_general_rule_1_eyes():
    its = items("11223344556677m88p", "8p", by="discard")
    assert its["lique_eight"] == (60, 1)
    its = items("113355779m2244p666s", "9m", by="discard")
    assert its["lique_single"] == (50, 1) and its["eye"] == (2, 2)    # 55m 22p
    # 嚦咕 counts 小五門 only
    its = items("1199m22p33s11z55z666z7z", "7z", by="discard")
    assert its["lique_single"] == (50, 1)
    assert its["small_five_doors"] == (10, 1) and "big_five_doors" not in its


def test_general_rule_4_lique_and_standard_together():
    # 11 22 33m 44 55 66p 777s 88s: 嚦咕 and 123m 123m 456p 456p 777s 88s
    its = items("112233m445566p777s8s", "8s", by="discard")
    assert its["lique_single"] == (50, 1)
    assert its["two_high"] == (20, 1)           # from the standard form
    assert its["eye"] == (2, 3)                  # 22m 55p 88s, each once


def test_general_rule_2_thirteen_orphans_with_half_outside():
    its = items("111239m19p19s123456z", "7z", by="discard")
    assert its["orphans"] == (150, 1) and its["orphans_outside"] == (20, 1)
    assert "mixed_outside" not in its
    its = items("114569m19p19s123456z", "7z", by="discard")
    assert its["orphans"] == (150, 1) and "orphans_outside" not in its


def test_general_rule_3_unrelated_hands():
    its = items("147m258p369s1234567z", "1z", by="discard")
    assert its["unrelated"] == (60, 1) and its["unrelated_dragon"] == (20, 1)
    assert its["unrelated_fly"] == (20, 1)
    its = items("147m147p147s1234567z", "4p", by="discard")
    assert its["unrelated_meet"] == (20, 1)     # 三相 with a suited pair: no 字 needed
    its = items("147m258p159s1234567z", "3z", by="discard")
    assert its["unrelated"] == (60, 1) and "unrelated_dragon" not in its
    assert score("147m258p159s1234567z", "5s", by="discard")["error"]["code"] == "not_winning"


# ---- 刻子槓牌類 ---------------------------------------------------------------------------

def test_kongs():
    its = items("123m456p789s9s", "9s", by="discard", melds=["kan 1111s", "ankan 2222z"])
    assert its["kong_open"] == (1, 1) and its["kong_hidden"] == (2, 1)
    its = items("123m456s9s", "9s", by="discard", melds=["kan 1111s", "ankan 2222z", "addkan 5555p"])
    assert its["three_kongs"] == (20, 1)
    its = items("456s9s", "9s", by="discard",
                melds=["kan 1111s", "ankan 2222z", "addkan 5555p", "kan 7777m"])
    assert its["four_kongs"] == (40, 1) and "three_kongs" not in its
    its = items("9s", "9s", by="discard",
                melds=["kan 1111s", "ankan 2222z", "addkan 5555p", "kan 7777m", "ankan 3333p"])
    assert its["five_kongs"] == (100, 1) and "four_kongs" not in its
    assert its["kong_open"] == (1, 3) and its["kong_hidden"] == (2, 2)


def test_general_rule_16_open_kong_counts_as_concealed_pung():
    # 333s 555s concealed, 1111m exposed kong, 9999p concealed kong: 四暗刻
    its = items("333555s123p2z", "2z", by="discard", melds=["kan 1111m", "ankan 9999p"])
    assert its["hidden_4"] == (30, 1)
    its = items("333555s123p2z", "2z", by="discard", melds=["pon 111m", "ankan 9999p"])
    assert its["hidden_3"] == (15, 1)


def test_concealed_pungs_and_a_discard():
    its = items("111m333p555s777s2z", "2z", by="discard", melds=["chi 789m"])
    assert its["hidden_4"] == (30, 1)
    its = items("111m333p555s77s22z", "7s", by="discard", melds=["chi 789m"])
    assert its["hidden_3"] == (15, 1)     # the pung completed by the discard is not concealed


def test_general_rule_21_five_concealed_no_all_pungs():
    its = items("111m333p555s777s2z", "2z", by="discard", melds=["kan 9999m"])
    assert its["hidden_5"] == (100, 1) and "all_pungs" not in its
    its = items("111m333p555s777s2z", "2z", by="discard", melds=["pon 999m"])
    assert its["all_pungs"] == (40, 1) and its["hidden_4"] == (30, 1)


def test_all_concealed_pungs_jian_jian():
    its = items("111m333p555s777s999m2z", "2z", by="self")
    assert its["all_hidden"] == (160, 1)
    assert "all_pungs" not in its and "hidden_5" not in its


def test_terminal_pungs_old_young():
    its = items("111999m456p789s2z", "2z", by="discard", melds=["chi 123s"])
    assert its["old_young_pungs"] == (5, 1)
    its = items("111999m111999p2z", "2z", by="discard", melds=["chi 123s"])
    assert its["two_old_young_pungs"] == (20, 1) and "old_young_pungs" not in its


def test_same_pungs():
    its = items("222m222p456s789s555z1z", "1z", by="discard")
    assert its["same_pungs_2"] == (5, 1)
    its = items("222m222p456s789m111z2s", "2s", by="discard")
    assert its["same_pungs_s3"] == (15, 1) and "same_pungs_2" not in its
    its = items("222m222p222s789m555z1z", "1z", by="discard")
    assert its["same_pungs_b3"] == (30, 1)


def test_pung_runs():
    its = items("222333m456p789s555z1z", "1z", by="discard")
    assert its["run_2"] == (5, 1)
    its = items("2223334m456p789s555z", "4m", by="discard")
    assert its["run_s3"] == (10, 1) and "run_2" not in its
    its = items("222333444m789s555z1z", "1z", by="discard")
    assert its["run_b3"] == (20, 1)
    its = items("111222333444555m6m", "6m", by="discard")
    assert its["run_6"] == (160, 1)
    its = items("111222333444m789s1z", "1z", by="discard")
    assert its["run_b4"] == (40, 1)


def test_example_41_three_suit_steps_twice():
    its = items("111444m222789p333s5z", "5z", by="discard")
    assert its["three_suit_big"] == (15, 2)
    assert not any(k.startswith("run_") for k in its)
    its = items("111m222p456s789s555z3s", "3s", by="discard")
    assert its["three_suit_small"] == (8, 1)


# ---- 槓花摸類 ---------------------------------------------------------------------------

def test_replacement_draws_and_robbing():
    its = items("123m456p789s555m2z", "2z", by="self", melds=["kan 1111z"],
                flags=["kong_replacement"])
    assert its["kong_draw"] == (5, 1)
    its = items(*HAND, by="self", flowers="1f", flags=["flower_replacement"])
    assert its["flower_draw"] == (3, 1)
    its = items(*HAND, by="self", flowers="1f", flags=["flower_replacement", "chain_4"])
    assert its["tail_draw"] == (10, 3)       # 四連: 10 x (4 - 1)
    its = items("12999m456p789s111z22z", "3m", by="robkong")
    assert its["rob_kong"] == (10, 1)
    assert score(*HAND, by="self", flags=["chain_4"])["error"]["code"] == "bad_field"


# ---- 連對 ---------------------------------------------------------------------------------

def test_pure_pair_runs_and_general_rule_5():
    its = items("112233m456p789s555z1z", "1z", by="discard")
    assert its["pure_pairs_3"] == (5, 1)
    # 1122333 (123m 123m 345m): the 3s are three: no 連對
    its = items("112233345m789p555z1z", "1z", by="discard")
    assert "pure_pairs_3" not in its


def test_mixed_pair_runs_need_three_suits_in_order():
    its = items("11m22p33s44m55p66s77m88p", "8p", by="discard")    # 嚦咕, m p s m p s m p
    assert its["mix_pairs_8"] == (80, 1)
    its = items("11m22p33m55z66z77z99s88s", "8s", by="discard")       # m p m: two suits
    assert not any(k.startswith("mix_pairs") for k in its)


def test_general_rule_5_five_or_more_pairs_may_hold_more():
    # 嚦咕 11 22 333 44 55 66 m: six ranks, one of them a pung
    its = items("112233344556m77z11p", "6m", by="discard")
    assert its["pure_pairs_6"] == (40, 1)


def test_mixed_same_pairs():
    its = items("22m22p22s11z33z55z666z7z", "7z", by="discard")
    assert its["mix_same_pairs"] == (8, 1)


# ---- 型式類 -------------------------------------------------------------------------------

def test_wait_shapes():
    its = items("123m456p789s555m2z", "2z", by="discard", melds=["pon 111z"])
    assert its["single"] == (2, 1)                 # waited on 2z alone
    # 對碰: 11z 22z waiting on either, won on 2z
    its = items("123m456789p555s11z22z", "2z", by="discard")
    assert its["shanpon"] == (2, 1)
    # 假獨: 1112m waits on 2m and 3m; won on 2m as the pair
    its = items("1112m456789p555s111z", "2m", by="discard")
    assert its["false_single"] == (2, 1) and "single" not in its
    its = items("123m456p789s555m111z5p", "5p", by="discard")
    assert its["eye"] == (2, 1)
