"""The organiser's pages without a browser (Starlette's test client): the table grid's
flags, the hand log with corrections, re-seating and penalties through the director's
forms, device registration showing its secret once, the refused-request log, the
projector's pages, and every admin page closed to a visitor who has not logged in."""

import hashlib
import hmac
import json
import os
import random
import re
import shutil
import signal
import tempfile
import time
import warnings

import pytest

from host_tools.sim import organiser_demo as demo

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.testclient import TestClient  # noqa: E402

from organiser.guard import auth  # noqa: E402
from organiser.live import pagework  # noqa: E402
from organiser.results import views  # noqa: E402
from organiser.app import create_app  # noqa: E402
from organiser_fixtures import scored  # noqa: E402

PASSWORD = "correct horse"
TEAMS = {"East": ["陳大文", "李小龍", "Amy", "Ben"], "West": ["張偉", "Lee", "Ho", "Sandy"]}
STUCK = 60


class ClientDevice(demo.Device):
    """A device talking to the app through the test client (same signing)."""

    def __init__(self, client, device_id, secret):
        super().__init__("", device_id, secret)
        self.client = client

    def post(self, path, msg):
        body = json.dumps(msg, separators=(",", ":"), ensure_ascii=False).encode()
        sig = hmac.new(self.key, body, hashlib.sha256).hexdigest()
        r = self.client.post(path, content=body, headers={"Content-Type": "application/json",
                                                          "X-Signature": sig})
        if path.endswith("/upload") and r.status_code == 200:
            scored(self.client)             # the organiser's own scoring, after the answer
        return r.status_code, r.json()


@pytest.fixture(scope="module")
def event(module_db_url):
    folder = tempfile.mkdtemp(prefix="organiser-views-")
    db = module_db_url
    ev = demo.setup_event(db, name="Test Cup", rules="hk", teams=TEAMS, rounds=1,
                          password=PASSWORD)
    app = create_app(db, stuck_seconds=STUCK)
    # these tests read each page right after a change: no shared result older than it
    # (test_shared_results_are_recomputed_after_a_change checks the real gap)
    app.state.pages_memo.MIN_GAP = app.state.pages_memo.GAP_FACTOR = 0
    client = TestClient(app)
    client.__enter__()          # one event loop for the whole module: the scoring runs on it
    rng = random.Random(5)
    tables = {}
    for no, (dev_id, secret) in sorted(ev["devices"].items()):
        t = demo.Table(ClientDevice(client, dev_id, secret), folder)
        status, pulled = t.device.seating()
        assert status == 200
        t.handle(demo.start_event(t, pulled))
        demo.play(t, "hk", rng, 4)
        t.sync()
        tables[no] = t
    yield dict(ev, app=app, client=client, tables=tables, folder=folder)
    client.__exit__(None, None, None)
    shutil.rmtree(folder, ignore_errors=True)


def login(client):
    r = client.post("/admin/login", data={"name": "director", "password": PASSWORD,
                                          "next": "/admin"}, follow_redirects=False)
    assert r.status_code == 303 and auth.COOKIE in r.cookies
    return client


def csrf(client):
    """The director's forms' token, as the admin page carries it."""
    return re.search(r'name="csrf" value="([0-9a-f]+)"', client.get("/admin").text).group(1)


def player_scores(html):
    return {m[0]: int(m[1]) for m in re.findall(
        r'<tr data-player="([^"]+)"><td class="rank">\d+</td>'
        r'<td><a href="/players/\d+">[^<]*</a></td>'
        r'<td class="hide-narrow">[^<]*</td><td class="num[^"]*">(-?\d+)</td>', html)}


def test_grid_flags_quiet_and_stuck_tables(event):
    app, tables = event["app"], event["tables"]
    with app.state.db.read() as con:
        now = time.time()
        fresh = views.table_grid(con, STUCK, now)
        later = views.table_grid(con, STUCK, now + STUCK + 5)
    assert [t["status"] for t in fresh["tables"]] == ["ok", "ok"]
    assert [t["flag"] for t in later["tables"]] == ["no sync", "no sync"]
    assert later["flagged"] == 2
    for t in fresh["tables"]:
        st = tables[t["number"]].whole()[-1]["state"]
        assert t["hands"] == st["hand_no"] - 1
        assert t["dealer_name"] == st["players"][st["dealer"]]
    # table 2 plays two hands; only the second upload arrives: a gap, the table is stuck
    t = tables[2]
    demo.play(t, "hk", random.Random(1), 2)
    status, answer = t.device.upload(t.journal_id, t.records()[-1:])
    assert status == 200 and answer["acked"] == t.sent
    html = event["client"].get("/tables/part").text
    assert re.search(r'class="tcard stuck" href="/tables/2"', html)
    t.sync()                                            # the missing record comes: cleared
    html = event["client"].get("/tables/part").text
    assert 'tcard stuck' not in html


