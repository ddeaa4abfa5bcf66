"""The organiser's round clock (organiser/event/clock.py) on an injected time source: a round of
two hours compressed by advancing it; the director's actions stored and the clock worked
out from them (a restart finds it where it stood); the seating pull carrying seconds
left; the admin page's forms; the projector's clock and its live announcement."""

import re
import time

import pytest
from fastapi.testclient import TestClient

from organiser.event import clock
from organiser.app import create_app
from organiser.store.db import Database
from organiser_fixtures import setup_event

PASSWORD = "clock-test-pw"


class Clock:
    """The organiser's time source, advanced by the test."""

    def __init__(self, t=1_000_000.0):
        self.t = t

    def __call__(self):
        return self.t


def test_the_clock_worked_out_from_the_directors_actions(db_url):
    db_path = db_url
    ev = setup_event(db_path)
    r = ev["tround"]
    db = Database(db_path)
    t0 = 5000.0
    with db.write() as con:
        assert clock.length(con) == 7200
        assert clock.clock(con, r, t0)["state"] == "ready"
        assert clock.for_device(con, t0) is None            # not started: nothing to show
        with pytest.raises(clock.ClockError, match="only a running clock pauses"):
            clock.act(con, r, "pause", t0)
        c = clock.act(con, r, "start", t0, who="director")
        assert (c["state"], c["left"], c["running"], c["ends_at"]) == ("running", 7200, True,
                                                                       t0 + 7200)
        assert clock.clock(con, r, t0 + 100)["left"] == 7100
        assert clock.for_device(con, t0 + 100.4) == {"left": 7100, "running": True}
        assert clock.for_device(con, t0 + 100.6) == {"left": 7099, "running": True}
        clock.act(con, r, "pause", t0 + 100)
        assert clock.clock(con, r, t0 + 900)["left"] == 7100       # paused: stands still
        assert clock.for_device(con, t0 + 900) == {"left": 7100, "running": False}
        with pytest.raises(clock.ClockError, match="1 second to 24 hours"):
            clock.act(con, r, "extend", t0 + 900, seconds=0)
        clock.act(con, r, "extend", t0 + 900, seconds=600)
        assert clock.clock(con, r, t0 + 950)["left"] == 7700
        clock.act(con, r, "start", t0 + 1000)                      # resumed
        assert clock.clock(con, r, t0 + 1700)["left"] == 7000
        # it runs out by itself: zero, no longer running, nothing more to do but end
        c = clock.clock(con, r, t0 + 1000 + 7700 + 5)
        assert (c["state"], c["left"], c["running"]) == ("up", 0, False)
        assert clock.for_device(con, t0 + 9000) == {"left": 0, "running": False}
        for action in ("start", "pause", "end"):
            with pytest.raises(clock.ClockError):
                clock.act(con, r, action, t0 + 9000)
        with pytest.raises(clock.ClockError, match="referees"):
            clock.act(con, r, "extend", t0 + 9000, seconds=60)
        with pytest.raises(clock.ClockError, match="actions"):
            clock.act(con, r, "stop", t0)
        with pytest.raises(clock.ClockError, match="no tournament round"):
            clock.act(con, 999, "start", t0)
        # the round length is the event's setting, read when a clock starts
        with pytest.raises(clock.ClockError):
            clock.set_length(con, 0)
        clock.set_length(con, 90)
        r2 = con.execute("INSERT INTO trounds (number) VALUES (2)").lastrowid
        assert clock.act(con, r2, "start", t0)["left"] == 90
        assert clock.act(con, r2, "end", t0 + 10)["state"] == "up"
    # stored as it happened: the events are the clock, a restart finds it unchanged
    db.close()
    db = Database(db_path)
    with db.read() as con:
        assert clock.clock(con, r, t0 + 1700)["left"] == 7000
        kinds = [k for k, _, _ in clock.events(con, r)]
        assert kinds == ["start", "pause", "extend", "start"]
    db.close()


@pytest.fixture
def organiser(db_url):
    db_path = db_url
    ev = setup_event(db_path, password=PASSWORD)
    now = Clock()
    app = create_app(db_path, clock=now)
    client = TestClient(app)
    client.__enter__()
    try:
        yield app, client, ev, now
    finally:
        client.__exit__(None, None, None)


def admin_form(client, path, data):
    page = client.get("/admin/clock").text
    token = re.search(r'name="csrf" value="([^"]*)"', page)
    if token:
        data = dict(data, csrf=token.group(1))
    return client.post(path, data=data, follow_redirects=False)


