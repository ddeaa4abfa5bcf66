"""The engine's verdict on every single-suit vector (0..4 of each rank, at most 17 tiles:
886,400 of them) against an independent recursive judge.  The test
(tests/test_tables.py) checks every vector of up to 8 tiles and a seeded 40,000 larger.

    python -m host_tools.bench suits"""

import sys
import time

from host_tools import paths
from host_tools.bench import sample


def main(argv=None):
    sample.options(__doc__, 0, 0, argv)        # the firmware and tests/ importable
    import dtable
    from suitsweep import ALL_VECTORS, check, every_vector
    t0 = time.monotonic()
    try:
        checked = check(every_vector(), dtable.Table(paths.TABLE))
    except AssertionError as e:
        print("suits: the engine and the judge disagree on %s" % e)
        sys.exit(1)
    took = time.monotonic() - t0
    print("suits: %d single-suit vectors, the engine's verdict equal to the judge's, %.1f s"
          % (checked, took))
    if checked != ALL_VECTORS:
        print("suits: %d vectors, %d expected" % (checked, ALL_VECTORS))
        sys.exit(1)


if __name__ == "__main__":
    main()
