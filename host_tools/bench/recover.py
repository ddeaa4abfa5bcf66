"""A table session just short of memory: does it recover?  Each ruleset's long session
(tests/sessiongen.long_session; sh also the session of tests/test_sh_table.py, its
heaviest) runs on the unix port at heap sizes a little under and around the least it
fits in, one device process a run, journalled as on a board.  Whenever the running device
refuses an event for memory, a device restarted from a copy of its journal (what a
referee's restart does) is given the same event: "restart" counts those it accepts.  A
restart has a little more room than the running device even when the session keeps
nothing: its heap is laid out afresh, and holds none of the names (qstrs, never freed)
of the modules loaded since boot, such as the scorer's.  A session that keeps what a
refused event loaded (docs/table.md, "RAM") shows as long streaks of refusals.

    .venv/bin/python -m host_tools.bench recover [--rules sh,mcr,hk,tw] [--step 256]

Per run: the events, those refused for memory, of these the ones a restart accepts, the
longest run of memory refusals in a row, and the faults (no answer: a MemoryError out of
the session, the device process started again)."""

import argparse
import os
import shutil
import sys
import tempfile

from host_tools import build, paths
from host_tools.board.device import FAILED, Device

ENTRY = "import devloop, session; devloop.run(session.Session(%r).handle)"
SEED = 20240
# KiB: each session's window, from under the least heap it fits in (seed 20240 on the
# 64-bit unix port: mcr 68k, hk 64-65k, tw 64k, sh 62k, sh-table 63.4k) to a little over.
WINDOWS = {"mcr": (64, 69), "tw": (60, 65), "hk": (61, 66), "sh": (59, 63), "sh-table": (62, 65)}


def sessions(rules):
    sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
    import sessiongen
    out = []
    for rid in rules:
        out.append((rid, sessiongen.long_session(rid, SEED)))
        if rid == "sh":
            paths.use_firmware()            # test_sh_table imports the scorer's contract
            import test_sh_table
            out.append(("sh-table", test_sh_table.SESSION))
    return out


def memory_refusal(ans):
    return not ans.get("ok") and "memory" in ans.get("error", {}).get("message", "")


def run(events, heap):
    """(events refused for memory, of them accepted by a restart, longest streak, faults:
    events the device answered with no answer of its own, a MemoryError raised out of the
    session included)."""
    folder = tempfile.mkdtemp(prefix="recover-")
    again = tempfile.mkdtemp(prefix="recover-")
    dev = Device(ENTRY % os.path.join(folder, "journal.bin"), heap)
    refused = accepted = streak = longest = faults = 0
    try:
        for ev in events:
            ans = dev.ask(ev)
            faults += ans == FAILED
            if not memory_refusal(ans):
                streak = 0
                continue
            refused += 1
            streak += 1
            longest = max(longest, streak)
            shutil.rmtree(again)
            shutil.copytree(folder, again)
            fresh = Device(ENTRY % os.path.join(again, "journal.bin"), heap)
            try:
                if fresh.ask(ev).get("ok"):
                    accepted += 1
            finally:
                fresh.close()
    finally:
        dev.close()
        shutil.rmtree(folder, True)
        shutil.rmtree(again, True)
    return refused, accepted, longest, faults


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="sh,mcr,hk,tw")
    ap.add_argument("--step", type=int, default=1024, help="bytes between heap sizes")
    args = ap.parse_args()
    build.build_device()
    print("Memory refusals and recovery (unix port, long sessions, %d-byte steps)" % args.step)
    print("  %-9s %7s %6s %8s %6s %7s %7s" % ("session", "heap", "events", "refused", "restart", "streak",
                                           "faults"))
    total = 0
    for name, events in sessions(args.rules.split(",")):
        lo, hi = WINDOWS[name]
        for heap in range(lo * 1024, hi * 1024 + 1, args.step):
            refused, accepted, longest, faults = run(events, str(heap))
            total += faults
            print("  %-9s %7d %6d %8d %6d %7d %7d" % (name, heap, len(events), refused, accepted, longest,
                                                     faults))
            sys.stdout.flush()
    print("Faults: %d (target 0)" % total)


if __name__ == "__main__":
    main()
