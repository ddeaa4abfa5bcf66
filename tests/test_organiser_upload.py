"""The upload protocol (docs/upload.md) end to end through the organiser's app: real
journal records from the table engine, signed like the firmware; every refusal answered
with its status, logged, and nothing stored for it."""

import json
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from organiser.guard import signing
from organiser.app import create_app
from organiser.store.db import Database
from organiser_fixtures import body, headers, journal_id, play, session_events, setup_event

J = journal_id(1)


@pytest.fixture(scope="module")
def recs():
    return play(session_events("mcr", seed=3, n=40))


@pytest.fixture
def env(db_url):
    db_path = db_url
    ev = setup_event(db_path)
    with TestClient(create_app(db_path, pages=False)) as c:
        yield c, ev, c.app.state.db


def counts(db):
    with db.read() as con:
        return (con.execute("SELECT COUNT(*) FROM records").fetchone()[0],
                con.execute("SELECT COUNT(*) FROM journals").fetchone()[0],
                con.execute("SELECT COUNT(*) FROM sessions").fetchone()[0])


def refused(db):
    with db.read() as con:
        return [dict(r) for r in con.execute("SELECT * FROM refused ORDER BY id")]


@pytest.mark.pg_core          # on PostgreSQL in make test too
def test_upload_acks_and_resend_is_idempotent(env, recs):
    c, ev, db = env
    d = ev["devices"][0]
    assert len(recs) > 10
    r = d.upload(c, J, recs[:10])
    assert r.status_code == 200 and r.json() == {"ok": True, "acked": 10}
    r = d.upload(c, J, recs)
    assert r.json() == {"ok": True, "acked": len(recs)}
    before = counts(db)
    assert before[0] == len(recs)
    # the same records again, in another key order and spacing: nothing new
    raw = json.dumps({"records": [dict(reversed(list(x.items()))) for x in recs],
                      "journal": J, "device": d.id}, indent=1).encode()
    r = c.post("/api/v1/upload", content=raw, headers=headers(d.secret, raw))
    assert r.json() == {"ok": True, "acked": len(recs)}
    assert d.upload(c, J, recs[3:7]).json() == {"ok": True, "acked": len(recs)}
    assert counts(db) == before
    assert refused(db) == []


def test_contiguous_ack_with_gaps(env, recs):
    c, ev, db = env
    d = ev["devices"][0]
    assert d.upload(c, J, [recs[0], recs[1], recs[4], recs[5]]).json()["acked"] == 2
    assert d.upload(c, J, [recs[6]]).json()["acked"] == 2
    assert d.upload(c, J, [recs[2]]).json()["acked"] == 3
    assert d.upload(c, J, [recs[3]]).json()["acked"] == 7
    assert counts(db)[0] == 7
    # another journal of the same device starts from 0
    assert d.upload(c, journal_id(2), [recs[1]]).json()["acked"] == 0


def test_conflict_refused_logged_never_overwritten(env, recs):
    c, ev, db = env
    d = ev["devices"][0]
    d.upload(c, J, recs[:3] + [recs[4]])
    other = json.loads(json.dumps(recs[4]))
    other["payments"] = [p + (1 if i == 0 else -1 if i == 1 else 0)
                         for i, p in enumerate(other["payments"])]
    r = d.upload(c, J, [recs[3], other])
    assert r.status_code == 409
    assert r.json() == {"ok": False, "error": "conflict", "seq": 5, "acked": 5}
    with db.read() as con:
        held = con.execute("SELECT body FROM records WHERE seq = 5").fetchone()[0]
    assert json.loads(held) == recs[4]                  # the first content stands
    assert counts(db)[0] == 5                           # record 4, before it, was kept
    log = refused(db)
    assert [(x["status"], x["error"], x["device"], x["seq"]) for x in log] == \
        [(409, "conflict", d.id, 5)]


