"""The organiser believes nothing a device says, tried as an attacker with a device's
secret would (the organiser served by uvicorn on loopback, records re-signed with the
device's own secret):

- a start tagged for another table, or for a tournament round not open yet, counts
  nowhere and is listed with its reason; payments of 10^9 (the most a record may carry:
  organiser.store.record_model) never reach the standings;
- records claiming hand 1,000 (the most a record may claim) at every table do not close
  the open round;
- a revoked device is refused and listed; a rotated secret replaces the old one;
- a record whose payments the organiser's own replay does not give is held as disputed
  (flagged on the grid, both versions in the hand log) and counts only once the director
  accepts a version or corrects it;
- a device whose scorer values one element differently (an older ruleset build) is
  caught on exactly the hands holding that element;
- a spare device bound to a table whose device failed continues its session from the
  organiser's state;
- what the devices start with (the event's settings, the table's number) is what a
  start may carry: the director cannot set what would have every upload refused."""

import copy

import httpx
import pytest

from organiser.event import tournament
from organiser.store.record_model import MAX_HAND_NO, MAX_PAYMENT
from organiser.store.db import Database
from organiser_fixtures import (Device, OrganiserServer, journal_id, play,
                                session_events, setup_event)

PW = "director password"


@pytest.fixture
def live(db_url):
    """make(**setup_event args, second_round=False): (server, event, device client,
    director client).  second_round: a round 2 seated but left pending."""
    made = []

    def make(second_round=False, **kw):
        path = db_url
        ev = setup_event(path, password=PW, **kw)
        if second_round:
            db = Database(path)
            with db.write() as con:
                ev["tround2"] = tournament.add_tround(con)
                tournament.generate_seating(con, ev["tround2"])
            db.close()
        srv = OrganiserServer(path).start()
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


def scores(client, ev, table):
    by_id = {p["id"]: p["score"] for p in client.get("/api/v1/standings").json()["players"]}
    return [by_id[p] for p in ev["seating"][table]]


def total(recs, skip=()):
    """The seats' sums of the records' payments (undone records taken out as the engine
    takes them out: the final state's scores are the reference)."""
    out = [0, 0, 0, 0]
    for r in recs:
        if r["seq"] in skip or "payments" not in r:
            continue
        for i in range(4):
            out[i] += r["payments"][i]
    return out


def no_undo_session(rules="mcr", seed=3, n=24, tag=None):
    """A session with no undo (each record's payments then add up to the scores)."""
    evs = [e for e in session_events(rules, seed=seed, n=n, tag=tag) if e["event"] != "undo"]
    return play(evs)


def wins(recs):
    return [r["seq"] for r in recs if r["event"]["event"] == "win"]


def test_a_device_writes_only_its_own_table_in_an_open_round(live):
    srv, ev, dev, adm = live(second_round=True)
    d1, d2 = ev["devices"]
    # table 1's device writes table 2's hands into round 1, with payments of 10^9
    other = no_undo_session(tag={"table": 2, "tround": ev["tround"]})
    for r in other:
        if r["seq"] in wins(other):
            r["payments"] = [MAX_PAYMENT, -MAX_PAYMENT, 0, 0]
    assert d1.upload(dev, journal_id(1), other).json()["acked"] == len(other)
    # ... and its own table's hands into round 2, still pending
    pending = no_undo_session(seed=4, tag={"table": 1, "tround": ev["tround2"]})
    assert d1.upload(dev, journal_id(2), pending).json()["acked"] == len(pending)
    assert scores(dev, ev, 1) == [0, 0, 0, 0] and scores(dev, ev, 2) == [0, 0, 0, 0]
    assert dev.get("/api/v1/standings", params={"tround": ev["tround2"]}).json()[
        "players"][0]["score"] == 0
    grid = {t["table"]: t for t in dev.get("/api/v1/tables").json()["tables"]}
    assert grid[1]["hands"] == 0 and grid[2]["hands"] == 0
    listed = [r for r in adm.get("/api/admin/refused").json()["refused"]
              if r["device"] == d1.id]
    reasons = " | ".join(r["detail"] for r in listed)
    assert len(listed) == 2 and "table 2" in reasons and "not open" in reasons
    # its own table in the open round, payments of 10^9 on every win: held, never counted
    own = no_undo_session(seed=5, tag={"table": 1, "tround": ev["tround"]})
    forged = copy.deepcopy(own)
    for r in forged:
        if r["seq"] in wins(forged):
            r["payments"] = [MAX_PAYMENT, -MAX_PAYMENT, 0, 0]
    assert d1.upload(dev, journal_id(3), forged).json()["acked"] == len(forged)
    got = scores(dev, ev, 1)
    assert max(abs(x) for x in got) < 10 ** 6 and got == total(own, wins(own))
    assert dev.get("/api/v1/scoring").json()["disputed"] == len(wins(own))


