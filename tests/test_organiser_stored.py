"""No stored value breaks a page: malformed records and rows written straight into the
database of a live organiser (as a database edited by hand, or kept from before a check
existed, would hold them), then every route the application has requested, logged out
and as the director: none answers 500, and the good records still count the same."""

import json
import re
import shutil
import sqlite3

import httpx
import pytest

from organiser_fixtures import (OrganiserServer, body, headers, journal_id, play, scored,
                                session_events, setup_event)

PASSWORD = "director-pw"
BIG = 2 ** 63 - 1


def bad_shapes(win, start):
    """(label, session players JSON, start body, record body (dict or text), columns)."""
    st = win["state"]
    return [
        ("payments near 2^63", None, start, dict(win, payments=[BIG, BIG, -1, 0]),
         {"payments": json.dumps([BIG, BIG, -1, 0])}),
        ("payments of -2^63", None, start, dict(win, payments=[-BIG - 1, 0, 0, 0]),
         {"payments": json.dumps([-BIG - 1, 0, 0, 0])}),
        ("state.dealer = 4", None, start, dict(win, state=dict(st, dealer=4)), {"dealer": 4}),
        ("state.round = 7", None, start, dict(win, state=dict(st, round=7)), {"round": 7}),
        ("result.items = 5", None, start, dict(win, result=dict(win["result"], items=5)), {}),
        ("start players = 5", "5", dict(start, event=dict(start["event"], players=5)), win, {}),
        ("players a dict", '{"a": 1}', start, win, {}),
        ("a name of 100 kB", json.dumps(["x" * 100000] * 4), start, win, {}),
        ("payments not JSON", None, start, win, {"payments": "not json"}),
        ("three payments", None, start, win, {"payments": "[1, 2, 3]"}),
        ("payments as text", None, start, win, {"payments": '["a", "b", "c", "d"]'}),
        ("a body not JSON", None, start, "{", {}),
        ("an event that is text", None, start, {"seq": 2, "event": "x"}, {}),
        ("items that multiply text", None, start, dict(win, result=dict(
            win["result"], items=[{"name": {"x": 1}, "value": 10 ** 8, "count": "ab"},
                                  "item", None, {"value": BIG, "count": BIG}])), {}),
        ("winner 99, from 'a'", None, start,
         dict(win, event=dict(win["event"], winner=99, **{"from": "a"})), {}),
        ("hand_no 10^18", None, start, dict(win, state=dict(st, hand_no=10 ** 18)),
         {"hand_no": BIG}),
        ("hand_no -5", None, start, win, {"hand_no": -5}),
        ("streak 2^63", None, start, win, {"streak": BIG}),
        ("received in 5000 AD", None, start, win, {"received_at": 1e20}),
        ("undoes 2^63", None, start, dict(win, event={"event": "undo"}, undoes=BIG),
         {"kind": "undo", "undoes": BIG}),
        ("a kind that is markup", None, start, win, {"kind": "<script>x</script>"}),
    ]


