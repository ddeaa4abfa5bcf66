"""A league in one server: the registry, the season ranking by each league's rule,
importing a venue laptop's event file (and refusing what is not one), and the league's
application serving two events under /e/<event>/ with their directors kept apart and
device ids unique across the server."""

import os
import re
import sqlite3
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from organiser.guard import auth
from organiser.store.db import Database
from organiser.league import ranking
from organiser.league.importer import ImportRefused, import_event
from organiser.league.registry import Registry, RegistryError
from organiser.league.server import create_league_app
from organiser_fixtures import journal_id, play, session_events, setup_event


# -- the season ranking ------------------------------------------------------------------
def standings(*rows):
    return [dict(name=n, score=s, table_points=tp, games=g) for n, s, tp, g in rows]


EVENTS = [("spring", "Spring", standings(("Amy Chan", 120, 9.0, 3), ("Bo", -40, 4.5, 3),
                                         ("Cy", 10, 2.0, 3), ("Never", 0, 0.0, 0))),
          ("summer", "Summer", standings(("amy  CHAN", -30, 3.0, 2), ("Bo", 90, 8.0, 2),
                                         ("Dee", 50, 7.0, 2))),
          ("autumn", "Autumn", standings(("Bo", 5, 6.0, 1), ("Cy", 200, 1.0, 1)))]


def table(rows):
    return [(r["rank"], r["name"], r["total"], r["events"]) for r in rows]


def test_season_sums_scores_across_events_matching_names():
    rows = ranking.season({"measure": "score", "best": None}, EVENTS)
    # Amy 120 - 30; Bo -40 + 90 + 5; Cy 10 + 200; Dee 50; "Never" played no game
    assert table(rows) == [(1, "Cy", 210, 2), (2, "Amy Chan", 90, 2), (3, "Bo", 55, 3),
                           (4, "Dee", 50, 1)]
    assert rows[1]["results"] == {"spring": 120, "summer": -30}


def test_season_sums_table_points_and_counts_only_the_best_n():
    rows = ranking.season({"measure": "table_points", "best": None}, EVENTS)
    assert table(rows) == [(1, "Bo", 18.5, 3), (2, "Amy Chan", 12.0, 2), (3, "Dee", 7.0, 1),
                           (4, "Cy", 3.0, 2)]
    best = ranking.season({"measure": "table_points", "best": 2}, EVENTS)
    # Bo's best two: 8.0 + 6.0 (spring's 4.5 dropped); a tie shares its rank
    assert table(best) == [(1, "Bo", 14.0, 3), (2, "Amy Chan", 12.0, 2), (3, "Dee", 7.0, 1),
                           (4, "Cy", 3.0, 2)]
    assert best[0]["counted"] == ["summer", "autumn"]
    one = ranking.season({"measure": "score", "best": 1}, EVENTS)
    assert [(r["name"], r["total"]) for r in one][:2] == [("Cy", 200), ("Amy Chan", 120)]
    tie = ranking.season({"measure": "score", "best": None},
                         [("a", "A", standings(("X", 10, 0, 1), ("Y", 10, 0, 1), ("Z", 5, 0, 1)))])
    assert [r["rank"] for r in tie] == [1, 1, 3]


# -- the registry --------------------------------------------------------------------------
def test_registry_keeps_device_ids_unique_across_events(tmp_path):
    reg = Registry(str(tmp_path / "league.db"))
    lid = reg.add_league("Season 2026", "score")
    with pytest.raises(RegistryError, match="one of"):
        reg.add_league("Other", "goals")
    with pytest.raises(RegistryError, match="exists"):
        reg.add_league("Season 2026")
    reg.add_event("spring", lid, "/x/spring.db", devices=["d1", "d2"])
    reg.add_event("summer", lid, "/x/summer.db")
    reg.claim_device("d3", "summer")
    reg.claim_device("d3", "summer")                     # its own again: fine
    with pytest.raises(RegistryError, match=r"d1 is used by another event .*spring"):
        reg.claim_device("d1", "summer")
    with pytest.raises(RegistryError, match=r"d2 \(spring\)"):
        reg.add_event("autumn", lid, "/x/autumn.db", devices=["d9", "d2"])
    assert [e["slug"] for e in reg.events()] == ["spring", "summer"]      # all or nothing
    assert reg.devices("summer") == ["d3"] and "d9" not in reg.devices("autumn")
    for bad in ("Spring", "a/b", "", "../x", "x" * 41):
        with pytest.raises(RegistryError, match="slug"):
            reg.add_event(bad, lid, "/x/%d.db" % len(bad))
    reg.close()


