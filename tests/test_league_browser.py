"""A season of two events in a real headless browser (Debian's Chromium driven by
Playwright): the spring event played on a venue organiser of its own and imported, the
summer event played on the league server under /e/summer-cup/
(host_tools.sim.league_shots).  The season page shows every player's results as each
event's own standings give them; an event's pages, reached from it, work under their
path, their live stream included."""

import shutil
import tempfile

import httpx
import pytest

from host_tools.sim import league_shots


@pytest.fixture(scope="module")
def season():
    folder = tempfile.mkdtemp(prefix="league-browser-")
    try:
        registry, lid = league_shots.league(folder)
        with league_shots.serve_league(registry) as url:
            yield url, lid
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def page(browser):
    return browser.new_context(viewport={"width": 1100, "height": 800}).new_page()


def test_the_season_page_sums_each_events_standings(season, page):
    url, lid = season
    want = {}
    for slug in ("spring-open", "summer-cup"):
        for p in httpx.get("%s/e/%s/api/v1/standings" % (url, slug)).json()["players"]:
            if p["games"]:
                want.setdefault(p["name"], {})[slug] = p["score"]
    assert len(want) == 20 and sum(len(v) == 2 for v in want.values()) == 12
    page.goto("%s/league/%d" % (url, lid))
    heads = page.locator("#season thead th").all_inner_texts()
    assert heads[2:4] == ["Spring Open", "Summer Cup"]
    shown = {}
    for row in page.locator("#season tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        res = {slug: int(c) for slug, c in zip(("spring-open", "summer-cup"), cells[2:4])
               if c != "–"}
        assert int(cells[-1]) == sum(res.values())
        shown[row.get_attribute("data-player")] = res
    assert shown == want


def test_an_events_pages_and_live_stream_work_under_its_path(season, page):
    url, lid = season
    page.goto("%s/league/%d" % (url, lid))
    page.click("#season thead a:has-text('Summer Cup')")
    page.wait_for_selector(".live-state[data-state=live]")
    assert page.url == url + "/e/summer-cup/"
    page.click("nav a:has-text('Tables')")
    assert page.url == url + "/e/summer-cup/tables"
    assert page.locator(".tcard").count() == 4
