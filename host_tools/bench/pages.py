"""What the organiser's live pages cost at the size of a whole event, and what they do
to the uploads while browsers watch.

A Cloud Dragon Cup sized record (8 teams of 4, 8 tables, 56 tournament rounds, every
table playing a 16-hand Hong Kong game each round: real journal records from the
firmware's table engine) is built in a fresh organiser database.  Printed:
- the time to compute each live part once, uncached (standings, table grid, a table's
  hand log, every game read once for the hand logs);
- upload latency on loopback (signed single-record uploads from 8 devices, 5 a second
  each) with no browser open, then with BROWSERS pages open that refetch their three
  live parts every second (what live.js does under a steady stream of uploads).

    python -m host_tools.bench pages
"""

import hashlib
import hmac
import json
import os
import random
import shutil
import statistics
import tempfile
import threading
import time
import urllib.request

from host_tools.sim import organiser_demo as demo

TEAMS, PER_TEAM, TABLES, ROUNDS, HANDS = 8, 4, 8, 56, 16
BROWSERS = 5
SECONDS = 8
UPLOAD_GAP = 0.2          # each device uploads one record this often


class _NoDevice:
    id = "bench"


def game_records(folder):
    """One 16-hand Hong Kong game's journal records, as the organiser stores them from
    a device's upload (a version-2 record under version 1's names: organiser/store/
    records2.py; build() stores them directly)."""
    from organiser.store import records2
    t = demo.Table(_NoDevice(), folder)
    t.handle({"event": "start", "rules": "hk", "players": ["1", "2", "3", "4"]})
    demo.play(t, "hk", random.Random(1), HANDS)
    return [records2.v1(r) for r in t.records()]


def build(path, recs):
    """The whole event's record; returns [(device id, secret)]."""
    from organiser.event import records, tournament
    from organiser.store.db import Database
    db = Database(path)
    try:
        with db.write() as con:
            tournament.set_event(con, name="bench", rules="hk")
            for i in range(TEAMS):
                team = tournament.add_team(con, "Team %d" % (i + 1))
                for j in range(PER_TEAM):
                    tournament.add_player(con, "Player %d-%d" % (i + 1, j + 1), team)
            for no in range(1, TABLES + 1):
                tournament.add_table(con, no)
            devs = [tournament.register_device(con, no, "", "bench-%02d" % no)
                    for no in range(1, TABLES + 1)]
        for r in range(ROUNDS):
            with db.write() as con:
                tr = tournament.add_tround(con)
                tournament.generate_seating(con, tr)
                tournament.open_round(con, tr)
                for no, (dev, _) in enumerate(devs, 1):
                    records.store(con, dev, "%016x" % (r * 100 + no), recs)
                if r < ROUNDS - 1:
                    tournament.close_round(con, tr)
    finally:
        db.close()
    return devs


def part_times(path):
    from organiser.results import views
    from organiser.store.db import connect
    con = connect(path, schema=False)
    out = {}

    def timed(name, fn):
        t = time.perf_counter()
        value = fn()
        out[name] = (time.perf_counter() - t) * 1000
        return value
    timed("standings", lambda: views.standings(con, None))
    timed("table grid", lambda: views.table_grid(con, 300))
    games = timed("every game, read once", lambda: views.played(con))
    timed("a table's hand log (open round)", lambda: views.hand_log(con, 1, games))
    timed("a table's hand log (all 56 rounds)", lambda: views.hand_log(con, 1, games, "all"))
    con.close()
    return out


def load(url, devs, recs, browsers):
    """Upload latencies (s) while `browsers` pages refetch their parts every second."""
    latencies = []
    stop = time.monotonic() + SECONDS

    def device(k, dev, secret):
        key = bytes.fromhex(secret)
        journal = "%016x" % (10 ** 9 + browsers * 100 + k)
        for rec in recs:
            if time.monotonic() > stop:
                break
            body = json.dumps({"device": dev, "journal": journal, "records": [rec]},
                              separators=(",", ":")).encode()
            req = urllib.request.Request(url + "/api/v1/upload", data=body, headers={
                "Content-Type": "application/json",
                "X-Signature": hmac.new(key, body, hashlib.sha256).hexdigest()})
            t = time.monotonic()
            with urllib.request.urlopen(req, timeout=10) as r:
                r.read()
            latencies.append(time.monotonic() - t)
            time.sleep(UPLOAD_GAP)

    def browser(n):
        while time.monotonic() < stop:
            for part in ("/standings/part", "/tables/part", "/tables/%d/part" % (n % TABLES + 1)):
                with urllib.request.urlopen(url + part, timeout=10) as r:
                    r.read()
            time.sleep(1.0)

    threads = [threading.Thread(target=device, args=(k, d, s)) for k, (d, s) in enumerate(devs)]
    threads += [threading.Thread(target=browser, args=(n,)) for n in range(browsers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(latencies)


def main():
    folder = tempfile.mkdtemp(prefix="bench-pages-")
    try:
        recs = game_records(folder)
        path = os.path.join(folder, "event.db")
        t = time.perf_counter()
        devs = build(path, recs)
        print("organiser pages: an event of %d tables x %d rounds x %d hands (%d records), "
              "built in %.1f s" % (TABLES, ROUNDS, HANDS, TABLES * ROUNDS * len(recs),
                                   time.perf_counter() - t))
        for name, ms in part_times(path).items():
            print("  %-36s %6.1f ms" % (name, ms))
        with demo.serve(path) as url:
            for b in (0, BROWSERS):
                lat = load(url, devs, recs, b)
                p99 = lat[max(0, int(len(lat) * 0.99) - 1)]
                print("  uploads with %d browser(s) watching: %d, median %.1f ms, p99 %.1f ms"
                      % (b, len(lat), statistics.median(lat) * 1000, p99 * 1000))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
