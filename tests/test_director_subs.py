"""Substitutes, ghost seats and penalties from presets on a real organiser: games played
by the firmware's table engine and uploaded signed, then the standings, the exports
(standings CSV and JSON, hands CSV) and the EMA results file read back over HTTP."""

import csv
import io
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from organiser.app import create_app
from organiser.guard import auth
from organiser.results import ema, standings
from organiser.store.db import Database
from organiser.event import tournament
from organiser_fixtures import journal_id, play, session_events, setup_event

PW = "s3cret-pw"


@pytest.fixture(scope="module")
def games_recs():
    return [play(session_events("mcr", seed=s, n=40)) for s in (31, 32, 33)]


@pytest.fixture
def env(db_url):
    ev = setup_event(db_url)
    app = create_app(db_url)
    auth.set_password(app.state.db, "director", PW)
    with TestClient(app) as c:
        assert c.post("/api/admin/login", json={"name": "director",
                                                "password": PW}).status_code == 200
        yield c, ev, app.state.db


def players(c, tround=None):
    s = c.get("/api/v1/standings" + ("?tround=%d" % tround if tround else "")).json()
    return {p["id"]: p for p in s["players"]}, s


def standings_csv(c):
    return {r["name"]: r for r in csv.DictReader(io.StringIO(c.get("/export/standings.csv").text))}


def ema_rows(c):
    text = c.get("/export/ema.csv").content.decode("utf-8-sig")
    return {(r["Last name"], r["First name"]): r for r in csv.DictReader(io.StringIO(text))}


def ema_key(name):
    return ema.split_name(name)     # no last and first names given: split at the last space


def substitute(c, ev, counts, sub_name="Sub A"):
    absent = ev["seating"][1][0]
    r = c.post("/api/admin/substitutions", json={
        "player_id": absent, "substitute_name": sub_name, "from_tround": ev["tround"],
        "to_tround": ev["tround"], "counts": counts, "why": "did not come"})
    assert r.status_code == 200, r.text
    return absent, r.json()["substitute_id"]


@pytest.mark.parametrize("counts", ["absent", "nobody", "substitute"])
def test_a_substitutes_game_counts_as_the_director_chose(env, games_recs, counts):
    c, ev, db = env
    absent, sub = substitute(c, ev, counts)
    # the substitute sits in the absent player's seat: the device pulls their name
    with db.read() as con:
        assert tournament.seating(con, ev["tround"])[1]["players"][0] == sub
    pulled = ev["devices"][0].pull(c).json()
    assert "Sub A" in str(pulled)
    recs = games_recs[0]
    assert ev["devices"][0].upload(c, journal_id(1), recs).status_code == 200
    final = recs[-1]["state"]["scores"]
    tp = [round(float(x), 3) for x in standings.table_points(final)]
    ps, s = players(c)
    names = {p["id"]: p["name"] for p in s["players"]}
    others = ev["seating"][1][1:]
    # the others at the table keep their seats' results whatever the choice
    assert [ps[p]["score"] for p in others] == final[1:]
    assert [ps[p]["table_points"] for p in others] == tp[1:]
    sheet, ema = standings_csv(c), ema_rows(c)
    absent_name = next(p["name"] for p in s["players"] if p["id"] == absent)
    if counts == "absent":
        assert ps[absent]["score"] == final[0] and ps[absent]["table_points"] == tp[0]
        assert ps[absent]["games"] == 1 and sub not in ps
        assert int(sheet[absent_name]["total"]) == final[0]
        assert ema[ema_key(absent_name)]["Score"] == str(final[0])
        assert "Sub A" not in sheet and ema_key("Sub A") not in ema
    elif counts == "nobody":
        assert ps[absent]["games"] == 0 and ps[absent]["score"] == 0 and sub not in ps
        assert ema_key(absent_name) not in ema and ema_key("Sub A") not in ema
        assert "Sub A" not in sheet and int(sheet[absent_name]["total"]) == 0
        # the absent player, without a game, ranks after every player with one
        assert ps[absent]["rank"] > max(p["rank"] for p in ps.values() if p["games"])
    else:
        assert ps[sub]["score"] == final[0] and ps[sub]["table_points"] == tp[0]
        assert ps[sub]["games"] == 1 and ps[absent]["games"] == 0
        assert names[sub] == "Sub A" and int(sheet["Sub A"]["total"]) == final[0]
        assert ema[ema_key("Sub A")]["Score"] == str(final[0])
        assert ema_key(absent_name) not in ema
    # the hands' export names who sat: the substitute
    hands = list(csv.DictReader(io.StringIO(c.get("/export/hands.csv").text)))
    assert hands and all(h["seat1"] == "Sub A" for h in hands)
    # the standings JSON export is the standings
    assert c.get("/export/standings.json").json()["players"] == s["players"]


