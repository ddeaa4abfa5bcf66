"""What the corpus benchmarks share (corpus, simcorpus, mcrdiff): their options (how many
hands, the seed) and the path to the helpers they share with their tests (tests/*corpus.py,
tests/mcrdiff.py), which judge the same things on a smaller sample."""

import argparse
import os
import sys

from host_tools import paths


def options(doc, hands, seed, argv=None, more=None):
    """The parsed options (--hands, --seed, and what more(parser) adds), the firmware and
    tests/ importable."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=hands)
    ap.add_argument("--seed", type=int, default=seed)
    if more:
        more(ap)
    a = ap.parse_args(argv)
    paths.use_firmware()
    tests = os.path.join(paths.ROOT, "tests")
    if tests not in sys.path:
        sys.path.insert(0, tests)
    return a
