"""Riichi scoring, worked out by hand from the EMA Riichi Competition Rules 2016 (RCR):
one hand per yaku and yakuman, per fu rule and per row of the points table
(docs/rules/riichi.md).  Winds: seat S is a non-dealer, seat E the dealer."""

import pytest

import contract
from rules import riichi


def score(hand, win, by="discard", seat="S", rnd="E", melds=None, flags=None, **extra):
    req = {"rules": "riichi", "hand": hand, "win": win, "by": by, "seat": seat, "round": rnd}
    if melds:
        req["melds"] = melds
    if flags:
        req["flags"] = flags
    req.update(extra)
    return contract.score_hand(req)


def yaku(ans):
    out = {}
    for it in ans["items"]:
        out[it["id"]] = it.get("yakuman") or it["value"] * it["count"]
    return out


PINFU = dict(hand="234m456p678s2355s", win="1s")      # 234m 456p 678s 123s 55s, 14 waits 1s/4s


# ---- fu (RCR 4.1.1), each worked out: base, then sets, wait, pair, way of winning ----------

def test_pinfu_ron_is_30_fu():
    a = score(**PINFU)                                  # 20 + 10 closed ron
    assert (a["han"], a["fu"], a["total"], a["pay"]) == (1, 30, 1000, [1000])
    assert yaku(a) == {"pinfu": 1}


def test_pinfu_tsumo_is_20_fu_without_the_tsumo_fu():
    a = score(by="self", **PINFU)                       # 20, pinfu takes no tsumo fu
    assert (a["han"], a["fu"]) == (2, 20)
    assert a["pay"] == [700, 400] and a["total"] == 1500   # 20 x 2^4 = 320: 640 -> 700, 320 -> 400


def test_seven_pairs_are_25_fu_not_rounded():
    a = score("2233m4455p6677s8s", "8s")                # chii toitsu 2 + tanyao 1
    assert (a["han"], a["fu"], a["total"]) == (3, 25, 3200)
    assert yaku(a) == {"chiitoitsu": 2, "tanyao": 1}


def test_open_hand_without_fu_is_30_on_a_discard():
    a = score("345m456p66s67p", "8p", melds=["chi 234s"])      # 20 + 2
    assert (a["han"], a["fu"], a["total"]) == (1, 30, 1000)
    assert yaku(a) == {"tanyao": 1}


def test_open_tanyao_setting():
    a = score("345m456p66s67p", "8p", melds=["chi 234s"], flags=["no_open_tanyao"])
    assert a["legal"] is False and a["total"] == 0


def test_concealed_terminal_pung_and_single_wait():
    a = score("111m234p456s789s5p", "5p", flags=["riichi"])   # 20+10 + 8 + 2 = 40
    assert (a["fu"], a["total"]) == (40, 1300)


def test_concealed_terminal_kong_is_32():
    a = score("111m234p456s5p", "5p", melds=["ankan 9999s"], flags=["riichi"])
    assert a["fu"] == 80 and a["total"] == 2600                # 20+10 + 8 + 32 + 2 = 72


def test_open_terminal_pung_and_honour_pung():
    a = score("555z234p456s5p", "5p", melds=["pon 999s"])    # 20 + 8 + 4 + 2 = 34
    assert (a["fu"], a["total"]) == (40, 1300)
    assert yaku(a) == {"chun": 1}


def test_pung_completed_on_a_discard_counts_open():
    a = score("222m456p789s55s77z", "7z")               # 20+10 + 4 + 4 (白 open) = 38
    assert (a["fu"], a["total"]) == (40, 1300)
    a = score("222m456p789s55s77z", "7z", by="self")    # 20 + 4 + 8 + 2 = 34
    assert (a["han"], a["fu"], a["pay"], a["total"]) == (2, 40, [1300, 700], 2700)


def test_open_kongs():
    a = score("678p9s", "9s", melds=["kan 2222m", "kan 3333p", "ankan 4444s"])
    assert yaku(a) == {"sankantsu": 2}
    assert (a["fu"], a["total"]) == (60, 3900)          # 20 + 8 + 8 + 16 + 2 = 54


@pytest.mark.parametrize("hand,win", [("13m456p789s234s55p", "2m"), ("12m456p789s234s55p", "3m")])
def test_closed_and_edge_waits_are_2(hand, win):
    a = score(hand, win, flags=["riichi"])              # 20+10 + 2 = 32 -> 40
    assert (a["fu"], a["total"]) == (40, 1300)