def test_rest_of_the_event_and_a_played_table_refused(env, games_recs):
    c, ev, db = env
    recs = games_recs[0]
    assert ev["devices"][0].upload(c, journal_id(1), recs).status_code == 200
    absent = ev["seating"][1][0]
    # table 1 has played hands: its game is re-seated by a correction, not substituted
    r = c.post("/api/admin/substitutions", json={
        "player_id": absent, "substitute_name": "Sub B", "from_tround": ev["tround"],
        "counts": "absent", "why": "left"})
    assert r.status_code == 400 and "played hands" in r.text
    assert c.post("/api/admin/trounds/%d/close" % ev["tround"]).status_code == 200
    t2 = c.post("/api/admin/trounds", json={}).json()["id"]
    t3 = c.post("/api/admin/trounds", json={}).json()["id"]
    r = c.post("/api/admin/substitutions", json={
        "player_id": absent, "substitute_name": "Sub B", "from_tround": t2,
        "counts": "absent", "why": "left"})
    assert r.status_code == 200, r.text
    sub = r.json()["substitute_id"]
    for t in (t2, t3):
        rep = c.post("/api/admin/trounds/%d/seating/generate" % t, json={}).json()
        seated = [p for ps in rep["tables"].values() for p in ps]
        assert sub in seated and absent not in seated
    assert c.post("/api/admin/trounds/%d/open" % t2).status_code == 200
    with db.read() as con:
        table = next(no for no, s in tournament.seating(con, t2).items()
                     if sub in s["players"])
        seat = tournament.seating(con, t2)[table]["players"].index(sub)
    dev = ev["devices"][table - 1]
    recs2 = games_recs[1]
    assert dev.upload(c, journal_id(7), recs2).status_code == 200
    ps, _ = players(c)
    assert sub not in ps
    assert ps[absent]["games"] == 2
    assert ps[absent]["score"] == recs[-1]["state"]["scores"][0] + \
        recs2[-1]["state"]["scores"][seat]
    by_round, _ = players(c, t2)
    assert by_round[absent]["score"] == recs2[-1]["state"]["scores"][seat]
    got = c.get("/api/admin/substitutions").json()["substitutions"]
    assert [(x["player_id"], x["substitute_id"], x["counts"], x["to_tround"]) for x in got] \
        == [(absent, sub, "absent", None)]


def test_ghost_seat_counts_for_nobody(env, games_recs):
    c, ev, db = env
    assert c.post("/api/admin/trounds/%d/close" % ev["tround"]).status_code == 200
    gone = ev["seating"][2][3]
    with db.write() as con:
        tournament.set_player_active(con, gone, False)          # withdrawn: 7 left
    assert c.post("/api/admin/ghosts").json() == {"ok": True, "ghost_seats": 1}
    t2 = c.post("/api/admin/trounds", json={}).json()["id"]
    rep = c.post("/api/admin/trounds/%d/seating/generate" % t2, json={}).json()
    assert rep["errors"] == []
    with db.read() as con:
        ghost = con.execute("SELECT id FROM players WHERE role = 'ghost'").fetchone()[0]
        table = next(no for no, s in tournament.seating(con, t2).items()
                     if ghost in s["players"])
        seats = tournament.seating(con, t2)[table]["players"]
    assert c.post("/api/admin/trounds/%d/open" % t2).status_code == 200
    recs = games_recs[2]
    assert ev["devices"][table - 1].upload(c, journal_id(9), recs).status_code == 200
    final = recs[-1]["state"]["scores"]
    ps, s = players(c, t2)
    assert ghost not in ps and all("Ghost" not in p["name"] for p in s["players"])
    for i, p in enumerate(seats):
        if p != ghost:
            assert ps[p]["score"] == final[i] and ps[p]["games"] == 1
    assert "Ghost 1" not in standings_csv(c) and ema_key("Ghost") not in ema_rows(c)
    # a second ghost is never wanted for 7 players; 6 players want 2, kept apart
    with db.write() as con:
        tournament.set_player_active(con, seats[0] if seats[0] != ghost else seats[1], False)
    assert c.post("/api/admin/ghosts").json()["ghost_seats"] == 2
    t3 = c.post("/api/admin/trounds", json={}).json()["id"]
    rep = c.post("/api/admin/trounds/%d/seating/generate" % t3, json={}).json()
    with db.read() as con:
        ghosts = {r[0] for r in con.execute("SELECT id FROM players WHERE role = 'ghost' "
                                            "AND active = 1")}
    assert len(ghosts) == 2
    assert all(len(ghosts & set(ps_)) == 1 for ps_ in rep["tables"].values())


