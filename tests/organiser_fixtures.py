"""Helpers for the organiser's tests: real journal records from the table engine, a
device that signs like the firmware, an event set up in a database, and a live organiser
(uvicorn in a subprocess on a free loopback port) that can be killed and restarted."""

import contextlib
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import types
import urllib.error
import urllib.request

import pytest

from host_tools import paths

ROOT = paths.ROOT
if os.path.join(ROOT, "tests") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "tests"))

import organiser_forkserver  # noqa: E402
import sessiongen  # noqa: E402
from organiser.guard import auth, signing  # noqa: E402
from organiser.event import tournament  # noqa: E402
from organiser.store.db import Database  # noqa: E402

NAMES = ["甲", "乙", "丙", "丁"]


# -- real journal records -----------------------------------------------------------------

def play(events, folder=None, v=1):
    """Run events through the firmware's table session on CPython with a real journal
    file; the journal's records as the device uploads them: [{"seq": n, ...}].  v: the
    journal's version (1: each record whole, as a board with older firmware journals
    them, what most organiser tests tamper with; 2: the small records the firmware
    writes now, docs/upload.md)."""
    paths.use_firmware()
    import journal
    import session
    journal.NEW, was = v, journal.NEW
    folder = folder or tempfile.mkdtemp(prefix="org-journal-")
    path = os.path.join(folder, "journal.bin")
    if os.path.exists(path):
        os.remove(path)
    real_gc = session.gc
    session.gc = types.SimpleNamespace(collect=lambda *a: 0)   # only a device's heap needs it
    try:
        ses = session.Session(path)
        for ev in events:
            ses.handle(json.loads(json.dumps(ev)))
    finally:
        session.gc = real_gc
        journal.NEW = was
    return [dict({"seq": seq}, **rec) for _, seq, rec in journal.Journal(path).records()]


def session_events(rules="mcr", seed=1, n=30, players=NAMES, dealer=0, tag=None):
    """A start (with the organiser's tag {"table", "tround"} if given, as a device that
    pulled its seating starts) and n random events of the session generator (wins,
    draws, undos, ruleset events; bad ones are refused, not journaled)."""
    evs = sessiongen.random_session(random.Random(seed), rules, n)
    start = {"event": "start", "rules": rules, "dealer": dealer, "players": list(players)}
    if tag:
        start["tag"] = dict(tag)
    return [start] + evs[1:]


def journal_id(seed):
    return "%016x" % random.Random(seed).getrandbits(64)


# -- a device that signs like the firmware -------------------------------------------------

def body(device, journal, records):
    return json.dumps({"device": device, "journal": journal, "records": records},
                      separators=(",", ":")).encode()


def headers(secret, raw):
    return {"Content-Type": "application/json", "X-Signature": signing.sign(secret, raw)}


class Device:
    def __init__(self, device_id, secret, table=None):
        self.id, self.secret, self.table = device_id, secret, table

    def signed(self, journal, records):
        raw = body(self.id, journal, records)
        return raw, headers(self.secret, raw)

    def upload(self, client, journal, records, base="", wait=True):
        """Upload; then (wait) until the organiser has scored what it acknowledged."""
        raw, h = self.signed(journal, records)
        r = client.post(base + "/api/v1/upload", content=raw, headers=h)
        if wait and r.status_code == 200:
            scored(client, base)
        return r

    def pull(self, client, base=""):
        raw = json.dumps({"device": self.id, "nonce": os.urandom(8).hex()}).encode()
        return client.post(base + "/api/v1/seating", content=raw, headers=headers(self.secret, raw))


# -- an event in a database ---------------------------------------------------------------

def setup_event(db_path, n_tables=2, rules="mcr", teams=None, open_round=True,
                hands_per_tround=None, password=None):
    """An event with teams of players, n_tables tables with one device each, one
    tournament round seated by the generator (opened), and the director's password
    where one is given.  Returns a dict: devices [Device], players {name: id}, tround
    id, seating {table: [ids]}."""
    db = Database(db_path)
    n_players = 4 * n_tables
    teams = teams or max(4, n_tables)
    out = {"devices": [], "players": {}, "teams": {}}
    with db.write() as con:
        tournament.set_event(con, name="Test Cup", rules=rules, settings={},
                             hands_per_tround=hands_per_tround)
        for t in range(teams):
            out["teams"]["T%d" % (t + 1)] = tournament.add_team(con, "T%d" % (t + 1))
        for i in range(n_players):
            name = "P%02d" % (i + 1)
            out["players"][name] = tournament.add_player(con, name, (i % teams) + 1)
        for no in range(1, n_tables + 1):
            tournament.add_table(con, no)
            did, secret = tournament.register_device(con, no, device_id="dev%d" % no)
            out["devices"].append(Device(did, secret, no))
        out["tround"] = tournament.add_tround(con)
        rep = tournament.generate_seating(con, out["tround"])
        out["seating"] = rep["tables"]
        if open_round:
            tournament.open_round(con, out["tround"])
    if password is not None:
        auth.set_password(db, "director", password)
    db.close()
    return out