def test_hand_numbers_claimed_by_a_device_do_not_close_the_round(live):
    srv, ev, dev, adm = live(hands_per_tround=4)
    for d in ev["devices"]:
        recs = no_undo_session(seed=6, n=4, tag={"table": d.table, "tround": ev["tround"]})
        for r in recs:
            r["state"]["hand_no"] = MAX_HAND_NO
        assert d.upload(dev, journal_id(d.table), recs).status_code == 200
    status = {t["id"]: t["status"] for t in adm.get("/api/admin/event").json()["trounds"]}
    assert status[ev["tround"]] == "open"
    grid = dev.get("/api/v1/tables").json()["tables"]
    assert all(t["hands"] < 4 for t in grid)


def test_a_revoked_device_is_refused_and_a_rotated_secret_replaces_the_old(live):
    srv, ev, dev, adm = live()
    d1, d2 = ev["devices"]
    recs = no_undo_session(tag={"table": 1, "tround": ev["tround"]})
    assert d1.upload(dev, journal_id(1), recs[:5]).status_code == 200
    before = scores(dev, ev, 1)
    assert adm.post("/api/admin/devices/%s/revoke" % d1.id, json={"revoked": True}
                    ).status_code == 200
    r = d1.upload(dev, journal_id(1), recs)
    assert r.status_code == 403 and r.json()["error"] == "revoked"
    assert d1.pull(dev).status_code == 403
    assert scores(dev, ev, 1) == before
    listed = adm.get("/api/admin/refused").json()["refused"]
    assert [x["error"] for x in listed if x["device"] == d1.id][:2] == ["revoked", "revoked"]
    new = adm.post("/api/admin/devices/%s/secret" % d2.id).json()["secret"]
    other = no_undo_session(seed=7, tag={"table": 2, "tround": ev["tround"]})
    assert d2.upload(dev, journal_id(2), other).json()["error"] == "bad_signature"
    d2.secret = new
    assert d2.upload(dev, journal_id(2), other).json()["acked"] == len(other)


