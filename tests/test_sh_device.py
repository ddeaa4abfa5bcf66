"""Shanghai 敲麻 (sh) on the device: the compiled firmware in the MicroPython unix port, 64 KB
heap, gives the same answers as CPython on a random corpus of complete 14-tile hands with
melds, kongs, flowers, honours, one-suit hands and context words; every answer keeps the
contract's arithmetic, the REPLACES table and 两摸三铳."""

import os
import random

import contract
from corpus import has_kong, heap_figures, host_equals_device, lay_out, random_sets, win_from
from rules import sh

N_HANDS = int(os.environ.get("SH_CORPUS_HANDS", "6000"))


def random_hand(rng):
    suit = rng.randrange(3) if rng.random() < 0.35 else None
    chow_p = 0.0 if rng.random() < 0.25 else 0.55   # a quarter all pungs
    sets, pair, held = random_sets(rng, 4, rng.choice((0.0, 0.15, 0.4, 0.9)), suit, chow_p)
    concealed, melds, kinds = lay_out(rng, sets, pair, rng.choice((0, 0, 0, 1, 2, 3, 4, 4)), held)
    h = win_from(rng, "sh", concealed, melds)
    h["seat"] = rng.choice("ESWN")
    if rng.random() < 0.5:
        fl = rng.sample(range(1, 9), rng.randrange(1, 5))
        h["flowers"] = "".join(str(f) for f in sorted(fl)) + "f"
    flags = []
    if rng.random() < 0.2:
        flags.append("ready_declared")
    if rng.random() < 0.1 and all(k in ("kan", "ankan") for k in kinds):
        flags.append("heavenly_ready")
    if rng.random() < 0.2 and h["by"] == "self" and has_kong(kinds):
        flags.append("kong_replacement")
    if rng.random() < 0.1 and h["by"] == "self" and h.get("flowers"):
        flags.append("flower_replacement")
    if rng.random() < 0.02:   # context that contradicts the hand: bad_field both sides
        flags.append(rng.choice(("heavenly_ready", "kong_replacement", "flower_replacement")))
    if flags:
        h["flags"] = flags
    return h


def n_tiles(h):
    """Tiles of the hand at the win, a kong counted as a set of three (13 + the winning tile)."""
    digits = sum(ch.isdigit() for ch in h["hand"] + h["win"])
    return digits + 3 * len(h["melds"])


def corpus(seed, n):
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


def test_device_agrees_with_cpython_on_a_random_corpus():
    hands = corpus(43, N_HANDS)
    assert all(n_tiles(h) == 14 for h in hands)
    host = host_equals_device(hands)
    scored = [a for a in host if a["ok"]]
    assert len(scored) > 0.9 * len(hands)
    seen = set(it["id"] for a in scored for it in a["items"])
    assert seen == set(e[0] for e in sh.elements()), set(e[0] for e in sh.elements()) - seen
    assert any(not a["legal"] for a in scored) and any(a["legal"] for a in scored)
    assert any(not a["ok"] and a["error"]["code"] == "bad_field" for a in host)


def _hua_without_no_flowers(ans):
    return sum(it.get("hua", 0) for it in ans["items"] if it["id"] != "no_flowers")


def test_corpus_answers_keep_the_arithmetic_the_replaces_table_and_two_mo_three_chong():
    hands = corpus(44, 3000)
    for h in hands:
        ans = contract.score_hand(h)
        if not ans["ok"]:
            continue
        ids = [it["id"] for it in ans["items"]]
        assert len(ids) == len(set(ids))
        hua = sum(it.get("hua", 0) for it in ans["items"])
        mult = 1
        for it in ans["items"]:
            mult *= it.get("multiplier", 1)
        assert (ans["hua"], ans["multiplier"]) == (hua, mult)
        assert ans["total"] == (10 + 10 * hua) * mult
        for big, small in sh.REPLACES:
            assert not (big in ids and small in ids), (h, big, small)
        # 无花果 exactly when nothing else gives 花
        assert ("no_flowers" in ids) == (_hua_without_no_flowers(ans) == 0)
        # flowers are one 花 each
        fl = [it["hua"] for it in ans["items"] if it["id"] == "flower"]
        assert fl == ([len(h["flowers"]) - 1] if h.get("flowers") else [])
        pattern = any("multiplier" in it and it["id"] != "rob_kong" for it in ans["items"])
        if pattern or hua >= 3:
            assert ans["legal"], (h, ans)
        elif hua == 2:
            assert ans["legal"] == (h["by"] == "self"), (h, ans)
        else:
            assert hua == 1 and not ans["legal"], (h, ans)
        assert ("rob_kong" in ids) == (h["by"] == "robkong")


def test_scorer_fits_the_64k_heap_with_room_to_spare(tmp_path):
    hands = [h for h in corpus(45, 300) if contract.score_hand(h)["ok"]]
    before, loaded, worst = heap_figures('sh', hands, tmp_path)
    assert before - loaded < 24 * 1024    # the sh module resident
    assert worst > 16 * 1024              # free after scoring, for the table and the screen
