"""The director's forms in Chromium (Playwright) on a live organiser: a paper sheet
entered hand by hand (a wrong hand refused with the ruleset's reason, the typed hand
kept; a good one scored and listed), the payments form picking the hand from the list,
the correction form filled with the hand as the device shows it, and the event form's
table settings a field each, the chosen ruleset's shown (in each language)."""

import re

import httpx
import pytest

from organiser_fixtures import OrganiserServer, scored, setup_event

PW = "director password"


@pytest.fixture
def live(db_url):
    ev = setup_event(db_url, password=PW)
    with OrganiserServer(db_url) as srv:
        yield srv, ev


def login(page, url, nxt):
    page.goto("%s/admin/login?next=%s" % (url, nxt))
    page.fill("input[name=password]", PW)
    page.click("button:has-text('Log in')")
    page.wait_for_url(re.compile(".*" + re.escape(nxt) + ".*"))


def test_a_paper_sheet_and_the_correction_forms_in_chromium(live, browser):
    srv, ev, = live
    names = {v: k for k, v in ev["players"].items()}
    seated = [names[p] for p in ev["seating"][2]]
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    try:
        login(page, srv.url, "/admin/paper")
        page.select_option("#paper-open select[name=table_no]", "2")
        page.click("#paper-open button")
        page.wait_for_selector(".notice.ok")
        assert "sheet opened" in page.inner_text(".notice.ok")
        assert page.locator("#paper-hand select[name=winner] option").all_inner_texts() == [
            "seat %d: %s" % (i + 1, n) for i, n in enumerate(seated)]

        # a hand under Chinese Official's minimum: the device's refusal, the hand kept
        page.select_option("#paper-hand select[name=winner]", "1")
        page.select_option("#paper-hand select[name=from]", "0")
        page.fill("#paper-hand input[name=tiles]", "234m 345p 567s 23m 99s 4m")
        page.click("#paper-hand button")
        page.wait_for_selector(".notice.error")
        said = page.inner_text(".notice.error")
        assert said.startswith("refused: 5 fan without flowers; a win needs 8; counted: ")
        assert page.input_value("#paper-hand input[name=tiles]") == "234m 345p 567s 23m 99s 4m"
        assert page.input_value("#paper-hand select[name=winner]") == "1"
        assert page.locator("#sheet-hands tbody tr td.subtle").count() == 1   # no hands

        # the same seat wins a whole hand: scored, listed with its payments
        page.fill("#paper-hand input[name=tiles]", "123m 456p 789s 23m 中中 4m")
        page.click("#paper-hand button")
        page.wait_for_selector(".notice.ok")
        assert "hand scored:" in page.inner_text(".notice.ok")
        row = page.locator("#sheet-hands tbody tr").first.locator("td").all_inner_texts()
        assert row[1].startswith("%s wins on %s's discard" % (seated[1], seated[0]))
        pays = [int(x) for x in row[2:]]
        assert sum(pays) == 0 and pays[1] > 0 and pays[0] < 0

        # taking it back asks first
        assert not page.locator("#paper-undo button").is_visible()
        page.click("details.confirm summary")
        assert page.locator("#paper-undo button").is_visible()

        # the payments form: the hand picked from the list, by table, round and winner
        client = httpx.Client(base_url=srv.url)
        scored(client)
        page.goto(srv.url + "/admin/corrections")
        opts = page.locator("#payments-target option").all_inner_texts()
        mine = [o for o in opts if seated[1] in o and "wins on" in o]
        assert len(mine) == 1 and mine[0].startswith("hand 1 · ")
        assert page.locator("#payments-target optgroup").first.get_attribute("label") == \
            "table 2 · round 1"
        page.select_option("#payments-target", label=mine[0])
        target = page.input_value("#payments-target")
        assert target.startswith("organiser/")
        for i, p in enumerate((-10, 30, -10, -10)):
            page.fill("input[name=p%d]" % i, str(p))
        page.locator("form[action='/admin/corrections/payments'] input[name=why]").fill(
            "sheet misread")
        page.click("form[action='/admin/corrections/payments'] button")
        page.wait_for_selector(".notice.ok")
        assert "correction of %s recorded" % target in page.inner_text(".notice.ok")

        # the correction form shows the hand as the device shows it, in each language
        page.goto(srv.url + "/admin/corrections/hand?target=" + target)
        assert page.input_value("#correct-event input[name=tiles]") == \
            "12233m456p789s中中 4m"
        page.goto(srv.url + "/admin/corrections/hand?lang=en&target=" + target)
        assert page.input_value("#correct-event input[name=tiles]") == "12233m456p789s55z 4m"
        assert "last tile, kong replace" in page.inner_text("#correct-event")
        page.goto(srv.url + "/admin/corrections/hand?lang=zh-Hans&target=" + target)
        assert "海底/河底, 杠上" in page.inner_text("#correct-event")
        # corrected by a context word as the device names it: scored again
        page.goto(srv.url + "/admin/corrections/hand?lang=zh-Hant&target=" + target)
        page.fill("#correct-event input[name=words]", "河底")
        page.locator("#correct-event input[name=why]").fill("the sheet says last tile")
        page.click("#correct-event button")
        page.wait_for_selector(".notice.ok")
        assert re.match(r"(hand re-scored|此局已重新計分)", page.inner_text(".notice.ok"))
        assert page.input_value("#correct-event input[name=words]") == "海底/河底"
        client.close()
    finally:
        ctx.close()


@pytest.mark.parametrize("lang, label, on", [("en", "one pays all", "on"),
                                             ("zh-Hant", "全包", "開"),
                                             ("zh-Hans", "全包", "开")])
def test_the_event_form_has_a_field_per_table_setting(live, browser, lang, label, on):
    srv, ev = live
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        login(page, srv.url, "/admin")
        page.goto(srv.url + "/admin?lang=" + lang)
        assert page.locator("input[name=settings]").count() == 0      # no JSON
        assert page.locator("#settings-mcr").is_visible()
        assert not page.locator("#settings-hk").is_visible()
        page.select_option("select[name=rules]", "hk")
        assert page.locator("#settings-hk").is_visible()
        assert not page.locator("#settings-mcr").is_visible()
        hk = page.inner_text("#settings-hk")
        assert label in hk and on in hk
        page.fill("input[name='setting.hk.per_fan']", "2")
        page.uncheck("input[name='setting.hk.quanbao']")
        page.click("form[action='/admin/event'] button")
        page.wait_for_selector(".notice")
        adm = httpx.Client(base_url=srv.url)
        adm.post("/api/admin/login", json={"name": "director", "password": PW})
        got = adm.get("/api/admin/event").json()["event"]
        assert got["rules"] == "hk" and got["settings"] == {"per_fan": 2, "quanbao": False}
        # a number out of range is refused with the setting's name; nothing saved
        page.fill("input[name='setting.hk.fake_win']", "100000")
        page.eval_on_selector("input[name='setting.hk.fake_win']",
                              "e => e.removeAttribute('max')")
        page.click("form[action='/admin/event'] button")
        page.wait_for_selector(".notice.error")
        assert "fake_win" in page.inner_text(".notice.error")
        assert adm.get("/api/admin/event").json()["event"]["settings"] == {
            "per_fan": 2, "quanbao": False}
        adm.close()
    finally:
        ctx.close()
