"""The README's pictures of the organiser: the demo event (host_tools.sim.organiser_demo)
played into a fresh organiser, then each page photographed by headless Chromium.

    python -m host_tools.sim.organiser_shots [--out docs/img]
"""

import os
import random
import time

from host_tools.sim import organiser_demo as demo, pageshots

CHROMIUM = "/usr/bin/chromium"
PASSWORD = "screenshots"
STUCK_SECONDS = 8        # short, so the pictures show flagged tables


def flag_tables(url, tables):
    """Table 3 loses a batch (its later record waits behind the gap: stuck), table 4
    goes quiet (no sync), tables 1 and 2 play on."""
    rng = random.Random(11)
    t = tables[3]
    demo.play(t, "hk", rng, 2)
    t.device.upload(t.journal_id, t.records()[-1:])       # the batch before never arrives
    time.sleep(STUCK_SECONDS + 1)
    for no in (1, 2):
        demo.play(tables[no], "hk", rng, 1)
        tables[no].sync()


def refusals(url, devices):
    """A few requests the organiser refuses, for the refused-request log."""
    dev_id, secret = devices[1]
    wrong = demo.Device(url, dev_id, "00" * 32)
    wrong.upload("0123456789abcdef", [{"seq": 1, "event": {"event": "draw"}}])
    demo.Device(url, "table-99", secret).upload("0123456789abcdef",
                                                 [{"seq": 1, "event": {"event": "draw"}}])
    demo.Device(url, dev_id, secret).post("/api/v1/upload", {"device": dev_id,
                                                             "journal": "xyz", "records": []})


def director(pg, url, next_path):
    """pg logged in as the director, on next_path."""
    pg.goto(url + "/admin/login?next=" + next_path)
    pg.fill("input[name=password]", PASSWORD)
    pg.click("button:has-text('Log in')")
    return pg


def shoot(url, out):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True)

        def page(w, h, scale=1):
            # (bypass_csp: the waits below evaluate script text, which the pages' policy
            # forbids any script but their own files to do)
            return b.new_context(viewport={"width": w, "height": h}, bypass_csp=True,
                                 device_scale_factor=scale).new_page()

        pg = page(1280, 800)
        for path, name, full in (("/", "standings", True), ("/tables", "tables", False),
                                 ("/tables/1", "hand-log", False),
                                 ("/tables/1?lang=en", "hand-log-en", False),
                                 ("/tables/1?lang=zh-Hant", "hand-log-zh-Hant", False)):
            pg.goto(url + path)
            pg.wait_for_selector(".live-state[data-state=live]")
            pg.screenshot(path=os.path.join(out, "organiser-%s.png" % name), full_page=full)
        adm = director(page(1280, 800), url, "/admin/rounds/2")
        adm.screenshot(path=os.path.join(out, "organiser-admin-seating.png"))
        adm.goto(url + "/admin/refused")
        adm.screenshot(path=os.path.join(out, "organiser-admin-refused.png"))
        # a hand named as a referee names it, with the forms that correct it
        adm.goto(url + "/admin/corrections/hand?table=1&round=2&game=1&hand=2")
        adm.screenshot(path=os.path.join(out, "organiser-admin-hand.png"), full_page=True)
        adm.goto(url + "/players/1")
        adm.screenshot(path=os.path.join(out, "organiser-player.png"))
        sheet = page(900, 1270)
        sheet.emulate_media(media="print")
        sheet.goto(url + "/print/sheets?tround=2")
        sheet.screenshot(path=os.path.join(out, "organiser-print-sheet.png"))
        pg = page(1280, 720)
        pg.goto(url + "/projector?seconds=1")
        pg.wait_for_selector("#proj-what:text-matches('^Players')")  # no eval: the CSP forbids it
        pg.screenshot(path=os.path.join(out, "organiser-projector-players.png"))
        pg = page(1280, 720)                    # a projector in Simplified Chinese: its address
        pg.goto(url + "/projector?seconds=1&lang=zh-Hans")
        pg.wait_for_selector("#proj-what:text-matches('^选手')")
        pg.screenshot(path=os.path.join(out, "organiser-projector-zh-Hans.png"))
        # the pages in Chinese: the visitor's choice (?lang=, then a cookie)
        zh = director(page(1280, 800), url, "/players/1%3Flang%3Dzh-Hant")
        zh.screenshot(path=os.path.join(out, "organiser-player-zh-Hant.png"))
        zh.goto(url + "/admin/corrections/hand?table=1&round=2&game=1&hand=2&lang=zh-Hant")
        zh.screenshot(path=os.path.join(out, "organiser-admin-hand-zh-Hant.png"), full_page=True)
        zh.goto(url + "/tables?lang=zh-Hans")
        zh.wait_for_selector(".live-state[data-state=live]")
        zh.screenshot(path=os.path.join(out, "organiser-tables-zh-Hans.png"))
        sheet = page(900, 1270)
        sheet.emulate_media(media="print")
        sheet.goto(url + "/print/sheets?tround=2&lang=zh-Hans")
        sheet.screenshot(path=os.path.join(out, "organiser-print-sheet-zh-Hans.png"))
        phone = page(390, 844, 1)
        phone.goto(url + "/")
        phone.wait_for_selector(".live-state[data-state=live]")
        phone.screenshot(path=os.path.join(out, "organiser-phone.png"))
        b.close()


def main(argv=None):
    def make(out, folder):
        db = os.path.join(folder, "organiser.db")
        ev = demo.setup_event(db, password=PASSWORD)
        with demo.serve(db, stuck_seconds=STUCK_SECONDS) as url:
            rng = random.Random(7)
            demo.play_round(url, ev["devices"], folder, rng, 8)
            demo.next_round(db, ev["trounds"][0], ev["trounds"][1])
            r2 = os.path.join(folder, "r2")
            os.mkdir(r2)
            tables = demo.play_round(url, ev["devices"], r2, rng, [3, 5, 2, 4])
            flag_tables(url, tables)
            refusals(url, ev["devices"])
            shoot(url, out)
        return [os.path.join(out, n) for n in sorted(os.listdir(out)) if n.startswith("organiser-")]
    pageshots.run(__doc__, "organiser", make, argv)


if __name__ == "__main__":
    main()