def test_pair_of_seat_wind_is_2():
    a = score("111m456p23s789s22z", "1s", flags=["riichi"])   # 20+10 + 8 + 2 = 40
    assert (a["fu"], a["total"]) == (40, 1300)


def test_double_wind_pair_is_4_or_2_by_setting():
    a = score("111m456p23s789s11z", "1s", seat="E", flags=["riichi"])   # 20+10+8+4 = 42
    assert (a["fu"], a["pay"]) == (50, [2400])
    a = score("111m456p23s789s11z", "1s", seat="E", flags=["riichi", "double_wind_2"])
    assert (a["fu"], a["pay"]) == (40, [2000])          # 40 x 8 x 6 = 1920 -> 2000


# ---- the yaku (RCR 4.2), one hand each ------------------------------------------------------

CASES = [
    # id, request, yaku with their han, total points
    ("riichi", dict(flags=["riichi"], **PINFU), {"riichi": 1, "pinfu": 1}, 2000),
    ("double riichi + ippatsu", dict(flags=["double_riichi", "ippatsu"], **PINFU),
     {"double_riichi": 2, "ippatsu": 1, "pinfu": 1}, 7700),
    ("menzen tsumo", dict(hand="222m456p789s55s77z", win="7z", by="self"),
     {"menzen_tsumo": 1, "haku": 1}, 2700),
    ("fanpai haku", dict(hand="777z234m456p789s5p", win="5p"), {"haku": 1}, 1300),
    ("seat and prevalent wind", dict(hand="222z234m456p789s5p", win="5p", rnd="S"),
     {"seat_wind": 1, "prevalent_wind": 1}, 2600),
    ("san shoku doujun + chanta", dict(hand="123m123p123s789m5z", win="5z"),
     {"sanshoku": 2, "chanta": 2}, 8000),
    ("itsu closed", dict(hand="123456789p234s5m", win="5m"), {"ittsu": 2}, 2600),
    ("itsu open", dict(hand="456789p234s5m", win="5m", melds=["chi 123p"]), {"ittsu": 1}, 1000),
    ("toi-toi hou + san ankou", dict(hand="222m444p666s9m", win="9m", melds=["pon 777p"]),
     {"toitoi": 2, "sanankou": 2}, 8000),
    ("san shoku dokou", dict(hand="333p333s456m7z", win="7z", melds=["pon 333m"]),
     {"sanshoku_dokou": 2}, 2600),
    ("shou sangen", dict(hand="555z666z77z234m56p", win="4p"),
     {"chun": 1, "hatsu": 1, "shousangen": 2}, 8000),
    ("honroutou + toi-toi", dict(hand="111m999p11z77z", win="7z", melds=["pon 999s"]),
     {"honroutou": 2, "toitoi": 2, "haku": 1}, 8000),
    ("junchan", dict(hand="123m789p111s99m78s", win="9s", flags=["riichi"]),
     {"riichi": 1, "junchan": 3}, 8000),
    ("chanta open", dict(hand="789p111z99m78s", win="9s", melds=["chi 123m"]),
     {"chanta": 1, "prevalent_wind": 1}, 2000),
    ("ryan peikou", dict(hand="223344m667788p5s", win="5s", flags=["riichi"]),
     {"riichi": 1, "tanyao": 1, "ryanpeikou": 3}, 8000),
    ("iipeikou", dict(hand="223344m567p789s5s", win="5s", flags=["riichi"]),
     {"riichi": 1, "iipeikou": 1}, 2600),
    ("honitsu", dict(hand="234m567m888m111z5m", win="5m"),
     {"honitsu": 3, "prevalent_wind": 1}, 8000),
    ("chinitsu open", dict(hand="456p678p999p2p", win="2p", melds=["chi 123p"]), {"chinitsu": 5}, 8000),
    ("haitei", dict(by="self", flags=["last_tile"], **PINFU),
     {"menzen_tsumo": 1, "pinfu": 1, "haitei": 1}, 2700),
    ("houtei", dict(flags=["last_tile"], **PINFU), {"pinfu": 1, "houtei": 1}, 2000),
    ("rinshan kaihou", dict(hand="345m456p67s99p", win="5s", by="self", melds=["ankan 2222m"],
                            flags=["kong_replacement"]), {"menzen_tsumo": 1, "rinshan": 1}, 2700),
    ("chan kan", dict(by="robkong", **PINFU), {"pinfu": 1, "chankan": 1}, 2000),
    ("renhou (mangan yaku)", dict(flags=["human"], **PINFU), {"renhou": 5, "pinfu": 1}, 12000),
]