# -- importing a venue's event -------------------------------------------------------------
@pytest.fixture(scope="module")
def recs():
    return play(session_events("mcr", seed=5, n=30))


def venue_event(path, recs, prefix=None):
    """A venue laptop's event file: an event set up, a table's hands uploaded."""
    ev = setup_event(str(path))
    if prefix:                                        # its devices named apart
        con = sqlite3.connect(str(path))
        con.execute("UPDATE devices SET id = ? || id", (prefix,))
        con.commit()
        con.close()
        for d in ev["devices"]:
            d.id = prefix + d.id
    return ev


def test_import_takes_a_venue_event_and_refuses_what_is_not_one(tmp_path, recs):
    reg = Registry(str(tmp_path / "league.db"))
    lid = reg.add_league("Season", "score")
    folder = str(tmp_path / "events")
    venue = tmp_path / "venue.db"
    venue_event(venue, recs)
    # an older file: a column added since (records.late) not there yet
    con = sqlite3.connect(str(venue))
    con.execute("DROP INDEX IF EXISTS records_counting")
    con.execute("ALTER TABLE records DROP COLUMN late")
    con.commit()
    con.close()
    dest = import_event(reg, folder, str(venue), "spring", lid)
    con = sqlite3.connect(dest)
    assert "late" in [r[1] for r in con.execute("PRAGMA table_info(records)")]
    assert con.execute("SELECT name FROM event").fetchone()[0] == "Test Cup"
    con.close()
    assert reg.devices("spring") == ["dev1", "dev2"]

    def refused(path, slug, match):
        with pytest.raises(ImportRefused, match=match):
            import_event(reg, folder, str(path), slug, lid)
        assert not os.path.exists(os.path.join(folder, slug + ".db"))
        assert slug not in [e["slug"] for e in reg.events()]

    text = tmp_path / "notes.txt"
    text.write_text("round 1: table 3 late\n")
    refused(text, "notes", "not a SQLite database")
    foreign = tmp_path / "foreign.db"
    con = sqlite3.connect(str(foreign))
    con.execute("CREATE TABLE songs (title TEXT)")
    con.commit()
    con.close()
    refused(foreign, "foreign", "not an organiser's event: no table event, players")
    newer = tmp_path / "newer.db"
    venue_event(newer, recs, prefix="n-")
    con = sqlite3.connect(str(newer))
    con.execute("ALTER TABLE players ADD COLUMN rating INTEGER")
    con.commit()
    con.close()
    refused(newer, "newer", r"newer organiser \(unknown here: players.rating\)")
    # the same device ids as spring's: refused, nothing kept
    clash = tmp_path / "clash.db"
    venue_event(clash, recs)
    with pytest.raises(RegistryError, match=r"dev1 \(spring\), dev2 \(spring\)"):
        import_event(reg, folder, str(clash), "clash", lid)
    assert not os.path.exists(os.path.join(folder, "clash.db"))
    reg.close()


