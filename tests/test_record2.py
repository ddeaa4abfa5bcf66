"""Version-2 journal records (firmware/lib/table/record2.py; docs/upload.md): what the
organiser's replay reads of one is what the version-1 record said (event, payments,
undoes); the state's digest is the same on the device (the MicroPython unix port) as on
CPython; a Chinese Official win is under 160 bytes on flash on average, every record
several times smaller than in version 1."""

import json
import random

import pytest

import device_script
import record_sizes
from host_tools import paths


@pytest.mark.parametrize("rid", ("mcr", "hk", "tw", "sh"))
def test_the_organiser_reads_what_version_1_said(rid, tmp_path):
    import organiser_fixtures
    import sessiongen
    evs = sessiongen.random_session(random.Random(3), rid, 120)
    recs = organiser_fixtures.play(evs, str(tmp_path))
    paths.use_firmware()
    import record2
    assert len(recs) > 20
    for r in recs:
        v2 = json.loads(json.dumps(record2.encode(r, [100, "ab12"])))
        got = record2.v1_view(v2)
        assert got["event"] == r["event"]
        if r["event"]["event"] == "undo":
            assert got["undoes"] == r["undoes"]
        else:
            assert got["payments"] == (r.get("payments") or [0, 0, 0, 0])
        assert v2["d"] == record2.digest(r["state"]) and v2["c"] == [100, "ab12"]


DIGEST = r"""
import sys, json
sys.path[:0] = [%(folder)r]
import record2
print("RESULT " + json.dumps([record2.digest(s) for s in %(states)r]))
"""


def test_the_digest_is_the_same_on_the_device():
    import organiser_fixtures
    import sessiongen
    recs = organiser_fixtures.play(sessiongen.random_session(random.Random(5), "hk", 40))
    states = [r["state"] for r in recs if r.get("state")][:12]
    paths.use_firmware()
    import record2
    want = [record2.digest(s) for s in states]
    assert len(set(want)) > 3
    assert device_script.run(DIGEST, states=states) == want


def test_records_are_small():
    for rid in ("mcr", "hk", "tw", "sh"):
        s = record_sizes.sizes(rid)
        wins = [b for _, b in s["win"]]
        others = [b for _, b in s["other"]]
        if rid == "mcr":
            assert sum(wins) / len(wins) < 160, wins
        assert max(wins) < 200 and sum(others) / len(others) < 100
        for v1, v2 in s["win"] + s["other"]:
            assert v2 < v1


@pytest.mark.parametrize("rid", ("mcr", "hk"))
def test_an_upload_of_version_2_records_counts_as_version_1(rid, tmp_path):
    """One session uploaded by table 1's device as version-1 records and by table 2's as
    version-2 records: the organiser stores and scores both alike (each record's status
    and what counts), keeps the version-2 digest and clock, and takes an identical resend
    of version-2 records as the same records."""
    from fastapi.testclient import TestClient
    from organiser.app import create_app
    import organiser_fixtures as of
    import sessiongen
    db = str(tmp_path / "o.db")
    ev = of.setup_event(db, rules=rid, n_tables=3)
    # started as the organiser starts it (dealer 0: its seating's East), so the digests
    # are compared
    evs = sessiongen.random_session(random.Random(11), rid, 60)
    evs[0] = dict(evs[0], dealer=0, settings={})
    recs = of.play(evs, str(tmp_path))
    assert len(recs) > 20
    paths.use_firmware()
    import record2
    v2 = [dict({"seq": r["seq"]}, **record2.encode(r, [1800 - r["seq"], "00ff"])) for r in recs]
    d1, d2, d3 = ev["devices"]
    # table 3's device: the same records, but its state after one hand not the table's
    k = next(i for i, r in enumerate(recs) if i > 3 and r["event"]["event"] in ("draw", "win")
             and r["seq"] == i + 1)
    bad = [dict(r) for r in v2]
    bad[k]["d"] = "00000000"
    app = create_app(db)
    with TestClient(app) as c:
        assert d1.upload(c, of.journal_id(1), recs).json()["acked"] == len(recs)
        r = d2.upload(c, of.journal_id(2), v2)
        assert r.status_code == 200, of.query(db, "SELECT detail FROM refused")
        assert r.json()["acked"] == len(recs)
        assert d3.upload(c, of.journal_id(3), bad).json()["acked"] == len(recs)
        again = d2.upload(c, of.journal_id(2), v2[:10])          # a resend
        assert again.status_code == 200 and again.json()["acked"] == len(recs)
        of.scored(c)
    got = {}
    for dev, seq, status, pays, body in of.query(
            db, "SELECT r.device, r.seq, x.status, r.payments, r.body FROM records r JOIN "
                "replayed x USING (device, journal, seq) ORDER BY r.seq"):
        got.setdefault(dev, []).append((seq, status, pays))
        if dev == d2.id:
            b = json.loads(body)
            assert b["clock"] == [1800 - seq, "00ff"] and len(b["digest"]) == 8
    assert len(got[d1.id]) == len(recs) and got[d1.id] == got[d2.id]
    # the record whose digest differs is held, the rest as the others
    seq = bad[k]["seq"]
    assert [g for g in got[d3.id] if g[0] != seq] == [g for g in got[d1.id] if g[0] != seq]
    assert [g[1:] for g in got[d3.id] if g[0] == seq] == [("disputed", None)]
    assert of.query(db, "SELECT error FROM replayed WHERE device = ? AND seq = ?",
                    (d3.id, seq)) == [("the table's state differs",)]
    assert of.query(db, "SELECT COUNT(*) FROM records WHERE device = ?", (d2.id,)) == [(len(recs),)]


def test_an_adjustment_keeps_its_own_p():
    """Kind "a" (docs/upload.md): the adjust event's own "p" (what the organiser counts)
    is a field of the event; its payments are its "delta"; read back the same on both
    sides (the device's history and replay, the organiser's store)."""
    import tempfile
    import os
    from organiser.store import records2
    recs = {}
    for v in (1, 2):
        recs[v] = play_adjust(os.path.join(tempfile.mkdtemp(), "journal.bin"), v)
    v1, v2 = recs[1][4], recs[2][4]         # the second correction of record 3
    assert v2["k"] == "a" and v2["p"] == [8, -8, 0, 0] and v2["delta"] == [6, -6, 0, 0]
    got = records2.v1(v2)
    assert got["event"] == v1["event"] and got["payments"] == v1["payments"] == [6, -6, 0, 0]


def play_adjust(path, v):
    paths.use_firmware()
    import journal
    import session
    journal.NEW, was = v, journal.NEW
    try:
        s = session.Session(path)
        for ev in ({"event": "start", "rules": "mcr"}, {"event": "draw"}, {"event": "draw"},
                   {"event": "adjust", "of": 3, "id": 4, "p": [2, -2, 0, 0],
                    "delta": [2, -2, 0, 0]},
                   {"event": "adjust", "of": 3, "id": 5, "p": [8, -8, 0, 0],
                    "delta": [6, -6, 0, 0]}):
            assert s.handle(ev)["ok"], ev
        boot = session.Session(path)
        assert boot.state == s.state and boot.replay_errors == 0
    finally:
        journal.NEW = was
    return [dict({"seq": q}, **r) for _, q, r in journal.Journal(path).records()]