def query(db_path, sql, args=()):
    """The rows of one query (as tuples) on an organiser's database, read on a connection
    of its own (the organiser may be running); a PostgreSQL one through the store, which
    reads the same SQL."""
    if db_path.startswith("postgresql"):
        from organiser.store.db import Database
        d = Database(db_path)
        try:
            with d.read() as con:
                return [tuple(r) for r in con.execute(sql, args).fetchall()]
        finally:
            d.close()
    con = sqlite3.connect(db_path)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


# -- a live organiser --------------------------------------------------------------------

def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


# The servers are forked from a process that imported the organiser once
# (tests/organiser_forkserver.py); ORGANISER_TEST_FORK=0: each its own `python -m organiser`.
FORK = os.environ.get("ORGANISER_TEST_FORK", "1") != "0"


class OrganiserServer:
    """`python -m organiser` in a subprocess on 127.0.0.1 with its own database.  log: a
    file for its stdout and stderr both (else stderr alone, kept for errors())."""

    def __init__(self, db_path, port=None, args=(), log=None):
        self.db_path = db_path
        self.port = port or free_port()
        self.args = list(args)            # more of `python -m organiser`'s options
        self.proc = None
        self.log = tempfile.TemporaryFile() if log is None else log    # errors() after a failure
        self.out = log                    # its stdout (None: /dev/null)

    def errors(self):
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-3000:]

    @property
    def url(self):
        return "http://127.0.0.1:%d" % self.port

    def start(self, timeout=60):             # a loaded machine: 12 s seen
        args = ["--db", self.db_path, "--host", "127.0.0.1", "--port", str(self.port)] + self.args
        if FORK and "--workers" not in self.args:   # forked, the imports done once
            self.proc = organiser_forkserver.Forked(ROOT, args, self.log, self.out)
        else:
            self.proc = subprocess.Popen([sys.executable, "-m", "organiser"] + args, cwd=ROOT,
                                         stdout=self.out or subprocess.DEVNULL, stderr=self.log)
        end = time.time() + timeout
        while time.time() < end:
            if self.proc.poll() is not None:
                raise RuntimeError("organiser exited with %s" % self.proc.returncode)
            try:
                urllib.request.urlopen(self.url + "/api/v1/tables", timeout=1).read()
                return self
            except urllib.error.HTTPError:
                return self                     # it answers (a 503 when told to be full)
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("organiser did not start on %s" % self.url)

    def stop(self, kill=False):
        """Stop the server: SIGTERM (graceful) or SIGKILL (a crash)."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def restart(self, kill=True):
        self.stop(kill)
        return self.start()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


@contextlib.contextmanager
def serve(db_path):
    """host_tools.sim.organiser_demo.serve's organiser (yields its base URL; its output,
    stdout and stderr, in DB.log beside a SQLite file), forked as the tests' others are."""
    log_path = (tempfile.mkstemp(prefix="organiser-", suffix=".log")[1]
                if "://" in db_path else db_path + ".log")
    with open(log_path, "w") as log, OrganiserServer(db_path, log=log) as srv:
        yield srv.url


@pytest.fixture
def organiser_server(db_url):
    """A live organiser with an event of two tables (devices dev1, dev2) and its first
    tournament round open: yields (server, event dict from setup_event)."""
    db_path = db_url
    ev = setup_event(db_path)
    with OrganiserServer(db_path) as srv:
        yield srv, ev


# -- the organiser's own scoring runs after the upload is acknowledged --------------------

def scored(client, base="", timeout=30):
    """Wait until the organiser has scored every upload it acknowledged (its replay runs
    in a worker process after the answer): the /api/v1/scoring answer."""
    end = time.time() + timeout
    while True:
        r = client.get(base + "/api/v1/scoring")
        if r.status_code == 404:            # an organiser that does not score
            return {}
        got = r.json()
        if not got["busy"]:
            return got
        if time.time() > end:
            raise AssertionError("the organiser is still scoring after %d s" % timeout)
        time.sleep(0.02)