def test_the_seating_pull_and_the_pages_carry_the_clock(organiser):
    app, client, ev, now = organiser
    dev = ev["devices"][0]
    assert dev.pull(client).json()["clock"] is None
    # nobody logged in: the forms lead to the login, the clock stands
    r = client.post("/admin/clock", data={"action": "start"}, follow_redirects=False)
    assert r.status_code == 303 and "/admin/login" in r.headers["location"]
    r = client.post("/admin/login", data={"name": "director", "password": PASSWORD,
                                          "next": "/admin/clock"}, follow_redirects=False)
    assert r.status_code == 303
    page = client.get("/admin/clock").text
    assert "not started" in page and "2:00:00" in page and 'value="120"' in page

    queue = app.state.broker.subscribe()
    r = admin_form(client, "/admin/clock", {"action": "start"})
    assert r.status_code == 303 and "error" not in r.headers["location"], r.headers
    # the projector hears of it in the broker's next hand-on (changes are coalesced)
    topics = set()
    end = time.monotonic() + 30             # soon; a loaded machine's soon is longer
    while time.monotonic() < end:
        while not queue.empty():
            topics.update(m["topic"] for m in queue.get_nowait().messages)
        if topics:
            break
        time.sleep(0.02)
    assert topics & {"admin", "clock"}, topics
    now.t += 1800.4
    assert dev.pull(client).json()["clock"] == {"left": 5400, "running": True}
    proj = client.get("/projector").text
    assert "1:30:00" in proj and 'data-running="1"' in proj and "clock.js" in proj
    assert "1:30:00" in client.get("/clock/part").text

    admin_form(client, "/admin/clock", {"action": "pause"})
    now.t += 600
    assert dev.pull(client).json()["clock"] == {"left": 5400, "running": False}
    assert "paused" in client.get("/clock/part").text
    r = admin_form(client, "/admin/clock", {"action": "extend", "minutes": "abc"})
    assert "error" in r.headers["location"]
    admin_form(client, "/admin/clock", {"action": "extend", "minutes": "10"})
    assert dev.pull(client).json()["clock"] == {"left": 6000, "running": False}
    admin_form(client, "/admin/clock", {"action": "start"})
    now.t += 60
    assert dev.pull(client).json()["clock"] == {"left": 5940, "running": True}
    admin_form(client, "/admin/clock", {"action": "end"})
    assert dev.pull(client).json()["clock"] == {"left": 0, "running": False}
    assert "time is up" in client.get("/projector").text
    # a form refused by the model says why, the clock unchanged
    r = admin_form(client, "/admin/clock", {"action": "pause"})
    assert "error" in r.headers["location"]
    # the JSON API says the same; the length setting
    got = client.get("/api/admin/clock").json()
    assert got["trounds"][0]["state"] == "up" and got["length"] == 7200
    assert client.put("/api/admin/clock/length", json={"seconds": 5400}).json()["length"] == 5400
    assert client.put("/api/admin/clock/length", json={"seconds": "x"}).status_code == 400
    assert client.get("/api/v1/clock").json()["clock"]["state"] == "up"
    app.state.broker.unsubscribe(queue)


def test_a_session_past_time_up_on_the_pages(organiser):
    """time_up and override records stored, replayed as the device scored them, and shown
    on every page; a hand past time_up without an override is held for the director."""
    from organiser_fixtures import journal_id, play, scored
    app, client, ev, now = organiser
    dev = ev["devices"][0]
    pulled = dev.pull(client).json()
    start = {"event": "start", "rules": "mcr", "players": pulled["players"], "dealer": 0,
             "tag": {"table": pulled["table"], "tround": pulled["tround"]}}
    recs = play([start, {"event": "draw"}, {"event": "time_up"}, {"event": "draw"},
                 {"event": "override"}, {"event": "draw"}])
    assert dev.upload(client, journal_id(1), recs).json()["acked"] == 6
    # a forged journal: a hand stored past time_up with no override
    forged = play([start, {"event": "time_up"}, {"event": "draw"}, {"event": "override"},
                   {"event": "draw"}])
    del forged[3]
    forged[3]["seq"] = 4
    assert dev.upload(client, journal_id(2), forged).json()["acked"] == 4
    scored(client)
    client.post("/admin/login", data={"name": "director", "password": PASSWORD})
    with app.state.db.read() as con:
        got = {j: [r[0] for r in con.execute(
            "SELECT status FROM replayed WHERE journal = ? ORDER BY seq", (j,))]
            for j in (journal_id(1), journal_id(2))}
    assert got[journal_id(1)] == ["ok"] * 6
    assert got[journal_id(2)] == ["ok", "ok", "ok", "disputed"]
    for path in ("/", "/tables", "/tables/%d" % pulled["table"], "/projector",
                 "/export/hands.csv", "/export/hands.json", "/admin/corrections"):
        r = client.get(path)
        assert r.status_code == 200, path
    # the hand log says the clock's rows in words, with no hand number of their own
    log = client.get("/tables/%d" % pulled["table"]).text
    assert "Time is up: the hand in play is the last" in log
    assert "Referee&#39;s override: the table plays on" in log or \
        "Referee's override: the table plays on" in log
    assert ">time_up<" not in log and ">override<" not in log
    assert client.get("/api/v1/scoring").json()["disputed"] == 1
    assert "time_up: the round" in client.get("/admin/corrections").text


def test_stored_clock_values_edited_by_hand_break_nothing(tmp_path):
    db_path = str(tmp_path / "o.db")
    ev = setup_event(db_path)
    r = ev["tround"]
    db = Database(db_path)
    with db.write() as con:
        con.execute("INSERT INTO clock_length (id, seconds) VALUES (1, 'x')")
        assert clock.length(con) == clock.DEFAULT_LENGTH
        for seconds, at in ((None, 10.0), ("abc", 10.0), (10 ** 12, 10.0), (60, "noon"),
                            (60, 1e300), (0, 10.0)):
            con.execute("INSERT INTO clock_events (tround_id, kind, seconds, at) VALUES "
                        "(?, 'start', ?, ?)", (r, seconds, at))
        con.execute("INSERT INTO clock_events (tround_id, kind, seconds, at) VALUES "
                    "(?, 'extend', 'x', 20.0)", (r,))
        assert clock.clock(con, r, 100.0)["state"] == "ready"
        con.execute("INSERT INTO clock_events (tround_id, kind, seconds, at) VALUES "
                    "(?, 'start', 600, 50.0)", (r,))
        assert clock.clock(con, r, 100.0)["left"] == 550
    db.close()
