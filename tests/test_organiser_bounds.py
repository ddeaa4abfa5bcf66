"""A device's word bounded by the rules, and a league's events walls apart: each attack
tried on a real uvicorn on loopback (the league's on a league server), as someone with a
device's secret, a venue's event file or a browser would:

- a referee's counter event set far above anything played (Hong Kong's streak 30,
  Shanghai's 荒番 16) and a win settled on it: held for the director with the reason,
  never counted, however the device's own engine was told to allow it;
- one journal starting the same table's game ten times in one round, a device restarted
  mid-round: one game, its Chinese Official table points once, unless the director
  allows more;
- a captured upload resent over and over: the device's own uploads still go through;
  a captured seating pull resent: refused, the table's sign of life stays as it was;
- a venue's event file with a trigger or a view, with director sessions, a session that
  names no director; a page message one event signed shown by another;
- two players whose names read the same, names with invisible or direction-changing
  characters; the season ranking with two players of one event who read as one name;
- a seating changed behind a gap; the refused log past its bound; the registration's
  address under --tls;
- twenty anonymous readers of a whole event's exports."""

import json
import os

import httpx
import pytest

from host_tools import paths
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


# -- a league imports data, never code ----------------------------------------------------

class LeagueServer(OrganiserServer):
    """`python -m organiser.league serve` in a subprocess on 127.0.0.1."""

    def __init__(self, registry):
        super().__init__(registry)
        self.registry = registry

    def start(self, timeout=30):
        import subprocess
        import sys
        import time
        import urllib.request
        from organiser_fixtures import ROOT
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "organiser.league", "--registry", self.registry, "serve",
             "--host", "127.0.0.1", "--port", str(self.port)], cwd=ROOT,
            stdout=subprocess.DEVNULL, stderr=self.log)
        end = time.time() + timeout
        while time.time() < end:
            if self.proc.poll() is not None:
                raise RuntimeError("league server exited: %s" % self.errors())
            try:
                urllib.request.urlopen(self.url + "/", timeout=1).read()
                return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("league server did not start")


def league_cli(registry, *args, stdin=None):
    import subprocess
    import sys
    from organiser_fixtures import ROOT
    return subprocess.run([sys.executable, "-m", "organiser.league", "--registry", registry]
                          + list(args), cwd=ROOT, input=stdin, capture_output=True, text=True)


def venue_file(path, prefix, sql=()):
    """A venue's event file (its devices named apart), with more SQL run on it."""
    import sqlite3
    ev = setup_event(str(path), password="venue password")
    con = sqlite3.connect(str(path))
    con.execute("UPDATE devices SET id = ? || id", (prefix,))
    for q in sql:
        con.execute(q)
    con.commit()
    con.close()
    return ev


@pytest.fixture
def league(tmp_path):
    reg = str(tmp_path / "league.db")
    assert league_cli(reg, "add-league", "Jade Season").returncode == 0
    return reg


TRIGGER = ("CREATE TRIGGER opener AFTER INSERT ON refused BEGIN INSERT INTO admin_sessions "
           "VALUES ('chosen-token', 'director', 4102444800); END")


def test_an_event_file_with_code_is_refused_and_a_copy_keeps_none(league, tmp_path):
    for n, sql in enumerate([TRIGGER, "CREATE VIEW everyone AS SELECT * FROM admins"]):
        path = tmp_path / ("venue%d.db" % n)
        venue_file(path, "v%d-" % n, [sql])
        got = league_cli(league, "import", str(path), "ev%d" % n, "--league", "Jade Season")
        assert got.returncode != 0 and "data only" in got.stderr, got.stderr
        assert not os.path.exists(os.path.join(os.path.dirname(league), "events",
                                               "ev%d.db" % n))
    # what comes across is rows: the league's copy has its own schema, whatever the
    # file's was (a default or a check of its own included)
    from organiser.league import importer
    src = tmp_path / "plain.db"
    venue_file(src, "p-")
    dest = str(tmp_path / "fresh.db")
    importer.fresh(str(src), dest)
    got = query(dest, "SELECT type, name FROM sqlite_master WHERE type NOT IN ('table', "
                      "'index')")
    assert got == []
    assert query(dest, "SELECT COUNT(*) FROM players") == [(8,)]
    assert query(dest, "SELECT COUNT(*) FROM admin_sessions") == [(0,)]