def test_a_disputed_record_counts_only_once_the_director_settles_it(live):
    srv, ev, dev, adm = live()
    d1 = ev["devices"][0]
    recs = no_undo_session(seed=8, n=30, tag={"table": 1, "tround": ev["tround"]})
    w = wins(recs)
    assert len(w) >= 3
    bad = w[1]
    forged = copy.deepcopy(recs)
    honest_pay = recs[bad - 1]["payments"]
    forged[bad - 1]["payments"] = [honest_pay[1], honest_pay[0], honest_pay[2], honest_pay[3]]
    assert forged[bad - 1]["payments"] != honest_pay
    assert d1.upload(dev, journal_id(1), forged).json()["acked"] == len(recs)
    # held: not counted, flagged on the grid, both versions in the hand log
    assert scores(dev, ev, 1) == total(recs, [bad])
    assert dev.get("/api/v1/tables").json()["tables"][0]["disputed"] == 1
    log = {h["seq"]: h for h in dev.get("/api/v1/tables/1/log").json()["hands"]}
    assert log[bad]["status"] == "disputed" and log[w[0]]["status"] == "ok"
    assert log[bad]["uploaded_payments"] == forged[bad - 1]["payments"]
    assert log[bad]["organiser_payments"] == honest_pay
    held = adm.get("/api/admin/disputes").json()["disputes"]
    assert [(h["seq"], h["device_version"]["payments"], h["organiser_version"]["payments"])
            for h in held] == [(bad, forged[bad - 1]["payments"], honest_pay)]
    target = "%s/%s/%d" % (d1.id, journal_id(1), bad)
    # ... and on the pages: the grid's flag, the hand log's two versions, the director's list
    assert "1 held for the director" in dev.get("/tables").text
    page = dev.get("/tables/1").text
    assert "device: %s" % " ".join(map(str, forged[bad - 1]["payments"])) in page
    assert "organiser: %s" % " ".join(map(str, honest_pay)) in page
    assert target in adm.get("/admin/corrections").text

    def correct(kind, data):
        r = adm.post("/api/admin/corrections", json={"kind": kind, "target": target,
                                                     "data": data, "why": "checked the tiles"})
        assert r.status_code == 200, r.text

    correct("accept", {"version": "device"})
    assert scores(dev, ev, 1) == total(forged)
    correct("accept", {"version": "organiser"})
    assert scores(dev, ev, 1) == total(recs)
    assert dev.get("/api/v1/scoring").json()["disputed"] == 0
    # a correction amends the event itself: the hand re-scored with another payer
    ev_bad = recs[bad - 1]["event"]
    amended = dict(ev_bad)
    payer = [s for s in range(4) if s != ev_bad["winner"] and s != ev_bad.get("from")][0]
    amended["from"] = payer
    correct("event", {"event": amended})
    log = {h["seq"]: h for h in dev.get("/api/v1/tables/1/log").json()["hands"]}
    now = log[bad]["payments"]
    assert log[bad]["status"] == "corrected" and sum(now) == 0
    assert now[payer] == min(now) and now[payer] < honest_pay[payer]
    want = total(recs, [bad])
    assert scores(dev, ev, 1) == [want[i] + now[i] for i in range(4)]
    # a bad amendment is refused, not stored
    r = adm.post("/api/admin/corrections", json={"kind": "event", "target": target,
                                                 "data": {"event": "win"}, "why": "x"})
    assert r.status_code == 400


SELF_DRAWN = 80           # mcr element 80, 自摸: one fan


def patched_play(events, element, value):
    """play() on a device whose scorer values one MCR element differently."""
    play([{"event": "start", "rules": "mcr"}])          # the firmware's modules imported
    import rules.mcr as mcr
    real = mcr.VALUES
    vals = bytearray(real)
    vals[element - 1] = value
    mcr.VALUES = bytes(vals)
    try:
        return play(events)
    finally:
        mcr.VALUES = real


def test_an_older_ruleset_build_is_caught_on_the_hands_it_scores_differently(live):
    srv, ev, dev, adm = live()
    d1 = ev["devices"][0]
    events = [e for e in session_events("mcr", seed=11, n=40,
                                        tag={"table": 1, "tround": ev["tround"]})
              if e["event"] != "undo"]
    honest = play(events)
    old = patched_play(events, SELF_DRAWN, 2)
    marked = [r["seq"] for r in old if any(i.get("id") == SELF_DRAWN for i in
                                           (r.get("result") or {}).get("items", []))]
    assert marked and len(marked) < len(wins(old))
    assert d1.upload(dev, journal_id(1), old).json()["acked"] == len(old)
    held = adm.get("/api/admin/disputes").json()["disputes"]
    assert [h["seq"] for h in held] == marked
    assert all(h["organiser_version"]["payments"] == honest[h["seq"] - 1]["payments"]
               for h in held)
    assert scores(dev, ev, 1) == total(honest, marked)
    for seq in marked:
        assert adm.post("/api/admin/corrections", json={
            "kind": "accept", "target": "%s/%s/%d" % (d1.id, journal_id(1), seq),
            "data": {"version": "organiser"}, "why": "an older ruleset build"}
        ).status_code == 200
    assert scores(dev, ev, 1) == honest[-1]["state"]["scores"]


