"""A venue on one computer, what `make run` starts: the organiser on localhost with a demo
event, and table 1's device in the simulator, registered with the organiser and
uploading to it.  Hands keyed in on the simulator reach the standings page.

    python -m host_tools.sim.venue [--rules mcr] [--port 8000] [--fresh] [--pull-ms MS]

The event, the organiser's database and the simulated board's flash live in build/venue/
and survive between runs (--fresh starts over).
"""

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import time

from host_tools import paths

HOME = os.path.join(paths.BUILD, "venue")
DB = os.path.join(HOME, "organiser.db")
DIRECTOR = os.path.join(HOME, "director.txt")  # the director's login, readable by its owner only
BOARD = os.path.join(HOME, "board")
TEAMS = {"東風 East Wind": ["陳大文", "Amy Chan", "李小龍", "Ken Ho"],
         "南風 South Wind": ["王美玲", "Bo Li", "張偉", "Sara Ng"],
         "西風 West Wind": ["林志明", "Tom Lau", "黃家駒", "Mei Wu"],
         "北風 North Wind": ["何佩儀", "Sam Yip", "周星馳", "Ivy Ko"]}


def free_port(want):
    for port in (want, 0):
        s = socket.socket()
        try:
            s.bind(("127.0.0.1", port))
            return s.getsockname()[1]
        except OSError:
            continue
        finally:
            s.close()


def set_up(rules, url):
    """The demo event (teams, players, four tables, round 1 seated and open), table 1's
    device registered, and its settings file as deployment writes it."""
    sys.path.insert(0, paths.ROOT)
    from organiser.event import tournament
    from organiser.store.db import Database
    db = Database(DB)
    with db.write() as con:
        tournament.set_event(con, name="Demo Cup", rules=rules, settings={})
        pid = 0
        for team, names in TEAMS.items():
            tid = tournament.add_team(con, team)
            for name in names:
                tournament.add_player(con, name, tid)
                pid += 1
        for no in range(1, 5):
            tournament.add_table(con, no)
        device, secret = tournament.register_device(con, 1, label="simulator", device_id="sim-t1")
        tr = tournament.add_tround(con)
        tournament.generate_seating(con, tr, seed=1)
        tournament.open_round(con, tr)
        seat = tournament.device_seating(con, {"table_no": 1})
    db.close()
    os.makedirs(BOARD, exist_ok=True)
    cfg = {"table": 1, "rules": rules, "settings": {}, "players": seat["players"],
           "tround": seat["tround"], "dealer": 0, "wifi": {"ssid": "", "password": ""},
           "organiser": url, "device": device, "secret": secret}
    with open(os.path.join(BOARD, "settings.json"), "w") as f:
        json.dump(cfg, f, ensure_ascii=False)


def point_board_at(url):
    """The organiser may listen on another port this time: tell the board."""
    path = os.path.join(BOARD, "settings.json")
    with open(path) as f:
        cfg = json.load(f)
    cfg["organiser"] = url
    with open(path, "w") as f:
        json.dump(cfg, f, ensure_ascii=False)


def keep_login(line):
    """The organiser's first-run line names the director's login: kept in a file beside
    the database that only its owner may read (the screen names the file)."""
    login = line.split("director login:", 1)[1].split("(", 1)[0].strip()
    fd = os.open(DIRECTOR, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write("director login (user / password): %s\n" % login)
    os.chmod(DIRECTOR, 0o600)


def wait_for(port, proc, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        if proc.poll() is not None:
            raise SystemExit("the organiser did not start")
        try:
            socket.create_connection(("127.0.0.1", port), 0.5).close()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the organiser did not answer on port %d" % port)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="mcr", choices=("mcr", "hk", "tw", "sh"),
                    help="the demo event's ruleset (a new venue only): mcr Chinese Official, hk Hong Kong "
                         "16-tile (Cloud Dragon Cup table), tw Taiwanese 16-tile, sh Shanghai")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--fresh", action="store_true", help="start the venue over")
    ap.add_argument("--pull-ms", type=int, metavar="MS",
                    help="the device pulls its seating and the round's clock this often "
                         "(a round compressed to minutes: the director's clock changes "
                         "show at once)")
    a = ap.parse_args(argv)
    if a.fresh and os.path.exists(HOME):
        shutil.rmtree(HOME)
    port = free_port(a.port)
    url = "http://127.0.0.1:%d" % port
    new = not os.path.exists(DB)
    if new:
        os.makedirs(HOME, exist_ok=True)
        set_up(a.rules, url)
    else:
        point_board_at(url)
    log = open(os.path.join(HOME, "organiser.log"), "a")
    rc = 1
    server = subprocess.Popen([sys.executable, "-m", "organiser", "--db", DB, "--port", str(port)],
                              cwd=paths.ROOT, stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        wait_for(port, server)
        first = server.stdout.readline().strip()    # the director's password, at first run
        if "login" in first:
            keep_login(first)
        header = ["organiser %s/  (admin: /admin, tables: /tables)" % url,
                  "director login: in %s" % os.path.relpath(DIRECTOR, paths.ROOT),
                  "table 1's device below: its hands go to the organiser"]
        print("\n".join(header) + "\n")
        sys.stdout.flush()
        sim = [sys.executable, "-m", "host_tools.sim", "--state", BOARD]
        if a.pull_ms:
            sim += ["--pull-ms", str(a.pull_ms)]
        for line in header:
            sim += ["--header", line]
        rc = subprocess.run(sim, cwd=paths.ROOT).returncode
    finally:
        server.terminate()
        server.wait(10)
        print("\nThe organiser stopped; the venue is kept in %s (make run resumes it)." % HOME)
    if rc:                  # the device faulted or hung: make run says so
        sys.exit("the simulated device ended with an error (%d)" % rc)


if __name__ == "__main__":
    main()
