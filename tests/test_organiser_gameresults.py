"""Each game's result stored when the organiser scores it (organiser/results/gameresults.py):
after uploads, corrections, re-seats, a session moved, penalties, a player withdrawn, a
seating edited and a game taken back by undos, the stored rows are what a computation
from the records gives (standings.games), the standings read from them are the
standings computed from the records, and so is every player's page."""

import time
import warnings
from fractions import Fraction

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from organiser.app import create_app
from organiser.event import corrections
from organiser.guard import auth
from organiser.results import gamerows, gameresults, standings, stats
from organiser.store.db import Database
from organiser_fixtures import journal_id, play, session_events, setup_event


@pytest.fixture(scope="module")
def games_recs():
    return [play(session_events("mcr", seed=s, n=40)) for s in (21, 22, 23)]


@pytest.fixture
def env(db_url):
    ev = setup_event(db_url)
    app = create_app(db_url, pages=False)
    auth.set_password(app.state.db, "director", "s3cret-pw")
    with TestClient(app) as c:
        r = c.post("/api/admin/login", json={"name": "director", "password": "s3cret-pw"})
        assert r.status_code == 200
        yield c, ev, app.state.db


def fresh_soon(db, seconds=10):
    """The stored results are the database's (the refresh after a change that is not a
    scoring runs on the organiser's loop, a moment after the change's answer)."""
    end = time.time() + seconds
    while True:
        with db.read() as con:
            if gamerows.fresh(con):
                return
        assert time.time() < end, "the stored game results are not refreshed"
        time.sleep(0.05)


def held_equal_to_records(db, monkeypatch=None):
    """The stored results against a computation from the records, every way they are read."""
    fresh_soon(db)
    with db.read() as con:
        trounds = [r[0] for r in con.execute("SELECT id FROM trounds")]
        corr = corrections.latest(con)
        for t in [None] + trounds:
            want = standings.games(con, t, corr)
            got = gamerows.stored_games(con, t)
            assert [(g["session_id"], g["tround_id"], g["table_no"], g["players"], g["scores"],
                     g["hands"]) for g in got] == \
                [(g["session_id"], g["tround_id"], g["table_no"], g["players"], g["scores"],
                  g["hands"]) for g in want]
            for g, w in zip(got, want):
                tp = standings.table_points(w["scores"]) if (w["rules"] == "mcr" and
                                                             w["hands"]) else None
                assert g["table_points"] == tp
                assert g["places"] == ([sorted(w["scores"], reverse=True).index(x) + 1
                                        for x in w["scores"]] if w["hands"] else [None] * 4)
            assert gamerows.sums(con, t) is not None            # read, not computed
            assert standings.compute(con, t) == standings.compute(con, t, from_store=False)
        pids = [r[0] for r in con.execute("SELECT id FROM players")]
        held = {p: stats.player(con, p) for p in pids}
    if monkeypatch is not None:
        with monkeypatch.context() as m:                        # the records' way
            m.setattr(gamerows, "figures", lambda con, pid: None)
            with db.read() as con:
                assert {p: stats.player(con, p) for p in pids} == held
    return held


