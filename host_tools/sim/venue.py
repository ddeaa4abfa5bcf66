"""A venue on one computer, what `make run` starts: the organiser on localhost with a demo
event, and table 1's device in the simulator, registered with the organiser and
uploading to it.  Hands keyed in on the simulator reach the standings page.

    python -m host_tools.sim.venue [--rules mcr] [--port 8000] [--fresh] [--pull-ms MS]

The event, the organiser's database and the simulated board's flash live in build/venue/
and survive between runs (--fresh starts over).  One venue at a time over them: a second
`make run` is refused with the reason (host_tools/sim/lock.py: build/venue.lock, released
when the first ends however it ends).  The organiser keeps its port across restarts: a
port that only holds the last run's closed connections (TIME_WAIT, a minute after
Ctrl-C with pages open) is free to it; only a port another program listens on moves it,
and the venue says so.
"""

import argparse
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import time

from host_tools import paths
from host_tools.sim import lock
from organiser.event.tournament import RULESETS      # the demo event may be any the organiser plays

HOME = DB = DIRECTOR = BOARD = None


def use_home(home):
    """The venue's folder (build/venue unless --home says another) and what lives in it."""
    global HOME, DB, DIRECTOR, BOARD
    HOME = home
    DB = os.path.join(HOME, "organiser.db")
    DIRECTOR = os.path.join(HOME, "director.txt")  # the director's login, readable by its owner only
    BOARD = os.path.join(HOME, "board")


use_home(os.path.join(paths.BUILD, "venue"))
TEAMS = {"東風 East Wind": ["陳大文", "Amy Chan", "李小龍", "Ken Ho"],
         "南風 South Wind": ["王美玲", "Bo Li", "張偉", "Sara Ng"],
         "西風 West Wind": ["林志明", "Tom Lau", "黃家駒", "Mei Wu"],
         "北風 North Wind": ["何佩儀", "Sam Yip", "周星馳", "Ivy Ko"]}


def free_port(want):
    """(port, why): want if the organiser can listen on it, else a free one and why not.
    The probe binds as the organiser's server does (SO_REUSEADDR, asyncio's default on
    POSIX): a port whose only sockets are the last run's closed connections (TIME_WAIT)
    is free; one another program listens on is not."""
    for port in (want, 0):
        s = socket.socket()
        try:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", port))
            got = s.getsockname()[1]
            return got, None if got == want else (
                "port %d is in use by another program: the organiser listens on %d this "
                "time" % (want, got))
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
    font = seat.get("glyphs")       # the names' glyphs, as its first pull would bring
    if font:
        with open(os.path.join(BOARD, "names.bin"), "wb") as f:
            f.write(base64.b64decode(font))


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


def wait_for(port, proc, timeout=30, log=None):
    end = time.time() + timeout
    while time.time() < end:
        if proc.poll() is not None:
            raise SystemExit("the organiser did not start%s" % said(log))
        try:
            socket.create_connection(("127.0.0.1", port), 0.5).close()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the organiser did not answer on port %d%s" % (port, said(log)))


def said(log):
    """The organiser log's last lines (why it stopped), for a message."""
    if not log or not os.path.exists(log):
        return ""
    with open(log, errors="replace") as f:
        tail = f.read()[-1500:].strip().splitlines()[-5:]
    return (":\n  " + "\n  ".join(tail)) if tail else ""


def start_organiser(port, db, log=None):
    """`python -m organiser` on 127.0.0.1:port over db (its stderr appended to log); the
    process, once it answers."""
    out = open(log, "a") if log else subprocess.DEVNULL
    try:
        server = subprocess.Popen([sys.executable, "-m", "organiser", "--db", db,
                                   "--port", str(port)],
                                  cwd=paths.ROOT, stdout=subprocess.PIPE, stderr=out, text=True)
    finally:
        if log:
            out.close()
    try:
        wait_for(port, server, log=log)
    except BaseException:
        stop_organiser(server)
        raise
    return server


def stop_organiser(server):
    """SIGTERM (the organiser closes its connections and its database), SIGKILL if it has
    not ended 10 s later."""
    for stop in (server.terminate, server.kill):
        if server.poll() is not None:
            return
        stop()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            continue


def options(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="mcr", choices=RULESETS,
                    help="the demo event's ruleset (a new venue only): mcr Chinese Official, hk Hong Kong "
                         "16-tile (Cloud Dragon Cup table), tw Taiwanese 16-tile, sh Shanghai, "
                         "riichi Riichi (EMA)")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--fresh", action="store_true", help="start the venue over")
    ap.add_argument("--home", metavar="DIR", help="the venue's folder (default build/venue)")
    ap.add_argument("--pull-ms", type=int, metavar="MS",
                    help="the device pulls its seating and the round's clock this often "
                         "(a round compressed to minutes: the director's clock changes "
                         "show at once)")
    return ap.parse_args(argv)


def main(argv=None):
    a = options(argv)
    if a.home:
        use_home(os.path.abspath(a.home))
    held = lock.Lock(HOME, "make run")
    try:
        held.take()                 # before --fresh: a running venue is never wiped
    except lock.InUse as e:
        sys.exit("make run refused: %s" % e)
    try:
        if held.took_over:
            print("(the last venue, pid %s, ended without closing: taken over)"
                  % held.took_over.get("pid"))
        run(a)
    finally:
        held.release()


def run(a):
    if a.fresh and os.path.exists(HOME):
        shutil.rmtree(HOME)
    port, why = free_port(a.port)
    if why:
        print(why)
    url = "http://127.0.0.1:%d" % port
    new = not os.path.exists(DB)
    if new:
        os.makedirs(HOME, exist_ok=True)
        set_up(a.rules, url)
    else:
        point_board_at(url)
    server = start_organiser(port, DB, log=os.path.join(HOME, "organiser.log"))
    rc = 1
    try:
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
        stop_organiser(server)
        print("\nThe organiser stopped; the venue is kept in %s (make run resumes it)." % HOME)
    if rc:                  # the device faulted or hung: make run says so
        sys.exit("the simulated device ended with an error (%d)" % rc)


if __name__ == "__main__":
    main()
