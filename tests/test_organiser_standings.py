"""The event's record: standings from uploaded hands, MCR table points, corrections
appended by the logged-in director, re-seating, penalties, per-round and whole-event
exports, and the director's login."""

import csv
import io
import json
import warnings
from fractions import Fraction

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from organiser.guard import auth
from organiser.results import standings
from organiser.app import create_app
from organiser_fixtures import journal_id, play, session_events, setup_event


@pytest.fixture(scope="module")
def games_recs():
    return [play(session_events("mcr", seed=s, n=40)) for s in (21, 22, 23)]


@pytest.fixture
def env(db_url, games_recs):
    db_path = db_url
    ev = setup_event(db_path)
    app = create_app(db_path, pages=False)
    auth.set_password(app.state.db, "director", "s3cret-pw")
    with TestClient(app) as c:
        yield c, ev, app.state.db


def login(c):
    r = c.post("/api/admin/login", json={"name": "director", "password": "s3cret-pw"})
    assert r.status_code == 200


def scores(c, tround=None):
    s = c.get("/api/v1/standings" + ("?tround=%d" % tround if tround else "")).json()
    return {p["id"]: p for p in s["players"]}, {t["id"]: t for t in s["teams"]}, s


def win_seq(recs):
    return next(r["seq"] for r in recs if r["event"]["event"] == "win"
                and r["payments"] != [0, 0, 0, 0])


def test_table_points_share_ties():
    assert standings.table_points([30, 20, 10, 0]) == [4, 2, 1, 0]
    assert standings.table_points([0, 10, 20, 30]) == [0, 1, 2, 4]
    assert standings.table_points([10, 10, 0, -20]) == [3, 3, 1, 0]
    assert standings.table_points([5, 0, 0, -5]) == [4, Fraction(3, 2), Fraction(3, 2), 0]
    assert standings.table_points([1, 1, 1, -3]) == [Fraction(7, 3)] * 3 + [0]
    assert standings.table_points([0, 0, 0, 0]) == [Fraction(7, 4)] * 4


def test_players_and_teams_from_the_hands(env, games_recs):
    c, ev, db = env
    r1, r2 = games_recs[0], games_recs[1]
    d1, d2 = ev["devices"]
    assert d1.upload(c, journal_id(1), r1).status_code == 200
    assert d2.upload(c, journal_id(2), r2).status_code == 200
    ps, ts, s = scores(c)
    assert s["mcr"] and s["unseated_games"] == []
    for table, recs in ((1, r1), (2, r2)):
        final = recs[-1]["state"]["scores"]
        seat_ids = ev["seating"][table]
        assert [ps[p]["score"] for p in seat_ids] == final
        tp = standings.table_points(final)
        assert [ps[p]["table_points"] for p in seat_ids] == [round(float(x), 3) for x in tp]
        assert all(ps[p]["games"] == 1 for p in seat_ids)
    for t in ts.values():
        mine = [p for p in ps.values() if p["team_id"] == t["id"]]
        assert t["total"] == sum(p["total"] for p in mine)
        assert t["table_points"] == pytest.approx(sum(p["table_points"] for p in mine))
    # MCR ranks by table points first
    order = [(-p["table_points"], -p["total"]) for p in s["players"]]
    assert order == sorted(order)


def test_admin_needs_login(env):
    c, ev, db = env
    assert c.get("/api/admin/event").status_code == 401
    assert c.post("/api/admin/penalties", json={}).status_code == 401
    r = c.post("/api/admin/login", json={"name": "director", "password": "wrong"})
    assert r.status_code == 401
    with db.read() as con:
        stored = con.execute("SELECT pw_hash FROM admins").fetchone()[0]
    assert stored.startswith("scrypt$") and "s3cret-pw" not in stored
    login(c)
    assert c.get("/api/admin/me").json() == {"ok": True, "name": "director"}
    c.post("/api/admin/logout")
    assert c.get("/api/admin/me").status_code == 401


