"""Riichi scoring speed: hands per second on CPython beside the reference (PyPI mahjong
2.1.0, pure Python) over the same generated hands with their context (the best of three
passes each after a warm-up), the two answers compared on every hand as the oracle test
does; the keys per tile at the table (host_tools/riichi_play); then median / p99 time per
hand on the MicroPython unix port with its heap at 64k (the emulated Pico's: bench pico).

    .venv/bin/python -m host_tools.bench riichi [--hands 100000] [--device-hands 2000] [--heap 64k]
"""

import argparse
import time

from host_tools import paths, riichi_oracle
from host_tools.bench.mcr import best_of, on_device, pct


def cpython(hands, rounds=3):
    """(our answers, their answers, our seconds, their seconds)."""
    paths.use_firmware()
    import contract
    reqs = [dict(h, rules="riichi") for h in hands]

    def ours_pass():
        return [contract.score_hand(dict(r)) for r in reqs]

    def theirs_pass():
        return [riichi_oracle.reference(h) for h in hands]

    ours_ans = ours_pass()
    theirs_ans = theirs_pass()
    ours, theirs = best_of(rounds, ours_pass, theirs_pass)
    return ours_ans, theirs_ans, ours, theirs


def agree(ans, ref):
    """The oracle test's comparison (tests/test_riichi_oracle.py) for the EMA table: True,
    False, or "yakuman" for the texts' one difference (yakuman not cumulative)."""
    err, han, fu, pts, _ = ref
    if not ans["ok"]:
        return False
    if not ans["legal"]:
        return err == "no_yaku"
    if err:
        return False
    if ans["yakuman"]:
        if han > 13 and ans["total"] * (han // 13) == pts:
            return "yakuman"
        return (ans["han"], ans["total"]) == (han, pts)
    return (ans["han"], ans["fu"], ans["total"]) == (han, fu, pts)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100000)
    ap.add_argument("--device-hands", type=int, default=2000)
    ap.add_argument("--heap", default="64k")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    hands = riichi_oracle.hands(args.seed, args.hands)
    ours_ans, theirs_ans, ours, theirs = cpython(hands, args.rounds)
    n = len(hands)
    verdicts = [agree(a, r) for a, r in zip(ours_ans, theirs_ans)]
    print("CPython, %d generated Riichi hands with their context:" % n)
    print("  firmware rules.riichi (parse + analyse + score): %8.0f hands/s  (%.1f us/hand)"
          % (n / ours, ours * 1e6 / n))
    print("  mahjong 2.1.0 (the reference, pure Python)    : %8.0f hands/s  (%.1f us/hand)"
          % (n / theirs, theirs * 1e6 / n))
    print("  answers: %d the same, %d yakuman not cumulative (RCR 2016 4.2), %d different"
          % (verdicts.count(True), verdicts.count("yakuman"), verdicts.count(False)))
    from host_tools import riichi_play
    ema, ema_declared = riichi_play.keys_per_tile(2000, seed=6)
    red, red_declared = riichi_play.keys_per_tile(2000, seed=6, red_fives=True)
    print("Keys per tile at the table (status screen through the save key, 2000 wins of "
          "host_tools/riichi_play,")
    print("  context in the proportions of real play; target <= 1.25):")
    print("  EMA / WRC (no red fives): %.3f, %.3f with the riichi declarations' keys"
          % (ema, ema_declared))
    print("  three red fives         : %.3f, %.3f with the riichi declarations' keys"
          % (red, red_declared))
    if args.device_hands:
        reqs = [dict(h, rules="riichi") for h in hands[:args.device_hands]]
        times = on_device(reqs, args.heap)
        print("MicroPython unix port, -X heapsize=%s, %d hands scored, ticks_us per hand:"
              % (args.heap, len(times)))
        print("  median %d us, p99 %d us, max %d us" % (pct(times, 50), pct(times, 99), times[-1]))


if __name__ == "__main__":
    main()
