"""The README's picture of a league: a season of two events in one organiser.

The spring event is run on a venue laptop (its own organiser and SQLite file, played
there by the demo's tables) and imported afterwards; the summer event is run on the
league's server under /e/summer-cup/, its tables uploading there.  Headless Chromium
then photographs the season ranking.

    python -m host_tools.sim.league_shots [--out docs/img]
"""

import contextlib
import json
import os
import random
import sqlite3
import sys
import urllib.request

from host_tools.sim import organiser_demo as demo, pageshots

CHROMIUM = "/usr/bin/chromium"
# the summer event: some of spring's players again, some new
SUMMER = {
    "雲龍 Cloud Dragons": ["陳大文", "李小龍", "Wong Ka Ho", "Amy Chan"],
    "Jade Tigers": ["張偉", "Lee Mei", "Ho Chun", "Sandy Lau"],
    "North Star": ["Mak Siu", "Kelly Ng", "Iris Fung", "高文"],
    "Harbour Club": ["Tony Yip", "Jason Tse", "Ruby Ho", "Ken Lam"],
}


@contextlib.contextmanager
def serve_league(registry, timeout=30):
    """`python -m organiser.league serve` on a free loopback port; yields its URL."""
    port = demo.free_port()
    log = open(registry + ".log", "w")
    cmd = [sys.executable, "-m", "organiser.league", "--registry", registry, "serve",
           "--port", str(port)]
    with demo.running(cmd, "http://127.0.0.1:%d" % port, "/", log,
                      "the league did not start: see %s.log" % registry, timeout) as url:
        yield url


def league(folder, seed=5):
    """The season: returns (registry path, league id)."""
    from organiser.league.importer import import_event
    from organiser.league.registry import Registry
    rng = random.Random(seed)
    venue = os.path.join(folder, "venue.db")
    ev = demo.setup_event(venue, name="Spring Open", rounds=1)
    with demo.serve(venue) as url:
        demo.play_round(url, ev["devices"], folder, rng, 8)
    registry = os.path.join(folder, "league.db")
    reg = Registry(registry)
    lid = reg.add_league("Jade Season 2026", "score", best=None)
    import_event(reg, os.path.join(folder, "events"), venue, "spring-open", lid)
    summer = os.path.join(folder, "summer.db")
    ev2 = demo.setup_event(summer, name="Summer Cup", teams=SUMMER, rounds=1)
    con = sqlite3.connect(summer)                 # its devices' own ids
    con.execute("UPDATE devices SET id = 'summer-' || id")
    con.commit()
    con.close()
    devices = {no: ("summer-" + d, s) for no, (d, s) in ev2["devices"].items()}
    reg.add_event("summer-cup", lid, summer, devices=[d for d, _ in devices.values()])
    reg.close()
    with serve_league(registry) as url:
        r2 = os.path.join(folder, "summer")
        os.mkdir(r2)
        demo.play_round(url + "/e/summer-cup", devices, r2, rng, [6, 5, 7, 6])
    return registry, lid


def shoot(url, lid, out):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        pg = b.new_context(viewport={"width": 1100, "height": 800}).new_page()
        pg.goto(url + "/league/%d" % lid)
        pg.wait_for_selector("#season tbody tr[data-player]")
        pg.screenshot(path=os.path.join(out, "league-season.png"), full_page=True)
        b.close()


def main(argv=None):
    def make(out, folder):
        registry, lid = league(folder)
        with serve_league(registry) as url:
            with urllib.request.urlopen(url + "/api/league/%d" % lid) as r:
                got = json.loads(r.read())
            print("season: %d players over %s" % (len(got["ranking"]), ", ".join(
                e["name"] for e in got["events"])))
            shoot(url, lid, out)
        return [os.path.join(out, "league-season.png")]
    pageshots.run(__doc__, "league", make, argv)


if __name__ == "__main__":
    main()