@pytest.mark.pg_core          # on PostgreSQL in make test too
def test_corrections_are_appended_and_the_latest_stands(env, games_recs):
    c, ev, db = env
    recs = games_recs[0]
    d1 = ev["devices"][0]
    d1.upload(c, journal_id(1), recs)
    login(c)
    ps0, _, _ = scores(c)
    seq = win_seq(recs)
    up = next(r for r in recs if r["seq"] == seq)["payments"]
    target = "%s/%s/%d" % (d1.id, journal_id(1), seq)
    new = [up[1], up[0], up[2], up[3]]
    r = c.post("/api/admin/corrections", json={"kind": "payments", "target": target,
                                                "data": {"payments": new},
                                                "why": "winner keyed at the wrong seat"})
    assert r.status_code == 200
    ps1, _, _ = scores(c)
    seats = ev["seating"][1]
    for i, p in enumerate(seats):
        assert ps1[p]["score"] - ps0[p]["score"] == new[i] - up[i]
    # a correction without a reason is refused
    r = c.post("/api/admin/corrections", json={"kind": "void", "target": target, "why": " "})
    assert r.status_code == 400
    r = c.post("/api/admin/corrections", json={"kind": "void", "target": target,
                                                "why": "hand was not played"})
    ps2, _, _ = scores(c)
    for i, p in enumerate(seats):
        assert ps2[p]["score"] - ps0[p]["score"] == -up[i]
    hist = c.get("/api/admin/corrections").json()["corrections"]
    assert [(h["kind"], h["who"], h["why"]) for h in hist] == [
        ("payments", "director", "winner keyed at the wrong seat"),
        ("void", "director", "hand was not played")]
    with db.read() as con:                       # the upload itself is untouched
        body = con.execute("SELECT body FROM records WHERE seq = ?", (seq,)).fetchone()[0]
    assert json.loads(body)["payments"] == up
    log = c.get("/api/v1/tables/1/log").json()["hands"]
    row = next(h for h in log if h["seq"] == seq)
    assert row["payments"] == [0, 0, 0, 0] and row["uploaded_payments"] == up
    assert row["correction"]["kind"] == "void" and row["items"]


def test_reseat_moves_the_hands_to_the_right_players(env, games_recs):
    c, ev, db = env
    recs = games_recs[0]
    ev["devices"][0].upload(c, journal_id(1), recs)
    login(c)
    ps0, ts0, _ = scores(c)
    seats = ev["seating"][1]
    final = recs[-1]["state"]["scores"]
    truly = [seats[2], seats[3], seats[0], seats[1]]
    with db.read() as con:
        sid = con.execute("SELECT id FROM sessions").fetchone()[0]
    r = c.post("/api/admin/reseat", json={"session_id": sid, "players": truly,
                                           "why": "seats 0/2 and 1/3 swapped"})
    assert r.status_code == 200
    ps1, ts1, _ = scores(c)
    assert [ps1[p]["score"] for p in truly] == final
    assert sum(t["total"] for t in ts1.values()) == sum(t["total"] for t in ts0.values())
    # a player from the other table sits in: the absent one's score goes back to 0
    other = ev["seating"][2][0]
    r = c.post("/api/admin/reseat", json={"session_id": sid,
                                           "players": [other] + truly[1:], "why": "sub"})
    ps2, _, _ = scores(c)
    assert ps2[other]["score"] == final[0] and ps2[truly[0]]["score"] == 0


def test_penalties_apart_from_hands(env, games_recs):
    c, ev, db = env
    ev["devices"][0].upload(c, journal_id(1), games_recs[0])
    login(c)
    ps0, ts0, _ = scores(c)
    p = ev["seating"][1][1]
    r = c.post("/api/admin/penalties", json={"player_id": p, "points": -30,
                                             "why": "late", "tround_id": ev["tround"]})
    assert r.status_code == 200
    ps1, ts1, _ = scores(c)
    assert ps1[p]["score"] == ps0[p]["score"]
    assert ps1[p]["penalties"] == -30 and ps1[p]["total"] == ps0[p]["total"] - 30
    team = ps1[p]["team_id"]
    assert ts1[team]["total"] == ts0[team]["total"] - 30
    pen = c.get("/api/admin/penalties").json()["penalties"]
    assert [(x["who"], x["why"], x["points"]) for x in pen] == [("director", "late", -30)]


