"""What a director's day needs from the organiser, on a demo MCR event played by
simulated devices against the organiser in its own process: the EMA's results file."""

import csv
import html
import io
import os
import random
import re
import shutil
import tempfile
import time
from fractions import Fraction

import httpx
import pytest

from host_tools.sim import organiser_demo as demo
import organiser_fixtures as fx

PASSWORD = "east-wind-2026"
# an international field: names as players give them ("First Last"), one family name
# first, one name with a formula's first character
TEAMS = {"Nord": ["Anna Schmidt", "Jean-Luc Picard", "Søren Kierkegaard", "Åsa Lind"],
         "Sud": ["María José García", "陳大文", "Luca Rossi", "=HYPERLINK <i>Bob</i>"]}


@pytest.fixture(scope="module")
def event():
    folder = tempfile.mkdtemp(prefix="organiser-director-")
    db = os.path.join(folder, "organiser.db")
    ev = demo.setup_event(db, name="Open MCR · demo", rules="mcr", teams=TEAMS, rounds=2,
                          password=PASSWORD)
    rng = random.Random(11)
    with fx.serve(db) as url:
        r1 = demo.play_round(url, ev["devices"], os.path.join(folder), rng, [6, 5], "mcr")
        demo.next_round(db, ev["trounds"][0], ev["trounds"][1])
        os.mkdir(os.path.join(folder, "r2"))
        r2 = demo.play_round(url, ev["devices"], os.path.join(folder, "r2"), rng, [4, 4],
                             "mcr")
        client = httpx.Client(base_url=url, follow_redirects=True)
        login(client)
        yield dict(ev, url=url, db=db, client=client, rounds=[r1, r2], folder=folder)
        client.close()
    shutil.rmtree(folder, ignore_errors=True)


def login(client):
    r = client.post("/admin/login", data={"name": "director", "password": PASSWORD,
                                          "next": "/admin"})
    assert r.status_code in (200, 303)
    return client


def csrf(client, page="/admin"):
    """The director's forms' token, where the forms carry one."""
    m = re.search(r'name="csrf" value="([0-9a-f]+)"', client.get(page).text)
    return m.group(1) if m else ""


def player_ids(client):
    """{name: id} from the event page's player forms."""
    page = client.get("/admin").text
    out = {}
    for pid, name in re.findall(r'name="player_id" value="(\d+)"><input name="assoc_id"'
                                r'[^>]*aria-label="EMA number of ([^"]+)"', page):
        out[html.unescape(name)] = int(pid)
    return out


def journal_games(rounds):
    """Each game's seat scores by player name, from the journals as the devices wrote
    them (the records that still count): [{name: score}]."""
    out = []
    for tables in rounds:
        for t in tables.values():
            recs = t.whole()
            names = recs[0]["event"]["players"]
            undone = {r["undoes"] for r in recs if r["event"]["event"] == "undo"}
            sc = dict.fromkeys(names, 0)
            for r in recs:
                if r["seq"] in undone or r["event"]["event"] == "undo":
                    continue
                for name, pay in zip(names, r.get("payments") or [0] * 4):
                    sc[name] += pay
            out.append(sc)
    return out


def place_points(scores):
    """4-2-1-0 by a game's scores, tied players sharing their places' points."""
    order = sorted(scores.values(), reverse=True)
    pts = (4, 2, 1, 0)
    return {n: Fraction(sum(pts[i] for i, v in enumerate(order) if v == s),
                        order.count(s)) for n, s in scores.items()}


# -- the EMA's results file ------------------------------------------------------------------
ASSOC = {"Anna Schmidt": ("5010001", "deu", "", ""),
         "Jean-Luc Picard": ("04010042", "FRA", "", ""),
         "陳大文": ("", "HKG", "陳", "大文"),
         "María José García": ("10990007", "ESP", "García", "María José")}


