"""A Riichi event at the organiser (docs/rules/riichi.md, "At the organiser"): two tables
play a hanchan each with the firmware's table engine on CPython and upload their journals
signed like a device; the organiser replays them with the same engine and ranks the
players by their results with uma, as the EMA ranks Riichi; its hand log shows han and
fu; the EMA results file; the pages in Chromium (screenshots in build/shots, copied to
docs/img); the event form's EMA and WRC presets.

Every figure below is worked out by hand from RCR 2016 (4.1: fu and han; 4.1.2 the
points table; 3.4.2 noten payments; 3.4.10 honba; the 2015 notice: uma and the sticks
left at the end)."""

import csv
import io
import os
import re
import shutil
import tempfile

import httpx
import pytest

from host_tools import paths
from organiser_fixtures import Device, OrganiserServer, play, scored
from organiser.event import presets, tournament
from organiser.guard import auth
from organiser.store.db import Database

PASSWORD = "riichi-cup-2026"
# name, EMA number, country; table 1's seats 0..3, then table 2's
PLAYERS = [("Anna Schmidt", "05010001", "DEU"), ("Jean Dupont", "04010042", "FRA"),
           ("佐藤 花子", "", "JPN"), ("Luca Rossi", "08020003", "ITA"),
           ("Erik Larsen", "07030004", "DNK"), ("María García", "10990007", "ESP"),
           ("王小明", "", "CHN"), ("Tom Baker", "02040005", "GBR")]

PINFU = {"hand": "234m456p678s2355s", "win": "1s"}
HAKU = {"hand": "222m456p789s55s77z", "win": "7z"}
CHIITOI = {"hand": "2233m4455p6677s8s", "win": "8s", "dora": "7s"}
TANYAO = {"hand": "345m456p66s67p", "melds": ["chi 234s"], "win": "8p"}


def win(w, hand, frm=None):
    ev = {"event": "win", "winner": w, "hand": dict(hand)}
    if frm is not None:
        ev["from"] = frm
    return ev


# Table 1: a whole hanchan (East and South), every payment worked out by hand; (event,
# the payments expected) in turn.  Seat 0 deals first.
HANCHAN = [
    # E1, dealer 0: seat 1 declares riichi (a 1,000 stick) and wins on seat 0's discard:
    # riichi 1 + pinfu 1 = 2 han, 30 fu (20 + 10 concealed on a discard): 30 x 2^4 = 480,
    # x 4 = 1,920 -> 2,000, and the stick back
    ({"event": "riichi", "seat": 1}, [0, -1000, 0, 0]),
    (win(1, PINFU, 0), [-2000, 3000, 0, 0]),
    # E2, dealer 1 self-draws: pinfu + menzen tsumo, 2 han 20 fu: 20 x 2^4 = 320, the
    # dealer's tsumo 2 x 320 = 640 -> 700 from each; he deals again, 1 counter
    (win(1, PINFU), [-700, 2100, -700, -700]),
    # E2 1 counter: a draw, seats 1 and 2 tenpai: 3,000 from the noten, 1,500 each way;
    # the dealer tenpai deals again, 2 counters
    ({"event": "tenpai", "seat": 1}, [0, 0, 0, 0]),
    ({"event": "tenpai", "seat": 2}, [0, 0, 0, 0]),
    ({"event": "draw"}, [-1500, 1500, 1500, -1500]),
    # E2 2 counters: seat 3 wins on seat 2's discard, fanpai haku 1 han, 40 fu (20 + 10
    # + concealed pung of simples 4 + haku pung completed on the discard, open, 4 = 38):
    # 40 x 2^3 x 4 = 1,280 -> 1,300, + 2 x 300 counters = 1,900; the deal passes
    (win(3, HAKU, 2), [0, 0, -1900, 1900]),
    # E3, dealer 2: seats 0 and 3 declare riichi (their sticks stay on the table), a draw:
    # the two riichi seats are tenpai, the dealer noten: the deal passes, 1 counter
    ({"event": "riichi", "seat": 0}, [-1000, 0, 0, 0]),
    ({"event": "riichi", "seat": 3}, [0, 0, 0, -1000]),
    ({"event": "draw"}, [1500, -1500, -1500, 1500]),
    # E4, dealer 3, 1 counter: seat 2 self-draws chii toitsu with tanyao, menzen tsumo
    # and dora 2 (indicator 7s: the 8s pair) = 6 han, haneman (3,000): the dealer pays
    # 6,000, the others 3,000, each + 100 of the counter; + the two sticks
    (win(2, CHIITOI), [-3100, -3100, 14300, -6100]),
    # S1, dealer 0: seat 2 wins on seat 1's discard, open tanyao 1 han, 30 fu (an open
    # hand of no fu: 30 on a discard): 30 x 2^3 x 4 = 960 -> 1,000
    (win(2, TANYAO, 1), [0, -1000, 1000, 0]),
    # S2, dealer 1: seat 0 wins pinfu on seat 3's discard: 1 han 30 fu, 1,000
    (win(0, PINFU, 3), [1000, 0, 0, -1000]),
    # S3, dealer 2: seat 3 self-draws pinfu + tsumo, 2 han 20 fu: 320 -> 400 each, the
    # dealer 640 -> 700
    (win(3, PINFU), [-400, -400, -700, 1500]),
    # S4, dealer 3: seat 1 wins fanpai haku on seat 0's discard, 1,300: the deal passes
    # after the South round's last hand: the game is over
    (win(1, HAKU, 0), [-1300, 1300, 0, 0]),
]
# its end: 22,500 / 30,900 / 42,000 / 24,600 -> places 4, 2, 1, 3; against 30,000,
# with uma +15,000 / +5,000 / -5,000 / -15,000
HANCHAN_POINTS = [-7500, 900, 12000, -5400]
HANCHAN_RESULT = [-7500 - 15000, 900 + 5000, 12000 + 15000, -5400 - 5000]