def test_hand_log_groups_a_game_with_its_scores(event):
    t = event["tables"][1]
    recs = t.whole()
    html = event["client"].get("/tables/1/part").text
    scores = [int(x) for x in re.findall(r'<th class="num[^"]*">(-?\d+)</th>', html)]
    st = recs[-1]["state"]
    assert scores == st["scores"]
    assert len(re.findall(r"<tr class=", html)) == len(recs) - 1
    assert event["client"].get("/tables/99").status_code == 404


def test_correction_and_reseat_through_the_forms(event):
    client = login(TestClient(event["app"]))
    t = event["tables"][1]
    win = next(r for r in t.whole() if r["event"]["event"] == "win")
    target = "%s/%s/%d" % (t.device.id, t.journal_id, win["seq"])
    before = player_scores(client.get("/").text)
    names = t.whole()[0]["event"]["players"]
    fixed = [-10, 30, -10, -10]
    r = client.post("/admin/corrections/payments", data=dict(csrf=csrf(client), 
        target=target, why="wrong winner keyed", **{"p%d" % i: v for i, v in enumerate(fixed)}),
        follow_redirects=False)
    assert r.status_code == 303 and "ok=" in r.headers["location"]
    after = player_scores(client.get("/").text)
    for i, n in enumerate(names):
        assert after[n] - before[n] == fixed[i] - win["payments"][i]
    log = client.get("/tables/1").text
    assert "wrong winner keyed" in log and "director" in log
    assert "/admin/corrections/hand?target=%s" % target in log      # the director's link
    hist = client.get("/admin/corrections").text
    assert "wrong winner keyed" in hist and target in hist
    # a correction without a reason is refused and changes nothing
    r = client.post("/admin/corrections/payments", data=dict(csrf=csrf(client), 
        target=target, why="", p0=0, p1=0, p2=0, p3=0), follow_redirects=False,
        headers={"referer": "http://testserver/admin/corrections"})
    assert "error=" in r.headers["location"]
    assert player_scores(client.get("/").text) == after
    # re-seat: the two first seats swapped their players; their scores swap at once
    ids = {p["name"]: p["id"] for p in _players(event["app"])}
    with event["app"].state.db.read() as con:
        sid = con.execute("SELECT id FROM sessions WHERE table_no = 1").fetchone()[0]
    seats = [ids[names[1]], ids[names[0]], ids[names[2]], ids[names[3]]]
    r = client.post("/admin/corrections/reseat", data=dict(csrf=csrf(client), 
        session_id=sid, why="players sat in each other's seats",
        **{"seat%d" % i: p for i, p in enumerate(seats)}), follow_redirects=False)
    assert "ok=" in r.headers["location"]
    swapped = player_scores(client.get("/").text)
    assert swapped[names[0]] == after[names[1]] and swapped[names[1]] == after[names[0]]
    assert "re-seated" in client.get("/tables/1").text


def _players(app):
    with app.state.db.read() as con:
        return [dict(r) for r in con.execute("SELECT id, name FROM players")]


def test_penalty_counts_for_the_player_and_the_team(event):
    client = login(TestClient(event["app"]))
    before = client.get("/").text
    pid = next(p["id"] for p in _players(event["app"]) if p["name"] == "Sandy")
    r = client.post("/admin/penalties", data=dict(player_id=pid,csrf=csrf(client),  points=-40,
                                                  why="mobile phone at the table"),
                    follow_redirects=False)
    assert "ok=" in r.headers["location"]
    after = client.get("/").text
    assert player_scores(after)["Sandy"] == player_scores(before)["Sandy"] - 40
    team = re.compile(r'<tr data-team="West">.*?<td class="num[^"]*">(-?\d+)</td>', re.S)
    assert int(team.search(after)[1]) == int(team.search(before)[1]) - 40
    assert "mobile phone at the table" in client.get("/admin/penalties").text


