"""A device's word bounded by the rules (issue 28), each attack tried on a real uvicorn on
loopback with the device's own secret:

- a referee's counter event set far above anything played (Hong Kong's streak 30,
  Shanghai's 荒番 16) and a win settled on it: held for the director with the reason,
  never counted, however the device's own engine was told to allow it;
- one journal starting the same table's game ten times in one round: one game, its
  Chinese Official table points once, unless the director allows more games a round;
- a captured upload resent over and over: the device's own uploads still go through;
- a captured seating pull resent: refused, the table's sign of life stays as it was."""

import json
import os

import httpx
import pytest

from host_tools import paths
from organiser.db import Database
from organiser import tournament
from organiser_fixtures import (OrganiserServer, body, headers, journal_id, play, query,
                                scored, setup_event)

PW = "director password"
HK_WIN = {"event": "win", "winner": 0, "hand": {"hand": "123456789m123456p5s", "win": "5s"}}
SH_WIN = {"event": "win", "winner": 0, "hand": {"hand": "1122334455667m", "win": "7m"}}
MCR_WIN = {"event": "win", "winner": 0, "hand": {"hand": "1112223334445z", "win": "5z"}}


@pytest.fixture
def live(db_url):
    """make(rules, **setup_event args): (server, event, client, director client)."""
    made = []

    def make(rules="mcr", args=(), **kw):
        ev = setup_event(db_url, rules=rules, password=PW, **kw)
        srv = OrganiserServer(db_url, args=args).start()
        dev = httpx.Client(base_url=srv.url, timeout=30)
        adm = httpx.Client(base_url=srv.url, timeout=30)
        assert adm.post("/api/admin/login", json={"name": "director", "password": PW}
                        ).status_code == 200
        made.append((srv, dev, adm))
        return srv, ev, dev, adm

    yield make
    for srv, dev, adm in made:
        dev.close()
        adm.close()
        srv.stop()


def table_rules(rules):
    paths.use_firmware()
    import importlib
    return importlib.import_module("rules.%s_table" % rules)


def start(rules, ev, settings=None):
    return {"event": "start", "rules": rules, "dealer": 0, "players": ["甲", "乙", "丙", "丁"],
            "settings": settings or {}, "tag": {"table": 1, "tround": ev["tround"]}}


def scores(client, ev, table=1):
    by_id = {p["id"]: p for p in client.get("/api/v1/standings").json()["players"]}
    return [by_id[p] for p in ev["seating"][table]]


def statuses(db_path, device, journal):
    return {seq: (status, error) for seq, status, error in query(
        db_path, "SELECT seq, status, error FROM replayed WHERE device = ? AND journal = ?",
        (device, journal))}


# -- counters bounded by the rules ---------------------------------------------------------

@pytest.mark.parametrize("rules,name,n,setting,win", [
    ("hk", "streak", 30, "max_streak", HK_WIN),
    ("sh", "huang", 16, "max_huang", SH_WIN),
])
def test_a_counter_event_above_its_bound_is_held_not_counted(live, rules, name, n, setting,
                                                              win):
    srv, ev, dev, adm = live(rules)
    d1 = ev["devices"][0]
    # a device whose own engine was told to allow it (the bound is the event's, not the
    # device's: the organiser replays with the event's settings)
    allow = {setting: n} if setting in table_rules(rules).SETTINGS else {}
    recs = play([start(rules, ev, allow), {"event": name, "n": n}, dict(win)])
    dealer_gets = recs[2]["payments"][0]
    plain = play([start(rules, ev), {"event": name, "n": n}, dict(win)])
    assert dealer_gets > 1.5 * plain[-1]["payments"][0]
    assert d1.upload(dev, journal_id(1), recs).json()["acked"] == 3
    got = statuses(srv.db_path, d1.id, journal_id(1))
    assert got[2][0] == "disputed" and "over the event's bound" in got[2][1], got
    assert got[3][0] == "disputed", got
    assert max(abs(p["score"]) for p in scores(dev, ev)) == 0
    held = {h["seq"]: h for h in adm.get("/api/admin/disputes").json()["disputes"]}
    assert "bound" in held[2]["error"]
    # the device's own engine, as every board runs it: refused at the table
    assert [r["event"]["event"] for r in plain] == ["start", "win"]
    # the director raises the bound: the replay runs again and the hand counts
    r = adm.put("/api/admin/event", json={"settings": {setting: n}})
    assert r.status_code == 200, r.text
    scored(dev)
    got = statuses(srv.db_path, d1.id, journal_id(1))
    assert got[2][0] == "ok" and got[3][0] == "ok", got
    assert scores(dev, ev)[0]["score"] == dealer_gets


def test_a_taiwan_streak_above_eighteen_is_refused_at_the_table():
    recs = play([{"event": "start", "rules": "tw", "dealer": 0},
                 {"event": "streak", "n": 19}, {"event": "streak", "n": 18}])
    assert [r["event"].get("n") for r in recs[1:]] == [18]