def test_imported_sessions_and_sessions_without_a_director_open_nothing(league, tmp_path):
    venue = tmp_path / "venue.db"
    venue_file(venue, "v-", [
        "INSERT INTO admin_sessions VALUES ('venue-token', 'director', 4102444800)",
        "INSERT INTO admin_sessions VALUES ('nobody-token', 'nobody', 4102444800)"])
    got = league_cli(league, "import", str(venue), "spring", "--league", "Jade Season")
    assert got.returncode == 0, got.stderr
    assert league_cli(league, "set-password", "spring", stdin="operator pw\n").returncode == 0
    # a session naming no director, written into an event's database by other means
    summer = tmp_path / "summer.db"
    venue_file(summer, "s-")
    assert league_cli(league, "add-event", "summer", "--league", "Jade Season", "--db",
                      str(summer)).returncode == 0
    import sqlite3
    con = sqlite3.connect(str(summer))
    con.execute("INSERT INTO admin_sessions VALUES ('ghost-token', 'nobody', 4102444800)")
    con.commit()
    con.close()
    with LeagueServer(league) as srv, httpx.Client(base_url=srv.url, timeout=30) as c:
        for slug, token in (("spring", "venue-token"), ("spring", "nobody-token"),
                            ("summer", "ghost-token")):
            r = c.get("/e/%s/api/admin/me" % slug,
                      headers={"Cookie": "organiser_session=%s" % token})
            assert r.status_code == 401, (slug, token, r.status_code)
        r = c.post("/e/spring/api/admin/login", json={"name": "director",
                                                      "password": "operator pw"})
        assert r.status_code == 200
        assert c.get("/e/spring/api/admin/me").status_code == 200


def test_a_signed_message_is_shown_by_its_own_event_only(league, tmp_path):
    for slug in ("spring", "summer"):
        assert league_cli(league, "add-event", slug, "--league", "Jade Season").returncode == 0
    with LeagueServer(league) as srv, httpx.Client(base_url=srv.url, timeout=30) as c:
        r = c.post("/e/spring/admin/login", data={"name": "director", "password": "wrong!"},
                   headers={"Origin": srv.url}, follow_redirects=False)
        assert r.status_code == 303, r.text
        query_string = r.headers["location"].split("?", 1)[1]
        assert "error_sig=" in query_string
        assert "wrong name or password" in c.get("/e/spring/admin/login?" + query_string).text
        assert "wrong name or password" not in c.get("/e/summer/admin/login?" +
                                                     query_string).text


# -- names compared as people read them ---------------------------------------------------

def test_two_players_cannot_share_a_name_as_people_read_it(live):
    srv, ev, dev, adm = live("mcr")
    ok = adm.post("/api/admin/players", json={"name": "Ann  Lee "})
    assert ok.status_code == 200, ok.text
    for name in ("ＡＮＮ  ＬＥＥ", "ann lee", "Player 01\u200b", "Player 03\u202e",
                 "Zoe\u2066 Lin", "\ufeffBo"):
        r = adm.post("/api/admin/players", json={"name": name})
        assert r.status_code == 400, (name, r.text)
    for name in ("Team A\u200b", "t1"):
        r = adm.post("/api/admin/teams", json={"name": name})
        assert r.status_code == 400, (name, r.text)
    names = [p["name"] for p in adm.get("/api/admin/event").json()["players"]]
    assert "Ann Lee" in names and len(names) == 9


def test_the_season_ranking_shows_a_name_two_players_share(league, tmp_path):
    import sqlite3
    venue = tmp_path / "old.db"
    ev = setup_event(str(venue))
    # an event made before names were compared: "P02" is "p01" there
    con = sqlite3.connect(str(venue))
    con.execute("UPDATE players SET name = 'p01' WHERE name = 'P02'")
    con.commit()
    con.close()
    got = league_cli(league, "add-event", "old", "--league", "Jade Season", "--db", str(venue))
    assert got.returncode == 0, got.stderr
    with LeagueServer(league) as srv, httpx.Client(base_url=srv.url, timeout=30) as c:
        for d in ev["devices"]:
            recs = play([dict(start("mcr", ev), tag={"table": d.table, "tround": ev["tround"]}),
                         dict(MCR_WIN)])
            assert d.upload(c, journal_id(d.table), recs, base="/e/old").status_code == 200
        played = [p for p in c.get("/e/old/api/v1/standings").json()["players"] if p["games"]]
        assert len(played) == 8
        rows = c.get("/api/league/1").json()["ranking"]
        assert len(rows) == 8, rows
        shared = [r for r in rows if r["collision"]]
        assert len(shared) == 2 and {r["name"] for r in shared} == {"P01", "p01"}
        assert "read as this name" in c.get("/league/1").text