def test_device_secret_is_shown_once(event):
    client = login(TestClient(event["app"]))
    r = client.post("/admin/devices", data={"table_no": "1", "label": "spare",
                                               "csrf": csrf(client)})
    assert r.status_code == 200
    dev_id = re.search(r"Device (d-[0-9a-f]+) registered", r.text)[1]
    secret = re.search(r'id="secret">([0-9a-f]{64})<', r.text)[1]
    with event["app"].state.db.read() as con:
        assert con.execute("SELECT secret FROM devices WHERE id = ?",
                           (dev_id,)).fetchone()[0] == secret
    listing = client.get("/admin/devices").text
    assert dev_id in listing and secret not in listing
    # the new device can pull its seating with that secret
    status, pulled = ClientDevice(event["client"], dev_id, secret).seating()
    assert status == 200 and pulled["table"] == 1


def test_refused_requests_are_listed(event):
    client = event["client"]
    dev_id, secret = event["devices"][1]
    ClientDevice(client, dev_id, "11" * 32).upload("0123456789abcdef",
                                                    [{"seq": 1, "event": {"event": "draw"}}])
    ClientDevice(client, "no-such-device", secret).upload(
        "0123456789abcdef", [{"seq": 1, "event": {"event": "draw"}}])
    html = login(TestClient(event["app"])).get("/admin/refused").text
    assert "bad_signature" in html and "unknown_device" in html and "no-such-device" in html


def test_projector_pages_a_screenful_at_a_time(event):
    html = event["client"].get("/projector/part?rows=5").text
    titles = re.findall(r'data-title="([^"]+)"', html)
    assert titles == ["Teams", "Players 1–5", "Players 6–8", "Tables"]
    assert html.count(" hidden>") == len(titles) - 1          # one page shown at a time


def test_browsers_share_one_rendering_of_a_part_until_the_data_changes(event, monkeypatch):
    """Every browser showing the same part of the same data in the same language gets
    one rendering (hundreds of phones refetch after each change); a director gets their
    own (it links to the corrections)."""
    from organiser.live import render
    made = []
    get = render.templates.get_template

    def counted(name):
        made.append(name)
        return get(name)
    monkeypatch.setattr(render.templates, "get_template", counted)
    client = event["client"]
    first = [client.get("/projector/part?rows=7").text for _ in range(3)]
    assert len(set(first)) == 1 and made.count("_projector.html") == 1
    assert "队伍" in client.get("/projector/part?rows=7&lang=zh-Hans").text
    assert made.count("_projector.html") == 2               # its own language, its own
    standings = [client.get("/standings/part").text for _ in range(3)]
    assert len(set(standings)) == 1 and made.count("_standings.html") == 1
    director = login(TestClient(event["app"]))
    assert "/admin/corrections" in director.get("/tables/1/part").text
    assert "/admin/corrections" not in client.get("/tables/1/part").text
    t = event["tables"][2]
    t.handle({"event": "win", "winner": 1, "hand": dict(demo.HANDS["hk"][1])})
    t.sync()                                                 # the standings change
    after = client.get("/projector/part?rows=7").text
    assert after != first[0] and made.count("_projector.html") == 3
    assert player_scores(client.get("/standings/part").text) != player_scores(standings[0])


