"""A small demo event for the organiser, played by simulated devices.

The event (teams, players, tables, tournament rounds, seating, devices) is set up in the
organiser's database; the hands are played by the firmware's table engine on CPython,
each table writing its own flash-format journal, and the journal's records are uploaded
exactly as a device sends them: signed batches to POST /api/v1/upload (docs/upload.md).
Used by the organiser's browser tests and by the README's screenshots.

    python -m host_tools.sim.organiser_demo --db demo.db --url http://127.0.0.1:8000
"""

import argparse
import contextlib
import gc
import hashlib
import hmac
import json
import os
import random
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from host_tools import paths

# Legal hands of each ruleset, for the wins the demo plays (the table adds the seat
# wind, the prevailing wind, the dealer and the streak).
HANDS = {
    "hk": [{"hand": "123456789m123456p5s", "win": "5s"},
           {"hand": "1112223334445556m", "win": "6m"},
           {"hand": "11223344556677m99p", "win": "9p"},
           {"hand": "111m222p333s444m777z5z", "win": "5z"}],
    "mcr": [{"hand": "1122334455667m", "win": "7m"},
            {"hand": "1133557799m224p", "win": "4p"},
            {"hand": "123456789m1235p", "win": "5p"},
            {"hand": "2223334445556s", "win": "6s"}],
    "tw": [{"hand": "123456789m123456p5s", "win": "5s"},
           {"hand": "1112223334445556m", "win": "6m"}],
    "sh": [{"hand": "1122334455667m", "win": "7m"},
           {"hand": "123456789m1235p", "win": "5p"}],
}

TEAMS = {
    "雲龍 Cloud Dragons": ["陳大文", "李小龍", "Wong Ka Ho", "Amy Chan"],
    "Jade Tigers": ["張偉", "Lee Mei", "Ho Chun", "Sandy Lau"],
    "Red Phoenix": ["黃志明", "Kelly Ng", "周星", "Tony Yip"],
    "East Wind": ["Mak Siu", "吳美玲", "Jason Tse", "林嘉欣"],
}


# -- a device, as seen from the organiser --------------------------------------------------
class Device:
    """Signs and posts like the firmware's uploader: HMAC-SHA256 of the raw body under
    the device's secret, lowercase hex in X-Signature."""

    def __init__(self, url, device_id, secret):
        self.url = url.rstrip("/")
        self.id = device_id
        self.key = bytes.fromhex(secret)

    def post(self, path, msg):
        body = json.dumps(msg, separators=(",", ":"), ensure_ascii=False).encode()
        sig = hmac.new(self.key, body, hashlib.sha256).hexdigest()
        req = urllib.request.Request(self.url + path, data=body, method="POST", headers={
            "Content-Type": "application/json", "X-Signature": sig})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"{}")

    def seating(self):
        return self.post("/api/v1/seating", {"device": self.id, "nonce": secrets.token_hex(8)})

    def upload(self, journal, records):
        """Upload; then wait until the organiser has scored it (its own replay of the
        journal runs after the answer), so what a page shows next includes it."""
        status, answer = self.post("/api/v1/upload", {"device": self.id, "journal": journal,
                                                      "records": records})
        if status == 200 and self.url:
            self.scored()
        return status, answer

    def scored(self, timeout=30):
        end = time.time() + timeout
        while time.time() < end:
            with urllib.request.urlopen(self.url + "/api/v1/scoring", timeout=10) as r:
                if not json.loads(r.read())["busy"]:
                    return
            time.sleep(0.02)


_FIRMWARE = []


def _firmware():
    """The firmware's modules on CPython (once: it checks the decomposition table)."""
    if not _FIRMWARE:
        paths.use_firmware()
        _FIRMWARE.append(True)


class Table:
    """One table's device: the firmware's session writing a flash-format journal; the
    records not yet acknowledged go up in batches."""

    BATCH = 20

    def __init__(self, device, folder):
        _firmware()
        import session
        self.device = device
        self.path = os.path.join(folder, "%s.journal" % device.id)
        self.session = session.Session(self.path)
        self.journal_id = secrets.token_hex(8)
        self.sent = 0

    def handle(self, event):
        # The session collects garbage several times an event (the device's heap is
        # small); on CPython each collection would scan the whole process: what was
        # there before the event is set aside meanwhile.
        gc.freeze()
        try:
            answer = self.session.handle(event)
        finally:
            gc.unfreeze()
        if not answer.get("ok"):
            raise ValueError("%s refused %r: %r" % (self.device.id, event, answer))
        return answer

    def records(self):
        import journal
        return [dict({"seq": seq}, **rec) for _, seq, rec in journal.Journal(self.path).records()]

    def whole(self):
        """records() as version 1 wrote them: each with its event, payments and the state
        after it (host_tools/journalview.py replays version 2's)."""
        from host_tools import journalview
        return [dict(rec, seq=seq) for seq, rec in journalview.whole(
            [(r["seq"], r) for r in self.records()])]

    def sync(self):
        """Upload every record past the acknowledged mark; returns the organiser's ack."""
        pending = [r for r in self.records() if r["seq"] > self.sent]
        for i in range(0, len(pending), self.BATCH):
            status, answer = self.device.upload(self.journal_id, pending[i:i + self.BATCH])
            if status != 200:
                raise RuntimeError("upload refused: %s %r" % (status, answer))
            self.sent = answer["acked"]
        return self.sent