def test_a_spare_device_continues_the_session_of_a_failed_one(live):
    srv, ev, dev, adm = live()
    d1 = ev["devices"][0]
    tag = {"table": 1, "tround": ev["tround"]}
    events = [e for e in session_events("mcr", seed=12, n=60, tag=tag) if e["event"] != "undo"]
    whole = play(events)                        # the game as one device would have kept it
    cut = 14
    part = play(events[:cut])
    assert d1.upload(dev, journal_id(1), part).json()["acked"] == len(part)
    # device 1 fails: the director binds a spare to table 1 and revokes the failed one
    got = adm.post("/api/admin/devices", json={"table": 1, "label": "spare"}).json()
    spare = Device(got["id"], got["secret"], 1)
    assert adm.post("/api/admin/devices/%s/revoke" % d1.id, json={}).status_code == 200
    pulled = spare.pull(dev).json()
    last = part[-1]["state"]
    res = pulled["resume"]
    assert (res["hand_no"], res["round"], res["first"]) == (last["hand_no"], last["round"],
                                                           last["first"])
    assert pulled["dealer"] == last["dealer"] and pulled["tround"] == ev["tround"]
    start = {"event": "start", "rules": pulled["rules"], "players": pulled["players"],
             "dealer": pulled["dealer"], "resume": res,
             "tag": {"table": pulled["table"], "tround": pulled["tround"]}}
    rest = play([start] + events[cut:])
    assert rest[0]["state"]["hand_no"] == last["hand_no"]
    assert spare.upload(dev, journal_id(2), rest).json()["acked"] == len(rest)
    assert dev.get("/api/v1/scoring").json()["disputed"] == 0
    # one game: the table's hands and scores as the uninterrupted session's
    grid = dev.get("/api/v1/tables").json()["tables"][0]
    assert grid["hands"] == whole[-1]["state"]["hand_no"] - 1 > last["hand_no"] - 1
    assert scores(dev, ev, 1) == whole[-1]["state"]["scores"]
    st = {p["id"]: p for p in dev.get("/api/v1/standings").json()["players"]}
    assert [st[p]["games"] for p in ev["seating"][1]] == [1, 1, 1, 1]
    assert spare.id in grid["devices"]


def test_a_first_dealer_the_table_chose_counts_once_the_director_amends_the_start(live):
    srv, ev, dev, adm = live(rules="tw")
    d1 = ev["devices"][0]
    events = [e for e in session_events("tw", seed=13, n=30, dealer=2,
                                        tag={"table": 1, "tround": ev["tround"]})
              if e["event"] != "undo"]
    recs = play(events)
    assert d1.upload(dev, journal_id(1), recs).json()["acked"] == len(recs)
    # the organiser's seating puts seat 0 East: the dealer's 台 land elsewhere
    held = dev.get("/api/v1/scoring").json()["disputed"]
    assert held > 0 and scores(dev, ev, 1) != recs[-1]["state"]["scores"]
    r = adm.post("/api/admin/corrections", json={
        "kind": "event", "target": "%s/%s/1" % (d1.id, journal_id(1)),
        "data": {"event": {"event": "start", "dealer": 2}},
        "why": "the table drew seat 3 for East"})
    assert r.status_code == 200, r.text
    assert dev.get("/api/v1/scoring").json()["disputed"] == 0
    assert scores(dev, ev, 1) == recs[-1]["state"]["scores"]
    r = adm.post("/api/admin/corrections", json={
        "kind": "event", "target": "%s/%s/1" % (d1.id, journal_id(1)),
        "data": {"event": {"event": "start", "dealer": 2, "rules": "hk"}}, "why": "x"})
    assert r.status_code == 400


def test_the_scoring_goes_on_when_its_worker_process_dies(db_url):
    import os
    import signal
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from organiser.app import create_app
    path = db_url
    ev = setup_event(path)
    d1 = ev["devices"][0]
    recs = no_undo_session(seed=14, tag={"table": 1, "tround": ev["tround"]})
    app = create_app(path, pages=False)
    with TestClient(app) as c:
        d1.upload(c, journal_id(1), recs[:6])
        assert scores(c, ev, 1) == total(recs[:6])
        os.kill(app.state.scoring.engine.proc.pid, signal.SIGKILL)   # the engine dies
        assert d1.upload(c, journal_id(1), recs).json()["acked"] == len(recs)
        assert scores(c, ev, 1) == total(recs)
        assert c.get("/api/v1/scoring").json()["disputed"] == 0