@pytest.mark.parametrize("name,req,want,total", CASES, ids=[c[0] for c in CASES])
def test_yaku(name, req, want, total):
    a = score(**req)
    assert a["ok"] and a["legal"], a
    assert yaku(a) == want
    assert a["han"] == sum(want.values())
    assert a["total"] == total


# ---- yakuman: one each; not cumulative by default (RCR 2016 4.2) ----------------------------

YAKUMAN = [
    ("kokushi", dict(hand="1m9m1p9p1s9s1z2z3z4z5z6z6z", win="7z"), 1),
    ("kokushi 13 waits", dict(hand="19m19p19s1234567z", win="1m"), 2),
    ("suuankou", dict(hand="222m444p666s88s99m", win="9m", by="self"), 1),
    ("suuankou tanki", dict(hand="222m444p666s888s9m", win="9m"), 2),
    ("daisangen", dict(hand="555z666z777z234m5p", win="5p"), 1),
    ("shousuushii", dict(hand="111z222z333z44z23m", win="1m"), 1),
    ("daisuushii", dict(hand="222z333z444z5m", win="5m", melds=["pon 111z"]), 2),
    ("tsuuiisou", dict(hand="1122334455667z", win="7z"), 1),
    ("chinroutou", dict(hand="111m999m111p1s", win="1s", melds=["pon 999s"]), 1),
    ("ryuuiisou", dict(hand="223344s666s888s6z", win="6z"), 1),
    ("chuuren", dict(hand="1112345678999m", win="5m", by="self"), 2),
    ("suukantsu", dict(hand="9s", win="9s", melds=["kan 2222m", "kan 3333p", "ankan 4444s",
                                                    "addkan 6666s"]), 1),
    ("tenhou", dict(seat="E", by="self", flags=["heavenly"], **PINFU), 1),
    ("chiihou", dict(by="self", flags=["earthly"], **PINFU), 1),
]


@pytest.mark.parametrize("name,req,double", YAKUMAN, ids=[c[0] for c in YAKUMAN])
def test_yakuman(name, req, double):
    eid = name.split()[0]
    a = score(**req)
    assert [it["id"] for it in a["items"]] == [eid], a
    assert (a["yakuman"], a["limit"], a["han"]) == (1, "yakuman", 13)
    dealer = req.get("seat") == "E"
    tsumo = req.get("by") == "self"
    assert a["total"] == (48000 if dealer else 32000)
    if tsumo:
        assert a["pay"] == ([16000] if dealer else [16000, 8000])
    # a table that plays accumulated and double yakuman
    flags = list(req.get("flags", [])) + ["multiple_yakuman"]
    b = score(**dict(req, flags=flags))
    assert b["yakuman"] == double and b["total"] == double * a["total"]


def test_yakuman_are_not_cumulative():
    a = score("222m444p666s888s9m", "9m", melds=None)           # suuankou tanki only
    b = score("111m999m111p999p1s", "1s")                        # chinroutou + suuankou tanki
    assert a["yakuman"] == 1 and b["yakuman"] == 1 and b["total"] == 32000
    assert [it["id"] for it in b["items"]] == ["suuankou"]      # paid and named as one
    c = score("111m999m111p999p1s", "1s", flags=["multiple_yakuman"])
    assert c["yakuman"] == 3 and c["total"] == 96000


def test_renhou_as_yakuman_setting():
    a = score(flags=["human", "renhou_yakuman"], **PINFU)
    assert yaku(a) == {"renhou": 1} and a["total"] == 32000


# ---- dora (RCR 4.1): indicators, ura dora with riichi only, red fives -----------------------

@pytest.mark.parametrize("ind,n", [("9s", 1), ("4s", 2), ("1s", 1), ("9m", 0), ("3z", 0)])
def test_dora_indicators(ind, n):
    a = score(dora=ind, **PINFU)            # hand 234m 456p 678s 123s 55s: one 1s, two 5s
    got = dict((it["id"], it["count"]) for it in a["items"])
    assert got.get("dora", 0) == n
    assert a["han"] == 1 + n


@pytest.mark.parametrize("ind,dora", [(27, 28), (30, 27), (33, 32), (32, 31), (31, 33), (8, 0),
                                      (17, 9), (26, 18), (4, 5)])
def test_dora_order(ind, dora):
    """Winds E S W N E; dragons haku, hatsu, chun, haku (白 7z, 發 6z, 中 5z); 9 -> 1."""
    assert riichi.dora_of(ind) == dora