# Table 2: the director's time: one hand, then a riichi, then the game ended ("end"):
# 28,000 / 32,000 / 30,000 / 29,000; the stick left goes to first place (seat 1)
SHORT = [
    ({"event": "riichi", "seat": 1}, [0, -1000, 0, 0]),
    (win(1, PINFU, 0), [-2000, 3000, 0, 0]),
    ({"event": "riichi", "seat": 3}, [0, 0, 0, -1000]),
    ({"event": "end"}, [0, 0, 0, 0]),
]
SHORT_POINTS = [-2000, 2000, 0, -1000]
SHORT_RESULT = [-2000 - 15000, 2000 + 1000 + 15000, 0 + 5000, -1000 - 5000]


@pytest.fixture(scope="module")
def event(module_db_url):
    folder = tempfile.mkdtemp(prefix="organiser-riichi-")
    db_path = module_db_url             # a SQLite file, or a PostgreSQL database
    db = Database(db_path)
    devices = []
    with db.write() as con:
        rules, settings = presets.preset("riichi-ema")
        tournament.set_event(con, name="Riichi Open · EMA", rules=rules, settings=settings)
        teams = [tournament.add_team(con, t) for t in ("Nord", "Süd")]
        ids = [tournament.add_player(con, name, teams[i % 2], assoc_id=num, country=c)
               for i, (name, num, c) in enumerate(PLAYERS)]
        for no in (1, 2):
            tournament.add_table(con, no)
            did, secret = tournament.register_device(con, no, device_id="riichi%d" % no)
            devices.append(Device(did, secret, no))
        tround = tournament.add_tround(con)
        tournament.set_seating(con, tround, {1: ids[:4], 2: ids[4:]})
        tournament.open_round(con, tround)
    auth.set_password(db, "director", PASSWORD)
    db.close()
    srv = OrganiserServer(db_path).start()
    client = httpx.Client(base_url=srv.url, follow_redirects=True, timeout=30)
    journals = {}
    try:
        for dev, game in zip(devices, (HANCHAN, SHORT)):
            names = [p[0] for p in (PLAYERS[:4] if dev.table == 1 else PLAYERS[4:])]
            start = {"event": "start", "rules": "riichi", "dealer": 0, "players": names,
                     "tag": {"table": dev.table, "tround": tround}}
            recs = play([start] + [ev for ev, _ in game], os.path.join(folder))
            journals[dev.table] = recs
            r = dev.upload(client, "%016x" % (0x33000 + dev.table), recs)
            assert r.status_code == 200, r.text
        scored(client)
        yield dict(url=srv.url, client=client, db=db_path, ids=ids, journals=journals,
                   devices=devices, tround=tround, folder=folder)
    finally:
        client.close()
        srv.stop()
        shutil.rmtree(folder, ignore_errors=True)


def login(client):
    r = client.post("/admin/login", data={"name": "director", "password": PASSWORD,
                                          "next": "/admin"})
    assert r.status_code == 200
    return re.search(r'name="csrf" value="([0-9a-f]+)"', client.get("/admin").text).group(1)


def test_the_ema_preset_is_the_firmware_tables_defaults():
    paths.use_firmware()
    from rules import riichi_table
    assert presets.RIICHI_EMA == riichi_table.SETTINGS
    ruleset, wrc = presets.preset("riichi-wrc")
    assert ruleset == "riichi"
    assert {k for k in wrc if wrc[k] != riichi_table.SETTINGS[k]} == {
        "kiriage", "leftover_to_first", "double_ron"}