def test_admin_pages_need_a_login(event):
    client = TestClient(event["app"])
    for path in ("/admin", "/admin/rounds", "/admin/rounds/1", "/admin/devices",
                 "/admin/corrections", "/admin/penalties", "/admin/refused"):
        r = client.get(path, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"].startswith("/admin/login")
    with event["app"].state.db.read() as con:
        n = con.execute("SELECT COUNT(*) FROM penalties").fetchone()[0]
    r = client.post("/admin/penalties", data=dict(player_id=1, points=-5, why="x"),
                    follow_redirects=False)
    assert r.headers["location"].startswith("/admin/login")
    with event["app"].state.db.read() as con:
        assert con.execute("SELECT COUNT(*) FROM penalties").fetchone()[0] == n
    r = client.post("/admin/login", data={"name": "director", "password": "wrong"},
                    follow_redirects=False)
    assert "error=" in r.headers["location"] and auth.COOKIE not in r.cookies


def test_shared_results_are_recomputed_after_a_change(event):
    """Every browser shares one computation of a page's data: within MIN_GAP of it a
    change is answered from it, marked X-Fresh: 0 (the page asks again); after the gap
    the data is new."""
    app, client = event["app"], event["client"]
    memo = app.state.pages_memo
    # a gap no loaded machine outlasts between two requests; the gap's end is emulated
    # (the results held made that much older), not waited for
    memo.MIN_GAP = 600.0       # (GAP_FACTOR stays 0: the gap does not grow with the cost)
    max_age, memo.MAX_AGE = memo.MAX_AGE, 2 * memo.MIN_GAP
    try:
        t = event["tables"][1]
        t.handle({"event": "win", "winner": 2, "hand": dict(demo.HANDS["hk"][0])})
        first = client.get("/standings/part")
        assert "X-Fresh" not in first.headers
        again = client.get("/standings/part")
        assert "X-Fresh" not in again.headers
        t.sync()                                   # an upload: a change is announced
        stale = client.get("/standings/part")
        assert stale.headers.get("X-Fresh") == "0"
        assert player_scores(stale.text) == player_scores(first.text)
        for key, (version, at, took, value) in list(memo.held.items()):
            memo.held[key] = (version, at - memo.MIN_GAP, took, value)
        fresh = client.get("/standings/part")
        assert "X-Fresh" not in fresh.headers
        assert player_scores(fresh.text) != player_scores(first.text)
    finally:
        memo.MIN_GAP, memo.MAX_AGE = 0, max_age


def test_live_stream_batches_uploads_by_table():
    from organiser.pages.pages import updates
    up = [{"topic": "upload", "data": {"table": t, "acked": 3}} for t in (3, 1, 3, 1)]
    assert updates(up) == ['event: update\ndata: {"table": 1}\n\n',
                           'event: update\ndata: {"table": 3}\n\n']
    assert updates([{"topic": "refused", "data": {"error": "bad_signature"}}]) == []
    assert updates(up + [{"topic": "admin", "data": {"what": "penalty"}}]) == \
        ['event: update\ndata: {}\n\n']


def test_reseating_played_tables_moves_their_hands(event):
    """Players of table 1 sat at other seats than the seating says: the seating page
    re-seats the played table with a reason, and the hands of each seat move to the
    player who sat there."""
    from organiser.results import standings
    app = event["app"]
    client = login(TestClient(app))

    def game():
        with app.state.db.read() as con:
            return next(g for g in standings.games(con) if g["table_no"] == 1)
    with app.state.db.read() as con:
        tid = con.execute("SELECT id FROM trounds WHERE status = 'open'").fetchone()[0]
        seated = [r[0] for r in con.execute("SELECT player_id FROM seating WHERE tround_id = ? "
                                            "AND table_no = 1 ORDER BY seat", (tid,))]
    page = client.get("/admin/rounds/%d" % tid).text
    assert 'name="t1s0" form="reseat"' in page              # played: re-seat, not save
    names = {p["id"]: p["name"] for p in _players(app)}
    g = game()
    before = player_scores(client.get("/").text)
    swapped = [seated[2], seated[1], seated[0], seated[3]]
    form = {"t1s%d" % i: p for i, p in enumerate(swapped)}
    r = client.post("/admin/rounds/%d/reseat" % tid, data=dict(form, why="", csrf=csrf(client)),
                    follow_redirects=False,
                    headers={"referer": "http://testserver/admin/rounds/%d" % tid})
    assert "error=" in r.headers["location"]                 # a reason is required
    assert player_scores(client.get("/").text) == before
    r = client.post("/admin/rounds/%d/reseat" % tid, data=dict(form, why="seats mixed up", csrf=csrf(client)),
                    follow_redirects=False)
    assert "ok=" in r.headers["location"]
    assert game()["players"] == swapped
    after = player_scores(client.get("/").text)
    moved = {p: g["scores"][swapped.index(p)] - g["scores"][g["players"].index(p)]
             for p in swapped}
    assert any(moved.values())
    for p, d in moved.items():
        assert after[names[p]] - before[names[p]] == d
    assert "seats mixed up" in client.get("/admin/corrections").text


def test_hand_log_shows_one_round_at_a_time(event):
    """Round 1 closes, round 2 opens and table 1 plays in it: its hand log shows round 2
    by default, with links to round 1 and to every round.  (Last: it closes round 1.)"""
    app, folder = event["app"], event["folder"]
    with app.state.db.write() as con:
        from organiser.event import tournament
        r1 = tournament.open_tround(con)["id"]
        r2 = tournament.add_tround(con)
        tournament.close_round(con, r1)
        tournament.generate_seating(con, r2)
        tournament.open_round(con, r2)
    dev_id, secret = event["devices"][1]
    os.mkdir(os.path.join(folder, "r2"))
    t = demo.Table(ClientDevice(event["client"], dev_id, secret), os.path.join(folder, "r2"))
    status, pulled = t.device.seating()
    assert status == 200 and pulled["tround"] == r2
    t.handle(demo.start_event(t, pulled))
    t.handle({"event": "draw"})
    t.sync()
    client = event["client"]
    default = client.get("/tables/1/part").text
    assert default.count('class="session"') == 1
    assert "Round 2 ·" in default and "Round 1 ·" not in default
    assert 'href="/tables/1?tround=%d"' % r1 in default
    one = client.get("/tables/1/part?tround=%d" % r1).text
    assert "Round 1 ·" in one and "Round 2 ·" not in one
    every = client.get("/tables/1/part?tround=all").text
    assert every.count('class="session"') == 2


def test_mcr_standings_show_table_points(db_url):
    """An MCR event ranks by table points (4-2-1-0 by each game's scores)."""
    folder = tempfile.mkdtemp(prefix="organiser-mcr-")
    db = db_url
    ev = demo.setup_event(db, name="MCR Open", rules="mcr",
                          teams={"N": ["北一", "北二"], "S": ["South A", "South B"]}, rounds=1)
    app = create_app(db)
    client = TestClient(app)
    client.__enter__()          # the organiser's scoring runs on the client's event loop
    (dev_id, secret), = ev["devices"].values()
    t = demo.Table(ClientDevice(client, dev_id, secret), folder)
    status, pulled = t.device.seating()
    t.handle(demo.start_event(t, pulled))
    demo.play(t, "mcr", random.Random(4), 3)
    t.sync()
    scores = t.whole()[-1]["state"]["scores"]
    assert len(set(scores)) == 4                       # no ties in this game
    place = sorted(range(4), key=lambda s: -scores[s])
    want = {pulled["players"][s]: (4, 2, 1, 0)[place.index(s)] for s in range(4)}
    html = client.get("/standings/part").text
    assert "Table pts" in html
    got = {m[0]: int(m[1]) for m in re.findall(
        r'<tr data-player="([^"]+)">(?:<td[^>]*>(?:<a [^>]*>)?[^<]*(?:</a>)?</td>){3}'
        r'<td class="num[^"]*">-?\d+</td>'
        r'<td class="num">(\d+)</td>', html)}
    assert got == want
    ranked = re.findall(r'<tr data-player="([^"]+)">', html)
    assert ranked == sorted(want, key=lambda n: -want[n])
    client.__exit__(None, None, None)
    shutil.rmtree(folder, ignore_errors=True)


def test_the_pages_process_computes_what_the_organiser_would(event):
    """The live parts are computed in a process of their own (organiser.live.pagework), with
    the same answers as in the organiser's."""
    work = pagework.PageWork(event["app"].state.db.path)
    try:
        with event["app"].state.db.read() as con:
            assert work.call("standings", 1, None) == views.standings(con, None)
            assert work.call("grid", 1, STUCK)["tables"] == \
                views.table_grid(con, STUCK)["tables"]
            games = views.played(con)
            assert work.call("hand_log", 1, 1, None) == views.hand_log(con, 1, games, None)
        assert work.held[0].pid != os.getpid()
    finally:
        work.close()


def test_a_stuck_computation_or_a_dead_child_costs_one_answer(event):
    work = pagework.PageWork(event["app"].state.db.path, seconds=0.0001)
    try:
        with pytest.raises(pagework.NoAnswer):
            work.call("standings", 1, None)          # (no child answers that fast)
        assert work.held == [None, None]             # stopped: the next call starts anew
        work.seconds = 30
        first = work.call("standings", 1, None)
        os.kill(work.held[0].pid, signal.SIGKILL)
        with pytest.raises(pagework.NoAnswer):             # the answer it was asked for is lost
            work.call("standings", 2, None)
        assert work.call("standings", 3, None) == first      # a new child answers
    finally:
        work.close()
