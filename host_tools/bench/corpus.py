"""The device's scoring over a large random corpus (host_tools.score --device, the unix
port): every complete hand accepted, every incomplete mutation refused with its code, and
the hands a second.  The test (tests/test_score_cli.py) runs a seeded few thousand.

    python -m host_tools.bench corpus [--hands 100000] [--seed 2026]"""

import sys

from host_tools.bench import sample


def main(argv=None):
    a = sample.options(__doc__, 100000, 2026, argv)
    from scorecorpus import on_device
    got = on_device(a.hands, a.seed)
    n = got["hands"] + got["mutants"]
    print("Random corpus on the device (unix port, host_tools.score --device, seed %d)" % a.seed)
    print("  %d complete hands (mcr half, tw half): %d refused" % (got["hands"], len(got["refused"])))
    print("  %d incomplete mutations: %d not refused as not_winning/too_many_copies, "
          "%d not_winning" % (got["mutants"], len(got["wrong"]), got["not_winning"]))
    print("  %d lines in %.1f s: %.0f lines/s" % (n, got["seconds"], n / got["seconds"]))
    for h, ans in (got["refused"] + got["wrong"])[:5]:
        print("  wrong:", h, ans)
    if got["refused"] or got["wrong"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
