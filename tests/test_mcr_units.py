"""Named cases for the Chinese Official elements that are easy to get wrong: exclusions,
套算一次, the best of several readings, waits, win context and flowers.  Element ids are
the numbers of shared/rules/mcr-chinese-official.txt."""

import contract
from host_tools import mcr_oracle as O


def score(hand, win, melds=(), by="discard", **kw):
    req = dict(kw, rules="mcr", hand=hand, win=win, melds=list(melds), by=by)
    ans = contract.score_hand(req)
    assert ans["ok"], ans
    return ans


def items(ans):
    return {it["id"]: it["count"] for it in ans["items"]}


def test_answer_form_names_and_values():
    ans = score("1112345678999p", "5p", by="self")
    assert ans["rules"] == "mcr" and ans["unit"] == "fan" and ans["legal"] is True
    assert ans["items"][0] == {"id": 4, "name": "九蓮寶燈", "value": 88, "count": 1}
    assert ans["total"] == sum(it["value"] * it["count"] for it in ans["items"])


def test_nine_gates_adds_only_what_the_shape_fixes():
    # won on 5: 雙暗刻 么九刻 besides, and self-drawn 自摸; never 清一色 門前清 不求人
    assert items(score("1112345678999p", "5p", by="self")) == {4: 1, 66: 1, 73: 1, 80: 1}
    assert items(score("1112345678999s", "1s")) == {4: 1, 28: 1, 64: 1}


def test_names_cut_from_their_descriptions():
    ans = score("19m19p19s1234567z", "1z")
    assert [(it["id"], it["name"]) for it in ans["items"]] == [(7, "十三么")]
    chicken = score("234m67p345s11z", "5p", melds=["pon 888s"])
    assert [(it["id"], it["name"]) for it in chicken["items"]] == [(43, "無番和")]
    assert chicken["total"] == 8 and chicken["legal"]
    assert (55, "全帶么") in [(it["id"], it["name"]) for it in score("123m789m111p9s", "9s", melds=["pon 999p"])["items"]]
    assert (68, "斷么") in [(it["id"], it["name"]) for it in score("234m456p678s345s5m", "5m")["items"]]


def test_two_kongs_one_concealed_count_each_kong():
    # the seed text has no combined 明暗槓: 明槓 1 + 暗槓 2
    ans = score("234m6p", "6p", melds=["kan 5555s", "ankan 7777p", "chi 789m"])
    it = items(ans)
    assert it[74] == 1 and it[67] == 1
    assert 57 not in it and 53 not in it


def test_big_four_winds_drops_pungs_and_winds():
    it = items(score("111z222z333z44z55p", "4z", seat="E", round="E"))
    assert 1 in it
    for gone in (38, 48, 60, 61, 73):
        assert gone not in it


def test_three_wind_pungs_hold_their_pungs_of_honours():
    it = items(score("111z222z333z234m5p", "5p", seat="N", round="N"))
    assert it[38] == 1 and 73 not in it
    it = items(score("111z222z333z999m5p", "5p", seat="N", round="N"))
    assert it[38] == 1 and it[73] == 1    # only the 9m pung


def test_seat_and_prevalent_wind_replace_the_pung_of_honours():
    it = items(score("111z234m567p789s5p", "5p", seat="E", round="E"))
    assert it[60] == 1 and it[61] == 1 and 73 not in it
    it = items(score("222z234m567p789s5p", "5p", seat="E", round="E"))
    assert it[73] == 1 and 60 not in it and 61 not in it


def test_seven_pairs_and_the_better_reading():
    it = items(score("1133m5577p99s113z", "3z"))
    assert it[19] == 1 and 79 not in it and 62 not in it
    # 22334455667788p: 連七對 only (清一色, 七對 not counted), 斷么 for 2..8
    assert items(score("2233445566778p", "8p")) == {6: 1, 68: 1}