def inject(db_path, win, start, tround):
    """Write every bad shape as a session of its own at table 1 (a ruleset without table
    points: the standings' totals are what the good records must keep)."""
    con = sqlite3.connect(db_path)
    con.execute("PRAGMA busy_timeout = 10000")
    sessions = []
    with con:
        for n, (label, players, st, rec, cols) in enumerate(bad_shapes(win, start)):
            jid = "bad%013x" % n
            now = 1.7e9
            con.execute("INSERT INTO journals VALUES ('dev1', ?, 2, ?, ?)", (jid, now, now))
            sid = con.execute(
                "INSERT INTO sessions (device, journal, start_seq, table_no, tround_id, rules, "
                "players, created_at) VALUES ('dev1', ?, 1, 1, ?, 'hk', ?, ?)",
                (jid, tround, players or json.dumps(["a", "b", "c", "d"]), now)).lastrowid
            sessions.append(sid)
            for seq, r, extra in ((1, st, {"kind": "start", "payments": "[0,0,0,0]"}),
                                  (2, rec, dict({"kind": "win", "payments": "[0,0,0,0]"},
                                                **cols))):
                row = dict({"device": "dev1", "journal": jid, "seq": seq,
                            "body": r if isinstance(r, str) else json.dumps(r),
                            "received_at": now, "session_id": sid, "effective": 1,
                            "hand_no": 2, "dealer": 0, "streak": 0, "round": 0, "over": 0,
                            "undoes": None}, **extra)
                con.execute("INSERT INTO records (%s) VALUES (%s)" % (
                    ", ".join(row), ", ".join("?" * len(row))), list(row.values()))
        # the rest of what a page reads
        con.execute("INSERT INTO journals VALUES ('dev2', 'ffffffffffffffff', 0, 1e20, 1e20)")
        con.execute("INSERT OR REPLACE INTO device_seen VALUES ('dev2', 1e20)")
        con.execute("INSERT INTO refused (at, remote, path, status, error, size, detail) "
                    "VALUES (1e20, '<b>', '/x', 400, 'malformed', ?, '<script>')", (BIG,))
        con.execute("INSERT INTO devices (id, secret, table_no, label, created_at) "
                    "VALUES ('<i>odd', 'zz', 999, '<script>', -1e20)")
        for kind, target, data in (
                ("payments", "dev1/ffffffffffffffff/1", "[]"),
                ("void", "no/such/record/x", "not json"),
                ("reseat", "session:%d" % sessions[0], json.dumps({"players": ["a", {}, None, 5]})),
                ("session", "session:%d" % sessions[1], json.dumps({"tround_id": "x",
                                                                    "table_no": [1]})),
                ("odd", "session:x", "{}")):
            con.execute("INSERT INTO corrections (at, who, why, kind, target, data) "
                        "VALUES (1e20, 'd', '<b>why</b>', ?, ?, ?)", (kind, target, data))
        # the organiser's own scoring, devices' reports, spare and refused sessions, grace
        bad_rows = (
            ("<b>odd</b>", "not json", 5, '{"result": {"items": 5, "total": "x"}}',
             '{"round": 9, "hand_no": "x", "dealer": -1}'),
            ("disputed", '[1e300, "a", null]', "<script>", "not json", "not json"),
            ("late", '{"a": 1}', None, "[]", "[1, 2]"),
            ("refused", "[%d, 0, 0, 0]" % BIG, "x" * 100000,
             json.dumps({"result": {"items": [{"name": {"x": 1}, "value": BIG}] * 3}}),
             json.dumps({"round": BIG, "hand_no": -3, "over": "yes", "extras": 5})),
            ("corrected", None, None, None, None))
        for n, (status, organiser, error, detail, state) in enumerate(bad_rows):
            con.execute("INSERT OR REPLACE INTO replayed (device, journal, seq, status, "
                        "organiser, error, detail, state) VALUES ('dev1', ?, 2, ?, ?, ?, ?, ?)",
                        ("bad%013x" % n, status, organiser, error, detail, state))
        con.execute("UPDATE devices SET build = 12345, data = ?, revoked_at = 'yesterday' "
                    "WHERE id = '<i>odd'", ("<b>" + "d" * 5000,))
        con.execute("UPDATE devices SET build = x'00ff', data = 7 WHERE id = 'dev2'")
        con.execute("UPDATE sessions SET refused = 5 WHERE id = ?", (sessions[2],))
        con.execute("UPDATE sessions SET continues = id WHERE id = ?", (sessions[3],))
        con.execute("UPDATE sessions SET continues = ? WHERE id = ?", (BIG, sessions[4]))
        con.execute("UPDATE records SET late = 'x' WHERE journal = ?", ("bad%013x" % 5,))
        # hand corrections out of shape, on the record whose body is not JSON (its
        # journal is scored again: nothing of it counts, before or after)
        for kind, data in (("accept", "not json"), ("event", '{"event": 5}'),
                           ("accept", '{"version": ["x"]}'), ("payments", '{"payments": 5}')):
            con.execute("INSERT INTO corrections (at, who, why, kind, target, data) VALUES "
                        "(1e20, 'd', 'x', ?, ?, ?)", (kind, "dev1/bad%013x/2" % 11, data))
        con.execute("UPDATE trounds SET opened_at = 1e20, closed_at = 'soon'")
        con.execute("UPDATE event SET settings = 'not json', name = '<b>cup</b>', "
                    "grace_seconds = 'a while'")
        con.execute("INSERT INTO trounds (number, status, opened_at) VALUES (?, 'pending', -5)",
                    (BIG,))
    con.close()
    return sessions


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    db_path = str(tmp_path_factory.mktemp("stored") / "organiser.db")
    ev = setup_event(db_path, rules="hk", password=PASSWORD)
    srv = OrganiserServer(db_path).start()
    try:
        with httpx.Client(timeout=30) as c:
            win = start = None
            for i, dev in enumerate(ev["devices"]):
                recs = play(session_events("hk", seed=40 + i, n=30,
                                           tag={"table": dev.table, "tround": ev["tround"]}))
                raw = body(dev.id, journal_id(40 + i), recs)
                assert c.post(srv.url + "/api/v1/upload", content=raw,
                              headers=headers(dev.secret, raw)).json()["acked"] == len(recs)
                start = recs[0]
                win = win or next(r for r in recs if r["event"]["event"] == "win")
            scored(c, srv.url)          # the organiser's own scoring of the good records
            good = c.get(srv.url + "/api/v1/standings").json()
        inject(db_path, win, start, ev["tround"])
        yield srv, ev, good
    finally:
        srv.stop()