def _form(adm, page, action, data):
    """POST one of the director's forms as the page carries it (with its hidden fields)."""
    import re
    html = adm.get(page).text
    m = re.search(r'name="csrf" value="([^"]*)"', html)
    if m and m.group(1):
        data = dict(data, csrf=m.group(1))
    return adm.post(action, data=data, headers={"Referer": adm.base_url.join(page).__str__(),
                                                "Origin": str(adm.base_url).rstrip("/")},
                    follow_redirects=False)


def test_the_director_revokes_and_rekeys_a_device_and_settles_a_hand_from_the_pages(live):
    srv, ev, dev, adm = live()
    d1, d2 = ev["devices"]
    r = _form(adm, "/admin/devices", "/admin/devices/revoke", {"device_id": d1.id,
                                                               "revoked": "1"})
    assert r.status_code == 303 and "error" not in r.headers["location"]
    assert "revoked" in adm.get("/admin/devices").text
    recs = no_undo_session(tag={"table": 1, "tround": ev["tround"]})
    assert d1.upload(dev, journal_id(1), recs).json()["error"] == "revoked"
    r = _form(adm, "/admin/devices", "/admin/devices/secret", {"device_id": d2.id})
    assert r.status_code == 200
    import re
    new = re.search(r"\b([0-9a-f]{64})\b", r.text).group(1)
    assert new != d2.secret
    other = no_undo_session(seed=9, tag={"table": 2, "tround": ev["tround"]})
    forged = copy.deepcopy(other)
    bad = wins(other)[0]
    forged[bad - 1]["payments"] = [0, 0, 0, 0]
    assert d2.upload(dev, journal_id(2), forged).json()["error"] == "bad_signature"
    d2.secret = new
    assert d2.upload(dev, journal_id(2), forged).json()["acked"] == len(forged)
    assert scores(dev, ev, 2) == total(other, [bad])
    r = _form(adm, "/admin/corrections", "/admin/corrections/accept", {
        "target": "%s/%s/%d" % (d2.id, journal_id(2), bad), "version": "organiser",
        "why": "the tiles were checked"})
    assert r.status_code == 303 and "error" not in r.headers["location"]
    assert scores(dev, ev, 2) == total(other)


def test_records_after_the_rounds_grace_are_held_and_within_it_count(live):
    srv, ev, dev, adm = live()
    d1, d2 = ev["devices"]
    recs = no_undo_session(seed=15, tag={"table": 1, "tround": ev["tround"]})
    other = no_undo_session(seed=16, tag={"table": 2, "tround": ev["tround"]})
    half = len(recs) // 2
    assert d1.upload(dev, journal_id(1), recs[:half]).status_code == 200
    assert adm.post("/api/admin/trounds/%d/close" % ev["tround"]).status_code == 200
    # within the grace (900 s by default): a hand finished after time still counts
    assert d2.upload(dev, journal_id(2), other).status_code == 200
    assert scores(dev, ev, 2) == total(other)
    # the rounds page shows the grace and when the closed round's records stop counting
    import re
    page = adm.get("/admin/rounds").text
    assert re.search(r'name="seconds"[^>]*value="900"', page)
    assert re.search(r"<td>\d\d:\d\d:\d\d</td>", page)
    # the director sets it there (a value out of range is refused, nothing changed)
    for bad in ("-1", "86401", "ten", "9" * 30):
        r = _form(adm, "/admin/rounds", "/admin/grace", {"seconds": bad})
        assert r.status_code == 303 and "error=" in r.headers["location"]
    assert adm.get("/api/admin/event").json()["event"]["grace_seconds"] == 900
    r = _form(adm, "/admin/rounds", "/admin/grace", {"seconds": "0"})
    assert r.status_code == 303 and "error=" not in r.headers["location"]
    assert re.search(r'name="seconds"[^>]*value="0"', adm.get("/admin/rounds").text)
    # past it: held as late (judged on arrival, under the grace then in force), and
    # counted once the director accepts it
    assert d1.upload(dev, journal_id(1), recs).status_code == 200
    late = [h for h in adm.get("/api/admin/disputes").json()["disputes"] if h["table"] == 1]
    assert [h["seq"] for h in late] == [r["seq"] for r in recs[half:]]
    assert {h["status"] for h in late} == {"late"}
    assert scores(dev, ev, 1) == total(recs, [h["seq"] for h in late])
    assert scores(dev, ev, 2) == total(other)          # what came in time stays
    for h in late:
        assert adm.post("/api/admin/corrections", json={
            "kind": "accept", "target": h["target"], "data": {"version": "organiser"},
            "why": "the device was out of reach"}).status_code == 200
    assert scores(dev, ev, 1) == total(recs)
    assert adm.put("/api/admin/grace", json={"seconds": -1}).status_code == 400