def test_ura_dora_with_riichi_only():
    a = score(flags=["riichi"], ura="4s", **PINFU)
    assert ("ura_dora", 2) in [(it["id"], it["count"]) for it in a["items"]]
    a = score(ura="4s", **PINFU)
    assert not a["ok"] and a["error"]["code"] == "bad_field"


def test_dora_as_counts_the_devices_keys():
    """The device keys the dora the hand holds as counts (ui/keymap.py COUNT_KEYS): the same
    answer as the indicators that make them; ura dora still riichi hands only."""
    assert score(dora=2, **PINFU) == score(dora="4s", **PINFU)
    assert score(flags=["riichi"], dora=1, ura=2, **PINFU) == \
        score(flags=["riichi"], dora="9s", ura="4s", **PINFU)
    assert score(dora=0, **PINFU) == score(**PINFU)
    for bad in (-1, 36, True, 1.5):
        a = score(dora=bad, **PINFU)
        assert not a["ok"] and a["error"]["code"] == "bad_field", bad
    a = score(ura=1, **PINFU)
    assert not a["ok"] and a["error"]["code"] == "bad_field"


def test_red_fives():
    a = score(aka=1, **PINFU)
    assert ("aka_dora", 1) in [(it["id"], it["count"]) for it in a["items"]]
    a = score(aka=3, **PINFU)                  # fives of two suits only (5p, 5s)
    assert not a["ok"] and a["error"]["code"] == "bad_field"


def test_dora_alone_make_no_win():
    a = score("345m456p66s67p", "8p", melds=["chi 234s"], flags=["no_open_tanyao"], dora="4s")
    assert a["ok"] and a["legal"] is False and a["pay"] == [] and "yaku" in a["reason"]


# ---- the points table (RCR 4.1.3): base = fu x 2^(2+han), limits -----------------------------

@pytest.mark.parametrize("han,fu,words,ron,dealer_ron,limit", [
    (1, 30, (), 1000, 1500, ""),
    (1, 40, (), 1300, 2000, ""),
    (2, 25, (), 1600, 2400, ""),
    (3, 30, (), 3900, 5800, ""),
    (4, 30, (), 7700, 11600, ""),
    (3, 60, (), 7700, 11600, ""),
    (4, 30, ("kiriage",), 8000, 12000, "mangan"),
    (3, 60, ("kiriage",), 8000, 12000, "mangan"),
    (4, 40, (), 8000, 12000, "mangan"),
    (5, 30, (), 8000, 12000, "mangan"),
    (6, 30, (), 12000, 18000, "haneman"),
    (7, 30, (), 12000, 18000, "haneman"),
    (8, 30, (), 16000, 24000, "baiman"),
    (10, 30, (), 16000, 24000, "baiman"),
    (11, 30, (), 24000, 36000, "sanbaiman"),
    (13, 30, (), 24000, 36000, "sanbaiman"),
    (20, 30, (), 24000, 36000, "sanbaiman"),
    (13, 30, ("kazoe_yakuman",), 32000, 48000, "yakuman"),
])
def test_points_table(han, fu, words, ron, dealer_ron, limit):
    base, got = riichi.base_points(han, fu, 0, words)
    assert got == limit
    assert riichi.payments(base, False, False) == [ron]
    assert riichi.payments(base, True, False) == [dealer_ron]


@pytest.mark.parametrize("han,fu,dealer,pay", [
    (1, 30, False, [500, 300]), (1, 30, True, [500]), (2, 20, False, [700, 400]),
    (3, 40, False, [2600, 1300]), (5, 30, False, [4000, 2000]), (5, 30, True, [4000]),
])
def test_tsumo_payments(han, fu, dealer, pay):
    base, _ = riichi.base_points(han, fu, 0)
    assert riichi.payments(base, dealer, True) == pay


# ---- context words that contradict the hand are refused -------------------------------------

@pytest.mark.parametrize("req", [
    dict(flags=["riichi"], hand="345m456p66s67p", win="8p", melds=["chi 234s"]),
    dict(flags=["ippatsu"], **PINFU),
    dict(flags=["riichi", "double_riichi"], **PINFU),
    dict(flags=["kong_replacement"], by="self", **PINFU),
    dict(flags=["heavenly"], by="self", **PINFU),                # seat S is not the dealer
    dict(flags=["human"], by="self", **PINFU),
    dict(flags=["last_tile"], by="robkong", **PINFU),
])
def test_contradictions_refused(req):
    a = score(**req)
    assert not a["ok"] and a["error"]["code"] == "bad_field", a