def test_the_journals_are_the_payments_worked_out_by_hand(event):
    for table, game in ((1, HANCHAN), (2, SHORT)):
        recs = event["journals"][table]
        assert [r["payments"] for r in recs[1:]] == [p for _, p in game]
        assert recs[-1]["state"]["over"] is True
    assert event["journals"][1][-1]["state"]["extras"]["final"] == HANCHAN_RESULT
    assert event["journals"][2][-1]["state"]["extras"]["final"] == SHORT_RESULT


def expected_standings():
    """{name: (result with uma, points without uma)} of the two games above."""
    out = {}
    for names, res, pts in ((PLAYERS[:4], HANCHAN_RESULT, HANCHAN_POINTS),
                            (PLAYERS[4:], SHORT_RESULT, SHORT_POINTS)):
        for (name, _, _), r, p in zip(names, res, pts):
            out[name] = (r, p)
    return out


def test_standings_rank_the_results_with_uma(event):
    got = event["client"].get("/export/standings.json").json()
    players = got["players"]
    want = expected_standings()
    assert {p["name"]: (p["total"], p["points"]) for p in players} == want
    for p in players:
        assert p["uma"] == p["total"] - p["points"]
        assert p["games"] == 1 and p["in_play"] == 0
    # ranked by the result with uma: 27,000 first, then 18,000, ..., -22,500 last
    assert [p["name"] for p in players] == sorted(want, key=lambda n: -want[n][0])
    assert [p["rank"] for p in players] == list(range(1, 9))
    assert players[0]["name"] == "佐藤 花子" and players[1]["name"] == "María García"
    # every table's results add up to nothing (no oka, every stick taken)
    assert sum(p["total"] for p in players) == 0
    teams = {t["name"]: t["total"] for t in got["teams"]}
    assert teams == {"Nord": sum(want[PLAYERS[i][0]][0] for i in (0, 2, 4, 6)),
                     "Süd": sum(want[PLAYERS[i][0]][0] for i in (1, 3, 5, 7))}


def test_the_ema_results_file(event):
    raw = event["client"].get("/export/ema.csv")
    assert raw.status_code == 200
    rows = list(csv.reader(io.StringIO(raw.content.decode("utf-8-sig"))))
    assert rows[0] == ["Rank", "EMA number", "Last name", "First name", "Country",
                       "Points with uma", "Score"]
    want = expected_standings()
    by_name = {p[0]: p for p in PLAYERS}
    order = sorted(want, key=lambda n: -want[n][0])
    assert [r[0] for r in rows[1:]] == [str(i) for i in range(1, 9)]
    for row, name in zip(rows[1:], order):
        last, first = name.split()[-1], " ".join(name.split()[:-1])
        assert row[1:] == [by_name[name][1], last, first, by_name[name][2],
                           str(want[name][0]), str(want[name][1])]


def test_the_hand_log_shows_han_and_fu(event):
    page = event["client"].get("/tables/1?lang=en").text
    for words in ("2 han</b> <b>30 fu", "6 han</b> <b>25 fu</b> · haneman", "1 han</b> <b>40 fu"):
        assert words in page, words
    assert "dora indicators</span> 7s" in page        # the haneman's indicator
    # each hand named as players name it: the wind, the deal, the counters ("E2-1")
    labels = re.findall(r'<tr class="[^"]*" data-seq="\d+">\s*<td>([^<]*)</td>', page)
    assert labels[::-1] == ["E1", "E1", "E2", "E2-1", "E2-1", "E2-1", "E2-2", "E3", "E3",
                            "E3", "E4-1", "S1", "S2", "S3", "S4"]
    zh = event["client"].get("/tables/1?lang=zh-Hant").text
    assert "6 翻</b> <b>25 符</b> · 跳滿" in zh and "平和" in zh


def shoot(page, name):
    out = os.path.join(paths.BUILD, "shots")
    os.makedirs(out, exist_ok=True)
    page.screenshot(path=os.path.join(out, name), full_page=True)


def test_the_pages_in_chromium(event, browser):
    url = event["url"]
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = ctx.new_page()
    want = expected_standings()
    try:
        for lang, head in (("en", "Result with uma"), ("zh-Hans", "含马成绩")):
            pg.goto(url + "/?lang=" + lang)
            pg.wait_for_selector(".live-state[data-state=live]")
            assert head in pg.locator("#player-standings thead").inner_text()
            got = {}
            for row in pg.locator("#player-standings tbody tr").all():
                cells = row.locator("td").all_inner_texts()
                got[cells[1]] = (int(cells[3]), int(cells[4]),
                                 0 if cells[5] == "·" else int(cells[5]))
            assert got == {n: (r, p, r - p) for n, (r, p) in want.items()}
            shoot(pg, "organiser-riichi-standings-%s.png" % lang)
        for lang, words in (("en", "6 han 25 fu · haneman"), ("zh-Hant", "6 翻 25 符 · 跳滿")):
            pg.goto(url + "/tables/1?lang=" + lang)
            pg.wait_for_selector(".live-state[data-state=live]")
            assert words in pg.locator(".hand-log").inner_text()
            assert pg.locator(".hand-log .hanfu").count() == 8      # the eight wins
            shoot(pg, "organiser-riichi-hand-log-%s.png" % lang)
        pg.goto(url + "/exports")
        assert pg.locator("a[href='/export/ema.csv']").count() == 1
    finally:
        ctx.close()