def test_a_journal_the_engine_no_longer_holds_is_sent_again_whole(db_url):
    import sys
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from organiser.scoring import replay
    from organiser.app import create_app
    path = db_url
    ev = setup_event(path)
    d1, d2 = ev["devices"]
    r1 = no_undo_session(seed=17, tag={"table": 1, "tround": ev["tround"]})
    r2 = no_undo_session(seed=18, tag={"table": 2, "tround": ev["tround"]})
    app = create_app(path, pages=False)
    # an engine that keeps one journal: each upload of the other table evicts this one
    app.state.scoring.engine = replay.Engine(
        (sys.executable, "-c", "import host_tools.replay as r; r.KEEP = 1; r.main()"))
    with TestClient(app) as c:
        for n in (4, 9, len(r1)):
            d1.upload(c, journal_id(1), r1[:n])
            d2.upload(c, journal_id(2), r2[:n])
        assert scores(c, ev, 1) == total(r1) and scores(c, ev, 2) == total(r2)
        assert c.get("/api/v1/scoring").json()["disputed"] == 0


def test_the_event_settings_are_ones_a_device_start_may_carry(live):
    """The devices start their sessions with the event's settings (their seating pull):
    settings a start may not carry (organiser.store.record_model) would have every upload
    refused, so the director cannot set them."""
    srv, ev, dev, adm = live()
    d1 = ev["devices"][0]
    for bad in ({"base": 10 ** 6}, {"base": -1}, {"base": "8"}, {"x" * 65: 1},
                {"base": {"a": 1}}, {"base": 1.5}):
        r = adm.put("/api/admin/event", json={"settings": bad})
        assert r.status_code == 400 and "settings" in r.json()["error"], bad
    r = _form(adm, "/admin", "/admin/event", {"name": "Cup", "rules": "mcr",
                                             "settings_of": "mcr",
                                             "setting.mcr.base": "100000"})
    assert r.status_code == 303 and "error=" in r.headers["location"]
    assert adm.put("/api/admin/event", json={"settings": {"base": 10, "hands": 8}}
                   ).status_code == 200
    pulled = d1.pull(dev).json()
    assert pulled["settings"] == {"base": 10, "hands": 8}
    events = [e for e in session_events("mcr", seed=17, n=12,
                                        tag={"table": 1, "tround": ev["tround"]})
              if e["event"] != "undo"]
    events[0]["settings"] = pulled["settings"]
    recs = play(events)
    assert d1.upload(dev, journal_id(1), recs).json()["acked"] == len(recs)
    assert scores(dev, ev, 1) == recs[-1]["state"]["scores"]


def test_table_numbers_are_ones_a_device_start_may_name(live):
    """A device's start names its table (organiser.store.record_model: 1..10000): the director
    numbers no table beyond, and a range of tables is refused whole, not walked."""
    srv, ev, dev, adm = live()
    from organiser.store.record_model import MAX_TABLE
    for n in (0, MAX_TABLE + 1, 2 ** 40, True):
        assert adm.post("/api/admin/tables", json={"number": n}).status_code == 400, n
    r = _form(adm, "/admin", "/admin/tables", {"first": "3", "last": str(10 ** 9)})
    assert r.status_code == 303 and "error=" in r.headers["location"]
    assert adm.post("/api/admin/tables", json={"number": MAX_TABLE}).status_code == 200
    assert [t["number"] for t in adm.get("/api/admin/event").json()["tables"]] == [
        1, 2, MAX_TABLE]