def test_pure_double_chow_pairs_combine_once():
    # 套算一次: 234567s + 234567p gives 喜相逢 twice and 連六 once, not twice each
    it = items(score("234567s234567p5m", "5m"))
    assert it.get(70, 0) + it.get(71, 0) == 3
    assert it[70] == 2


def test_knitted_straight_with_a_chow_and_a_pair():
    it = items(score("147m258p369s234m5s", "5s"))
    assert it[35] == 1 and it[63] == 1 and it[62] == 1 and it[79] == 1


def test_honours_and_knitted_tiles():
    assert items(score("147m258p369s1234z", "5z")) == {34: 1, 35: 1}
    assert items(score("147m25p3s1234567z", "9s", by="self")) == {20: 1, 80: 1}


def test_seed_wait_examples():
    # 1233 waiting 3: 邊張; 4556 waiting 5: 坎張; 12345 waiting 3 or 6... : none
    assert items(score("1233m111p555s789s", "3m")).get(77) == 1
    assert items(score("4556m111p555s789s", "5m")).get(78) == 1
    it = items(score("12345m11p555s789s", "3m"))
    assert 77 not in it and 78 not in it and 79 not in it
    it = items(score("45567m111p555s99s", "6m"))
    assert 78 not in it


def test_wait_on_a_tile_held_four_times_is_a_single_wait():
    # 2222345s: 5s completes; 2s would be a fifth copy, so the hand waited on one tile
    it = items(score("2222345s", "5s", melds=["kan 8888s", "pon 666s"], by="self"))
    assert it[79] == 1


def test_last_tile_and_kong_context():
    base = "123m456p789s234m5p"
    assert 44 in items(score(base, "5p", by="self", flags=["last_tile"]))
    assert 80 not in items(score(base, "5p", by="self", flags=["last_tile"]))
    assert 45 in items(score(base, "5p", flags=["last_tile"]))
    # 槓上開花 needs a kong; a flower replacement is self-drawn only
    it = items(score("123m456p234m5p", "5p", melds=["ankan 7777s"], by="self", flags=["kong_replacement"]))
    assert it[46] == 1 and 80 not in it
    it = items(score(base, "5p", by="self", flags=["kong_replacement"]))
    assert 46 not in it and it.get(56) == 1
    it = items(score(base, "5p", by="self", flags=["flower_replacement"]))
    assert 46 not in it


def test_robbing_a_kong_is_not_last_of_its_kind():
    it = items(score("123m456p789s23m55p", "4m", by="robkong", flags=["last_of_kind"]))
    assert it[47] == 1 and 58 not in it
    it = items(score("123m456p789s23m55p", "4m", flags=["last_of_kind"]))
    assert it[58] == 1


def test_flowers_count_but_not_towards_eight():
    ans = score("123m567p789s23m55p", "4m", flowers="1f2f3f")
    assert items(ans)[81] == 3
    assert ans["legal"] is False and "8" in ans["reason"]
    assert ans["total"] == sum(it["value"] * it["count"] for it in ans["items"])


def test_unit_cases_agree_with_pymahjonggb():
    cases = [("111z222z333z234m5p", "5p", [], "discard"), ("234567s234567p5m", "5m", [], "discard"),
             ("147m258p369s234m5s", "5s", [], "discard"), ("2233445566778p", "8p", [], "self"),
             ("234m6p", "6p", ["kan 5555s", "ankan 7777p", "chi 789m"], "discard")]
    for hand, win, melds, by in cases:
        req = {"rules": "mcr", "hand": hand, "win": win, "melds": melds, "by": by}
        assert O.ours(contract.score_hand(dict(req))) == O.oracle(req), req


def test_incomplete_hand_is_refused():
    ans = contract.score_hand({"rules": "mcr", "hand": "123m456p789s234m5p", "win": "6p"})
    assert ans["ok"] is False and ans["error"]["code"] == "not_winning"
