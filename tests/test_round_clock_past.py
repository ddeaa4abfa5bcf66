"""The organiser's clock is the clock (organiser/event/pastclock.py; issue 28, docs/upload.md
"c"): a hand that arrives after its round's clock reached zero counts when the clock
reading it carries fits the seating pull it names and places it within the director's
grace of the zero; else it is held "past the clock", and the device's verdict says so.
On a real organiser (uvicorn) on loopback, with a round of a few seconds."""

import json
import os
import time

import httpx
import pytest

from organiser.store import records2
from organiser_fixtures import (Device, OrganiserServer, journal_id, play, query, scored,
                                setup_event)

PASSWORD = "past-clock-pw"


@pytest.fixture
def venue(db_url):
    ev = setup_event(db_url, password=PASSWORD)
    with OrganiserServer(db_url) as srv:
        with httpx.Client(base_url=srv.url, timeout=30) as c:
            r = c.post("/api/admin/login", json={"name": "director", "password": PASSWORD})
            assert r.status_code == 200, r.text
            yield srv, c, ev, db_url


def pull(dev, c):
    """A seating pull as the firmware sends it: (its nonce's first 4 hex chars, the answer)."""
    nonce = os.urandom(8).hex()
    raw = json.dumps({"device": dev.id, "nonce": nonce, "v": 2}).encode()
    from organiser_fixtures import headers
    r = c.post("/api/v1/seating", content=raw, headers=headers(dev.secret, raw))
    assert r.status_code == 200, r.text
    return nonce[:4], r.json()


def upload(dev, c, journal, recs):
    raw = json.dumps({"device": dev.id, "journal": journal, "v": 2, "nonce": os.urandom(8).hex(),
                      "records": recs}, separators=(",", ":")).encode()
    from organiser_fixtures import headers
    r = c.post("/api/v1/upload", content=raw, headers=headers(dev.secret, raw))
    assert r.status_code == 200, r.text
    scored(c)
    return r.json()


def session(pulled, n_draws, readings):
    """A version-2 journal as the firmware writes it: a start with the pull's tag, then
    draws, each record with its clock reading (readings[i]: a [left, pull], or None: none)."""
    start = {"event": "start", "rules": "mcr", "players": pulled["players"], "dealer": 0,
             "tag": {"table": pulled["table"], "tround": pulled["tround"]}}
    recs = play([start] + [{"event": "draw"}] * n_draws, v=2)
    for r, c in zip(recs, readings):
        r.pop("c", None)
        if c is not None:
            r["c"] = c
    return recs


def statuses(db, journal):
    return {seq: (status, error) for seq, status, error in query(
        db, "SELECT seq, status, error FROM replayed WHERE journal = ? ORDER BY seq", (journal,))}


def test_a_late_hand_is_judged_by_the_clock_it_carries(venue):
    srv, c, ev, db = venue
    tr = ev["tround"]
    assert c.put("/api/admin/grace", json={"seconds": 3}).status_code == 200
    assert c.put("/api/admin/clock/length", json={"seconds": 4}).status_code == 200
    r = c.post("/api/admin/trounds/%d/clock" % tr, json={"action": "start"})
    assert r.status_code == 200, r.text
    a, b = ev["devices"][0], ev["devices"][1]
    pa, got = pull(a, c)
    assert got["clock"]["running"] and 3 <= got["clock"]["left"] <= 4
    left = got["clock"]["left"]
    pb, got_b = pull(b, c)
    time.sleep(7.5)                 # the round's zero (4 s) and its grace (3 s) pass
    assert c.get("/api/v1/clock").json()["clock"]["state"] == "up"

    # table A played offline before the zero: its readings, counted down from its pull,
    # place both hands before it; they arrive now, after zero and grace, and count
    good = session(got, 2, [[left, pa], [left - 1, pa], [left - 2, pa]])
    upload(a, c, journal_id(1), good)
    assert statuses(db, journal_id(1)) == {1: ("ok", None), 2: ("ok", None), 3: ("ok", None)}

    # the same hands claiming more time than the pull gave, a pull nobody answered, no
    # reading at all (version 1), and a reading that places the hand after zero + grace:
    # each held past the clock, with the reason in words
    bad = session(got_b, 4, [[left, pb], [left + 30, pb], ["0", "ffff"], None, [0, pb]])
    bad[2]["c"] = [1, "ffff" if pb != "ffff" else "eeee"]
    upload(b, c, journal_id(2), bad)
    st = statuses(db, journal_id(2))
    assert st[1] == ("ok", None)                    # a start is not a hand
    assert st[2][0] == "disputed" and "does not fit the pull" in st[2][1], st
    assert st[3][0] == "disputed" and "names no pull of this round" in st[3][1], st
    assert st[4][0] == "disputed" and "no clock reading" in st[4][1], st
    assert st[5][0] == "disputed" and "after time was up" in st[5][1], st
    # the device's verdict names the cause, as its first status page shows it
    _, v = pull(b, c)
    assert v["verdict"]["held"] == 4 and all(w.startswith("past the clock") for _, w in
                                             v["verdict"]["why"]), v["verdict"]
    # the director's accept counts a held hand after all
    r = c.post("/api/admin/corrections", json={
        "kind": "accept", "target": "%s/%s/4" % (b.id, journal_id(2)),
        "data": {"version": "organiser"}, "why": "the table played it before time"})
    assert r.status_code == 200, r.text
    scored(c)
    assert statuses(db, journal_id(2))[4][0] == "corrected"


def test_a_hand_before_the_zero_is_not_judged_by_the_clock(venue):
    """While the round's time is not up the clock reading decides nothing (a device with
    no clock, version 1's records, count as before)."""
    srv, c, ev, db = venue
    tr = ev["tround"]
    c.put("/api/admin/clock/length", json={"seconds": 3600})
    c.post("/api/admin/trounds/%d/clock" % tr, json={"action": "start"})
    a = ev["devices"][0]
    _, got = pull(a, c)
    recs = session(got, 2, [None, None, None])
    assert "c" not in recs[1] and records2.is_v2(recs[1])
    upload(a, c, journal_id(3), recs)
    assert statuses(db, journal_id(3)) == {1: ("ok", None), 2: ("ok", None), 3: ("ok", None)}
    # version 1's records (older firmware) still read and count
    v1 = play([{"event": "start", "rules": "mcr", "players": got["players"], "dealer": 0,
                "tag": {"table": got["table"], "tround": got["tround"]}}, {"event": "draw"}])
    assert "state" in v1[1]
    upload(ev["devices"][1], c, journal_id(4), v1)
    assert statuses(db, journal_id(4)) == {1: ("ok", None), 2: ("ok", None)}
