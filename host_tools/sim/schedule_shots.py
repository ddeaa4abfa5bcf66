"""Pictures of the whole event's seating in Chromium (docs/schedule.md): the demo event
(host_tools.sim.organiser_demo, 16 players in 4 teams, 5 rounds, round 1 open), every
pending round seated at once from the director's page, then that page with the player
cards, a round's seating page (with the Swiss button), a player's card and the cards to
print, and the standings' tie-breaks page, in English and both Chinese scripts.

    python -m host_tools.sim.schedule_shots [--out docs/img]
"""

import argparse
import os
import shutil
import tempfile

from host_tools import paths
from host_tools.sim import organiser_demo as demo

CHROMIUM = "/usr/bin/chromium"
PASSWORD = "screenshots"


def shoot(url, out):
    from playwright.sync_api import sync_playwright
    shots = []
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        pg = b.new_context(viewport={"width": 1280, "height": 900}).new_page()
        pg.goto(url + "/admin/login?next=/admin/schedule")
        pg.fill("input[name=password]", PASSWORD)
        pg.click("button:has-text('Log in')")
        pg.click("button:has-text('Seat the rounds')")          # the form, as a director
        pg.wait_for_selector("text=round(s) seated")
        for lang in ("en", "zh-Hant", "zh-Hans"):
            for path, name in (("/admin/schedule", "schedule"), ("/admin/rounds/2", "seating"),
                               ("/players/1", "player-card"),
                               ("/admin/schedule/print", "print-cards"),
                               ("/admin/tiebreaks", "tiebreaks")):
                pg.goto(url + path + "?lang=" + lang)
                f = os.path.join(out, "schedule-%s-%s.png" % (name, lang))
                pg.screenshot(path=f, full_page=True)
                shots.append(f)
        b.close()
    return shots


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(paths.ROOT, "docs", "img"))
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="schedule-shots-")
    try:
        db = os.path.join(folder, "organiser.db")
        demo.setup_event(db, rounds=5, password=PASSWORD)
        with demo.serve(db) as url:
            for f in shoot(url, a.out):
                print(f)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
