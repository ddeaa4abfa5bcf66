"""Pictures of substitutes, ghost seats and penalties from presets in Chromium
(docs/director.md): the demo event played as Chinese Official (16 players in 4 teams,
round 1 open), a substitute seated from the director's form before round 1 is played
(counted for the absent player), round 1 played by simulated devices, a substitute for
the rest of the event from round 2 (counted for nobody), a false win and a late arrival
from the ruleset's list, a player withdrawn and the field filled with a ghost seat; then
the Substitutes page, the Penalties page and the standings with the reasons, in English
and both Chinese scripts.

    python -m host_tools.sim.director_shots [--out docs/img]
"""

import argparse
import os
import random
import shutil
import tempfile

from host_tools import paths
from host_tools.sim import organiser_demo as demo

CHROMIUM = "/usr/bin/chromium"
PASSWORD = "screenshots"
PAGES = (("/admin/substitutes", "substitutes"), ("/admin/penalties", "penalties"),
         ("/", "standings"))


def seated(db_path, tround_id, table_no, seat):
    from organiser.event import tournament
    from organiser.store.db import Database
    db = Database(db_path)
    try:
        with db.read() as con:
            return tournament.seating(con, tround_id)[table_no]["players"][seat]
    finally:
        db.close()


def withdraw(db_path, player_id):
    from organiser.event import tournament
    from organiser.store.db import Database
    db = Database(db_path)
    try:
        with db.write() as con:
            tournament.set_player_active(con, player_id, False)
    finally:
        db.close()


def substitute(pg, url, absent, name, tround, until, counts, why):
    """The director's substitute form, as a director fills it."""
    pg.goto(url + "/admin/substitutes?lang=en")
    f = "#substitute-form "
    pg.select_option(f + "select[name=player_id]", str(absent))
    pg.fill(f + "input[name=substitute_name]", name)
    pg.select_option(f + "select[name=from_tround]", str(tround))
    pg.select_option(f + "select[name=until]", until)
    pg.select_option(f + "select[name=counts]", counts)
    pg.fill(f + "input[name=why]", why)
    pg.click(f + "button")
    pg.wait_for_selector("text=substitute seated")


def preset(pg, url, player, reason, tround, note):
    pg.goto(url + "/admin/penalties?lang=en")
    f = "#preset-form "
    pg.select_option(f + "select[name=offender]", str(player))
    pg.select_option(f + "select[name=reason]", reason)
    pg.select_option(f + "select[name=tround_id]", str(tround) if tround else "")
    pg.fill(f + "input[name=note]", note)
    pg.click(f + "button")
    pg.wait_for_selector("text=penalty recorded")


def stage(pg, url, db_path, ev, folder):
    """The event as the pictures show it (the forms filled in Chromium)."""
    r1, r2 = ev["trounds"][:2]
    substitute(pg, url, seated(db_path, r1, 1, 0), "Lin Wei", r1, "one", "absent",
               "flight delayed")
    demo.play_round(url, ev["devices"], folder, random.Random(5), 6, rules="mcr")
    preset(pg, url, seated(db_path, r1, 2, 1), "false_win", r1, "hand 4")
    preset(pg, url, seated(db_path, r1, 3, 2), "late_arrival", r1, "12 min")
    demo.next_round(db_path, r1, r2)
    substitute(pg, url, seated(db_path, r2, 2, 3), "Ola Berg", r2, "rest", "nobody",
               "left the event")
    withdraw(db_path, seated(db_path, r2, 4, 0))
    pg.goto(url + "/admin/substitutes?lang=en")
    pg.click("button:has-text('Fill the field with ghost seats')")
    pg.wait_for_selector("text=ghost seats in the field: 1")


def shoot(url, db_path, ev, out, folder):
    from playwright.sync_api import sync_playwright
    shots = []
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        pg = b.new_context(viewport={"width": 1280, "height": 900}).new_page()
        pg.goto(url + "/admin/login?next=/admin/substitutes")
        pg.fill("input[name=password]", PASSWORD)
        pg.click("button:has-text('Log in')")
        stage(pg, url, db_path, ev, folder)
        for lang in ("en", "zh-Hant", "zh-Hans"):
            for path, name in PAGES:
                pg.goto(url + path + "?lang=" + lang)
                f = os.path.join(out, "director-%s-%s.png" % (name, lang))
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
    folder = tempfile.mkdtemp(prefix="director-shots-")
    try:
        db = os.path.join(folder, "organiser.db")
        ev = demo.setup_event(db, name="MCR Open · demo", rules="mcr", rounds=3,
                              password=PASSWORD)
        with demo.serve(db) as url:
            for f in shoot(url, db, ev, a.out, folder):
                print(f)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
