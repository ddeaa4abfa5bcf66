"""Chinese Official scoring against an independent implementation (PyPI pymahjonggb) over
20,000 random complete hands (seeded), biased so that every element comes up (every one
has by hand 5,000 of this seed; the 100,000 of before: `python -m host_tools.bench mcrdiff`).

Totals and element lists must be identical, with two documented differences
(docs/rules/mcr.md), both recognised from the hand's shape, never from the answers:
- 明暗槓: pymahjonggb's combined element (5) is 明槓 1 + 暗槓 2 here (translated in
  host_tools.mcr_oracle.oracle);
- hands whose set of waited tiles is unique by one count and not by the other (a wait on
  a tile the winner holds all four of; a knitted or thirteen-orphans wait): compared without
  邊張 / 坎張 / 單釣將."""

import os

from mcrdiff import WORDS, differential

N_HANDS = int(os.environ.get("MCR_ORACLE_HANDS", "20000"))
SEED = 20240


def test_differential_against_pymahjonggb():
    got = differential(N_HANDS, SEED)
    assert got["refused"] == [], got["refused"][:3]
    assert got["no_oracle"] == [], ("pymahjonggb finds no win", got["no_oracle"][:3])
    mismatches = got["mismatches"]
    assert not mismatches, "%d mismatches, first: %r" % (len(mismatches), mismatches[:3])
    everything = set(range(1, 82))
    oracle_seen, ours_seen = got["oracle_seen"], got["ours_seen"]
    assert everything - set(oracle_seen) == set(), "pymahjonggb never gave %r" % sorted(everything - set(oracle_seen))
    assert everything - set(ours_seen) == set(), "never scored %r" % sorted(everything - set(ours_seen))
    for word in WORDS:
        assert got["context"][word] > 100, word
    # the shape-recognised wait difference stays a small corner
    assert got["wait_class"] < N_HANDS // 200
    print("scored %d, refused %r, wait-count class %d, rarest elements %r"
          % (got["scored"], dict(got["rejected"]), got["wait_class"],
             sorted(oracle_seen.items(), key=lambda kv: kv[1])[:6]))
