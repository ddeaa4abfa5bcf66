"""Random keys into the screens on CPython, every ruleset, odd settings (tests/uifuzz.py):
every screen reached, every key answered within a bound, nothing raised, no row wider
than the screen, the journal what host_tools.table gives.  A failure prints its seed and
its keys.  (`make bench` types many more.)"""

import pytest

import uifuzz

KEYS = 1500             # per ruleset: a few thousand in all keeps `make test` short


@pytest.mark.parametrize("rid,seed", [("mcr", 1), ("hk", 2), ("tw", 3), ("sh", 4)])
def test_random_keys_reach_every_screen_and_never_hang(rid, seed, tmp_path):
    f = uifuzz.Fuzz(rid, seed, str(tmp_path)).run(KEYS)
    missing = uifuzz.screens_of(rid) - f.seen
    assert not missing, "screens never reached: %s (seed %d)" % (
        sorted(uifuzz.NAMES.get(m, m) for m in missing), seed)
    saved = f.check_journal()
    print("%s: %d keys, %d records saved, slowest key %.0f ms" % (
        rid, len(f.typed), saved, 1000 * f.slowest))
    assert saved > 2
