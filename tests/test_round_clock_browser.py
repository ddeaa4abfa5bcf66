"""The projector's round clock in a real headless browser (Debian's Chromium driven by
Playwright) against a live organiser: it counts down in the browser between refreshes,
and the director's pause reaches it through the live stream without a reload."""

import os

import httpx
import pytest

from host_tools import paths
from organiser.event import clock
from organiser.store.db import Database
from organiser_fixtures import OrganiserServer, setup_event

PASSWORD = "clock-browser-pw"


@pytest.fixture
def live(tmp_path):
    db = str(tmp_path / "o.db")
    ev = setup_event(db, password=PASSWORD)
    d = Database(db)
    with d.write() as con:
        clock.set_length(con, 3600)
    d.close()
    with OrganiserServer(db) as srv:
        yield srv, ev


def seconds(text):
    out = 0
    for part in text.split(":"):
        out = out * 60 + int(part)
    return out


def test_the_projector_counts_down_and_hears_the_pause(live, browser):
    srv, ev = live
    director = httpx.Client(base_url=srv.url, timeout=10)
    assert director.post("/api/admin/login", json={"name": "director",
                                                   "password": PASSWORD}).status_code == 200
    path = "/api/admin/trounds/%d/clock" % ev["tround"]
    assert director.post(path, json={"action": "start"}).json()["state"] == "running"
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(srv.url + "/projector")
    page.wait_for_selector(".live-state[data-state='live']", timeout=30000)
    first = seconds(page.inner_text(".round-clock .rc-time"))
    page.wait_for_timeout(2200)
    second = seconds(page.inner_text(".round-clock .rc-time"))
    assert 3590 <= first <= 3600 and 1 <= first - second <= 3, (first, second)
    assert director.post(path, json={"action": "pause"}).json()["state"] == "paused"
    page.wait_for_selector(".round-clock.paused", timeout=30000)
    held = page.inner_text(".round-clock .rc-time")
    page.wait_for_timeout(1500)
    assert page.inner_text(".round-clock .rc-time") == held
    assert "paused" in page.inner_text(".round-clock .rc-state")
    os.makedirs(os.path.join(paths.BUILD, "shots"), exist_ok=True)
    page.screenshot(path=os.path.join(paths.BUILD, "shots", "projector-clock.png"))
    director.close()
