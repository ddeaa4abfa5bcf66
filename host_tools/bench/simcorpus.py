"""Random legal hands of each ruleset typed into the simulator (the firmware on the unix
port): the journal equal to the table's states on CPython, keys per tile, time.  The test
(tests/test_sim_corpus.py) types a seeded 250 of each.

    python -m host_tools.bench simcorpus [--hands 1000] [--seed 21] [RULES ...]"""

import sys
import tempfile

from host_tools.bench import sample


def main(argv=None):
    a = sample.options(__doc__, 1000, 21, argv, more=lambda ap: ap.add_argument(
        "rules", nargs="*", default=["mcr", "hk", "tw", "sh"]))
    from simcorpus import differences, typed_into_sim
    print("Keys typed into the simulator (unix port), %d hands a ruleset, seed %d"
          % (a.hands, a.seed))
    bad = 0
    for rid in a.rules:
        with tempfile.TemporaryDirectory() as folder:
            got = typed_into_sim(rid, a.hands, folder, a.seed)
        diff = differences(got)
        bad += len(diff)
        print("  %-4s %.3f keys per tile, %d records, simulator %.1f s, %s" % (
            rid, got["per_tile"], len(got["records"]), got["seconds"],
            "journal = table" if not diff else "%d differences, first %r" % (len(diff), diff[0])))
    if bad:
        sys.exit(1)


if __name__ == "__main__":
    main()