def test_penalties_from_presets_in_the_standings(env, games_recs):
    c, ev, db = env
    assert ev["devices"][0].upload(c, journal_id(1), games_recs[0]).status_code == 200
    pres = c.get("/api/admin/penalties/presets").json()["presets"]
    keys = {p["key"]: p for p in pres}
    assert keys["false_win"]["points"] == -30 and keys["false_win"]["each"] == 10
    assert "late_arrival" in keys
    before, _ = players(c)
    off = ev["seating"][1][2]
    r = c.post("/api/admin/penalties/preset", json={"player_id": off, "reason": "false_win",
                                                    "tround_id": ev["tround"],
                                                    "note": "hand 5"})
    assert r.status_code == 200 and len(r.json()["ids"]) == 4
    late = ev["seating"][2][0]
    r = c.post("/api/admin/penalties/preset", json={"player_id": late,
                                                    "reason": "late_arrival"})
    assert r.status_code == 200
    ps, s = players(c)
    assert ps[off]["penalties"] == -30 and ps[off]["total"] == before[off]["total"] - 30
    for p in ev["seating"][1]:
        if p != off:
            assert ps[p]["penalties"] == 10 and ps[p]["score"] == before[p]["score"]
    assert ps[late]["penalties"] == -10
    # the reasons listed with the standings, the CSV's penalties column, the EMA's score
    reasons = [(x["player_id"], x["points"], x["reason"]) for x in s["penalties"]]
    assert (off, -30, "false win (詐和)") in reasons and (late, -10, "late arrival") in reasons
    assert s["penalties"][0]["why"] == "false win (詐和): hand 5"
    assert s["penalties"][0]["note"] == "hand 5"
    assert {x["note"] for x in s["penalties"][1:4]} == {ps[off]["name"]}
    sheet = standings_csv(c)
    name = ps[off]["name"]
    assert int(sheet[name]["penalties"]) == -30
    assert ema_rows(c)[ema_key(name)]["Score"] == str(ps[off]["total"])
    # a reason outside the ruleset's list, or a table penalty without its round: refused
    assert c.post("/api/admin/penalties/preset", json={
        "player_id": off, "reason": "wrong_kong"}).status_code == 400
    assert c.post("/api/admin/penalties/preset", json={
        "player_id": off, "reason": "false_win"}).status_code == 400
    # the standings page lists the reasons, in the visitor's language
    page = c.get("/?lang=zh-Hant").text
    assert "hand 5" in page and "詐和" in page
    assert "诈和: hand 5" in c.get("/admin/penalties?lang=zh-Hans").text


def test_hong_kong_presets_follow_the_table_settings(db_url):
    setup_event(db_url, rules="hk")
    db = Database(db_url)
    from organiser.event import penalty_presets
    with db.write() as con:
        tournament.set_event(con, settings={"fake_win": 100, "per_fan": 2})
        got = {p["key"]: p for p in penalty_presets.for_event(con)}
        assert got["false_win"]["points"] == -200 and got["false_win"]["each"] == 0
        assert got["wrong_kong"]["points"] == -30 and got["wrong_kong"]["each"] == 10
        pid = con.execute("SELECT id FROM players ORDER BY id").fetchone()[0]
        t = con.execute("SELECT id FROM trounds").fetchone()[0]
        ids = penalty_presets.add(con, "director", "false_win", pid, t)
        assert len(ids) == 1           # 歸天: paid out of the table, to nobody
    db.close()


def test_ghost_seats_in_the_whole_event_schedule_and_a_swiss_round(db_url):
    ev = setup_event(db_url, n_tables=4, password=PW)       # 16 players, round 1 open
    db = Database(db_url)
    with db.write() as con:
        later = [tournament.add_tround(con) for _ in range(3)]
        for p in list(ev["players"].values())[:2]:
            tournament.set_player_active(con, p, False)     # 14 left: 2 ghost seats
    db.close()
    app = create_app(db_url)
    with TestClient(app) as c:
        c.post("/api/admin/login", json={"name": "director", "password": PW})
        assert c.post("/api/admin/ghosts").json()["ghost_seats"] == 2
        with app.state.db.read() as con:
            ghosts = {r[0] for r in con.execute("SELECT id FROM players WHERE role = 'ghost'")}
        r = c.post("/api/admin/schedule", json={"seed": 2, "seconds": 5})
        assert r.status_code == 200, r.text
        with app.state.db.read() as con:
            for t in later[:-1]:
                tables = [s["players"] for s in tournament.seating(con, t).values()]
                assert len(tables) == 4 and all(len(ghosts & set(ps)) <= 1 for ps in tables)
                assert ghosts <= {p for ps in tables for p in ps}
        r = c.post("/api/admin/trounds/%d/seating/swiss" % later[-1])
        assert r.status_code == 200, r.text
        with app.state.db.read() as con:
            tables = [s["players"] for s in tournament.seating(con, later[-1]).values()]
        assert all(len(ghosts & set(ps)) <= 1 for ps in tables)
        assert sorted(p for ps in tables for p in ps) == sorted(
            [p for p in ev["players"].values()][2:] + sorted(ghosts))


def test_a_substitutes_penalty_counts_as_their_seat(env, games_recs):
    c, ev, db = env
    absent, sub = substitute(c, ev, "absent")
    assert ev["devices"][0].upload(c, journal_id(1), games_recs[0]).status_code == 200
    r = c.post("/api/admin/penalties/preset", json={"player_id": sub, "reason": "late_arrival",
                                                    "tround_id": ev["tround"]})
    assert r.status_code == 200
    ps, s = players(c)
    assert ps[absent]["penalties"] == -10 and sub not in ps
    assert [(x["player_id"], x["points"]) for x in s["penalties"]] == [(absent, -10)]
