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

import os
import random

from host_tools.sim import organiser_demo as demo, pageshots

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
    shots = []
    with pageshots.director(url, PASSWORD, "/admin/substitutes") as pg:
        stage(pg, url, db_path, ev, folder)
        shots += pageshots.in_each_lang(pg, url, PAGES, out, "director")
    return shots


def main(argv=None):
    def make(out, folder):
        db = os.path.join(folder, "organiser.db")
        ev = demo.setup_event(db, name="MCR Open · demo", rules="mcr", rounds=3,
                              password=PASSWORD)
        with demo.serve(db) as url:
            return shoot(url, db, ev, out, folder)
    pageshots.run(__doc__, "director", make, argv)


if __name__ == "__main__":
    main()