@pytest.mark.pg_core
@pytest.mark.pg_only
def test_import_into_postgresql_keeps_every_row_and_new_ids_follow(tmp_path, recs, engine,
                                                                   postgres):
    from fastapi.testclient import TestClient as Direct
    from organiser.results import standings
    from organiser.event import tournament
    from organiser.app import create_app
    venue = tmp_path / "venue.db"
    ev = venue_event(venue, recs)
    with Direct(create_app(str(venue))) as c:           # played at the venue
        assert ev["devices"][0].upload(c, journal_id(1), recs).json()["acked"] == len(recs)
    reg = Registry(str(tmp_path / "league.db"))
    lid = reg.add_league("Season", "score")
    folder = str(tmp_path / "events")
    url = postgres.new_database()
    assert import_event(reg, folder, str(venue), "spring", lid, db=url) == url
    assert reg.event("spring")["db"] == url and reg.devices("spring") == ["dev1", "dev2"]
    assert os.listdir(folder) == []                   # the checked copy removed

    src = sqlite3.connect(str(venue))
    db = Database(url)
    with db.read() as con:
        for t in ("players", "teams", "devices", "trounds", "seating", "journals", "records",
                  "sessions", "replayed", "admins"):
            want = sorted(tuple(r) for r in src.execute("SELECT * FROM %s" % t))
            assert sorted(tuple(r) for r in con.execute("SELECT * FROM %s" % t)) == want, t
        assert con.execute("SELECT name, rules FROM event").fetchone()[:] == \
            src.execute("SELECT name, rules FROM event").fetchone()
    with Database(str(venue)).read() as con:
        there = standings.compute(con)
    with db.read() as con:
        assert standings.compute(con) == there and any(p["score"] for p in there["players"])
    # rows made on the league server get ids past the imported ones (setval)
    top = {t: src.execute("SELECT MAX(id) FROM %s" % t).fetchone()[0]
           for t in ("players", "trounds", "sessions")}
    with db.write() as con:
        assert tournament.add_player(con, "Late Comer") == top["players"] + 1
        assert tournament.add_tround(con) == top["trounds"] + 1
    db.close()
    with Direct(create_app(url)) as c:                  # the other table plays on the server
        assert ev["devices"][1].upload(c, journal_id(2), recs[:5]).json()["acked"] == 5
    db = Database(url)
    with db.read() as con:
        assert con.execute("SELECT MAX(id) FROM sessions").fetchone()[0] == top["sessions"] + 1
    db.close()
    src.close()

    def refused(target, match, exc=ImportRefused, slug="again"):
        with pytest.raises(exc, match=match):
            import_event(reg, folder, str(venue), slug, lid, db=target)
        assert slug not in [e["slug"] for e in reg.events()] and os.listdir(folder) == []
    # into a database that holds an event: refused, that event untouched
    refused(url, "holds an event already")
    db = Database(url)
    with db.read() as con:
        assert con.execute("SELECT COUNT(*) FROM players").fetchone()[0] == top["players"] + 1
    db.close()
    # the same devices again, into a new database: refused by the registry, and that
    # database emptied again
    other = postgres.new_database()
    refused(other, r"dev1 \(spring\)", RegistryError)
    db = Database(other)
    with db.read() as con:
        assert con.execute("SELECT COUNT(*) FROM records").fetchone()[0] == 0
        assert con.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 0
    db.close()
    refused(str(tmp_path / "x.db"), "postgresql:// URL")
    reg.close()


# -- the league's server -------------------------------------------------------------------
@pytest.fixture
def league(tmp_path, recs):
    """A league of two events: spring imported from a venue laptop (played there), summer
    run on the server."""
    reg_path = str(tmp_path / "league.db")
    reg = Registry(reg_path)
    lid = reg.add_league("Jade Season", "score")
    venue = tmp_path / "venue.db"
    spring = venue_event(venue, recs)
    summer_db = str(tmp_path / "summer.db")
    summer = venue_event(summer_db, recs, prefix="s-")
    for path in (str(venue), summer_db):
        db = Database(path)
        auth.set_password(db, "director", "pw-" + os.path.basename(path))
        db.close()
    reg.add_event("summer", lid, summer_db, devices=[d.id for d in summer["devices"]])
    reg.close()
    return dict(reg=reg_path, lid=lid, venue=venue, spring=spring, summer=summer,
                folder=str(tmp_path / "events"))


def login(c, slug, password):
    r = c.post("/e/%s/api/admin/login" % slug,
               json={"name": "director", "password": password})
    assert r.status_code == 200, r.text
    return r


