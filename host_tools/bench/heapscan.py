"""Each ruleset's long session (tests/sessiongen.long_session) on the unix port at every
heap of a range, 1 KiB apart: per heap, how many answers differ from CPython's (a refusal
compared by its code) and the first events that do.  A least heap is not a smooth figure
(where the free blocks lie decides whether an import finds one), so the whole range is
printed, not a bisection's one figure (docs/memory.md, "Room on the heap").

    python -m host_tools.bench heapscan [--rules mcr,tw,hk,sh,riichi] [--heaps 62-70] [--seed N]
"""

import argparse
import json
import os
import subprocess
import sys

from host_tools import paths


def answers(lines, *args):
    out = subprocess.run([sys.executable, "-m", "host_tools.table"] + list(args), input=lines,
                         capture_output=True, text=True, cwd=paths.ROOT, check=True)
    return [a if a.get("ok") else a["error"]["code"]
            for a in (json.loads(ln) for ln in out.stdout.splitlines())]


def scan(rid, heaps, seed=20240):
    """[(heap KiB, answers that differ, the first of them)] for rid's long session."""
    sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
    import sessiongen
    lines = "".join(json.dumps(e) + "\n" for e in sessiongen.long_session(rid, seed))
    host = answers(lines)
    out = []
    for k in heaps:
        dev = answers(lines, "--device", "--heap", "%dk" % k)
        diff = [i for i, (a, b) in enumerate(zip(host, dev)) if a != b]
        out.append((k, len(diff), diff[:4]))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="mcr,tw,hk,sh,riichi")
    ap.add_argument("--heaps", default="62-70", help="KiB, first-last")
    ap.add_argument("--seed", type=int, default=20240)
    a = ap.parse_args(argv)
    lo, hi = (int(x) for x in a.heaps.split("-"))
    for rid in a.rules.split(","):
        rows = scan(rid, range(lo, hi + 1), a.seed)
        least = None
        for k, n, _ in reversed(rows):
            if n:
                break
            least = k
        print("%-7s least %s | %s" % (rid, "%dk" % least if least else "over %dk" % hi,
              "  ".join("%d:%s" % (k, "ok" if not n else "%d from %d" % (n, first[0]))
                        for k, n, first in rows)), flush=True)


if __name__ == "__main__":
    main()
