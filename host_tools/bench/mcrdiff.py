"""Chinese Official scoring against pymahjonggb over many random complete hands: no
mismatch, every element seen by both, how often each context came up, the hands a second.
The test (tests/test_mcr_oracle.py) runs a seeded 20,000.

    python -m host_tools.bench mcrdiff [--hands 100000] [--seed 20240]"""

import sys
import time

from host_tools.bench import sample


def main(argv=None):
    a = sample.options(__doc__, 100000, 20240, argv)
    from mcrdiff import WORDS, differential
    t0 = time.monotonic()
    got = differential(a.hands, a.seed)
    took = time.monotonic() - t0
    missing = set(range(1, 82)) - set(got["oracle_seen"]) | set(range(1, 82)) - set(got["ours_seen"])
    print("Chinese Official against pymahjonggb, seed %d" % a.seed)
    print("  %d hands scored by both in %.1f s (%.0f a second, both scorers), refused %r"
          % (got["scored"], took, got["scored"] / took, dict(got["rejected"])))
    print("  mismatches %d, refusals other than a fifth copy %d, no win for pymahjonggb %d, "
          "told apart by their waits alone %d"
          % (len(got["mismatches"]), len(got["refused"]), len(got["no_oracle"]), got["wait_class"]))
    print("  elements never seen: %s; rarest %r" % (
        sorted(missing) or "none", sorted(got["oracle_seen"].items(), key=lambda kv: kv[1])[:6]))
    print("  rarest contexts %r" % sorted(((w, got["context"][w]) for w in WORDS),
                                          key=lambda kv: kv[1])[:4])
    for m in got["mismatches"][:3]:
        print("  mismatch:", m)
    if got["mismatches"] or got["refused"] or got["no_oracle"] or missing:
        sys.exit(1)


if __name__ == "__main__":
    main()
