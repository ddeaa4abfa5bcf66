"""The organiser's pages in a real headless browser (Debian's Chromium driven by
Playwright): the organiser runs under uvicorn on a loopback port with a temporary
database; tables play hands with the firmware's table engine and upload their journals
signed like a device (docs/upload.md); the pages must show them, and a live update must
arrive without a reload."""

import random
import shutil
import tempfile

import pytest

from host_tools.sim import organiser_demo as demo
import organiser_fixtures as fx

PASSWORD = "dragon-cup-2026"
TEAMS = {"雲龍 Cloud Dragons": ["陳大文", "李小龍", "Wong Ka Ho", "Amy Chan"],
         "Jade Tigers": ["張偉", "Lee Mei", "Ho Chun", "Sandy Lau"]}
WAIT_MS = 30000


@pytest.fixture(scope="module")
def event(module_db_url):
    folder = tempfile.mkdtemp(prefix="organiser-pages-")
    db = module_db_url
    ev = demo.setup_event(db, name="Browser Cup", rules="hk", teams=TEAMS, rounds=1,
                          password=PASSWORD)
    with fx.serve(db) as url:
        tables = demo.play_round(url, ev["devices"], folder, random.Random(3), [4, 3])
        yield dict(ev, url=url, tables=tables, db=db)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    yield pg
    ctx.close()


def expected_scores(tables):
    """Each player's score from the journals as the devices wrote them: the sum of the
    payments of the records that still count (undone ones and undos left out)."""
    scores = {}
    for t in tables.values():
        recs = t.whole()
        names = recs[0]["event"]["players"]
        undone = {r["undoes"] for r in recs if r["event"]["event"] == "undo"}
        for r in recs:
            if r["seq"] in undone or r["event"]["event"] == "undo":
                continue
            for name, pay in zip(names, r.get("payments") or [0] * 4):
                scores[name] = scores.get(name, 0) + pay
    return scores