# -- the refused log, a re-seat behind a gap, TLS -----------------------------------------

def test_a_seating_changed_behind_a_gap_is_refused(live):
    srv, ev, dev, adm = live("mcr")
    d1 = ev["devices"][0]
    recs = play([start("mcr", ev), {"event": "draw"}, dict(MCR_WIN)])
    assert d1.upload(dev, journal_id(1), recs[:1] + recs[2:]).json()["acked"] == 1
    seat = list(reversed(ev["seating"][1]))
    r = adm.put("/api/admin/trounds/%d/seating" % ev["tround"], json={"tables": {"1": seat}})
    assert r.status_code == 400 and "gap" in r.text, r.text
    # the missing record arrives: the late hand is its seating's players'
    assert d1.upload(dev, journal_id(1), recs).json()["acked"] == 3
    got = scores(dev, ev)
    assert [p["score"] for p in got] == recs[2]["payments"]


def test_the_refused_log_past_its_bound_loses_the_largest_addresses_lines_first(
        tmp_path, monkeypatch):
    from organiser.guard import refusedlog
    from organiser.api import upload
    from organiser.store.db import Database
    monkeypatch.setattr(upload, "REFUSED_KEPT", 400)     # (10 000 on a server)
    db = Database(str(tmp_path / "o.db"))
    ref = upload.Refusal(401, "bad_signature", "x", device="dev1")
    with db.write() as con:
        for _ in range(5):
            upload.log_refusal(con, "10.0.0.1", "/api/v1/upload", 10, ref)
        # eleven addresses, each within its own bound, together past the log's
        for a in range(11):
            for _ in range(60):
                upload.log_refusal(con, "10.1.0.%d" % a, "/api/v1/upload", 10, ref,
                                   per_source=100)
    by = dict(query(db.path, "SELECT remote, COUNT(*) FROM refused GROUP BY remote"))
    db.close()
    assert by.get("10.0.0.1") == 5, by
    assert sum(by.values()) <= 400
    assert refusedlog.share([5, 100, 100], 105) == 50 and refusedlog.share([5, 5], 20) is None


def test_under_tls_the_registration_gives_the_devices_plain_address(tmp_path):
    import hashlib
    import html
    from organiser.guard import auth
    from organiser_fixtures import free_port
    from test_organiser_tls import start as start_tls, stop as stop_tls
    db_path = str(tmp_path / "organiser.db")
    setup_event(db_path, password=PW)
    port, tls_port = free_port(), free_port()
    proc, _ = start_tls(db_path, port, tls_port)
    try:
        https = "https://127.0.0.1:%d" % tls_port
        with httpx.Client(verify=False, timeout=10) as c:
            r = c.post(https + "/admin/login", data={"name": "director", "password": PW},
                       headers={"Origin": https}, follow_redirects=False)
            assert r.status_code == 303
            token = c.cookies.get(auth.COOKIE)
            csrf = hashlib.sha256(b"csrf:" + token.encode()).hexdigest()[:32]
            r = c.post(https + "/admin/devices", headers={"Origin": https},
                       data={"table_no": "1", "device_id": "devtls", "csrf": csrf})
            assert r.status_code == 200, r.text[:300]
            page = html.unescape(r.text)
            assert '"organiser": "http://127.0.0.1:%d"' % port in page, page[:2000]
            assert "https://" not in page.split('"organiser"')[1][:40]
    finally:
        stop_tls(proc)


# -- exports within bounds ------------------------------------------------------------------