def test_rounds_and_exports(env, games_recs):
    c, ev, db = env
    r1, r3 = games_recs[0], games_recs[2]
    d1 = ev["devices"][0]
    d1.upload(c, journal_id(1), r1)
    login(c)
    t1 = ev["tround"]
    assert c.post("/api/admin/trounds/%d/close" % t1).status_code == 200
    t2 = c.post("/api/admin/trounds", json={}).json()["id"]
    rep = c.post("/api/admin/trounds/%d/seating/generate" % t2, json={}).json()
    assert rep["errors"] == []
    assert c.post("/api/admin/trounds/%d/open" % t2).status_code == 200
    d1.upload(c, journal_id(3), r3)                # a new journal: round 2 (open)
    by_round = {t: scores(c, t)[0] for t in (t1, t2)}
    whole = scores(c)[0]
    for p, row in whole.items():
        assert row["score"] == by_round[t1][p]["score"] + by_round[t2][p]["score"]
    assert [by_round[t2][p]["score"] for p in rep["tables"]["1"]] == r3[-1]["state"]["scores"]

    n_hands = {t: sum(1 for r in recs if r["event"]["event"] != "undo")
               - sum(1 for r in recs if r["event"]["event"] == "undo")
               for t, recs in ((t1, r1), (t2, r3))}
    for t in (None, t1, t2):
        q = "" if t is None else "?tround=%d" % t
        hj = c.get("/export/hands.json" + q).json()["hands"]
        rows = list(csv.DictReader(io.StringIO(c.get("/export/hands.csv" + q).text)))
        want = n_hands[t1] + n_hands[t2] if t is None else n_hands[t]
        assert len(hj) == len(rows) == want
        assert [int(x["seq"]) for x in rows] == [h["seq"] for h in hj]
        sj = c.get("/export/standings.json" + q).json()
        assert sj == c.get("/api/v1/standings" + q).json()
        srows = list(csv.DictReader(io.StringIO(c.get("/export/standings.csv" + q).text)))
        assert [(x["name"], int(x["total"])) for x in srows] == \
            [(p["name"], p["total"]) for p in sj["players"]]
        trows = list(csv.DictReader(io.StringIO(
            c.get("/export/standings.csv?of=teams" + q.replace("?", "&")).text)))
        assert [x["name"] for x in trows] == [t_["name"] for t_ in sj["teams"]]
        # the CSV's payments add up to the standings' scores
        per_player = {}
        for x in rows:
            for i in range(4):
                per_player[x["seat%d" % (i + 1)]] = (per_player.get(x["seat%d" % (i + 1)], 0)
                                                    + int(x["pay%d" % (i + 1)]))
        for p in sj["players"]:
            assert per_player.get(p["name"], 0) == p["score"]
    r = c.get("/export/hands.csv?tround=%d" % t1)
    assert "tround%d" % t1 in r.headers["content-disposition"]


def test_round_closes_after_the_set_hands(db_url, games_recs):
    db_path = db_url
    ev = setup_event(db_path, hands_per_tround=5)
    recs = games_recs[0]
    cut = next(i for i, r in enumerate(recs) if r["state"]["hand_no"] - 1 >= 5)
    with TestClient(create_app(db_path, pages=False)) as c:
        d1, d2 = ev["devices"]
        d1.upload(c, journal_id(1), recs)
        assert c.get("/api/v1/tables").json()["tables"][0]["tround"] == 1   # table 2 not yet
        d2.upload(c, journal_id(2), recs[:cut + 1])
        assert c.get("/api/v1/tables").json()["tables"][0]["tround"] is None
    with __import__("organiser.store.db").store.db.Database(db_path).read() as con:
        assert con.execute("SELECT status FROM trounds").fetchone()[0] == "closed"


