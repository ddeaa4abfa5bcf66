"""Key encoder -> simulator -> journal: random legal hands of each ruleset (tests/handgen's,
those the table accepts), turned into keys by host_tools.keys, typed into the real firmware (compiled, in the MicroPython unix
port, host_tools.sim), give exactly the table states host_tools.table's engine gives for
the same events; a fresh session every 16 hands for mcr.  Prints keys per tile.
A seeded sample of each ruleset; the 1,000 hands of each: `python -m host_tools.bench simcorpus`."""

import os

import pytest

from simcorpus import differences, typed_into_sim

N_HANDS = int(os.environ.get("SIM_CORPUS_HANDS", "250"))


@pytest.mark.parametrize("rid", ["mcr", "hk", "tw", "sh"])
def test_keys_typed_into_the_simulator_journal_what_the_table_gives(rid, tmp_path):
    got = typed_into_sim(rid, N_HANDS, str(tmp_path))
    print("%s: %d hands, %.3f keys per tile" % (rid, N_HANDS, got["per_tile"]))
    assert got["per_tile"] <= 1.3
    assert got["returncode"] == 0, got["stderr"][-3000:]
    assert len(got["records"]) == len(got["events"]), (len(got["records"]), len(got["events"]))
    assert differences(got) == []
