"""Taiwan 16-tile (tw): cases built from shared/rules/taiwan-16.txt, each a whole hand with
its context and the items and total the text gives."""

import contract


def score(hand, win, **kw):
    req = {"rules": "tw", "hand": hand, "win": win}
    req.update(kw)
    return contract.score_hand(req)


def named(ans):
    """{name: value * count}, after checking total = sum of value * count."""
    assert ans["ok"], ans
    got = {it["name"]: it["value"] * it["count"] for it in ans["items"]}
    assert ans["total"] == sum(got.values())
    return got


# with a 9p kong (or pung) as its fifth set: 456m 99m 234s 789s, 67s waiting on 5s or 8s
BASE = "45699m23467789s"


def test_kong_bloom_after_a_kong_claimed_from_a_discard_is_not_counted():
    # 槓上開花: 因自己摸到花牌或明槓（本身已碰牌，自己摸起來槓的）或暗槓而補牌 -- a kong
    # claimed from a discard (kan) is none of these
    ans = score(BASE, "5s", by="self", melds=["kan 9999p"], flags=["kong_replacement"])
    assert named(ans) == {"自摸": 1}


def test_kong_bloom_after_an_added_or_concealed_kong():
    ans = score(BASE, "5s", by="self", melds=["addkan 9999p"], flags=["kong_replacement"])
    assert named(ans) == {"自摸": 1, "槓上開花": 1}
    ans = score(BASE, "5s", by="self", melds=["ankan 9999p"], flags=["kong_replacement"])
    assert named(ans) == {"門清自摸": 3, "槓上開花": 1}


def test_kong_bloom_with_a_claimed_and_an_added_kong():
    # which kong was last is not told: an added kong among the melds gives 槓上開花
    ans = score("45699m234s67s", "5s", by="self", melds=["kan 9999p", "addkan 1111s"],
                flags=["kong_replacement"])
    assert named(ans) == {"自摸": 1, "槓上開花": 1}


def test_heavenly_hand_has_no_single_wait():
    # 天胡: complete as dealt, the dealer never waited; which tile is entered as `win`
    # changes nothing
    for hand, win in (("123456789m123456p3s", "3s"), ("123456789m12345p33s", "6p")):
        ans = score(hand, win, by="self", dealer=True, flags=["heavenly"])
        assert named(ans) == {"莊家": 1, "天胡": 16}, (hand, win)


def test_earthly_hand_keeps_its_single_wait():
    # 地胡: the non-dealer was dealt 16 tiles and waited on the first draw
    ans = score("123456789m123456p3s", "3s", by="self", flags=["earthly"])
    assert named(ans) == {"地胡": 16, "獨聽": 1}
