"""Taiwan 16-tile (tw) on the device: the compiled firmware in the MicroPython unix port,
64 KB heap, gives the same answers as CPython on a random corpus of 17-tile hands with
melds, kongs, flowers, seats, dealers and context words."""

import os
import random

import contract
from corpus import first_turn, has_kong, heap_figures, host_equals_device, lay_out, random_sets, win_from
from rules import tw, tw_exclusions

N_HANDS = int(os.environ.get("TW_CORPUS_HANDS", "10000"))


def random_hand(rng):
    suit = rng.randrange(3) if rng.random() < 0.2 else None
    sets, pair, _ = random_sets(rng, 5, rng.choice((0.0, 0.15, 0.4, 0.8)), suit)
    concealed, melds, kinds = lay_out(rng, sets, pair, rng.choice((0, 0, 0, 1, 2, 3, 5)))
    h = win_from(rng, "tw", concealed, melds)
    h["seat"] = rng.choice("ESWN")
    h["round"] = rng.choice("ESWN")
    if rng.random() < 0.3:
        h["dealer"] = True
        h["seat"] = "E" if rng.random() < 0.97 else "S"
        h["streak"] = rng.choice((0, 0, 1, 2, 3, 7, 18, 19, 30))
    r = rng.random()
    if r < 0.02:
        h["flowers"] = "12345678f"
    elif r < 0.6:
        fl = rng.sample(range(1, 9), rng.randrange(1, 8))
        h["flowers"] = "".join(str(f) for f in sorted(fl)) + "f"
    flags = []
    for word, p in (("last_tile", 0.1), ("ready_declared", 0.1), ("last_of_kind", 0.05)):
        if rng.random() < p:
            flags.append(word)
    if rng.random() < 0.15 and h["by"] == "self" and has_kong(kinds):
        flags.append("kong_replacement")
    if rng.random() < 0.1 and h["by"] == "self" and h.get("flowers"):
        flags.append("flower_replacement")
    first_turn(rng, h, flags, 0.15)
    if rng.random() < 0.02:   # a context word that contradicts the hand
        flags.append(rng.choice(("heavenly", "earthly", "human", "kong_replacement", "flower_replacement")))
    if flags:
        h["flags"] = flags
    return h


def corpus(seed, n):
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


def test_device_agrees_with_cpython_on_a_random_corpus():
    hands = corpus(16, N_HANDS)
    host = host_equals_device(hands)
    # the corpus reaches the table: most hands score, every element shows up
    scored = [a for a in host if a["ok"]]
    assert len(scored) > 0.9 * len(hands)
    seen = set(it["id"] for a in scored for it in a["items"])
    assert seen >= set(e[0] for e in tw.elements()) - {"seven_rob_one"}, \
        set(e[0] for e in tw.elements()) - seen
    assert any(not a["ok"] and a["error"]["code"] == "bad_field" for a in host)


def test_corpus_answers_keep_the_exclusion_table_and_the_totals():
    hands = corpus(17, 3000)
    pairs = [(tw.elements()[r][0], tw.elements()[c][0]) for r, c, _, _ in tw_exclusions.exclusions()]
    for h in hands:
        ans = contract.score_hand(h)
        if not ans["ok"]:
            continue
        ids = [it["id"] for it in ans["items"]]
        assert len(ids) == len(set(ids))
        assert ans["total"] == sum(it["value"] * it["count"] for it in ans["items"])
        for a, b in pairs:
            assert not (a in ids and b in ids), (h, a, b)
        assert ans["legal"]
        if h.get("flowers") == "12345678f":
            assert set(ids) <= {"eight_flowers", "dealer", "streak"}
        if h.get("dealer"):
            dealer = sum(it["value"] * it["count"] for it in ans["items"]
                         if it["id"] in ("dealer", "streak"))
            assert dealer == tw.dealer_tai(h.get("streak", 0))




def test_scorer_fits_the_64k_heap_with_room_to_spare(tmp_path):
    hands = [h for h in corpus(18, 300) if contract.score_hand(h)["ok"]]
    before, loaded, worst = heap_figures('tw', hands, tmp_path)
    assert before - loaded < 16 * 1024    # the tw module resident
    assert worst > 16 * 1024              # free after scoring, for the table and the screen