def test_ema_results_file_of_a_demo_event(event):
    client = event["client"]
    ids = player_ids(client)
    assert set(ids) == {p for ps in TEAMS.values() for p in ps}
    for name, (num, country, last, first) in ASSOC.items():
        r = client.post("/admin/players/details", data=dict(
            csrf=csrf(client), player_id=ids[name], assoc_id=num, country=country,
            last_name=last, first_name=first))
        assert r.status_code == 200 and "player updated" in r.text
    # a bad number or country is refused with the reason, nothing written
    r = client.post("/admin/players/details", data=dict(
        csrf=csrf(client), player_id=ids["Luca Rossi"], assoc_id="12-34", country="IT"),
        headers={"referer": event["url"] + "/admin"})
    assert "association number" in r.text and "12-34" in r.text

    r = client.get("/export/ema.csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert r.content.startswith(b"\xef\xbb\xbf")          # UTF-8, marked as such
    rows = list(csv.reader(io.StringIO(r.content.decode("utf-8-sig"))))
    assert rows[0] == ["Rank", "EMA number", "Last name", "First name", "Country",
                       "Table points", "Score"]
    body = rows[1:]
    assert len(body) == 8
    by_name = {(row[3] + " " + row[2]).strip(): row for row in body}
    # the association's fields as entered: numbers of 8 digits, countries in capitals,
    # the name split at its last space unless given apart
    assert by_name["Anna Schmidt"][1:5] == ["05010001", "Schmidt", "Anna", "DEU"]
    assert by_name["Jean-Luc Picard"][1:5] == ["04010042", "Picard", "Jean-Luc", "FRA"]
    assert by_name["大文 陳"][1:5] == ["", "陳", "大文", "HKG"]
    assert by_name["María José García"][1:5] == ["10990007", "García", "María José", "ESP"]
    assert by_name["Luca Rossi"][1:5] == ["", "Rossi", "Luca", ""]
    # a cell a spreadsheet would take for a formula is written as text
    assert ["'=HYPERLINK", "<i>Bob</i>"] in [row[3:1:-1] for row in body]

    # scores and table points from the devices' journals, game by game
    score, tp = {}, {}
    for g in journal_games(event["rounds"]):
        for n, pts in place_points(g).items():
            tp[n] = tp.get(n, 0) + pts
            score[n] = score.get(n, 0) + g[n]
    assert sum(score.values()) == 0 and sum(tp.values()) == 7 * 4      # 4 games of 4-2-1-0
    name_of = {}
    for n in score:
        last, first = (ASSOC.get(n, ("", "", "", ""))[2:] if n in ASSOC and ASSOC[n][2]
                       else (n.split()[-1], " ".join(n.split()[:-1])))
        name_of[(last, first)] = n
    got = {}
    for row in body:
        n = name_of[(row[2].lstrip("'"), row[3].lstrip("'"))]
        got[n] = (Fraction(row[5]).limit_denominator(3), int(row[6]))
        assert Fraction(row[5]) == Fraction(round(float(tp[n]), 3)).limit_denominator(1000)
    assert got == {n: (tp[n], score[n]) for n in score}
    # ranked by table points, then score; equal pairs share a rank
    keys = [(Fraction(row[5]).limit_denominator(3), int(row[6])) for row in body]
    assert keys == sorted(keys, reverse=True)
    for i, row in enumerate(body):
        first = next(j for j, k in enumerate(keys) if k == keys[i])
        assert int(row[0]) == first + 1

    # one round alone, and a link to the file on the exports page
    r1 = client.get("/export/ema.csv", params={"tround": event["trounds"][0]})
    assert len(list(csv.reader(io.StringIO(r1.content.decode("utf-8-sig"))))) == 9
    assert "/export/ema.csv" in client.get("/exports").text


# -- a player's statistics ---------------------------------------------------------------------
# MCR hands whose fan is worked out here (no honours: no wind element, whatever the seat)
STRAIGHT = {"hand": "123456789m1235p", "win": "5p"}
# 123m 456m 789m 123p 55p: Pure Straight 16, All Chows 2, Mixed Double Chow (123m 123p) 1,
# One Voided Suit 1, Single Wait (only 5p completes it) 1; on a discard Concealed Hand 2
# = 23, self-drawn Fully Concealed 4 instead = 25
PAIRS = {"hand": "1133557799m224p", "win": "4p"}
# 11 33 55 77 99m 22 44p: Seven Pairs 24, One Voided Suit 1, No Honours 1 = 26
SHIFTED = {"hand": "1122334455667m", "win": "7m"}
# 11..77m: Seven Shifted Pairs 88 (it implies the flush and the pairs) = 88
PUNGS = {"hand": "2223334445556s", "win": "6s"}
# 222 333 444 555 66s: Four Concealed Pungs 64, Four Shifted Pungs 48, Full Flush 24,
# All Simples 2 = 138
SOLO = {"Solo": ["Ada", "Bo", "Cy", "Di"]}


@pytest.fixture(scope="module")
def scripted():
    """One table, two tournament rounds, every hand scripted (players by name; their
    seats are the organiser's seating, pulled by the device)."""
    folder = tempfile.mkdtemp(prefix="organiser-stats-")
    db = os.path.join(folder, "organiser.db")
    ev = demo.setup_event(db, name="Stats", rules="mcr", teams=SOLO, rounds=2)
    dev_id, secret = ev["devices"][1]
    with fx.serve(db) as url:
        def game(sub, script):
            os.makedirs(os.path.join(folder, sub))
            dev = demo.Device(url, dev_id, secret)
            status, pulled = dev.seating()
            assert status == 200
            t = demo.Table(dev, os.path.join(folder, sub))
            t.handle(demo.start_event(t, pulled))
            seat = {n: i for i, n in enumerate(pulled["players"])}
            for step in script:
                if step == "draw":
                    t.handle({"event": "draw"})
                elif step == "undo":
                    t.handle({"event": "undo"})
                else:
                    winner, frm, hand = step
                    e = {"event": "win", "winner": seat[winner], "hand": dict(hand)}
                    if frm:
                        e["from"] = seat[frm]
                    t.handle(e)
            t.sync()
        game("r1", [("Ada", "Bo", STRAIGHT),          # Ada 23, Bo deals in
                    "draw",
                    ("Cy", None, STRAIGHT),           # Cy self-drawn 25
                    ("Ada", "Cy", PAIRS),             # Ada 26, Cy deals in
                    ("Bo", "Ada", SHIFTED), "undo",   # keyed wrong, taken back: nothing
                    ("Di", "Ada", PUNGS)])            # Di 138, Ada deals in
        demo.next_round(db, ev["trounds"][0], ev["trounds"][1])
        game("r2", [("Ada", None, STRAIGHT),          # Ada self-drawn 25
                    "draw",
                    ("Di", "Ada", PAIRS)])            # Di 26, Ada deals in
        client = httpx.Client(base_url=url, follow_redirects=True)
        yield dict(ev, url=url, db=db, client=client)
        client.close()
    shutil.rmtree(folder, ignore_errors=True)


def stats_rows(client, name):
    """{round label: [hands, wins, self-drawn, deal-ins, draws, average, largest]} from the
    player's page (reached from the standings' link)."""
    home = client.get("/").text
    href = re.search(r'<a href="(/players/\d+)">%s</a>' % re.escape(name), home).group(1)
    page = client.get(href).text
    out = {}
    for label, cells in re.findall(r'<tr data-round="([^"]*)"[^>]*>(.*?)</tr>', page, re.S):
        vals = re.findall(r'<t[dh] class="num">([^<]*)</t[dh]>', cells)
        out[label] = [v if v == "–" else float(v) if "." in v else int(v) for v in vals]
    return out


def test_player_statistics_of_a_scripted_session(scripted):
    client = scripted["client"]
    # round 1: 5 hands (the undone entry is none); round 2: 3 hands.
    # Ada: r1 wins 23 and 26 (average 24.5), deals in to Di, one draw;
    #      r2 wins 25 self-drawn, deals in to Di, one draw;
    #      overall 8 hands, 3 wins (1 self-drawn), 2 deal-ins, 2 draws, (23+26+25)/3 = 24.67
    assert stats_rows(client, "Ada") == {
        "1": [5, 2, 0, 1, 1, 24.5, 26],
        "2": [3, 1, 1, 1, 1, 25.0, 25],
        "all": [8, 3, 1, 2, 2, 24.67, 26]}
    # Bo: deals in to Ada's 23 in r1 (the 88 he was keyed for was undone); never wins
    assert stats_rows(client, "Bo") == {
        "1": [5, 0, 0, 1, 1, "–", "–"],
        "2": [3, 0, 0, 0, 1, "–", "–"],
        "all": [8, 0, 0, 1, 2, "–", "–"]}
    # Cy: r1 self-drawn 25, deals in to Ada's 26
    assert stats_rows(client, "Cy") == {
        "1": [5, 1, 1, 1, 1, 25.0, 25],
        "2": [3, 0, 0, 0, 1, "–", "–"],
        "all": [8, 1, 1, 1, 2, 25.0, 25]}
    # Di: 138 on Ada's discard in r1, 26 on Ada's in r2: average (138+26)/2 = 82
    assert stats_rows(client, "Di") == {
        "1": [5, 1, 0, 0, 1, 138.0, 138],
        "2": [3, 1, 0, 0, 1, 26.0, 26],
        "all": [8, 2, 0, 0, 2, 82.0, 138]}
    # the same figures for a program
    pid = int(re.search(r'<a href="/players/(\d+)">Di</a>', client.get("/").text).group(1))
    got = client.get("/api/v1/players/%d/stats" % pid).json()
    assert [r["tround"] for r in got["rounds"]] == [1, 2]
    assert {k: got["overall"][k] for k in ("hands", "wins", "deal_ins", "average",
                                           "largest", "unit")} == {
        "hands": 8, "wins": 2, "deal_ins": 0, "average": 82.0, "largest": 138, "unit": "fan"}
    assert client.get("/api/v1/players/999/stats").status_code == 404


# -- a correction by tiles ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def corrected():
    folder = tempfile.mkdtemp(prefix="organiser-correct-")
    db = os.path.join(folder, "organiser.db")
    ev = demo.setup_event(db, name="Corrections", rules="mcr", teams=SOLO, rounds=1,
                          password=PASSWORD)
    dev_id, secret = ev["devices"][1]
    with fx.serve(db) as url:
        dev = demo.Device(url, dev_id, secret)
        status, pulled = dev.seating()
        t = demo.Table(dev, folder)
        t.handle(demo.start_event(t, pulled))
        seat = {n: i for i, n in enumerate(pulled["players"])}
        t.handle({"event": "win", "winner": seat["Ada"], "from": seat["Bo"],
                  "hand": dict(STRAIGHT)})                                  # hand 1
        t.handle({"event": "draw"})                                         # hand 2
        t.handle({"event": "win", "winner": seat["Cy"], "hand": dict(STRAIGHT)})   # hand 3
        t.handle({"event": "win", "winner": seat["Ada"], "from": seat["Cy"],
                  "hand": dict(PAIRS)})                                     # hand 4
        t.sync()
        client = httpx.Client(base_url=url, follow_redirects=True)
        login(client)
        yield dict(ev, url=url, client=client, seat=seat, table=t)
        client.close()
    shutil.rmtree(folder, ignore_errors=True)


def fresh(client, path, timeout=60):
    """A live page once it shows the latest change (a page answered from a result
    computed before the change says so: X-Fresh: 0, and the browser asks again)."""
    end = time.monotonic() + timeout
    while True:
        r = client.get(path)
        if r.headers.get("x-fresh") != "0" or time.monotonic() > end:
            return r.text
        time.sleep(0.2)


def standings_scores(client):
    return {m[0]: int(m[1]) for m in re.findall(
        r'<tr data-player="([^"]+)">.*?<td class="num[^"]*">(-?\d+)</td>',
        fresh(client, "/"))}


def test_a_hand_named_by_a_referee_corrected_by_its_tiles(corrected):
    client, seat = corrected["client"], corrected["seat"]
    # as played (MCR, base 8): hand 1 Ada 23 on Bo's discard: Ada +47, Bo -31, Cy/Di -8;
    # hand 3 Cy 25 self-drawn: Cy +99, the others -33; hand 4 Ada 26 on Cy's discard:
    # Ada +50, Cy -34, Bo/Di -8
    assert standings_scores(client) == {"Ada": 64, "Bo": -72, "Cy": 57, "Di": -49}
    # the referee's naming: table 1, round 1, game 1, hand 3
    page = client.get("/admin/corrections/hand",
                      params={"table": 1, "round": 1, "game": 1, "hand": 3}).text
    assert "Table 1 · round 1 · game 1 · hand 3" in page
    assert "Cy wins, self-drawn" in page and "123456789m 1235p" in page
    assert "清龍" in page
    assert "Pure Straight" in client.get("/admin/corrections/hand", params={
        "table": 1, "round": 1, "game": 1, "hand": 3, "lang": "en"}).text
    # the payments form is filled with what counts now (seat order)
    want = [-33] * 4
    want[seat["Cy"]] = 99
    filled = [int(v) for v in re.findall(r'name="p\d" type="number" value="(-?\d+)"', page)]
    assert filled == want
    target = re.search(r'data-target="([^"]+)"', page).group(1)
    # the director's API names it the same way
    got = client.get("/api/admin/hand", params={"table": 1, "round": 1, "hand": 3}).json()
    assert got["hand"]["target"] == target and got["hand"]["winner"] == seat["Cy"]
    assert got["hand"]["payments"] == want and got["hand"]["total"] == 25
    # hand 4 named too: game and hand numbers lead to another record
    other = client.get("/admin/corrections/hand",
                       params={"table": 1, "round": 1, "game": 1, "hand": 4}).text
    assert re.search(r'data-target="([^"]+)"', other).group(1) != target
    assert "no hand 9" in client.get("/admin/corrections/hand", params={
        "table": 1, "round": 1, "game": 1, "hand": 9}).text
    r = client.get("/admin/corrections/hand", params={"table": 1, "round": "9" * 30,
                                                        "game": 1, "hand": 1})
    assert r.status_code == 200 and "out of range" in r.text

    # it was really Di's four pungs on Bo's discard, with two flowers: Four Concealed
    # Pungs 64 + Four Shifted Pungs 48 + Full Flush 24 + All Simples 2 (138, as above)
    # + 2 flowers = 140 fan; Bo pays 8 + 140 = 148, Ada and Cy 8 each: Di +164
    r = client.post("/admin/corrections/hand", data=dict(
        csrf=csrf(client, "/admin/corrections/hand?target=" + target), target=target,
        kind="win", winner=seat["Di"], **{"from": seat["Bo"]}, tiles="2223334445556s 6s",
        flowers="1f6f", words="", why="tiles keyed at the wrong table"))
    assert r.status_code == 200 and "hand re-scored: 140" in r.text
    page = client.get("/admin/corrections/hand", params={"target": target}).text
    assert "Di wins on Bo&#39;s discard" in page or "Di wins on Bo's discard" in page
    want = [-8] * 4
    want[seat["Bo"]], want[seat["Di"]] = -148, 164
    assert [int(v) for v in re.findall(r'name="p\d" type="number" value="(-?\d+)"',
                                       page)] == want
    # re-settled: the standings follow (hand 3 now Di +164, Bo -148, Ada/Cy -8)
    assert standings_scores(client) == {"Ada": 89, "Bo": -187, "Cy": -50, "Di": 148}
    # the hand log shows the hand as corrected: its tiles, the flowers as how many (in
    # Chinese Official every flower is worth the same: the device keys a count)
    log = fresh(client, "/tables/1")
    assert "2223334445556s" in log and "amended" in log
    assert '<span class="subtle">flowers</span> 2<' in log and "春 蘭" not in log
    # the hands CSV names each seat's player and wind at that hand
    rows = list(csv.DictReader(io.StringIO(client.get("/export/hands.csv").text)))
    h3 = next(x for x in rows if x["hand_no"] == "3")
    assert (h3["winner"], h3["from"], h3["total"]) == ("Di", "Bo", "140")
    names = {h3["seat%d" % i] for i in range(1, 5)}
    assert names == {"Ada", "Bo", "Cy", "Di"}
    for x in rows[1:]:                  # (the first is the game's start)
        winds = [x["wind%d" % i] for i in range(1, 5)]
        assert sorted(winds) == ["E", "N", "S", "W"] and x["prevailing"] == "E"
        # the dealer of MCR's k-th hand of a round is the seat after k passes of the deal
        assert winds.index("E") == (int(x["hand_no"]) - 1) % 4
    # a correction the engine refuses says so and the hand is held
    r = client.post("/admin/corrections/hand", data=dict(
        csrf=csrf(client, "/admin/corrections/hand?target=" + target), target=target,
        kind="win", winner=seat["Di"], **{"from": seat["Bo"]}, tiles="2223334445559s 6s",
        why="a slip"))
    assert "refuses the hand as corrected" in r.text
    # what the director types is shown as text wherever it appears
    hostile = '<img src=x onerror="alert(1)">'
    r = client.post("/admin/corrections/hand", data=dict(
        csrf=csrf(client, "/admin/corrections/hand?target=" + target), target=target,
        kind="win", winner=seat["Di"], tiles="2223334445559s 6s", flowers="",
        words=hostile, why=hostile))
    assert "is not a context word of this ruleset" in r.text
    for text in (r.text, fresh(client, "/tables/1"), client.get("/admin/corrections").text):
        assert "<img" not in text
    assert "&lt;img" in r.text


def test_tiles_as_a_referee_reads_them():
    from organiser.text import tiletext
    assert tiletext.tiles("111m222p333s444m777z5z") == "111m 222p 333s 444m 白白白 中"
    assert tiletext.tiles("1234z") == "東南西北" and tiletext.tiles("1f6f") == "春 蘭"
    assert tiletext.meld("pon 666z") == "pon 發發發"
    assert tiletext.tiles("<script>") == "<script>"        # not tiles: as sent (escaped)
    assert tiletext.tiles("9z") == "9z"


# -- print-ready pages, in Chromium ---------------------------------------------------------------


def pdf_pages(page):
    """The number of A4 pages Chromium prints the page on."""
    raw = page.pdf(format="A4", print_background=False)
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", raw))


def test_print_pages_in_chromium(event, browser):
    url = event["url"]
    r2 = event["trounds"][1]
    # round 2's seating, as each table's device pulled it
    seated = {no: t.whole()[0]["event"]["players"] for no, t in event["rounds"][1].items()}
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        page.goto("%s/print/seating?tround=%d" % (url, r2))
        for no, names in seated.items():
            card = page.locator('.seat-card[data-table="%d"] td' % no).all_inner_texts()
            assert card == names                  # stored names shown as text: <i> and all
        listed = page.locator("#by-player tbody tr").all()
        assert len(listed) == 8
        rows = [r.locator("td").all_inner_texts() for r in listed]
        assert [r[0] for r in rows] == sorted((r[0] for r in rows), key=str.casefold)
        for name, table, seat, wind in rows:
            assert seated[int(table)][int(seat) - 1] == name and wind == "ESWN"[int(seat) - 1]
        assert page.locator("#by-player i").count() == 0      # no markup from a name
        page.emulate_media(media="print")
        assert not page.locator(".toolbar").is_visible()     # the screen's line not printed
        assert pdf_pages(page) == 2                           # by table, by player

        page.goto("%s/print/sheets?tround=%d" % (url, r2))
        sheets = page.locator(".score-sheet")
        assert sheets.count() == 2
        for no, names in seated.items():
            sheet = page.locator('.score-sheet[data-table="%d"]' % no)
            assert sheet.locator("th.name").all_inner_texts() == names
            assert sheet.locator("tbody tr").count() == 16    # an MCR game's hands
        assert pdf_pages(page) == 2                           # one sheet a table

        page.goto("%s/print/results" % url)
        got = [r.locator("td").all_inner_texts()
               for r in page.locator("#results tbody tr").all()[:8]]
        ema = list(csv.reader(io.StringIO(event["client"].get("/export/ema.csv").content
                                          .decode("utf-8-sig"))))[1:]
        assert [(g[0], g[3], g[4]) for g in got] == [(e[0], e[5], e[6]) for e in ema]
        assert "=HYPERLINK <i>Bob</i>" in [g[1] for g in got]
        assert pdf_pages(page) == 1
    finally:
        ctx.close()


def test_an_older_database_gets_the_players_association_fields(tmp_path):
    from organiser.results import ema
    from organiser.event import tournament
    from organiser.store.db import connect
    path = str(tmp_path / "old.db")
    con = connect(path)
    con.execute("DROP TABLE players")            # the players table as databases had it
    con.execute("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, "
                "team_id INTEGER REFERENCES teams(id), active INTEGER NOT NULL DEFAULT 1)")
    con.execute("INSERT INTO players (name) VALUES ('Anna Schmidt')")
    con.close()
    con = connect(path)                     # opened by this organiser: the columns added
    cols = {r[1] for r in con.execute("PRAGMA table_info(players)")}
    assert {"assoc_id", "country", "last_name", "first_name"} <= cols
    pid = con.execute("SELECT id FROM players WHERE name = 'Anna Schmidt'").fetchone()[0]
    tournament.set_player_details(con, pid, assoc_id="4010001", country="deu")
    got = con.execute("SELECT assoc_id, country, last_name FROM players").fetchone()
    assert tuple(got) == ("04010001", "DEU", "")
    for bad in ({"assoc_id": "123456789"}, {"assoc_id": "12a"}, {"country": "DE"},
                {"country": "D1U"}, {"last_name": "x" * 65}):
        with pytest.raises(tournament.ModelError):
            tournament.set_player_details(con, pid, **bad)
    tournament.set_event(con, rules="hk")       # the EMA's file is an MCR event's
    with pytest.raises(tournament.ModelError, match="MCR"):
        ema.results(con)
    con.close()


def test_players_registered_with_their_association_fields(corrected):
    client = corrected["client"]
    r = client.post("/admin/players", data=dict(csrf=csrf(client), team_id="", names=(
        "Eva Novak; 17010003; cze\nFrank Ode\tGBR\n" "Gus Lee; 12a; CHN")),
        headers={"referer": corrected["url"] + "/admin"})
    assert "association number" in r.text                # the bad line: nothing added
    assert "Eva Novak" not in client.get("/admin").text
    r = client.post("/admin/players", data=dict(csrf=csrf(client), team_id="", names=(
        "Eva Novak; 17010003; cze\nFrank Ode\t\tGBR")))
    assert "2 player(s) added" in r.text
    page = client.get("/admin").text
    assert re.search(r'value="17010003"[^>]*aria-label="EMA number of Eva Novak"', page)
    assert re.search(r'value="CZE"[^>]*aria-label="country of Eva Novak"', page)
    assert re.search(r'value="GBR"[^>]*aria-label="country of Frank Ode"', page)


def test_a_correction_settles_the_hands_after_it_again():
    """Hong Kong: who wins a hand decides who deals the next (the dealer stays on his
    win, with a streak, and a dealer's win scores more).  Hand 1 corrected from seat 2's
    win to the dealer's: hand 2, seat 1's win, is scored and settled again as the
    dealer's second win in a row, as a table keyed the right way would have."""
    import types
    folder = tempfile.mkdtemp(prefix="organiser-resettle-")
    try:
        db = os.path.join(folder, "organiser.db")
        ev = demo.setup_event(db, name="Resettle", rules="hk", teams=SOLO, rounds=1,
                              password=PASSWORD)
        dev_id, secret = ev["devices"][1]
        hand1 = {"hand": dict(demo.HANDS["hk"][0])}
        hand2 = {"event": "win", "winner": 0, "hand": dict(demo.HANDS["hk"][0])}
        with fx.serve(db) as url:
            dev = demo.Device(url, dev_id, secret)
            status, pulled = dev.seating()
            t = demo.Table(dev, folder)
            start = demo.start_event(t, pulled)
            t.handle(start)
            t.handle(dict({"event": "win", "winner": 1}, **hand1))      # as keyed
            t.handle(dict(hand2))
            t.sync()
            client = login(httpx.Client(base_url=url, follow_redirects=True))
            before = client.get("/api/admin/hand", params={"table": 1, "round": 1,
                                                           "hand": 2}).json()["hand"]
            first = client.get("/api/admin/hand", params={"table": 1, "round": 1,
                                                          "hand": 1}).json()["hand"]
            r = client.post("/admin/corrections/hand", data=dict(
                csrf=csrf(client, "/admin/corrections/hand?target=" + first["target"]),
                target=first["target"], kind="win", winner=0,
                tiles=hand1["hand"]["hand"] + " " + hand1["hand"]["win"], why="the dealer won it"))
            assert "hand re-scored" in r.text
            after = client.get("/api/admin/hand", params={"target": before["target"]}
                               ).json()["hand"]
            client.close()
        # the same hands keyed right, on a table of their own
        right = demo.Table(types.SimpleNamespace(id="right"), folder)
        right.handle(start)
        right.handle(dict({"event": "win", "winner": 0}, **hand1))
        right.handle(dict(hand2))
        want = right.whole()[-1]["payments"]
        assert after["payments"] == want and after["status"] == "corrected"   # not held
        assert before["payments"] != want          # the dealer's win moved with the deal
        assert after["total"] > before["total"]
        assert sum(after["payments"]) == 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)
