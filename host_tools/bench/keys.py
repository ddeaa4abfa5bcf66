"""Keys per tile at the table, per ruleset: the keys host_tools/keys.py gives (from the
status screen through the save key, a held key one), over the tiles of the wins.

    python -m host_tools.bench keys [--hands 2000]

Plain: tests/handgen's random hands (no flowers, no context words).  With flowers and
context words: the wins of tests/uicorpus's legal sessions (each ruleset's device corpus,
as the table accepts them).  Riichi: host_tools/riichi_play's wins with their context in
the proportions of real play.  Beside each, the same hands with every concealed tile typed
one by one (the entry before its held sets).  Printed with them: how many of those wins
have flowers (and how many, on average) and context words; and the same wins with their
flowers drawn as a real table's wall gives them (WALL_P), the words kept."""

import argparse
import os
import random
import sys

from host_tools import keys, paths

N_SETS = {"mcr": 4, "sh": 4, "hk": 5, "tw": 5}
# A real table's flowers: each of the eight is the winner's with the share of the wall its
# hand has seen, its dealt tiles and its draws until the win (about 10): 13 + 10 of 144
# tiles (mcr, sh), 16 + 10 (hk, tw).  About 4 wins in 5 then hold a flower, 1.3-1.4 of
# them on average (docs/keys.md, "The corpora").
WALL_P = {"mcr": 23 / 144, "sh": 23 / 144, "hk": 26 / 144, "tw": 26 / 144}


def proportions(wins):
    """(share with flowers, their mean count, share with context words, their mean count)."""
    import tiles
    fl = [len(tiles.parse(ev["hand"]["flowers"], True)) for ev in wins if ev["hand"].get("flowers")]
    ws = [len(ev["hand"]["flags"]) for ev in wins if ev["hand"].get("flags")]
    return (len(fl) / len(wins), sum(fl) / max(1, len(fl)), len(ws) / len(wins),
            sum(ws) / max(1, len(ws)))


def wall_flowers(wins, rid, rng):
    """The wins with their flowers drawn as the wall gives them (a replacement draw off a
    flower keeps one)."""
    out = []
    for ev in wins:
        fl = [f for f in range(1, 9) if rng.random() < WALL_P[rid]]
        if not fl and "flower_replacement" in (ev["hand"].get("flags") or ()):
            fl = [rng.randrange(1, 9)]
        h = dict(ev["hand"])
        h.pop("flowers", None)
        if fl:
            h["flowers"] = "".join(str(f) for f in fl) + "f"
        out.append(dict(ev, hand=h))
    return out


def hand_tiles(h):
    import tiles            # the firmware's (keys put it on the path)
    return len(tiles.parse(h["hand"])) + 1 + sum(len(tiles.parse(m.split()[1]))
                                                 for m in h.get("melds") or ())


def per_tile(wins, info):
    """Keys per tile over win events."""
    n_keys = n_tiles = 0
    for ev in wins:
        n_keys += keys.count(keys.event_keys(ev, info))
        n_tiles += hand_tiles(ev["hand"])
    return n_keys / n_tiles


def one_by_one(fn):
    """fn() with the encoder typing every concealed tile alone (the figure before)."""
    from ui import entry
    sets = keys.concealed_sets
    keys.concealed_sets = lambda ts: [(t, entry.SINGLE) for t in ts]
    try:
        return fn()
    finally:
        keys.concealed_sets = sets


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2000)
    a = ap.parse_args(argv)
    sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
    from handgen import random_hand
    from uicorpus import legal_session
    print("Keys per tile (status screen through the save key; target <= 1.25 everything "
          "included; before: concealed tiles one by one)")
    for rid in ("mcr", "sh", "hk", "tw"):
        info = keys.ruleset(rid)
        rng = random.Random(6)
        plain = []
        for _ in range(a.hands):
            h = random_hand(rng, N_SETS[rid])
            w = rng.randrange(4)
            plain.append(dict({"event": "win", "winner": w, "hand": h},
                              **({} if h["by"] == "self" else {"from": (w + 1) % 4})))
        events, _ = legal_session(rid, a.hands // 5, seed=11)
        rich = [ev for ev in events if ev["event"] == "win"]
        figs = [per_tile(plain, info), one_by_one(lambda: per_tile(plain, info)),
                per_tile(rich, info), one_by_one(lambda: per_tile(rich, info))]
        print("  %-6s plain %.3f (before %.3f); with flowers and context words %.3f "
              "(before %.3f, %d wins)" % ((rid,) + tuple(figs) + (len(rich),)))
        real = wall_flowers(rich, rid, random.Random(7))
        fl, nfl, ws, nws = proportions(rich)
        rfl, rnfl = proportions(real)[:2]
        print("         those wins: %.0f%% with flowers (%.1f on average), %.0f%% with context "
              "words (%.1f); their flowers as the wall gives them (%.0f%%, %.1f): %.3f"
              % (100 * fl, nfl, 100 * ws, nws, 100 * rfl, rnfl, per_tile(real, info)))
    from host_tools import riichi_play
    ema, ema_declared = riichi_play.keys_per_tile(a.hands, seed=6)
    before = one_by_one(lambda: riichi_play.keys_per_tile(a.hands, seed=6))
    print("  riichi with its context %.3f (before %.3f), %.3f with the riichi declarations' "
          "keys" % (ema, before[0], ema_declared))


if __name__ == "__main__":
    main()