def test_league_serves_two_events_and_their_season(league, recs):
    # the venue's event, played there, imported afterwards
    from fastapi.testclient import TestClient as Direct
    from organiser.app import create_app
    with Direct(create_app(str(league["venue"]))) as c:
        league["spring"]["devices"][0].upload(c, journal_id(1), recs)
    reg = Registry(league["reg"])
    import_event(reg, league["folder"], str(league["venue"]), "spring", league["lid"])
    reg.close()

    with TestClient(create_league_app(league["reg"])) as c:
        # summer's hands uploaded to the league server, under its path
        d = league["summer"]["devices"][1]
        assert d.upload(c, journal_id(2), recs[:20], base="/e/summer").json()["acked"] == 20
        st = {slug: c.get("/e/%s/api/v1/standings" % slug).json()["players"]
              for slug in ("spring", "summer")}
        want = {}
        for players in st.values():
            for p in players:
                if p["games"]:
                    want[p["name"]] = want.get(p["name"], 0) + p["score"]
        assert len(want) == 8 and any(want.values())
        got = c.get("/api/league/%d" % league["lid"]).json()
        assert {r["name"]: r["total"] for r in got["ranking"]} == want
        assert [e["slug"] for e in got["events"]] == ["summer", "spring"]
        totals = [r["total"] for r in got["ranking"]]
        assert totals == sorted(totals, reverse=True)
        r = c.get("/league/%d" % league["lid"])
        assert r.headers["x-frame-options"] == "DENY"
        page = r.text
        assert page.count('<tr data-player=') == 8 and "Jade Season" in page
        # an event's pages link inside its own path
        for path in ("/", "/tables", "/exports", "/projector"):
            html = c.get("/e/spring" + path).text
            hrefs = re.findall(r'(?:href|src|action|data-live|data-stream)="([^"]*)"', html)
            assert hrefs and all(h.startswith("/e/spring/") or h.startswith("#")
                                 for h in hrefs), (path, hrefs)
        # each event's exports as on a venue laptop
        csv = c.get("/e/spring/export/standings.csv")
        assert csv.status_code == 200 and "P01" in csv.text
        assert c.get("/e/spring/tables").status_code == 200
        assert c.get("/e/autumn/").status_code == 404


def test_a_directors_login_reaches_only_their_event(league):
    reg = Registry(league["reg"])
    import_event(reg, league["folder"], str(league["venue"]), "spring", league["lid"])
    reg.close()
    with TestClient(create_league_app(league["reg"])) as c:
        r = login(c, "spring", "pw-venue.db")
        cookie = r.headers["set-cookie"]
        assert re.search(r"(?i)path=/e/spring/", cookie)
        token = c.cookies.get("organiser_session")
        c.cookies.clear()
        # the same session presented to the other event: refused
        h = {"Cookie": "organiser_session=%s" % token}
        assert c.get("/e/spring/api/admin/me", headers=h).status_code == 200
        assert c.get("/e/summer/api/admin/me", headers=h).status_code == 401
        # spring's password is not summer's director's
        r = c.post("/e/summer/api/admin/login",
                   json={"name": "director", "password": "pw-venue.db"})
        assert r.status_code in (401, 403)
        # a redirect to the login stays in the event
        r = c.get("/e/summer/admin", follow_redirects=False)
        assert r.status_code in (302, 303, 307) and r.headers["location"].startswith(
            "/e/summer/admin/login")


def test_device_ids_are_unique_across_the_server(league):
    reg = Registry(league["reg"])
    import_event(reg, league["folder"], str(league["venue"]), "spring", league["lid"])
    reg.close()
    with TestClient(create_league_app(league["reg"])) as c:
        login(c, "summer", "pw-summer.db")
        r = c.post("/e/summer/api/admin/devices", json={"table": 1, "id": "dev1"})
        assert r.status_code == 400
        assert "dev1 is used by another event of this server (spring)" in r.json()["error"]
        ok = c.post("/e/summer/api/admin/devices", json={"table": 1, "id": "s-extra"})
        assert ok.status_code == 200 and ok.json()["id"] == "s-extra"
        devs = {d["id"] for d in c.get("/e/summer/api/admin/event").json()["devices"]}
        assert "dev1" not in devs and "s-extra" in devs
        # registered from the director's page: the device's settings name the event's
        # own address
        import hashlib
        token = hashlib.sha256(b"csrf:" + c.cookies.get("organiser_session").encode())
        r = c.post("/e/summer/admin/devices", data={"table_no": "2", "device_id": "s-form",
                                                     "csrf": token.hexdigest()[:32]})
        assert r.status_code == 200, r.text
        import html
        assert '"organiser": "http://testserver/e/summer"' in html.unescape(r.text)
    reg = Registry(league["reg"])
    assert "s-extra" in reg.devices("summer")
    reg.close()


