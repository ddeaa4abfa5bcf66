"""Pictures of the whole event's seating in Chromium (docs/schedule.md): the demo event
(host_tools.sim.organiser_demo, 16 players in 4 teams, 5 rounds, round 1 open), every
pending round seated at once from the director's page, then that page with the player
cards, a round's seating page (with the Swiss button), a player's card and the cards to
print, and the standings' tie-breaks page, in English and both Chinese scripts.

    python -m host_tools.sim.schedule_shots [--out docs/img]
"""

import os

from host_tools.sim import organiser_demo as demo, pageshots

PASSWORD = "screenshots"


def shoot(url, out):
    shots = []
    with pageshots.director(url, PASSWORD, "/admin/schedule") as pg:
        pg.click("button:has-text('Seat the rounds')")          # the form, as a director
        pg.wait_for_selector("text=round(s) seated")
        shots += pageshots.in_each_lang(pg, url, (
            ("/admin/schedule", "schedule"), ("/admin/rounds/2", "seating"),
            ("/players/1", "player-card"), ("/admin/schedule/print", "print-cards"),
            ("/admin/tiebreaks", "tiebreaks")), out, "schedule")
    return shots


def main(argv=None):
    def make(out, folder):
        db = os.path.join(folder, "organiser.db")
        demo.setup_event(db, rounds=5, password=PASSWORD)
        with demo.serve(db) as url:
            return shoot(url, out)
    pageshots.run(__doc__, "schedule", make, argv)


if __name__ == "__main__":
    main()