def start_event(table, pulled):
    """The start a device keys in after pulling its seating, tagged with the table and
    the tournament round the seating is for."""
    return {"event": "start", "rules": pulled["rules"], "players": pulled["players"],
            "dealer": pulled.get("dealer", 0), "settings": pulled.get("settings") or {},
            "tag": {"table": pulled["table"], "tround": pulled["tround"]}}


def play(table, rules, rng, hands):
    """Play `hands` hands at a table: mostly wins (self-drawn or on a discard), a draw
    now and then, and one undone entry."""
    for i in range(hands):
        if rng.random() < 0.15:
            table.handle({"event": "draw"})
            continue
        w = rng.randrange(4)
        ev = {"event": "win", "winner": w, "hand": dict(rng.choice(HANDS[rules]))}
        if rng.random() < 0.6:
            ev["from"] = (w + rng.randrange(1, 4)) % 4
        table.handle(ev)
        if i == 1:                      # a referee's slip, taken back at once
            table.handle({"event": "undo"})
            table.handle(ev)


# -- the organiser as its own process ------------------------------------------------------
def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve(db_path, timeout=20, stuck_seconds=None):
    """Run `python -m organiser` on a free loopback port; yields its base URL.  With
    stuck_seconds, the same app under uvicorn with that silence before a table is
    flagged."""
    port = free_port()
    # the server's log beside its SQLite file; for a PostgreSQL URL, in a temporary file
    log_path = (tempfile.mkstemp(prefix="organiser-", suffix=".log")[1]
                if "://" in db_path else db_path + ".log")
    log = open(log_path, "w")
    if stuck_seconds is None:
        cmd = [sys.executable, "-m", "organiser", "--db", db_path, "--port", str(port)]
    else:
        cmd = [sys.executable, "-c", "from organiser import server; "
               "from organiser.app import create_app; "
               "server.run(create_app(%r, stuck_seconds=%r), '127.0.0.1', %d)"
               % (db_path, stuck_seconds, port)]
    with running(cmd, "http://127.0.0.1:%d" % port, "/api/v1/tables", log,
                 "the organiser did not start: see %s" % log_path, timeout) as url:
        yield url


@contextlib.contextmanager
def running(cmd, url, probe, log, refusal, timeout):
    """cmd run from the checkout, its output to the open file `log`, until url + probe
    answers; yields url, stops it afterwards (and closes the log)."""
    proc = subprocess.Popen(cmd, cwd=paths.ROOT, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(url + probe, timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(refusal)
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


# -- the event in the organiser's database -------------------------------------------------
def setup_event(db_path, name="Cloud Dragon Cup · demo", rules="hk", teams=TEAMS,
                rounds=2, password=None):
    """Teams, players, tables, rounds, round 1's seating (open) and one device a table.
    Returns {"devices": {table_no: (id, secret)}, "trounds": [ids]}."""
    from organiser.guard import auth
    from organiser.event import tournament
    from organiser.store.db import Database
    db = Database(db_path)
    try:
        with db.write() as con:
            tournament.set_event(con, name=name, rules=rules)
            for team, players in teams.items():
                tid = tournament.add_team(con, team)
                for p in players:
                    tournament.add_player(con, p, tid)
            n_tables = sum(len(p) for p in teams.values()) // 4
            for no in range(1, n_tables + 1):
                tournament.add_table(con, no)
            trs = [tournament.add_tround(con) for _ in range(rounds)]
            tournament.generate_seating(con, trs[0])
            tournament.open_round(con, trs[0])
            devices = {no: tournament.register_device(con, no, "demo", "table-%02d" % no)
                       for no in range(1, n_tables + 1)}
        if password:
            auth.set_password(db, "director", password)
    finally:
        db.close()
    return {"devices": devices, "trounds": trs}


def next_round(db_path, tround_id, next_id):
    from organiser.event import tournament
    from organiser.store.db import Database
    db = Database(db_path)
    try:
        with db.write() as con:
            tournament.close_round(con, tround_id)
            tournament.generate_seating(con, next_id)
            tournament.open_round(con, next_id)
    finally:
        db.close()


def play_round(url, devices, folder, rng, hands, rules="hk"):
    """Every table pulls its seating, starts a session and plays; returns the Tables."""
    tables = {}
    for no, (dev_id, secret) in sorted(devices.items()):
        dev = Device(url, dev_id, secret)
        status, pulled = dev.seating()
        if status != 200:
            raise RuntimeError("seating refused: %s %r" % (status, pulled))
        t = Table(dev, folder)
        t.handle(start_event(t, pulled))
        play(t, rules, rng, hands[no - 1] if isinstance(hands, (list, tuple)) else hands)
        t.sync()
        tables[no] = t
    return tables


def demo(db_path, url, seed=7):
    """The whole demo: round 1 played out (16 hands a table) and closed, round 2 under
    way (a few hands a table)."""
    ev = setup_event(db_path)
    rng = random.Random(seed)
    folder = tempfile.mkdtemp(prefix="organiser-demo-")
    try:
        play_round(url, ev["devices"], folder, rng, 8)
        next_round(db_path, ev["trounds"][0], ev["trounds"][1])
        folder2 = os.path.join(folder, "r2")
        os.mkdir(folder2)
        play_round(url, ev["devices"], folder2, rng, [3, 5, 2, 4])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return ev


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", required=True, help="the organiser's database (a new file)")
    ap.add_argument("--url", required=True, help="the running organiser, e.g. http://127.0.0.1:8000")
    a = ap.parse_args(argv)
    ev = demo(a.db, a.url)
    for no, (dev_id, _) in sorted(ev["devices"].items()):
        print("table %d: device %s" % (no, dev_id))


if __name__ == "__main__":
    main()
