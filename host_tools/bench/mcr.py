"""Chinese Official scoring speed: hands per second on CPython beside pymahjonggb (the same
generated hands, the same run, the best of three passes each after a warm-up), and median /
p99 time per hand on the MicroPython unix port with its heap at 64k, timed inside
MicroPython with time.ticks_us.

    .venv/bin/python -m host_tools.bench mcr [--hands 20000] [--device-hands 2000] [--heap 64k]
"""

import argparse
import json
import subprocess
import time

from host_tools import mcr_oracle, paths
from host_tools.board import device

# Runs inside MicroPython: one JSON hand per stdin line, the microseconds spent scoring it
# (parse, analyse, score: the whole contract path) per stdout line.
DEVICE_ENTRY = """
import sys, json, time, gc, contract
while True:
    line = sys.stdin.readline()
    if not line:
        break
    req = json.loads(line)
    gc.collect()
    t0 = time.ticks_us()
    ans = contract.score_hand(req)
    dt = time.ticks_diff(time.ticks_us(), t0)
    sys.stdout.write('%d %d\\n' % (dt, 1 if ans['ok'] else 0))
"""


def cpython(reqs, rounds=3):
    """(hands ours scores, our seconds, pymahjonggb's seconds) over reqs: one pass of each
    to warm up (imports, the host's table caches), then `rounds` passes of each taken in
    turn, the best of each kept (the least disturbed by the machine's other work)."""
    paths.use_firmware()
    import contract

    def ours_pass():
        return sum(1 for r in reqs if contract.score_hand(dict(r))["ok"])

    def theirs_pass():
        for r in reqs:
            mcr_oracle.oracle(r)

    ok = ours_pass()
    theirs_pass()
    ours, theirs = best_of(rounds, ours_pass, theirs_pass)
    return ok, ours, theirs


def best_of(rounds, *passes):
    """Each pass's least seconds over `rounds` rounds, the passes taken in turn (the least
    disturbed by the machine's other work)."""
    best = [float("inf")] * len(passes)
    for _ in range(rounds):
        for i, run in enumerate(passes):
            t0 = time.perf_counter()
            run()
            best[i] = min(best[i], time.perf_counter() - t0)
    return best


def on_device(reqs, heap):
    cmd = device.command(DEVICE_ENTRY, heap)
    out = subprocess.run(cmd, input="".join(json.dumps(r) + "\n" for r in reqs),
                         capture_output=True, text=True, check=True).stdout
    times = []
    for line in out.splitlines():
        dt, ok = line.split()
        if ok == "1":
            times.append(int(dt))
    times.sort()
    return times


def pct(sorted_values, p):
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * p / 100))]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--device-hands", type=int, default=2000)
    ap.add_argument("--heap", default="64k")
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    reqs = mcr_oracle.hands(args.hands, args.seed)
    ok, ours, theirs = cpython(reqs)
    n = len(reqs)
    print("CPython, %d generated hands (%d complete and within the tile limits):" % (n, ok))
    print("  firmware rules.mcr (parse + analyse + score): %8.0f hands/s  (%.1f us/hand)"
          % (n / ours, ours * 1e6 / n))
    print("  pymahjonggb (C++ extension)               : %8.0f hands/s  (%.1f us/hand)"
          % (n / theirs, theirs * 1e6 / n))
    times = on_device(reqs[:args.device_hands], args.heap)
    print("MicroPython unix port, -X heapsize=%s, %d hands scored, ticks_us per hand:" % (args.heap, len(times)))
    print("  median %d us, p99 %d us, max %d us" % (pct(times, 50), pct(times, 99), times[-1]))


if __name__ == "__main__":
    main()
