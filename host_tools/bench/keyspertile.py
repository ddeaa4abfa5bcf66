"""Keys per tile: the keys a referee types for a win (from the status screen through the
save key, host_tools/keys) over the hand's tiles, per ruleset, over the same hands in two
mixes (issue 31's target: at most 1.3 with everything included):

  * without: tests/handgen's random hands (no flowers, no context words), the hands the
    keys tests count (tests/test_keys.py);
  * with: each ruleset's device corpus (tests/uicorpus: flowers, context words, robbed
    kongs, in its generator's proportions, printed beside), which has more of both than
    an event: Chinese Official 40 % of wins with flowers, 25 % with context words.

Where the keys go is printed too, per tile: the winner's key, the tiles (suit keys and
melds included), the flowers, the context words, the from screen and the save.

    .venv/bin/python -m host_tools.bench keyspertile [--hands 600]"""

import argparse
import os
import sys

from host_tools import keys, paths

RULES = ("mcr", "hk", "tw", "sh")


def hand_tiles(h):
    import tiles
    return (len(tiles.parse(h["hand"])) + 1
            + sum(len(tiles.parse(m.split()[1])) for m in h.get("melds") or []))


def count(rid, events):
    """(keys per tile, {part: keys per tile}, wins, wins with flowers, with words)."""
    import tiles
    info = keys.ruleset(rid)
    counted = rid in keys.keymap.COUNTED_FLOWERS
    n_keys = n_tiles = wins = fl = fw = 0
    parts = dict.fromkeys(("winner", "tiles", "flowers", "words", "from+save"), 0)
    for ev in events:
        if ev["event"] != "win":
            continue
        h = ev["hand"]
        ks = keys.event_keys(ev, info)
        tk = keys.tile_keys(h, info[0], counted)
        wins += 1
        n_keys += len(ks)
        n_tiles += hand_tiles(h)
        flowers = 0
        if h.get("flowers"):
            fl += 1
            flowers = 1 + (1 if counted else len(tiles.parse(h["flowers"], True)))
        fw += bool(h.get("flags"))
        last = 2 + (h.get("by") == "robkong")   # from (or the winner again), save
        parts["winner"] += 1
        parts["tiles"] += len(tk) - flowers
        parts["flowers"] += flowers
        parts["from+save"] += last
        parts["words"] += len(ks) - 1 - len(tk) - last
    return (n_keys / n_tiles, {k: v / n_tiles for k, v in parts.items()}, wins, fl, fw)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=600)
    args = ap.parse_args()
    paths.use_firmware()
    sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
    from uicorpus import legal_session
    print("keys per tile, %d accepted wins per ruleset and mix (target <= 1.3 with "
          "everything; issue 31 before: mcr 1.32 with flowers and context words, 1.25 "
          "without)" % args.hands)
    for rid in RULES:
        for mix, plain in (("without", True), ("with", False)):
            events, _ = legal_session(rid, args.hands, seed=21, plain=plain)
            per, parts, wins, fl, fw = count(rid, events)
            print("  %-4s %-7s %.3f  (%s; wins with flowers %d %%, with context words %d %%)"
                  % (rid, mix, per, ", ".join("%s %.3f" % kv for kv in parts.items()),
                     100 * fl // wins, 100 * fw // wins), flush=True)


if __name__ == "__main__":
    main()
