"""The table issue 31 asks for: at a referee's pace, a key every 200 ms, per ruleset, on the
emulated Pico as .mpy and frozen into the firmware (make firmware BOARD=pico, built when
missing) and on the emulated CircuitPython Pico (the CIRCUITPY bundle): key to screen
drawn (median, max) and score key to review drawn (median, p99, the session's first hand,
the heaviest hands' max), over a legal session of plain hands (tests/handgen) and then the
ruleset's heaviest hands (host_tools/bench/heavyhands), beside the issue's figures and the
targets (docs/bench.md keeps the last run).  The method is host_tools/bench/app.py's (the
application's hooks stamp each key and each screen drawn, in emulated time).

    .venv/bin/python -m host_tools.bench pace [--builds .mpy,frozen,circuitpython]
        [--rules mcr,hk] [--hands 6] [--heavy 2]"""

import os
import statistics

from host_tools import build, paths
from host_tools.bench.app import HOLD_MS, RULES, hands, p99, run

# A referee's pace: a key every PACE_MS (held HOLD_MS), so what the application does in
# the entry's idle time has only what a referee gives it.  Issue 31's figures, measured
# before the display pushed only what changed (.mpy, medians over sessions per ruleset),
# and its heavy hand: a 64-fan Chinese Official hand with four name rows, 176 ms on
# MicroPython, 1,140 ms on CircuitPython.
PACE_MS = 200
BEFORE = {"key": "57-68", "review": "104-114", "first": "216-293", "heavy": "176 MP, 1,140 CP"}
TARGET = {"key": 20, "review": 100, "cp": 2.0}
HEAVY = 2               # the ruleset's heaviest hands typed after the plain ones
BUILDS = (".mpy", "frozen", "circuitpython")


def pace_row(r, heavy=HEAVY):
    """(key median, key max, review median, review p99, review first, heavy review max)
    of a run(), ms: the review's figures over every hand, the heavy ones included."""
    d, s = r["digit_ms"], r["score_ms"]
    return (statistics.median(d), max(d), statistics.median(s), p99(s), s[0],
            max(s[-heavy:]) if heavy else float("nan"))


def pace_job(build_name, uf2, rid, events):
    if build_name == "circuitpython":
        from host_tools.bench import circuitpython
        return circuitpython.run_cp(rid, 0, PACE_MS - HOLD_MS, boot=False, events=events)
    return run(rid, 0, PACE_MS - HOLD_MS, uf2, events=events)


def pace(rules, n, builds=BUILDS, heavy=HEAVY):
    """Key to screen and score key to review at a referee's pace, per ruleset: .mpy,
    frozen into the firmware, and the CircuitPython bundle; two emulators at a time."""
    from concurrent.futures import ThreadPoolExecutor
    uf2s = {".mpy": None, "circuitpython": None}
    if "frozen" in builds:
        from host_tools.board import firmware
        uf2s["frozen"] = firmware.build_firmware("pico")
    if ".mpy" in builds:
        build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")
    if "circuitpython" in builds:
        from host_tools.bench import circuitpython
        circuitpython.drive()                   # built once, before the threads
    jobs = [(name, uf2s[name], rid) for name in builds for rid in rules]
    # the sessions made before the threads (the table's modules on CPython are not shared
    # between threads: they load and forget modules as on a board)
    sessions = {rid: hands(rid, n, heavy) for rid in rules}
    print("a key every %d ms (held %d ms), %d legal hands per ruleset (tests/handgen, plain) "
          "then its %d heaviest (host_tools/bench/heavyhands), emulated Pico, emulated ms; "
          "issue 31 before (.mpy): key %s median, review %s median, first %s; heavy hand %s; "
          "targets: key <= %d median, review <= %d p99 (the first included), CircuitPython "
          "<= %gx MicroPython's .mpy" % (PACE_MS, HOLD_MS, n, heavy, BEFORE["key"],
                                        BEFORE["review"], BEFORE["first"], BEFORE["heavy"],
                                        TARGET["key"], TARGET["review"], TARGET["cp"]),
          flush=True)
    print("%-13s %-4s %20s   %41s" % ("", "", "key -> screen drawn", "score key -> review drawn"))
    print("%-13s %-4s %9s %10s   %9s %9s %10s %10s   %s" % (
        "build", "", "median", "max", "median", "p99", "1st hand", "heavy max", "targets"))
    with ThreadPoolExecutor(2) as ex:
        runs = list(ex.map(lambda j: pace_job(j[0], j[1], j[2], sessions[j[2]]), jobs))
    out = {}
    for (name, _, rid), r in zip(jobs, runs):
        km, kx, rm, rp, rf, rh = row = pace_row(r, heavy)
        out[(name, rid)] = row
        if name == "circuitpython" and (".mpy", rid) in out:
            mp = out[(".mpy", rid)]
            ratio = max(km / mp[0], rp / mp[3], rh / mp[5])
            said = "x%.2f of .mpy at most (key median, review p99, heavy): %s" % (
                ratio, "met" if ratio <= TARGET["cp"] else "MISSED")
        elif name == "circuitpython":
            said = "(no .mpy row in this run to compare with)"
        else:
            ok = km <= TARGET["key"], max(rp, rf) <= TARGET["review"]
            said = "key %s, review %s" % ("met" if ok[0] else "MISSED", "met" if ok[1] else "MISSED")
        print("%-13s %-4s %9.1f %10.1f   %9.1f %9.1f %10.1f %10.1f   %s%s" % (
            name, rid, km, kx, rm, rp, rf, rh, said,
            "" if not r["unreviewed"] else "  (%d score keys drew no review)"
            % len(r["unreviewed"])), flush=True)
    return out


def options(doc, rules, hands, heavy, builds=None):
    """The options of the benches that type the pace's hands (this one, keysteps, cpsteps):
    the rulesets, the plain hands and the heaviest, and where given the builds."""
    import argparse
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    if builds:
        ap.add_argument("--builds", default=builds, help="the builds: .mpy, frozen, circuitpython")
    ap.add_argument("--rules", default=rules)
    ap.add_argument("--hands", type=int, default=hands, help="plain hands per ruleset")
    ap.add_argument("--heavy", type=int, default=heavy,
                    help="the ruleset's heaviest hands typed after the plain ones")
    return ap.parse_args()


def main():
    args = options(__doc__, ",".join(RULES), int(os.environ.get("BENCH_PACE_HANDS", "6")),
                   HEAVY, ",".join(BUILDS))
    pace([r for r in args.rules.split(",") if r], args.hands,
         [b for b in args.builds.split(",") if b], args.heavy)


if __name__ == "__main__":
    main()