def totals(standings):
    return ({p["name"]: p["total"] for p in standings["players"]},
            {t["name"]: t["total"] for t in standings["teams"]})


PARAMS = {"number": "1", "no": "1", "tid": "1", "tround_id": "1", "pid": "1", "did": "dev1"}
QUERIES = ("", "?tround=1", "?tround=all", "?tround=77", "?tround=" + "9" * 30,
           "?of=teams&tround=1", "?rows=3&seconds=1", "?ok=x&ok_sig=y&error=z")


def routes():
    """(methods, path) of every route of the application, as app.routes lists them."""
    import tempfile
    from organiser.app import create_app
    folder = tempfile.mkdtemp(prefix="organiser-routes-")
    app = create_app(folder + "/organiser.db")
    out = []

    def walk(items, prefix):
        for r in items:
            if hasattr(r, "original_router"):    # an included router (FastAPI lists it so)
                walk(r.original_router.routes, prefix + r.include_context.prefix)
                continue
            methods = sorted(getattr(r, "methods", None) or {"GET"})
            path = prefix + r.path
            if not hasattr(r, "methods") and not hasattr(r, "endpoint"):     # a mount
                path += "/live.js"
            out.append((methods, path))
    walk(app.routes, "")
    app.state.db.close()
    shutil.rmtree(folder, ignore_errors=True)
    return out


def fill(path, value=None):
    return re.sub(r"{(\w+)(:[^}]*)?}", lambda m: value or PARAMS.get(m.group(1), "1"), path)


def request(c, method, url, **kw):
    """The status of one request (a stream: only its head is read)."""
    try:
        with c.stream(method, url, **kw) as r:
            if "text/event-stream" not in r.headers.get("content-type", ""):
                r.read()
            return r.status_code
    except httpx.HTTPError as e:         # no answer at all counts as a failure too
        return 599 if not isinstance(e, httpx.ReadError) else 598