def _refusals(ev, recs):
    """(name, raw body, headers, status, error) for each kind of bad request."""
    d1, d2 = ev["devices"]
    good = body(d1.id, J, recs[:5])
    altered = good.replace(b'"seq":3', b'"seq":30', 1)
    assert altered != good
    as_other = body(d2.id, J, recs[:5])                  # d1's records under d2's id
    big = body(d1.id, J, [dict(recs[0], pad="x" * 70000)])
    return [
        ("bad signature", good, dict(headers(d1.secret, good), **{"X-Signature": "00" * 32}),
         401, "bad_signature"),
        ("no signature", good, {"Content-Type": "application/json"}, 401, "bad_signature"),
        ("altered body", altered, headers(d1.secret, good), 401, "bad_signature"),
        ("another device's id", as_other, headers(d1.secret, as_other), 401, "bad_signature"),
        ("wrong secret", good, headers(signing.new_secret(), good), 401, "bad_signature"),
        ("unknown device", body("nobody", J, recs[:5]),
         headers(d1.secret, body("nobody", J, recs[:5])), 401, "unknown_device"),
        ("not JSON", b"{not json", headers(d1.secret, b"{not json"), 400, "malformed"),
        ("not an object", b"[1, 2]", headers(d1.secret, b"[1, 2]"), 400, "malformed"),
        ("nested too deep", b"[" * 30000, headers(d1.secret, b"[" * 30000), 400, "malformed"),
        ("bad journal id", body(d1.id, "XYZ", recs[:2]),
         headers(d1.secret, body(d1.id, "XYZ", recs[:2])), 400, "malformed"),
        ("seq not increasing", body(d1.id, J, [recs[1], recs[0]]),
         headers(d1.secret, body(d1.id, J, [recs[1], recs[0]])), 400, "malformed"),
        ("no records", body(d1.id, J, []), headers(d1.secret, body(d1.id, J, [])), 400,
         "malformed"),
        ("record without event", body(d1.id, J, [{"seq": 1}]),
         headers(d1.secret, body(d1.id, J, [{"seq": 1}])), 400, "malformed"),
        ("oversized", big, headers(d1.secret, big), 413, "too_large"),
    ]


def test_each_bad_request_refused_logged_nothing_stored(env, recs):
    c, ev, db = env
    cases = _refusals(ev, recs)
    for i, (name, raw, h, status, error) in enumerate(cases):
        r = c.post("/api/v1/upload", content=raw, headers=h)
        assert r.status_code == status, name
        assert r.json() == {"ok": False, "error": error}, name
        assert counts(db) == (0, 0, 0), name
        log = refused(db)
        assert len(log) == i + 1 and log[-1]["status"] == status, name
        assert log[-1]["error"] == error and log[-1]["size"] == len(raw), name
    # and the good body itself is accepted
    d1 = ev["devices"][0]
    assert d1.upload(c, J, recs[:5]).json() == {"ok": True, "acked": 5}


@pytest.mark.pg_core          # PostgreSQL's text holds no NUL character; SQLite's does
def test_a_nul_character_in_what_a_device_sends_is_answered(env, recs):
    c, ev, db = env
    d1 = ev["devices"][0]
    raw = body("dev\x001", J, recs[:1])
    r = c.post("/api/v1/upload", content=raw, headers=headers(d1.secret, raw))
    assert r.status_code == 401 and r.json()["error"] == "unknown_device"
    # a NUL inside a record's JSON (escaped in its canonical body) or in its event's name
    first = dict(recs[0], note="a\x00b")
    r = d1.upload(c, J, [first])
    assert r.status_code in (200, 400), r.text
    if r.status_code == 200:
        assert d1.upload(c, J, [first]).json() == {"ok": True, "acked": 1}   # the same
        with db.read() as con:
            held = con.execute("SELECT body FROM records").fetchall()
        assert len(held) == 1 and json.loads(held[0][0])["note"] == "a\x00b"
    named = dict(recs[0], seq=2, event=dict(recs[0]["event"], event="st\x00art"))
    r = d1.upload(c, J, [named])
    assert r.status_code in (200, 400), r.text


def test_oversized_stream_refused_before_reading_it_all(env, recs):
    c, ev, db = env
    d1 = ev["devices"][0]
    raw = body(d1.id, J, [dict(recs[0], pad="y" * 100000)])

    def chunks():
        for i in range(0, len(raw), 8192):
            yield raw[i:i + 8192]
    r = c.post("/api/v1/upload", content=chunks(), headers=headers(d1.secret, raw))
    assert r.status_code == 413 and r.json()["error"] == "too_large"
    assert counts(db) == (0, 0, 0) and refused(db)[-1]["error"] == "too_large"


def test_seating_pull(env):
    c, ev, db = env
    d1 = ev["devices"][0]
    r = d1.pull(c)
    assert r.status_code == 200
    ans = r.json()
    names = {v: k for k, v in ev["players"].items()}
    assert ans["ok"] and ans["table"] == 1 and ans["tround"] == ev["tround"]
    assert ans["players"] == [names[p] for p in ev["seating"][1]]
    assert ans["rules"] == "mcr" and ans["dealer"] == 0
    raw = json.dumps({"device": d1.id, "nonce": "ab"}).encode()
    r = c.post("/api/v1/seating", content=raw,
               headers={"X-Signature": signing.sign(ev["devices"][1].secret, raw)})
    assert r.status_code == 401 and r.json()["error"] == "bad_signature"
    assert refused(db)[-1]["path"] == "/api/v1/seating"