def test_an_events_own_bounds_hold_under_its_path(league):
    """The event's body limits, origin check and JSON-only API see their routes under
    /e/<event>/ as on a venue laptop."""
    with TestClient(create_league_app(league["reg"])) as c:
        big = c.post("/e/summer/api/admin/login", content=b"x" * 100_000,
                     headers={"Content-Type": "application/json"})
        assert big.status_code == 413
        form = c.post("/e/summer/api/admin/login", data={"name": "director"})
        assert form.status_code == 403 and "json" in form.json()["error"]
        other = c.post("/e/summer/admin/logout", headers={"Origin": "http://evil.example"})
        assert other.status_code == 403 and "cross-origin" in other.json()["error"]
        assert c.get("/e/summer/").headers["x-frame-options"] == "DENY"


def test_the_command_line_sets_a_league_up(tmp_path, recs, capsys):
    from organiser.league.__main__ import main
    reg_path = str(tmp_path / "league.db")
    main(["--registry", reg_path, "add-league", "Season", "--measure", "table_points",
          "--best", "2"])
    main(["--registry", reg_path, "add-event", "cup", "--league", "Season", "--name", "Cup"])
    assert "director's login: director / " in capsys.readouterr().out
    venue = tmp_path / "venue.db"
    venue_event(venue, recs)
    main(["--registry", reg_path, "add-event", "open", "--league", "Season", "--db", str(venue)])
    for argv, why in ((["add-event", "cup", "--league", "Season"], "an event 'cup' exists"),
                      (["add-event", "again", "--league", "Season", "--db",
                        str(tmp_path / "events" / "cup.db")], "another event's already"),
                      (["import", str(venue), "copy", "--league", "Season"],
                       r"dev1 \(open\), dev2 \(open\)"),
                      (["add-league", "Other", "--best", "0"], "best")):
        with pytest.raises(SystemExit, match=why):
            main(["--registry", reg_path] + argv)
    reg = Registry(reg_path)
    assert [e["slug"] for e in reg.events()] == ["cup", "open"]
    assert reg.devices("open") == ["dev1", "dev2"]
    assert reg.leagues()[0]["best"] == 2
    reg.close()
    con = sqlite3.connect(str(venue))          # an existing event kept as it was
    assert con.execute("SELECT name FROM event").fetchone()[0] == "Test Cup"
    con.close()


def test_the_league_s_pages_speak_the_visitor_s_language(league, recs):
    """The index of leagues and a season's ranking in either Chinese script (?lang=, then
    the cookie the events' pages share); English without a choice."""
    from test_page_words import _english_on_page
    with TestClient(create_league_app(league["reg"])) as c:
        d = league["summer"]["devices"][1]
        assert d.upload(c, journal_id(2), recs[:20], base="/e/summer").json()["acked"] == 20
        names = [r["name"] for r in c.get("/api/league/%d" % league["lid"]).json()["ranking"]]
        data = names + ["Jade Season", "summer", "Test Cup"]          # the data: names
        for lang, heading in (("zh-Hant", "賽季排名"), ("zh-Hans", "赛季排名")):
            for path in ("/", "/league/%d" % league["lid"]):
                page = c.get(path + "?lang=" + lang).text
                assert not _english_on_page(page, data), (lang, path)
            assert heading in c.get("/league/%d" % league["lid"]).text      # the cookie's
        c.cookies.clear()
        page = c.get("/league/%d" % league["lid"]).text
        assert "Season ranking" in page and "Sum of scores over every event" in page
