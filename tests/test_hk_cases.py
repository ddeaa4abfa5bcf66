"""Hong Kong 16-tile (hk), Cloud Dragon Cup table: cases a referee works out from the text
(shared/rules/hk-cloud-dragon-cup.txt) and the contract, each a complete 17-tile hand with
its context, checked item by item."""

import contract


def items(hand, win, **kw):
    req = {"rules": "hk", "hand": hand, "win": win}
    req.update(kw)
    ans = contract.score_hand(req)
    assert ans["ok"], ans
    assert ans["total"] == sum(it["value"] * it["count"] for it in ans["items"])
    return {it["id"]: (it["value"], it["count"]) for it in ans["items"]}


# ---- 刻子槓牌類 ---------------------------------------------------------------------------

def test_concealed_kong_is_a_concealed_pung():
    # 222p 333s concealed, 7777m 1111p concealed kongs, 123m, pair 5z won on a discard:
    # four concealed pungs (a concealed kong is 暗; rule 16 adds the exposed kong to them)
    its = items("123m222p333s5z", "5z", by="discard", melds=["ankan 7777m", "ankan 1111p"])
    assert its["hidden_4"] == (30, 1) and "hidden_2" not in its
    # an exposed and a concealed kong with one concealed pung: 暗刻（三）
    its = items("123m333s456p5z", "5z", by="discard", melds=["kan 7777m", "ankan 1111p"])
    assert its["hidden_3"] == (15, 1)
    # five kongs, two concealed and three exposed: 五暗刻, and no 對對 (rule 21)
    its = items("5z", "5z", by="discard", melds=["kan 2222p", "addkan 3333s", "ankan 7777m",
                                                  "ankan 9999p", "kan 1111s"])
    assert its["hidden_5"] == (100, 1) and "all_pungs" not in its


# ---- general rule 4: 嚦咕雙食 ------------------------------------------------------------

def test_lique_double_reading_counts_one_four_of_a_kind_once():
    # 22 33 44m 66 77 88 88p 666m, self-drawn on 8p: 嚦咕 (單吊形) and the standard
    # 234m 234m 666m 678p 678p 88p.  The four 8p are one 四歸: 四歸三 (暗) of the standard
    # form, not also the 四歸二 of the 嚦咕 form's two pairs.
    its = items("223344666m6677888p", "8p", by="self")
    assert its["lique_single"] == (50, 1) and its["two_high"] == (20, 1)
    assert its["four3_hidden"] == (30, 1) and "four2_hidden" not in its


# ---- 雞糊 ------------------------------------------------------------------------------

def test_heavenly_and_earthly_chicken_is_self_drawn():
    # 123m 345m 456p 789p 222s 55z, no pattern: 雞糊 (自摸鴨糊) 20 on any self-draw, 天胡 and
    # 地胡 included (they drop the 自摸 item, not the self-draw)
    hand = "123345m456789p222s5z"
    its = items(hand, "5z", by="self")
    assert its["chicken_self"] == (20, 1) and "chicken" not in its
    its = items(hand, "5z", by="self", dealer=True, flags=["heavenly"])
    assert its["heavenly"] == (150, 1) and its["chicken_self"] == (20, 1) and "chicken" not in its
    its = items(hand, "5z", by="self", seat="S", flags=["earthly"])
    assert its["earthly"] == (150, 1) and its["chicken_self"] == (20, 1) and "chicken" not in its
    its = items(hand, "5z", by="discard", seat="S", flags=["human"])
    assert its["human"] == (80, 1) and its["chicken"] == (40, 1)
