"""Random keys into the screens, many more than `make test` types (tests/uifuzz.py): per
ruleset BENCH_FUZZ_KEYS (default 20,000) keys on CPython with odd settings, the journal
replayed through host_tools.table; the same keys on the unix port's compiled screens (the
same journal); BENCH_FUZZ_PICO_KEYS (default 400) on the emulated Pico's keypad.  Prints
the screens reached, the records saved, the slowest key (ms; emulated ms on the Pico).

    .venv/bin/python -m host_tools.bench fuzz"""

import os
import sys
import tempfile
import time

from host_tools import build, paths

RULES = ("mcr", "hk", "tw", "sh")


def main():
    sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
    paths.use_firmware()
    import uifuzz
    n = int(os.environ.get("BENCH_FUZZ_KEYS", "20000"))
    n_pico = int(os.environ.get("BENCH_FUZZ_PICO_KEYS", "400"))
    failed = 0
    print("random keys into the screens, odd settings (tests/uifuzz.py); slowest key in ms")
    print("%-4s %7s %8s %8s %9s %12s %12s" % ("", "keys", "screens", "records", "CPython",
                                              "unix port", "Pico (emu)"))
    device = build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")
    for i, rid in enumerate(RULES):
        seed = 1000 + i
        with tempfile.TemporaryDirectory() as tmp:
            try:
                t = time.perf_counter()
                host = uifuzz.Fuzz(rid, seed, tmp).run(n)
                missing = uifuzz.screens_of(rid) - host.seen
                saved = host.check_journal()
                took = time.perf_counter() - t
                unix = uifuzz.on_unix(host, os.path.join(tmp, "unix"))
                if unix["faults"] or unix["wide"] or unix["records"] != host.records():
                    raise AssertionError("the unix port differs: %r %r" % (unix["faults"], unix["wide"]))
                short = uifuzz.Fuzz(rid, seed, os.path.join(tmp, "pico")).run(n_pico) \
                    if n_pico else None
                pico = "-"
                if short is not None:
                    res = uifuzz.on_pico(short, device)
                    if "Traceback" in res["text"] or res["records"] != short.records() \
                            or [k for k, _, _ in res["keys"]] != [k for k, _ in short.typed]:
                        raise AssertionError("the emulated Pico differs (seed %d)" % seed)
                    pico = "%.0f" % (max(us for _, us, _ in res["keys"]) / 1000)
            except AssertionError as e:
                failed += 1
                print("%-4s FAIL %s" % (rid, str(e)[:2000]), flush=True)
                continue
        print("%-4s %7d %8s %8d %9.0f %12d %12s   (%.0f keys/s on CPython)" % (
            rid, len(host.typed), "all" if not missing else "-%d" % len(missing), saved,
            1000 * host.slowest, unix["slowest_ms"], pico, len(host.typed) / took), flush=True)
    if failed:
        sys.exit("%d ruleset(s) failed the fuzz run" % failed)


if __name__ == "__main__":
    main()
