"""Random legal hands of a ruleset (tests/uicorpus, plain), turned into keys by
host_tools.keys and typed into the simulator (the firmware in the MicroPython unix port,
host_tools.sim): the journal it saves, beside the events and the table's answers on CPython.
The test (tests/test_sim_corpus.py) types a seeded sample; `python -m host_tools.bench
simcorpus` the 1,000 hands of each ruleset, with their keys per tile and time."""

import json
import os
import subprocess
import sys
import time

import tiles
from host_tools import keys, paths
from uicorpus import legal_session


def hand_tiles(h):
    return len(tiles.parse(h["hand"])) + 1 + sum(len(tiles.parse(m.split()[1]))
                                                 for m in h.get("melds") or [])


def typed_into_sim(rid, n_hands, folder, seed=21):
    """{events, answers, records (version 2's, their states replayed), per_tile, seconds,
    returncode, stderr}: n_hands typed into one simulator run."""
    events, answers = legal_session(rid, n_hands, seed=seed, plain=True)
    typed = []
    n_keys = n_tiles = 0
    # the simulator's --rules made the first start
    for ev, ks in zip(events[1:], keys.session_keys(events, rid)[1:]):
        typed.append(ks)
        if ev["event"] == "win":
            n_keys += keys.count(ks)
            n_tiles += hand_tiles(ev["hand"])
    journal = os.path.join(folder, "journal.jsonl")
    t0 = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "host_tools.sim", "--rules", rid,
                          "--keys", "".join(typed), "--quiet", "--journal", journal,
                          "--state", os.path.join(folder, "board")],
                         capture_output=True, text=True, cwd=paths.ROOT, timeout=600)
    seconds = time.monotonic() - t0
    records = []
    if out.returncode == 0:
        from host_tools import journalview     # version 2's records, their states replayed
        with open(journal) as f:
            raw = [json.loads(line) for line in f.read().splitlines()]
        records = [dict(rec, seq=seq) for seq, rec in journalview.whole(
            [(r["seq"], r) for r in raw])]
    return dict(events=events, answers=answers, records=records, per_tile=n_keys / n_tiles,
                seconds=seconds, returncode=out.returncode, stderr=out.stderr)


STATE = ("hand_no", "dealer", "streak", "huang", "scores", "deltas")


def differences(got):
    """Where the journal differs from the table: [] when every record is the event typed
    with the table's state after it."""
    records, events, answers = got["records"], got["events"], got["answers"]
    if got["returncode"] != 0:
        return [("simulator failed", got["stderr"][-3000:])]
    out = []
    if [r["seq"] for r in records] != list(range(1, len(records) + 1)):
        out.append(("seqs", [r["seq"] for r in records]))
    if len(records) != len(events):
        out.append(("records", len(records), len(events)))
    for rec, ev, want in zip(records, events, answers):
        if rec["event"]["event"] != ev["event"]:
            out.append((rec["seq"], "event", rec["event"]["event"], ev["event"]))
            continue
        got_state = {k: rec["state"][k] for k in STATE}
        if got_state != {k: want[k] for k in STATE}:
            out.append((rec["seq"], "state", got_state, ev))
        if ev["event"] == "win" and (rec["event"]["winner"] != ev["winner"]
                                     or rec["event"].get("from") != ev.get("from")):
            out.append((rec["seq"], "winner", rec["event"], ev))
    return out
