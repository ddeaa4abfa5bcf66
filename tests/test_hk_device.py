"""Hong Kong 16-tile (hk) on the device: the compiled firmware in the MicroPython unix port,
64 KB heap, gives the same answers as CPython on a random corpus of complete 17-tile hands
(melds, kongs, flowers, seats, dealers, context words, 嚦咕 / 十三么 / 十六不搭 shapes), and
every answer keeps the invariants: total = sum of value x count, no excluded pair together."""

import os
import random

import contract
from corpus import first_turn, has_kong, heap_figures, host_equals_device, lay_out, random_sets, win_from
from rules import hk_data

N_HANDS = int(os.environ.get("HK_CORPUS_HANDS", "5000"))
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def special_concealed(rng):
    """17 concealed tiles of a special shape: 嚦咕, 十三么 or 十六不搭."""
    kind = rng.randrange(3)
    if kind == 0:
        while True:
            ts = [rng.randrange(34) for _ in range(7)]
            p = rng.randrange(34)
            c = [0] * 34
            for t in ts:
                c[t] += 2
            c[p] += 3
            if max(c) <= 4:
                return sorted(t for t in range(34) for _ in range(c[t]))
    if kind == 1:
        o = rng.choice(ORPHANS)
        t = rng.randrange(34)
        extra = [t] * 3 if t >= 27 or rng.random() < 0.5 or t % 9 > 6 else [t, t + 1, t + 2]
        out = sorted(list(ORPHANS) + [o] + extra)
        return out if max(out.count(x) for x in out) <= 4 else special_concealed(rng)
    knits = ((0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (0, 3, 7), (1, 5, 8), (0, 4, 7))
    out = list(range(27, 34))
    for s in range(3):
        out += [s * 9 + r for r in rng.choice(knits)]
    out.append(rng.choice(out) if rng.random() < 0.3 else 27 + rng.randrange(7))
    return sorted(out)


def random_hand(rng):
    melds = []
    kinds = []
    if rng.random() < 0.1:
        concealed = special_concealed(rng)
    else:
        suit = rng.randrange(3) if rng.random() < 0.25 else None
        sets, pair, _ = random_sets(rng, 5, rng.choice((0.0, 0.1, 0.3, 0.7)), suit,
                                    rng.choice((0.2, 0.55, 0.9)), 0.25)
        concealed, melds, kinds = lay_out(rng, sets, pair, rng.choice((0, 0, 0, 1, 2, 3, 5)))
    h = win_from(rng, "hk", concealed, melds, 0.0)
    h["seat"] = rng.choice("ESWN")
    h["round"] = rng.choice("ESWN")
    if rng.random() < 0.3:
        h["dealer"] = True
        h["seat"] = "E" if rng.random() < 0.97 else "S"
        h["streak"] = rng.choice((0, 0, 1, 2, 3, 7, 30, 200))
    if rng.random() < 0.6:
        fl = rng.sample(range(1, 9), rng.randrange(1, 9))
        h["flowers"] = "".join(str(f) for f in sorted(fl)) + "f"
    flags = []
    for word, p in (("last_tile", 0.08), ("ready_declared", 0.15), ("last_of_kind", 0.05),
                    ("true_last", 0.05), ("within_4", 0.03), ("within_7", 0.03),
                    ("within_10", 0.03), ("fanxue", 0.03), ("fanxue_big", 0.02)):
        if rng.random() < p:
            flags.append(word)
    if "ready_declared" in flags:
        for word in ("ready_immediate", "heavenly_ready", "earthly_ready"):
            if rng.random() < 0.15:
                flags.append(word)
    if h["by"] != "self":
        for word in ("double_win", "triple_win", "ready_deal_in"):
            if rng.random() < 0.05:
                flags.append(word)
    if h["by"] == "self":
        if rng.random() < 0.2 and has_kong(kinds):
            flags.append("kong_replacement")
        if rng.random() < 0.15 and h.get("flowers"):
            flags.append("flower_replacement")
        if ("kong_replacement" in flags or "flower_replacement" in flags) and rng.random() < 0.4:
            flags.append("chain_%d" % rng.randrange(2, 13))
    first_turn(rng, h, flags, 0.1)
    if rng.random() < 0.02:   # a context word that contradicts the hand
        flags.append(rng.choice(("heavenly", "human", "kong_replacement", "ready_immediate",
                                 "double_win", "chain_3")))
    if flags:
        h["flags"] = flags
    return h


def corpus(seed, n):
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


def check_answer(h, ans, pairs):
    ids = [it["id"] for it in ans["items"]]
    assert len(ids) == len(set(ids)), (h, ids)
    assert ans["total"] == sum(it["value"] * it["count"] for it in ans["items"]), h
    assert ans["legal"] is True and ans["unit"] == "fan" and ans["rules"] == "hk"
    for a, b in pairs:
        assert not (a in ids and b in ids), (h, a, b)
    for it in ans["items"]:
        assert it["count"] >= 1 and it["value"] >= 1
        assert it.get("bonus", False) == (hk_data.elements()[hk_data.index(it["id"])][3] == "B")
    if h.get("dealer"):
        assert {"id": "dealer", "name": "莊連拉", "value": 1,
                "count": 2 * h.get("streak", 0) + 1} in ans["items"]


# Pairs of elements that never stand together: the exclusion table, plus the 小/大 and
# 明/暗 variants of one element and the alternatives the text lists with "/".
ALTERNATIVES = (
    ("small_dragons", "big_dragons"), ("small_three_winds", "big_three_winds"),
    ("small_four_winds", "big_four_winds"), ("small_three_winds", "small_four_winds"),
    ("all_big", "all_small"), ("mixed_big", "mixed_small"), ("mixed_x1", "mixed_x2"),
    ("mixed_x2", "mixed_x3"), ("mixed_x1", "mixed_x3"), ("mixed_outside", "pure_outside"),
    ("mixed_odd", "mixed_even"), ("all_odd", "all_even"), ("mixed_odd", "all_odd"),
    ("mixed_terminals", "pure_terminals"), ("two_ranks", "three_ranks"),
    ("one_high", "two_high"), ("meet", "double_meet"), ("old_young", "double_old_young"),
    ("half_flush", "full_flush"), ("chicken", "chicken_self"), ("lique_eight", "lique_single"),
    ("big_five_doors", "small_five_doors"), ("big_seven_doors", "small_seven_doors"),
    ("hidden_2", "hidden_3"), ("hidden_3", "hidden_4"), ("hidden_4", "hidden_5"),
    ("old_young_pungs", "two_old_young_pungs"), ("all_melded", "half_melded"),
    ("last_draw", "last_discard"), ("double_win", "triple_win"), ("single", "false_single"),
    ("self_drawn", "all_melded"), ("ready", "concealed_ready"), ("fanxue", "fanxue_big"),
    ("orphans", "lique_eight"), ("orphans", "unrelated"), ("unrelated", "lique_single"),
)


def test_device_agrees_with_cpython_on_a_random_corpus():
    hands = corpus(16, N_HANDS)
    host = host_equals_device(hands, "66k")     # docs/memory.md, "The merged tree's heaps"
    scored = [a for a in host if a["ok"]]
    assert len(scored) > 0.9 * len(hands)
    assert any(not a["ok"] and a["error"]["code"] == "bad_field" for a in host)
    seen = set(it["id"] for a in scored for it in a["items"])
    # the corpus reaches most of the table
    assert len(seen) > 120, sorted(set(e[0] for e in hk_data.elements()) - seen)
    for sid in ("lique_eight", "lique_single", "orphans", "unrelated", "chicken", "huazi"):
        assert sid in seen, sid


def test_corpus_answers_keep_the_invariants():
    hands = corpus(17, 2000)
    pairs = hk_data.exclusions() + list(ALTERNATIVES)
    n = 0
    for h in hands:
        ans = contract.score_hand(h)
        if ans["ok"]:
            check_answer(h, ans, pairs)
            n += 1
    assert n > 1700


def test_scorer_fits_the_64k_heap(tmp_path):
    hands = [h for h in corpus(18, 300) if contract.score_hand(h)["ok"]]
    before, loaded, worst = heap_figures('hk', hands, tmp_path)
    assert before - loaded < 24000        # the ruleset's resident modules
    assert worst > 8000                   # room left while scoring