def test_reseating_tables_after_hands(env, games_recs):
    """Players at each other's tables: both tables re-seated at once, with a reason; the
    hands move at once, the seating follows; plain seating edits are refused there."""
    c, ev, db = env
    r1, r2 = games_recs[0], games_recs[1]
    d1, d2 = ev["devices"]
    d1.upload(c, journal_id(1), r1)
    d2.upload(c, journal_id(2), r2)
    login(c)
    t = ev["tround"]
    s1, s2 = list(ev["seating"][1]), list(ev["seating"][2])
    n1, n2 = s1[:], s2[:]
    n1[0], n2[3] = s2[3], s1[0]                  # these two sat at each other's seats
    r = c.put("/api/admin/trounds/%d/seating" % t, json={"tables": {"1": n1, "2": n2}})
    assert r.status_code == 400 and "re-seat" in r.json()["error"]
    r = c.post("/api/admin/trounds/%d/reseat" % t, json={"tables": {"1": n1, "2": n2}})
    assert r.status_code == 400                   # no reason given
    r = c.post("/api/admin/trounds/%d/reseat" % t,
               json={"tables": {"1": n1, "2": n2}, "why": "swapped by mistake"})
    assert r.status_code == 200 and len(r.json()["corrections"]) == 2
    ps, _, _ = scores(c)
    assert [ps[p]["score"] for p in n1] == r1[-1]["state"]["scores"]
    assert [ps[p]["score"] for p in n2] == r2[-1]["state"]["scores"]
    rep = c.get("/api/admin/trounds/%d/seating" % t).json()
    assert rep["tables"]["1"] == n1 and rep["tables"]["2"] == n2
    assert ev["devices"][0].pull(c).json()["players"][0] == \
        {v: k for k, v in ev["players"].items()}[s2[3]]


def test_session_moved_to_another_round(env, games_recs):
    """A device that started before the director opened the right round: its session is
    moved there by a correction, and the per-round standings follow."""
    c, ev, db = env
    login(c)
    t1 = ev["tround"]
    t2 = c.post("/api/admin/trounds", json={}).json()["id"]
    c.put("/api/admin/trounds/%d/seating" % t2,
          json={"tables": {"1": ev["seating"][1], "2": ev["seating"][2]}})
    ev["devices"][0].upload(c, journal_id(1), games_recs[0])
    with db.read() as con:
        sid = con.execute("SELECT id FROM sessions").fetchone()[0]
    final = games_recs[0][-1]["state"]["scores"]
    seats = ev["seating"][1]
    assert [scores(c, t1)[0][p]["score"] for p in seats] == final
    r = c.post("/api/admin/corrections", json={
        "kind": "session", "target": "session:%d" % sid,
        "data": {"tround_id": t2, "table_no": 1}, "why": "round 2 opened late"})
    assert r.status_code == 200
    assert [scores(c, t1)[0][p]["score"] for p in seats] == [0, 0, 0, 0]
    assert [scores(c, t2)[0][p]["score"] for p in seats] == final
    assert [scores(c)[0][p]["score"] for p in seats] == final


def test_players_without_a_game_rank_after_those_with_one(env, games_recs):
    c, ev, db = env
    d1, _ = ev["devices"]
    assert d1.upload(c, journal_id(1), games_recs[0]).status_code == 200
    _, _, s = scores(c)
    played = [p["games"] > 0 for p in s["players"]]
    assert played == sorted(played, reverse=True) and played.count(True) == 4
    # someone at table 1 lost points, yet ranks above the players who never sat down
    assert min(p["total"] for p in s["players"] if p["games"]) < 0 or \
        min(p["table_points"] for p in s["players"] if p["games"]) == 0
    last_played = max(p["rank"] for p in s["players"] if p["games"])
    assert all(p["rank"] > last_played for p in s["players"] if not p["games"])