def test_the_event_form_sets_the_wrc_preset_and_every_game_is_scored_again(event):
    client = event["client"]
    csrf = login(client)
    assert "Riichi: World Riichi Championship rules 2015" in client.get("/admin?lang=en").text
    r = client.post("/admin/event", data={"csrf": csrf, "name": "Riichi Open · WRC",
                                          "rules": "mcr", "settings": "{}",
                                          "preset": "riichi-wrc"})
    assert r.status_code == 200 and "event saved" in r.text
    scored(client)
    players = {p["name"]: p for p in client.get("/export/standings.json").json()["players"]}
    want = expected_standings()
    # the WRC's sticks left at the end are lost: table 2's first place without the one
    # stick; nothing else differs (no 4 han 30 fu, no double ron in these games)
    for name, (res, pts) in want.items():
        lost = 1000 if name == "María García" else 0
        assert (players[name]["total"], players[name]["points"]) == (res - lost, pts), name
    db = Database(event["db"])
    try:
        with db.read() as con:
            ev = tournament.event(con)
    finally:
        db.close()
    assert ev["rules"] == "riichi" and ev["settings"] == presets.RIICHI_WRC
    r = client.post("/admin/event", data={"csrf": csrf, "name": "x", "rules": "riichi",
                                          "settings": "{}", "preset": "nope"},
                    headers={"referer": event["url"] + "/admin"})
    assert "no preset" in r.text


# -- a game's result, worked out by hand, where the engine's cannot stand ------------------

def test_uma_tied_places_share_theirs_and_oka_goes_to_first():
    from organiser.results import riichi
    ema = dict(presets.RIICHI_EMA)
    # two tied second places share +5,000 and -5,000: 0 each
    assert riichi.uma([40000, 30000, 30000, 20000], ema) == [15000, 0, 0, -15000]
    # three tied first places: (15,000 + 5,000 - 5,000) / 3 = 5,000 each
    assert riichi.uma([30000, 30000, 30000, 30000 - 0], ema) == [0, 0, 0, 0]
    assert riichi.uma([35000, 35000, 35000, 15000], ema) == [5000, 5000, 5000, -15000]
    # 25,000 to start, 30,000 to return: oka 4 x 5,000 = 20,000 to first
    oka = dict(ema, starting_points=25000)
    assert riichi.uma([40000, 30000, 20000, 10000], oka) == [35000, 5000, -5000, -15000]


def test_a_game_in_play_counts_its_points_and_no_uma():
    from organiser.results import riichi
    g = {"session_id": 7, "sessions": [7], "scores": [3000, -1000, -2000, 0], "over": False}
    res, plain, over = riichi.game_result(g, dict(presets.RIICHI_EMA), {})
    assert (res, plain, over) == ([3000, -1000, -2000, 0], [3000, -1000, -2000, 0], False)


def test_a_corrected_finished_game_has_its_uma_worked_again():
    from organiser.results import riichi
    ema = dict(presets.RIICHI_EMA)
    # the engine's result stood before a director moved 4,000 from seat 2 to seat 0:
    # places change (seat 0 now first)
    states = {7: {"extras": {"final": [-10000, 5000, 27000, -22000]}}}
    g = {"session_id": 7, "sessions": [7], "scores": [6000, 0, 1000, -7000], "over": True,
         "corrected": False}
    assert riichi.game_result(g, ema, states)[0] == [-10000, 5000, 27000, -22000]
    g["corrected"] = True
    assert riichi.game_result(g, ema, states) == (
        [6000 + 15000, 0 - 5000, 1000 + 5000, -7000 - 15000], [6000, 0, 1000, -7000], True)


def test_a_game_continued_on_a_spare_device_has_its_uma_from_the_points_added_up():
    from organiser.results import riichi
    ema = dict(presets.RIICHI_EMA)
    # the spare device's engine started at 30,000 each: its result is its session's only
    states = {9: {"extras": {"final": [20000, 0, -5000, -15000]}}}
    g = {"session_id": 7, "sessions": [7, 9], "scores": [-4000, 9000, 0, -5000],
         "over": True, "corrected": False}
    assert riichi.game_result(g, ema, states)[0] == [-4000 - 5000, 9000 + 15000, 0 + 5000,
                                                     -5000 - 15000]
