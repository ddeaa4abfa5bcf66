"""A record that stalls the organiser's table engine does not stall the organiser: with
its engine planted to spin forever on one hand and to end its process on another
(tests/stalling_engine.py), a live organiser (uvicorn on loopback) acknowledges every
upload at once, holds those two records as disputed ("engine timeout", "engine
stopped"), restarts the engine and scores every other record, its own table's after the
held ones included (a hand that ended the process once, and not again, is not held);
the director's accepting one counts it without asking the engine again, in the same
process or a new one."""

import json
import os
import shlex
import sys
import time

import httpx
import pytest

from organiser_fixtures import OrganiserServer, journal_id, play, scored, session_events, \
    setup_event

PW = "director password"
TIMEOUT = 1.5           # the engine's time for an answer (--engine-timeout)


def no_undo_session(seed, tag):
    return play([e for e in session_events("mcr", seed=seed, n=24, tag=tag)
                 if e["event"] != "undo"])


def total(recs, skip=()):
    out = [0, 0, 0, 0]
    for r in recs:
        if r["seq"] not in skip and "payments" in r:
            out = [a + b for a, b in zip(out, r["payments"])]
    return out


def wins(recs):
    return [r for r in recs if r["event"]["event"] == "win"]


@pytest.fixture
def stalled(tmp_path):
    path = str(tmp_path / "organiser.db")
    ev = setup_event(path, password=PW)
    d1, d2 = ev["devices"]
    mine = no_undo_session(21, {"table": 1, "tround": ev["tround"]})
    other = no_undo_session(22, {"table": 2, "tround": ev["tround"]})
    # the planted faults catch two of table 1's wins: events no other record has
    evs = [json.dumps(r["event"], sort_keys=True) for r in wins(mine) + wins(other)]
    hang, stop = [r for r in wins(mine) if evs.count(json.dumps(r["event"], sort_keys=True))
                  == 1][1:4:2]
    once = [r for r in wins(other) if evs.count(json.dumps(r["event"], sort_keys=True)) == 1][2]
    flag = str(tmp_path / "ended-once")
    command = [sys.executable, "tests/stalling_engine.py", json.dumps(hang["event"]),
               json.dumps(stop["event"]), json.dumps(once["event"]), flag]
    srv = OrganiserServer(path, args=["--engine-timeout", str(TIMEOUT),
                                      "--engine-command", shlex.join(command)]).start()
    c = httpx.Client(base_url=srv.url, timeout=30)
    try:
        yield srv, ev, c, (d1, mine, hang["seq"], stop["seq"]), (d2, other, flag)
    finally:
        c.close()
        srv.stop()


def scores(c, ev, table):
    by_id = {p["id"]: p["score"] for p in c.get("/api/v1/standings").json()["players"]}
    return [by_id[p] for p in ev["seating"][table]]


def test_a_hand_that_stalls_the_engine_is_held_and_nothing_else_waits(stalled):
    srv, ev, c, (d1, mine, hang, stop), (d2, other, flag) = stalled
    t0 = time.perf_counter()
    assert d1.upload(c, journal_id(1), mine, wait=False).json()["acked"] == len(mine)
    time.sleep(0.3)                     # the engine now spins on table 1's hand
    t1 = time.perf_counter()
    assert d2.upload(c, journal_id(2), other, wait=False).json()["acked"] == len(other)
    assert c.get("/api/v1/standings").status_code == 200
    took = time.perf_counter() - t1
    assert took < 1.0, "an upload and a page waited %.2f s for the stalled engine" % took
    # two timeouts' worth and the replays that find their records, not a stall
    restarts = scored(c, timeout=60)["engine_restarts"]
    assert time.perf_counter() - t0 < 40 and restarts >= 2
    adm = httpx.Client(base_url=srv.url, timeout=30)
    assert adm.post("/api/admin/login", json={"name": "director", "password": PW}
                    ).status_code == 200
    held = adm.get("/api/admin/disputes").json()["disputes"]
    assert [(h["seq"], h["status"], h["error"]) for h in held] == [
        (hang, "disputed", "engine timeout"), (stop, "disputed", "engine stopped")]
    assert held[0]["device_version"]["payments"] == mine[hang - 1]["payments"]
    assert held[0]["organiser_version"]["payments"] is None
    # every other record scored by the restarted engine, table 1's after the held ones too;
    # table 2's win that ended a process once, and not again, is not held
    assert os.path.exists(flag)
    assert scores(c, ev, 2) == total(other)
    assert scores(c, ev, 1) == total(mine, (hang, stop))
    grid = {t["table"]: t for t in c.get("/api/v1/tables").json()["tables"]}
    assert grid[1]["disputed"] == 2 and grid[2]["disputed"] == 0
    assert "engine timeout" in c.get("/tables/1").text
    assert "disputed: engine stopped" in adm.get("/admin/corrections").text
    # the director accepts the device's payments: counted, the hand not shown to the
    # engine again (the journal's other records are, from its start: no restart)
    assert adm.post("/api/admin/corrections", json={
        "kind": "accept", "target": "%s/%s/%d" % (d1.id, journal_id(1), hang),
        "data": {"version": "device"}, "why": "checked at the table"}).status_code == 200
    assert scored(c, timeout=60)["engine_restarts"] == restarts
    assert scores(c, ev, 1) == total(mine, (stop,))
    assert [h["seq"] for h in adm.get("/api/admin/disputes").json()["disputes"]] == [stop]
    # a new organiser process knows from what is stored which records stall the engine:
    # the journal replayed whole (a correction) does not stall it
    srv.restart(kill=False)
    assert adm.post("/api/admin/corrections", json={
        "kind": "accept", "target": "%s/%s/%d" % (d1.id, journal_id(1), stop),
        "data": {"version": "organiser"}, "why": "no result the engine gives"}
    ).status_code == 200
    assert scored(c, timeout=60)["engine_restarts"] == 0
    assert scores(c, ev, 1) == total(mine, (stop,))
    assert adm.get("/api/admin/disputes").json()["disputes"] == []
    adm.close()