# -- games a round ------------------------------------------------------------------------

def test_ten_starts_in_one_round_are_one_game(live):
    srv, ev, dev, adm = live("mcr")
    d1 = ev["devices"][0]
    recs = play([start("mcr", ev), dict(MCR_WIN)] * 10)
    assert [r["event"]["event"] for r in recs].count("start") == 10
    assert d1.upload(dev, journal_id(1), recs).json()["acked"] == len(recs)
    got = scores(dev, ev)
    assert [p["table_points"] for p in got] == [4, 1, 1, 1], got
    assert [p["games"] for p in got] == [1, 1, 1, 1]
    assert [p["hands"] for p in got] == [10, 10, 10, 10]
    assert got[0]["score"] == 10 * recs[1]["payments"][0]
    # the director allows more games a round: each start its own game again
    r = adm.put("/api/admin/event", json={"games_per_tround": 10})
    assert r.status_code == 200, r.text
    got = scores(dev, ev)
    assert [p["table_points"] for p in got] == [40, 10, 10, 10], got
    assert [p["games"] for p in got] == [10, 10, 10, 10]


def test_a_session_restarted_mid_round_counts_once(live):
    srv, ev, dev, adm = live("mcr")
    d1 = ev["devices"][0]
    first = play([start("mcr", ev), dict(MCR_WIN)])
    again = play([start("mcr", ev), dict(MCR_WIN, winner=1)])
    assert d1.upload(dev, journal_id(1), first).status_code == 200
    assert d1.upload(dev, journal_id(2), again).status_code == 200
    got = scores(dev, ev)
    assert [p["games"] for p in got] == [1, 1, 1, 1]
    assert [p["hands"] for p in got] == [2, 2, 2, 2]
    want = [a + b for a, b in zip(first[-1]["payments"], again[-1]["payments"])]
    assert [p["score"] for p in got] == want
    # one game: its table points once (4-2-1-0 over the two sessions' scores together)
    assert sum(p["table_points"] for p in got) == 7
    # the director allows the second session a game of its own
    sid = query(srv.db_path, "SELECT id FROM sessions WHERE journal = ?", (journal_id(2),))[0][0]
    r = adm.post("/api/admin/corrections", json={
        "kind": "session", "target": "session:%d" % sid, "data": {"new_game": True},
        "why": "the table played a second game"})
    assert r.status_code == 200, r.text
    got = scores(dev, ev)
    assert [p["games"] for p in got] == [2, 2, 2, 2]
    assert sum(p["table_points"] for p in got) == 14


# -- replays are free and change nothing --------------------------------------------------

def test_a_resent_upload_does_not_starve_its_device(live):
    srv, ev, dev, adm = live("hk")
    d1 = ev["devices"][0]
    from organiser_fixtures import session_events
    recs = play(session_events("hk", seed=5, n=60, tag={"table": 1, "tround": ev["tround"]}))
    recs = recs[:max(i for i in range(len(recs)) if len(body(d1.id, "0" * 16, recs[:i])) < 60000)]
    raw, h = d1.signed(journal_id(1), recs)
    assert dev.post("/api/v1/upload", content=raw, headers=h).json()["acked"] == len(recs)
    scored(dev)
    before = query(srv.db_path, "SELECT at FROM device_seen WHERE device = ?", (d1.id,))
    # the captured upload sent again and again: 30 x 60 kB, past the device's budget
    for _ in range(30):
        r = dev.post("/api/v1/upload", content=raw, headers=h)
        assert r.status_code == 200 and r.json()["acked"] == len(recs), r.text
    assert query(srv.db_path, "SELECT at FROM device_seen WHERE device = ?", (d1.id,)) == before
    # the device's own next upload goes through
    more = play(session_events("hk", seed=6, n=4, tag={"table": 1, "tround": ev["tround"]}))
    assert d1.upload(dev, journal_id(2), more).status_code == 200


def test_a_seating_pull_is_accepted_once(live):
    srv, ev, dev, adm = live("mcr")
    d1 = ev["devices"][0]
    raw = json.dumps({"device": d1.id, "nonce": os.urandom(8).hex()}).encode()
    h = headers(d1.secret, raw)
    assert dev.post("/api/v1/seating", content=raw, headers=h).status_code == 200
    seen = query(srv.db_path, "SELECT at FROM device_seen WHERE device = ?", (d1.id,))
    r = dev.post("/api/v1/seating", content=raw, headers=h)
    assert r.status_code == 409 and r.json()["error"] == "replayed", r.text
    assert query(srv.db_path, "SELECT at FROM device_seen WHERE device = ?", (d1.id,)) == seen
    # a new nonce: a sign of life again
    assert d1.pull(dev).status_code == 200
    assert query(srv.db_path, "SELECT at FROM device_seen WHERE device = ?", (d1.id,)) != seen
