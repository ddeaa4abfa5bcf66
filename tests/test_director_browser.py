"""The director's substitute, ghost-seat and penalty-preset forms in a real headless browser
(Debian's Chromium driven by Playwright) against a live organiser: the forms filled as a
director fills them, a game played by the firmware's engine and uploaded signed, and the
standings page showing the substitute ranked and the penalties' reasons, in the visitor's
language."""

import httpx
import pytest

from organiser.event import tournament
from organiser.store.db import Database
from organiser_fixtures import OrganiserServer, journal_id, play, session_events, setup_event

PASSWORD = "director-browser-pw"


@pytest.fixture
def live(tmp_path):
    db = str(tmp_path / "o.db")
    ev = setup_event(db, password=PASSWORD)
    with OrganiserServer(db) as srv:
        yield srv, ev, db


def test_substitute_ghost_and_presets_through_the_forms(live, browser):
    srv, ev, db = live
    absent, offender = ev["seating"][1][0], ev["seating"][1][1]
    pg = browser.new_page(viewport={"width": 1280, "height": 900})
    pg.goto(srv.url + "/admin/login?next=/admin/substitutes")
    pg.fill("input[name=password]", PASSWORD)
    pg.click("button:has-text('Log in')")
    # a substitute for round 1 whose game counts for them
    f = "#substitute-form "
    pg.goto(srv.url + "/admin/substitutes?lang=en")
    pg.select_option(f + "select[name=player_id]", str(absent))
    pg.fill(f + "input[name=substitute_name]", "Sub Z")
    pg.select_option(f + "select[name=counts]", "substitute")
    pg.fill(f + "input[name=why]", "ill")
    pg.click(f + "button")
    pg.wait_for_selector("text=substitute seated")
    assert "Sub Z" in pg.inner_text("#substitutions") and \
        "to the substitute" in pg.inner_text("#substitutions")
    # the table's device plays its game with the substitute in the seat
    recs = play(session_events("mcr", seed=41, n=30))
    with httpx.Client(base_url=srv.url, timeout=30) as c:
        assert "Sub Z" in ev["devices"][0].pull(c).text        # its seating pull
        assert ev["devices"][0].upload(c, journal_id(4), recs).status_code == 200
    final = recs[-1]["state"]["scores"]
    # a false win from the ruleset's list, paid to the table
    f = "#preset-form "
    pg.goto(srv.url + "/admin/penalties?lang=en")
    pg.select_option(f + "select[name=offender]", str(offender))
    pg.select_option(f + "select[name=reason]", "false_win")
    pg.fill(f + "input[name=note]", "hand 2")
    pg.click(f + "button")
    pg.wait_for_selector("text=penalty recorded")
    # the standings, in Traditional Chinese: the substitute ranked with the seat's score,
    # the reasons listed
    pg.goto(srv.url + "/?lang=zh-Hant")
    row = pg.inner_text("#player-standings tr[data-player='Sub Z']").split("\t")
    assert row[1] == "Sub Z" and int(row[3]) == final[0] + 10 and row[-1] == "10"
    reasons = pg.inner_text("#penalty-reasons")
    assert "詐和" in reasons and "-30" in reasons and "hand 2" in reasons
    assert reasons.count("詐和") == 4               # the offender, and 10 to each other seat
    # a player withdrawn: the field of 7 filled with a ghost seat, in Simplified Chinese
    d = Database(db)
    with d.write() as con:
        tournament.set_player_active(con, ev["seating"][2][3], False)
    d.close()
    pg.goto(srv.url + "/admin/substitutes?lang=zh-Hans")
    pg.click("button:has-text('以虚位补足人数')")
    pg.wait_for_selector("text=现有虚位：1 个")
    assert "虚位：1 个" in pg.inner_text("#ghost-figures")
    pg.close()