def test_parallel_anonymous_exports_are_built_once_and_bounded(tmp_path):
    """An event of 8 tables x 8 rounds of 16-hand games: twenty anonymous readers fetch
    its hands at once; the organiser's memory grows by one build, not twenty."""
    import threading
    from host_tools.bench import exports as bench, pages
    from organiser.results import queries
    from organiser.store.db import connect
    folder = str(tmp_path)
    recs = pages.game_records(folder)
    path = str(tmp_path / "event.db")
    rounds = pages.ROUNDS
    pages.ROUNDS = 8
    try:
        pages.build(path, recs)
    finally:
        pages.ROUNDS = rounds
    with OrganiserServer(path) as srv, httpx.Client(base_url=srv.url, timeout=120) as c:
        scored(c, timeout=300)              # (the organiser scores the event at its start)
        con = connect(path)
        try:
            want = queries.hands(con)
        finally:
            con.close()
        got = c.get("/export/hands.json")
        assert got.status_code == 200 and got.headers["content-type"] == "application/json"
        assert json.loads(got.content) == json.loads(json.dumps(
            {"tround_id": None, "hands": want}))
        size = len(got.content)
        assert size > 1e6
        c.get("/export/hands.csv")
        c.get("/api/v1/standings")
        idle = bench.status(srv.proc.pid, "VmRSS")
        # an announced change (a refused upload is one): the next readers wait for one build
        c.post("/api/v1/upload", content=b"not json")
        codes = []

        def read():
            with httpx.Client(base_url=srv.url, timeout=120) as mine:
                codes.append(mine.get("/export/hands.json").status_code)
        readers = [threading.Thread(target=read) for _ in range(20)]
        for t in readers:
            t.start()
        for t in readers:
            t.join()
        assert codes == [200] * 20
        grown = bench.status(srv.proc.pid, "VmHWM") - idle
        # each build of this event's hands holds ~20 MB of rows: twenty at once, 400 MB
        assert grown < 80, grown
        st = c.get("/api/v1/standings").json()
        assert len(st["players"]) == 32 and st["players"][0]["games"] == 8


def test_the_director_sets_the_bounds_on_the_event_page(live):
    import hashlib
    from organiser.guard import auth
    srv, ev, dev, adm = live("hk")
    d1 = ev["devices"][0]
    recs = play([start("hk", ev, {"max_streak": 30} if "max_streak" in
                       table_rules("hk").SETTINGS else {}),
                 {"event": "streak", "n": 30}, dict(HK_WIN)])
    assert d1.upload(dev, journal_id(1), recs).json()["acked"] == 3
    assert statuses(srv.db_path, d1.id, journal_id(1))[3][0] == "disputed"
    csrf = hashlib.sha256(b"csrf:" + adm.cookies.get(auth.COOKIE).encode()).hexdigest()[:32]
    assert 'name="games_per_tround"' in adm.get("/admin").text
    r = adm.post("/admin/event", headers={"Origin": srv.url}, follow_redirects=False, data={
        "csrf": csrf, "name": "Test Cup", "rules": "hk", "settings_of": "hk",
        "setting.hk.max_streak": "30", "setting.hk.quanbao": "1",
        "games_per_tround": "2", "avoid_teammates": "1"})
    assert r.status_code == 303 and "error" not in r.headers["location"], r.headers
    scored(dev)
    assert statuses(srv.db_path, d1.id, journal_id(1))[3][0] == "ok"
    assert adm.get("/api/admin/event").json()["event"]["games_per_tround"] == 2


def test_the_standings_held_are_never_older_than_a_change(live):
    srv, ev, dev, adm = live("mcr")
    pid = ev["seating"][1][0]

    def total():
        a = {p["id"]: p["total"] for p in dev.get("/api/v1/standings").json()["players"]}
        b = {p["id"]: p["total"] for p in dev.get("/export/standings.json").json()["players"]}
        assert a == b
        return a[pid]
    assert total() == 0
    for n in range(1, 4):
        r = adm.post("/api/admin/penalties", json={"player_id": pid, "points": -10,
                                                   "why": "late"})
        assert r.status_code == 200, r.text
        assert total() == -10 * n
    recs = play([start("mcr", ev), dict(MCR_WIN)])
    assert ev["devices"][0].upload(dev, journal_id(1), recs).status_code == 200
    assert total() == -30 + recs[-1]["payments"][0]