def player_scores(page):
    out = {}
    for row in page.locator("#player-standings tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        out[row.get_attribute("data-player")] = int(cells[3])
    return out


def test_standings_show_the_uploaded_hands(event, page):
    page.goto(event["url"] + "/")
    want = expected_scores(event["tables"])
    assert len(want) == 8 and any(want.values())
    assert player_scores(page) == want
    teams = {r.get_attribute("data-team"): int(r.locator("td").nth(2).inner_text())
             for r in page.locator("#team-standings tbody tr").all()}
    assert teams == {team: sum(want[p] for p in players) for team, players in TEAMS.items()}
    # ranked: scores never rise down the table
    ranked = list(player_scores(page).values())
    assert ranked == sorted(ranked, reverse=True)


def test_hand_log_shows_each_hand_with_its_elements(event, page):
    table = event["tables"][1]
    recs = table.whole()
    page.goto(event["url"] + "/tables/1")
    rows = page.locator(".hand-log tbody tr")
    assert rows.count() == len(recs) - 1            # every record but the start
    text = page.locator("#hand-log").inner_text()
    for r in recs:
        for item in (r.get("result") or {}).get("items", []):
            assert item["name"] in text             # as the scorer spells it, Chinese too
    assert "undone" in text                          # the demo's referee took one back
    # the Chinese names are drawn with a CJK font, not as empty boxes
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    item = cdp.send("DOM.querySelector", {"nodeId": root, "selector": ".item b"})["nodeId"]
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": item})["fonts"]
    assert any("CJK" in f["familyName"] or "WenQuanYi" in f["familyName"] for f in fonts), fonts
    for name in recs[0]["event"]["players"]:
        assert name in page.locator(".hand-log thead").first.inner_text()


def test_live_update_arrives_without_a_reload(event, page):
    url = event["url"]
    page.goto(url + "/")
    page.wait_for_selector(".live-state[data-state=live]", timeout=WAIT_MS)
    page.evaluate("window.notReloaded = true")
    log = page.context.new_page()
    log.goto(url + "/tables/2")
    log.wait_for_selector(".live-state[data-state=live]", timeout=WAIT_MS)
    log.evaluate("window.notReloaded = true")
    rows_before = log.locator(".hand-log tbody tr").count()

    t = event["tables"][2]
    names = t.whole()[0]["event"]["players"]
    t.handle({"event": "win", "winner": 0, "hand": dict(demo.HANDS["hk"][1])})
    t.sync()
    want = expected_scores(event["tables"])

    page.wait_for_function(
        "([name, score]) => { const r = document.querySelector("
        "`#player-standings tr[data-player=\"${name}\"]`);"
        " return r && Number(r.cells[3].innerText) === score; }",
        arg=[names[0], want[names[0]]], timeout=WAIT_MS)
    assert page.evaluate("window.notReloaded") is True
    assert player_scores(page) == want
    log.wait_for_function("n => document.querySelectorAll('.hand-log tbody tr').length === n",
                          arg=rows_before + 1, timeout=WAIT_MS)
    assert log.evaluate("window.notReloaded") is True
    # the row's elements: the organiser's scoring names them (a version-2 record carries
    # none), and the live update brings them after the row itself
    log.wait_for_function("() => { const r = document.querySelector('.hand-log tbody tr');"
                          " return r && r.innerText.includes('連刻'); }", timeout=WAIT_MS)
    assert log.evaluate("window.notReloaded") is True


def test_table_grid_and_projector(event, page):
    page.goto(event["url"] + "/tables")
    cards = page.locator(".tcard")
    assert cards.count() == 2
    for no, t in event["tables"].items():
        st = t.whole()[-1]["state"]
        card = page.locator(".tcard[data-table='%d']" % no)
        assert card.locator("dd.hands").inner_text() == str(st["hand_no"] - 1)
        assert st["players"][st["dealer"]] in card.inner_text()
    page.goto(event["url"] + "/projector?seconds=1")
    titles = set()
    for _ in range(30):
        titles.add(page.locator("#proj-what").inner_text())
        if len(titles) >= 3:
            break
        page.wait_for_timeout(200)
    assert {"Teams", "Players 1–8", "Tables"} <= titles


def test_admin_login_flow(event, browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844})   # the director's phone
    page = ctx.new_page()
    url = event["url"]
    page.goto(url + "/admin/penalties")
    assert page.url.startswith(url + "/admin/login")
    page.fill("input[name=password]", "not the password")
    page.click("button:has-text('Log in')")
    assert "wrong name or password" in page.locator(".notice.error").inner_text()
    page.fill("input[name=password]", PASSWORD)
    page.click("button:has-text('Log in')")
    assert page.url == url + "/admin/penalties"         # back where the login began
    assert "Logged in as" in page.inner_text("body")
    # a penalty through the form reaches the standings
    page.select_option("select[name=player_id]", label="Lee Mei (Jade Tigers)")
    page.fill("input[name=points]", "-25")
    page.fill("input[name=why]", "late to the table")
    page.click("button:has-text('Record')")
    assert "late to the table" in page.locator("#penalties").inner_text()
    page.goto(url + "/")         # (if shown from data of a moment ago, it refreshes itself)
    page.wait_for_function(
        "() => { const r = document.querySelector(\"#player-standings tr[data-player='Lee Mei']\");"
        " return r && r.cells[r.cells.length - 1].innerText === '-25'; }", timeout=WAIT_MS)
    # nothing of the page runs off a phone's screen but the tables that scroll
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    page.goto(url + "/admin")
    page.click("button:has-text('Log out')")
    page.goto(url + "/admin")
    assert page.url.startswith(url + "/admin/login")
    ctx.close()


def test_server_stops_promptly_with_a_live_page_open(browser, db_url):
    """An open page holds a server-sent-events stream; stopping the organiser (Ctrl-C,
    SIGTERM) must not wait for the browser to go away."""
    import time
    folder = tempfile.mkdtemp(prefix="organiser-stop-")
    db = db_url
    demo.setup_event(db, teams={"Solo": ["甲", "乙", "丙", "丁"]}, rounds=1)
    ctx = browser.new_context()
    page = ctx.new_page()
    with fx.serve(db) as url:
        page.goto(url + "/")
        page.wait_for_selector(".live-state[data-state=live]", timeout=WAIT_MS)
        stopping = time.monotonic()
    took = time.monotonic() - stopping           # serve() kills after 10 s of waiting
    ctx.close()
    shutil.rmtree(folder, ignore_errors=True)
    assert took < 5, "the organiser took %.1f s to stop with a live page open" % took