def test_uploads_corrections_reseats_penalties(env, games_recs, monkeypatch):
    c, ev, db = env
    r1, r2 = games_recs[0], games_recs[1]
    d1, d2 = ev["devices"]
    assert d1.upload(c, journal_id(1), r1[:20]).status_code == 200
    held_equal_to_records(db, monkeypatch)
    assert d1.upload(c, journal_id(1), r1).status_code == 200      # the rest of it
    assert d2.upload(c, journal_id(2), r2).status_code == 200
    figs = held_equal_to_records(db, monkeypatch)
    seats = ev["seating"][1]
    s = c.get("/api/v1/standings").json()
    got = {p["id"]: p for p in s["players"]}
    assert [got[p]["score"] for p in seats] == r1[-1]["state"]["scores"]
    assert [got[p]["table_points"] for p in seats] == \
        [round(float(x), 3) for x in standings.table_points(r1[-1]["state"]["scores"])]
    assert any(f["overall"]["hands"] for f in figs.values())
    assert c.get("/api/v1/players/%d/stats" % seats[0]).json()["overall"] == \
        figs[seats[0]]["overall"]

    # a payments correction, then a void: the game's stored scores follow
    seq = next(r["seq"] for r in r1 if r["event"]["event"] == "win"
               and r["payments"] != [0, 0, 0, 0])
    up = next(r for r in r1 if r["seq"] == seq)["payments"]
    target = "%s/%s/%d" % (d1.id, journal_id(1), seq)
    r = c.post("/api/admin/corrections", json={"kind": "payments", "target": target,
                                                "data": {"payments": [up[1], up[0], up[2],
                                                                      up[3]]}, "why": "seat"})
    assert r.status_code == 200
    held_equal_to_records(db, monkeypatch)
    r = c.post("/api/admin/corrections", json={"kind": "void", "target": target,
                                                "why": "not played"})
    assert r.status_code == 200
    held_equal_to_records(db, monkeypatch)
    with db.read() as con:
        g = next(g for g in gamerows.stored_games(con) if g["table_no"] == 1)
    assert g["scores"] == [a - b for a, b in zip(r1[-1]["state"]["scores"], up)]

    # a re-seat: the seats' players change, the scores stay with the seats
    with db.read() as con:
        sid = con.execute("SELECT id FROM sessions WHERE device = ?", (d1.id,)).fetchone()[0]
    truly = [seats[2], seats[3], seats[0], seats[1]]
    assert c.post("/api/admin/reseat", json={"session_id": sid, "players": truly,
                                             "why": "swapped"}).status_code == 200
    held_equal_to_records(db, monkeypatch)
    with db.read() as con:
        assert next(g for g in gamerows.stored_games(con)
                    if g["session_id"] == sid)["players"] == truly

    # penalties are the players' own, read beside the games; a withdrawn player keeps
    # their results
    assert c.post("/api/admin/penalties", json={"player_id": truly[0], "points": -30,
                                                "why": "late"}).status_code == 200
    assert c.patch("/api/admin/players/%d" % truly[1], json={"active": False}).status_code == 200
    held_equal_to_records(db, monkeypatch)
    got = {p["id"]: p for p in c.get("/api/v1/standings").json()["players"]}
    assert got[truly[0]]["penalties"] == -30 and got[truly[1]]["games"] == 1


def test_a_session_moved_and_a_round_seated(env, games_recs, monkeypatch):
    """A change that is no scoring (a round's seating edited) refreshes the stored
    results; a session moved to another round moves its stored game."""
    c, ev, db = env
    t1 = ev["tround"]
    t2 = c.post("/api/admin/trounds", json={}).json()["id"]
    ev["devices"][0].upload(c, journal_id(1), games_recs[0])
    held_equal_to_records(db)
    r = c.put("/api/admin/trounds/%d/seating" % t2,
              json={"tables": {"1": ev["seating"][1], "2": ev["seating"][2]}})
    assert r.status_code == 200
    held_equal_to_records(db, monkeypatch)           # refreshed whole: the basis changed
    with db.read() as con:
        sid = con.execute("SELECT id FROM sessions").fetchone()[0]
    r = c.post("/api/admin/corrections", json={
        "kind": "session", "target": "session:%d" % sid,
        "data": {"tround_id": t2, "table_no": 1}, "why": "round 2 opened late"})
    assert r.status_code == 200
    held_equal_to_records(db, monkeypatch)
    with db.read() as con:
        assert [g["tround_id"] for g in gamerows.stored_games(con)] == [t2]
        assert gamerows.stored_games(con, t1) == []


def test_undone_hands_and_a_second_journal(env, monkeypatch):
    """Undos take hands back (the records' effective flag changes at upload, the game's
    stored result at its scoring); a device restarted mid-round is the same game (its
    table points once)."""
    c, ev, db = env
    d1 = ev["devices"][0]
    evs = session_events("mcr", seed=5, n=60)
    recs = play(evs)
    assert any(r["event"]["event"] == "undo" for r in recs)
    d1.upload(c, journal_id(7), recs)
    held_equal_to_records(db, monkeypatch)
    again = play(session_events("mcr", seed=6, n=20))
    d1.upload(c, journal_id(8), again)
    held_equal_to_records(db, monkeypatch)
    with db.read() as con:
        gs = gamerows.stored_games(con)
    assert len(gs) == 1 and sum(gs[0]["table_points"]) == 7