def test_no_route_answers_500_and_good_records_still_count(stored):
    srv, ev, good = stored
    all_routes = routes()
    assert len(all_routes) > 40
    failures = []
    with httpx.Client(timeout=30) as anon, httpx.Client(timeout=30) as director:
        r = director.post(srv.url + "/api/admin/login", json={"name": "director",
                                                              "password": PASSWORD})
        assert r.status_code == 200
        token = re.search(r'name="csrf" value="([0-9a-f]+)"',
                          director.get(srv.url + "/admin").text).group(1)
        for methods, path in all_routes:
            for method in methods:
                if method == "HEAD" or path.endswith("/logout"):
                    continue
                for value in (None, "9" * 25):
                    url = srv.url + fill(path, value)
                    if method == "GET":
                        for q in QUERIES:
                            for c in (anon, director):
                                s = request(c, "GET", url + q)
                                if s >= 500:
                                    failures.append((s, "GET", url + q))
                        continue
                    kw = {"headers": {"Origin": srv.url}}
                    if path.startswith("/admin"):
                        kw["data"] = {"csrf": token, "target": "dev1/x/1", "table_no": "999",
                                      "player_id": "1", "why": "walk", "version": "device",
                                      "device_id": "<i>odd", "revoked": "1", "seconds": "60"}
                    else:
                        kw["json"] = {}
                    if path.endswith("/password"):
                        continue                    # (would change the password)
                    s = request(director, method, url, follow_redirects=False, **kw)
                    if s >= 500:
                        failures.append((s, method, url))
        assert not failures, failures
        scored(anon, srv.url)
        after = anon.get(srv.url + "/api/v1/standings").json()
        # a device (its stored report out of shape) pulls its seating and uploads: the
        # stored grace, round times and scoring rows do not break the device routes
        dev = ev["devices"][1]
        raw = json.dumps({"device": dev.id, "nonce": "ab", "build": "b1", "data": "d1"}).encode()
        r = anon.post(srv.url + "/api/v1/seating", content=raw, headers=headers(dev.secret, raw))
        assert r.status_code == 200 and len(r.json()["players"]) == 4
        recs = play(session_events("hk", seed=49, n=6, tag={"table": dev.table,
                                                            "tround": ev["tround"]}))
        raw = body(dev.id, journal_id(49), recs)
        r = anon.post(srv.url + "/api/v1/upload", content=raw, headers=headers(dev.secret, raw))
        assert r.status_code == 200 and r.json()["acked"] == len(recs)
        assert anon.get(srv.url + "/api/v1/standings").status_code == 200
    assert totals(after) == totals(good)
    assert any(p["total"] for p in after["players"])


def test_each_malformed_record_is_shown_without_its_harm(stored):
    srv, _, _ = stored
    with httpx.Client(timeout=30) as c:
        page = c.get(srv.url + "/tables/1?tround=all")
        grid = c.get(srv.url + "/tables")
        csv = c.get(srv.url + "/export/hands.csv")
    assert page.status_code == grid.status_code == csv.status_code == 200
    assert "<script>x</script>" not in page.text and "<script>" not in grid.text
    assert "abab" not in csv.text                       # no text multiplied by a count
    assert len(csv.content) < 2 << 20


def test_the_page_cache_keeps_a_bounded_number_of_results():
    from organiser.pages.pages import Memo
    memo = Memo()
    for n in range(3 * Memo.KEPT):
        memo.get(("standings", n), lambda version: [n] * 100)
    assert len(memo.held) <= Memo.KEPT and len(memo.busy) <= Memo.KEPT + 1
    assert memo.get(("standings", 3 * Memo.KEPT - 1), lambda version: None)[0] == [
        3 * Memo.KEPT - 1] * 100


def test_rounds_that_do_not_exist_are_not_computed(stored):
    srv, _, _ = stored
    with httpx.Client(timeout=30) as c:
        for n in range(100, 130):
            assert c.get(srv.url + "/standings/part?tround=%d" % n).status_code == 404