def test_sessions_take_the_tag_and_undo_takes_back(env):
    """A journal with two sessions, the second's start undone: the first counts again,
    and what counts adds up to the device's own scores."""
    c, ev, db = env
    d = ev["devices"][1]
    evs = session_events("mcr", seed=5, n=20, tag={"table": 2, "tround": ev["tround"]})
    evs += [{"event": "start", "rules": "mcr", "players": ["w", "x", "y", "z"]},
            {"event": "draw"}, {"event": "undo"}, {"event": "undo"}]
    evs += session_events("mcr", seed=6, n=12)[1:]
    recs = play(evs)
    assert [r["event"]["event"] for r in recs].count("start") == 2
    assert d.upload(c, J, recs).json()["acked"] == len(recs)
    from organiser.results import standings
    with db.read() as con:
        games = standings.games(con)
        n_sessions = con.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]
    assert n_sessions == 2 and len(games) == 1
    assert games[0]["table_no"] == 2 and games[0]["tround_id"] == ev["tround"]
    assert games[0]["scores"] == recs[-1]["state"]["scores"]
    assert games[0]["hands"] == recs[-1]["state"]["hand_no"] - 1


def test_what_a_record_counts_for_is_the_same_however_the_batches_come(env):
    """Two sessions, undos taking back a start and a hand: sent whole, one by one, and
    in batches out of order (records held past the mark before an undo and a start),
    each record counts or not, in the same session, the same way."""
    import random
    c, ev, db = env
    d = ev["devices"][1]
    evs = session_events("mcr", seed=7, n=10)
    evs += [{"event": "draw"}, {"event": "undo"},
            {"event": "start", "rules": "mcr", "players": ["w", "x", "y", "z"]},
            {"event": "draw"}, {"event": "undo"}, {"event": "undo"}]
    evs += session_events("mcr", seed=8, n=8)[1:]
    recs = play(evs)
    chunks = [recs[i:i + 3] for i in range(0, len(recs), 3)]
    random.Random(1).shuffle(chunks)
    ways = {journal_id(11): [recs], journal_id(12): [[r] for r in recs],
            journal_id(13): chunks}
    for j, batches in ways.items():
        for b in batches:
            assert d.upload(c, j, b, wait=False).status_code == 200
    with db.read() as con:
        got = {j: [tuple(r) for r in con.execute(
            "SELECT r.seq, r.effective, s.start_seq, r.late FROM records r LEFT JOIN "
            "sessions s ON s.id = r.session_id WHERE r.journal = ? ORDER BY r.seq", (j,))]
            for j in ways}
    whole = got[journal_id(11)]
    assert len(whole) == len(recs) and all(row[1] is not None for row in whole)
    undos = [r["event"]["event"] for r in recs].count("undo")
    assert undos >= 3 and [row[1] for row in whole].count(0) == 2 * undos   # and their targets
    assert got[journal_id(12)] == whole and got[journal_id(13)] == whole


@pytest.mark.parametrize("rules", ["mcr", "hk", "tw", "sh"])
def test_every_ruleset_adds_up(db_url, rules):
    db_path = db_url
    ev = setup_event(db_path, rules=rules)
    recs = play(session_events(rules, seed=11, n=60))
    with TestClient(create_app(db_path, pages=False)) as c:
        d = ev["devices"][0]
        for i in range(0, len(recs), 7):                 # batches as a device sends them
            assert d.upload(c, J, recs[i:i + 7]).status_code == 200
        s = c.get("/api/v1/standings").json()
    names = {v: k for k, v in ev["players"].items()}
    by_name = {p["name"]: p["score"] for p in s["players"]}
    final = recs[-1]["state"]["scores"]
    assert [by_name[names[p]] for p in ev["seating"][1]] == final
    assert sum(p["score"] for p in s["players"]) == sum(final)


def test_tag_names_the_round_untagged_takes_the_open_one(env):
    c, ev, db = env
    from organiser.results import standings
    from organiser.event import tournament
    with db.write() as con:
        t2 = tournament.add_tround(con)
        tournament.generate_seating(con, t2)
        tournament.close_round(con, ev["tround"])
        tournament.open_round(con, t2)
    d = ev["devices"][0]
    late = play(session_events("mcr", seed=8, n=8, tag={"table": 1, "tround": ev["tround"]}))
    now = play(session_events("mcr", seed=9, n=8))
    assert d.upload(c, journal_id(1), late).status_code == 200
    assert d.upload(c, journal_id(2), now).status_code == 200
    with db.read() as con:
        got = {g["journal"]: (g["tround_id"], g["table_no"]) for g in standings.games(con)}
    assert got == {journal_id(1): (ev["tround"], 1), journal_id(2): (t2, 1)}
