"""`make bench`: the engine's speed and memory figures, printed, for anyone to re-run.

Times parse + decompose + wait analysis per hand over a fixed set of 14- and 17-tile hands
(one-suit stress shapes included), on the MicroPython unix port and on CPython, with the
flash table and with a plain recursive search in its place; reports the table's size on
flash and in RAM, the heap in use while scoring, the smallest -X heapsize at which the
scoring path still runs from compiled modules, and the smallest at which a long table
session (journal, undo, the heaviest hands) still gives CPython's answers, per ruleset."""

import json
import os
import subprocess
import sys

from host_tools import build, paths

BENCH_DIR = os.path.join(paths.BUILD, "bench")
HERE = os.path.dirname(os.path.abspath(__file__))     # devbench and its hands, run on both


def compile_bench():
    os.makedirs(BENCH_DIR, exist_ok=True)
    for name in ("devbench", "benchhands", "benchsmoke"):
        src = os.path.join(HERE, name + ".py")
        subprocess.run([paths.tool("mpy-cross"), "-o", os.path.join(BENCH_DIR, name + ".mpy"), src], check=True)


def on_device(call, heap):
    """Run module.function(table path) in the unix port from compiled modules only."""
    module = call.split(".")[0]
    code = ("import sys; sys.path[:0] = [%r, %r]; import %s; %s(%r)"
            % (BENCH_DIR, paths.DEVICE, module, call, os.path.join(paths.DEVICE, "dtable.bin")))
    return subprocess.run([paths.tool("micropython"), "-X", "heapsize=" + heap, "-c", code],
                          capture_output=True, text=True)


def smallest_heap():
    import benchhands
    with open(os.path.join(paths.DEVICE, "hands.jsonl"), "w") as f:
        for req, n_sets in benchhands.parsed():
            f.write(json.dumps({"hand": req, "sets": n_sets}) + "\n")
    lo, hi = 4, 64   # KiB: lo fails, hi works
    if on_device("benchsmoke.smoke", "%dk" % hi).stdout.strip() != "ok":
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if on_device("benchsmoke.smoke", "%dk" % mid).stdout.strip() == "ok":
            hi = mid
        else:
            lo = mid
    return hi


def smallest_session_heap(rid, seed=20240):
    """Smallest -X heapsize (KiB) at which a long table session (4 x 30 random events,
    the heaviest hands included; tests/sessiongen.py) gives CPython's answers on the device."""
    sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
    import sessiongen
    lines = "".join(json.dumps(e) + "\n" for e in sessiongen.long_session(rid, seed))

    def run(*args):
        out = subprocess.run([sys.executable, "-m", "host_tools.table"] + list(args), input=lines,
                             capture_output=True, text=True, cwd=paths.ROOT, check=True)
        return [same(json.loads(ln)) for ln in out.stdout.splitlines()]

    def same(ans):   # values compared; a refusal by its code only
        return ans if ans.get("ok") else ans["error"]["code"]

    host = run()
    lo, hi = 32, 96   # KiB: lo fails, hi works
    if run("--device", "--heap", "%dk" % hi) != host:
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if run("--device", "--heap", "%dk" % mid) == host:
            hi = mid
        else:
            lo = mid
    return hi


def on_cpython():
    paths.use_firmware()
    sys.path.insert(0, HERE)
    import devbench
    from io import StringIO
    out, sys.stdout = sys.stdout, StringIO()
    try:
        devbench.main(paths.TABLE, 200)
        text = sys.stdout.getvalue()
    finally:
        sys.stdout = out
    return json.loads(text)


def row(label, r):
    return "  %-34s median %6d us   p99 %6d us   max %6d us   (%d runs)" % (
        label, r["median_us"], r["p99_us"], r["max_us"], r["hands"])


def main():
    build.build_device()
    compile_bench()
    run = on_device("devbench.main", "64k")
    if run.returncode:
        sys.exit("device benchmark failed:\n" + run.stderr + run.stdout)
    dev = json.loads(run.stdout)
    cpy = on_cpython()
    import benchhands
    print("Decompose + wait analysis per hand (parse included), %d hands of 14 and 17 tiles"
          % len(benchhands.HANDS))
    print(row("MicroPython unix port, table", dev["table"]))
    print(row("MicroPython unix port, recursive", dev["recursive"]))
    print(row("CPython, table", cpy["table"]))
    print(row("CPython, recursive", cpy["recursive"]))
    print("Table on flash: %d bytes" % os.path.getsize(paths.TABLE))
    print("Table resident in RAM (index + buffer + object), 64-bit unix port: %d bytes" % dev["table_ram_bytes"])
    print("Heap in use while scoring (modules, table, state): %d bytes" % dev["heap_in_use_bytes"])
    print("Most bytes allocated scoring one hand (GC off): %d bytes" % dev["alloc_per_hand_max_bytes"])
    small = smallest_heap()
    print("Smallest -X heapsize running the scoring path from .mpy: %s" % ("%dk" % small if small else "over 64k"))
    for rid in ("mcr", "tw", "hk", "sh"):
        k = smallest_session_heap(rid)
        print("Smallest -X heapsize for a long %s table session (120 events, heavy hands): %s"
              % (rid, "%dk" % k if k else "over 96k"))
    print()
    subprocess.run([sys.executable, "-m", "host_tools.bench", "mcr"], cwd=paths.ROOT, check=False)
    print()
    subprocess.run([sys.executable, "-m", "host_tools.bench", "riichi"], cwd=paths.ROOT, check=False)
    print()
    subprocess.run([sys.executable, "-m", "host_tools.bench", "pico"], cwd=paths.ROOT, check=False)


if __name__ == "__main__":
    main()
