"""Key encoder -> simulator -> journal: random legal hands of each ruleset (tests/handgen's,
those the table accepts), turned into keys by host_tools.keys, typed into the real firmware (compiled, in the MicroPython unix
port, host_tools.sim), give exactly the table states host_tools.table's engine gives for
the same events; a fresh session every 16 hands for mcr.  Prints keys per tile."""

import json
import os
import subprocess
import sys

import pytest

import tiles
from host_tools import keys, paths
from uicorpus import legal_session

N_HANDS = int(os.environ.get("SIM_CORPUS_HANDS", "1000"))
STATE = ("hand_no", "dealer", "streak", "huang", "scores", "deltas")


def hand_tiles(h):
    return len(tiles.parse(h["hand"])) + 1 + sum(len(tiles.parse(m.split()[1]))
                                                 for m in h.get("melds") or [])


@pytest.mark.parametrize("rid", ["mcr", "hk", "tw", "sh"])
def test_keys_typed_into_the_simulator_journal_what_the_table_gives(rid, tmp_path):
    events, answers = legal_session(rid, N_HANDS, seed=21, plain=True)
    typed = []
    n_keys = n_tiles = 0
    # the simulator's --rules made the first start
    for ev, ks in zip(events[1:], keys.session_keys(events, rid)[1:]):
        typed.append(ks)
        if ev["event"] == "win":
            n_keys += keys.count(ks)
            n_tiles += hand_tiles(ev["hand"])
    per_tile = n_keys / n_tiles
    print("%s: %d hands, %.3f keys per tile" % (rid, N_HANDS, per_tile))
    assert per_tile <= 1.3
    journal = tmp_path / "journal.jsonl"
    out = subprocess.run([sys.executable, "-m", "host_tools.sim", "--rules", rid,
                          "--keys", "".join(typed), "--quiet", "--journal", str(journal),
                          "--state", str(tmp_path / "board")],
                         capture_output=True, text=True, cwd=paths.ROOT, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    from host_tools import journalview     # version 2's records, their states replayed
    records = [dict(rec, seq=seq) for seq, rec in journalview.whole(
        [(r["seq"], r) for r in (json.loads(line) for line in journal.read_text().splitlines())])]
    assert [r["seq"] for r in records] == list(range(1, len(records) + 1))
    assert len(records) == len(events), (len(records), len(events))
    for rec, ev, want in zip(records, events, answers):
        assert rec["event"]["event"] == ev["event"]
        got = {k: rec["state"][k] for k in STATE}
        assert got == {k: want[k] for k in STATE}, (rec["seq"], ev)
        if ev["event"] == "win":
            assert rec["event"]["winner"] == ev["winner"] and rec["event"].get("from") == ev.get("from")