def test_an_older_database_is_stored_at_start(db_url, games_recs):
    """A database without stored results (made before them, or its rows dropped): read
    from the records until the organiser's start stores them."""
    ev = setup_event(db_url)
    app = create_app(db_url, pages=False)
    with TestClient(app) as c:
        ev["devices"][0].upload(c, journal_id(1), games_recs[0])
    db = Database(db_url)
    try:
        with db.write() as con:
            con.execute("DELETE FROM game_results")
            con.execute("DELETE FROM game_results_basis")
        with db.read() as con:
            assert not gamerows.fresh(con) and gamerows.sums(con) is None
            from_records = standings.compute(con)
        assert any(p["score"] for p in from_records["players"])
    finally:
        db.close()
    app = create_app(db_url, pages=False)
    with TestClient(app):
        db = app.state.db
        held_equal_to_records(db)
        with db.read() as con:
            assert standings.compute(con) == from_records


def test_a_refresh_stores_what_the_records_give(db_url, games_recs):
    """refresh() alone, in a write: whole, or the rounds of the journals named."""
    ev = setup_event(db_url)
    app = create_app(db_url, pages=False)
    with TestClient(app) as c:
        ev["devices"][0].upload(c, journal_id(1), games_recs[0])
        ev["devices"][1].upload(c, journal_id(2), games_recs[1])
        db = app.state.db
        with db.write() as con:
            con.execute("UPDATE game_results SET score = score + 1000")
            assert standings.compute(con) != standings.compute(con, from_store=False)
            assert gameresults.refresh(con, [(ev["devices"][0].id, journal_id(1))]) == 2
            assert standings.compute(con) == standings.compute(con, from_store=False)
            con.execute("UPDATE game_results SET table_points12 = NULL")
            assert gameresults.refresh(con, whole=True) == 2
        held_equal_to_records(db)
        with db.read() as con:
            assert all(sum(g["table_points"]) == Fraction(7) for g in gamerows.stored_games(con))


def test_a_whole_refresh_keeps_only_the_figures_that_hold(db_url, games_recs, monkeypatch):
    """A whole refresh (the basis changed) keeps a game's seat figures only where no
    correction since names its round's journals: a void entered straight into the
    database, before any rescoring, is in the refreshed figures of its game, and the
    other round's game keeps its own."""
    ev = setup_event(db_url)
    app = create_app(db_url, pages=False)
    auth.set_password(app.state.db, "director", "s3cret-pw")
    with TestClient(app) as c:
        assert c.post("/api/admin/login", json={"name": "director",
                                                "password": "s3cret-pw"}).status_code == 200
        d1 = ev["devices"][0]
        d1.upload(c, journal_id(1), games_recs[0])
        t1 = ev["tround"]
        assert c.post("/api/admin/trounds/%d/close" % t1).status_code == 200
        t2 = c.post("/api/admin/trounds", json={}).json()["id"]
        assert c.post("/api/admin/trounds/%d/seating/generate" % t2, json={}).status_code == 200
        assert c.post("/api/admin/trounds/%d/open" % t2).status_code == 200
        d1.upload(c, journal_id(3), games_recs[2])
        db = app.state.db
        held_equal_to_records(db, monkeypatch)
        seq = next(r["seq"] for r in games_recs[2] if r["event"]["event"] == "win")
    db = Database(db_url)
    try:
        with db.write() as con:
            before = {(g["tround_id"], seat): f for g in standings.games(con)
                      for seat, f in enumerate(gameresults.seat_figures(
                          con, g, corrections.latest(con)))}
            corrections.add(con, "director", "not played", "void",
                            corrections.record_target(d1.id, journal_id(3), seq), {})
            assert not gamerows.fresh(con)
            assert gameresults.refresh_if_stale(con) == 2
        held = held_equal_to_records(db, monkeypatch)
        with db.read() as con:
            after = {(g["tround_id"], seat): f for g in standings.games(con)
                     for seat, f in enumerate(gameresults.seat_figures(
                         con, g, corrections.latest(con)))}
        assert [after[(t1, s)] for s in range(4)] == [before[(t1, s)] for s in range(4)]
        assert sum(after[(t2, s)]["hands"] for s in range(4)) == \
            sum(before[(t2, s)]["hands"] for s in range(4)) - 4       # the void hand
        assert held
    finally:
        db.close()


pytestmark = pytest.mark.pg_core
