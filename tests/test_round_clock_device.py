"""The round clock end to end on loopback, a round compressed to seconds: the device's
application (the simulator's build: the firmware compiled, in the MicroPython unix port
with the sim board) pulls its seating from the real organiser while the director starts,
pauses, extends and resumes the round's clock.  The device shows the time left in the
status screen's title, stays within a second of the organiser on its heartbeat's
interval, journals time_up at zero, takes one more result, refuses the next hand with
the reason, and plays on after the referee's override; the organiser's replay of the
uploaded journal agrees with every record.  The same round once more in the simulator
(host_tools.sim, `--pull-ms`), keys in and screens out."""

import json
import os
import re
import select
import subprocess
import time

import pytest

import journal
from host_tools import build, paths
from host_tools.sim import Sim, journal_lines as sim_journal
from organiser.event import clock
from organiser.store.db import Database
from organiser_fixtures import OrganiserServer, setup_event

LENGTH = 3                  # the round's length, seconds
PULL_MS = 200               # the pull's interval while the director acts (a board: 30-60 s)

SCRIPT = r"""
import sys, json, gc
sys.path[:0] = [%(tests)r]
import mpy_app
from mpy_app import until
mpy_app.firmware(%(folder)r)
import asyncio

app, shown = mpy_app.boot(%(root)r)
net = app.status["net"]
seat = app.status["seating"]
seat.free_ms = seat.every_ms = %(pull)d
clock = app.clock
ses = app.session


def say(what, **kw):
    kw["what"] = what
    kw["title"] = app.ui.part("status").show(app.ui)[0]    # under any message
    kw["drawn"] = shown[-1] if shown else []
    print("AT " + json.dumps(kw))


async def keys(ks):
    n = ses.jseq
    for k in ks:
        app.keypad.feed(k, False)
    return await until(lambda: ses.jseq > n, 5000)


async def driver():
    await until(lambda: seat.pulls >= 1, 10000)
    say("ready", left=clock.ms(), started=await keys("0#"), drawn=await keys("A#"))
    assert await until(lambda: clock.runs, 10000)
    await asyncio.sleep_ms(300)                 # the title redrawn by the clock's task
    say("started", left=clock.ms())
    assert await until(lambda: not clock.runs, 10000)
    l1 = clock.ms()
    await asyncio.sleep_ms(800)
    await asyncio.sleep_ms(300)
    say("paused", left=[l1, clock.ms()], lines=app.ui.status_lines())
    assert await until(lambda: clock.runs and clock.ms() > l1 + 1000, 10000)
    seat.free_ms = seat.every_ms = 60000        # idle: the heartbeat's own interval
    await asyncio.sleep_ms(1200)
    say("idle", left=clock.ms(), pulls=seat.pulls)
    assert await until(lambda: ses.state.get("time_up"), 10000)
    await asyncio.sleep_ms(300)
    say("time_up", state=ses.state, lines=app.ui.status_lines(), pulls=seat.pulls)
    one_more = await keys("A#")
    n = ses.jseq
    app.keypad.feed("A", False)
    await asyncio.sleep_ms(300)
    say("refused", rows=shown[-1], moved=ses.jseq != n, one_more=one_more,
        lines=app.ui.status_lines())
    say("override", saved=await keys("9#"), then=await keys("A#"), state=ses.state)
    say("uploaded", ok=await until(lambda: net.waiting == 0 and net.acked >= ses.jseq,
                                   15000))

mpy_app.run(app, driver)
gc.collect()
print("END " + json.dumps({"faults": app.faults, "free": gc.mem_free()}))
"""


@pytest.fixture
def venue(tmp_path):
    db = str(tmp_path / "organiser.db")
    ev = setup_event(db, n_tables=2, rules="tw")
    d = Database(db)
    with d.write() as con:
        clock.set_length(con, LENGTH)
    d.close()
    with OrganiserServer(db) as srv:
        yield srv, ev, db


def director(db, action, seconds=None):
    d = Database(db)
    try:
        with d.write() as con:
            tround = clock.open_clock(con, time.time())["tround"]
            return clock.act(con, tround, action, time.time(), seconds, "director")
    finally:
        d.close()


def organiser_left(db):
    d = Database(db)
    try:
        with d.read() as con:
            return clock.open_clock(con, time.time())["left"]
    finally:
        d.close()


def test_a_compressed_round_through_the_seating_pull(tmp_path, venue):
    srv, ev, db = venue
    dev = ev["devices"][0]
    root = tmp_path / "board"
    root.mkdir()
    (root / "settings.json").write_text(json.dumps(
        {"table": 1, "organiser": srv.url, "device": dev.id, "secret": dev.secret}))
    folder = build.build_device()
    code = SCRIPT % dict(folder=folder, tests=os.path.join(paths.ROOT, "tests"),
                         root=str(root) + "/", pull=PULL_MS)
    proc = subprocess.Popen([paths.tool("micropython"), "-X", "heapsize=256k", "-c", code],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    at, end = {}, None
    try:
        for line in proc.stdout:
            if line.startswith("END "):
                end = json.loads(line[4:])
                continue
            if not line.startswith("AT "):
                continue
            got = json.loads(line[3:])
            at[got["what"]] = got
            if got["what"] == "ready":
                director(db, "start")
            elif got["what"] == "started":
                got["organiser"] = organiser_left(db)
                time.sleep(0.8)
                director(db, "pause")
            elif got["what"] == "paused":
                director(db, "extend", 2)
                director(db, "start")
            elif got["what"] == "idle":
                got["organiser"] = organiser_left(db)
        proc.wait(60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert end is not None and end["faults"] == 0, (at, proc.stderr.read()[-3000:])

    # before the clock starts: none shown; a session started and a hand entered
    assert at["ready"]["left"] is None and at["ready"]["started"] and at["ready"]["drawn"]
    assert at["ready"]["title"].endswith("2") and ":" not in at["ready"]["title"]
    # started: the time left in the title, the device within a second of the organiser
    started = at["started"]
    assert abs(started["left"] / 1000 - started["organiser"]) < 1.0, started
    assert started["title"].endswith(" 0:0%d" % ((started["left"] + 999) // 1000))
    assert started["drawn"][0].rstrip() in ("\x01" + started["title"], "\x01saved #2")
    # paused: the clock stands, and the screen says so
    (l1, l2), paused = at["paused"]["left"], at["paused"]
    assert l1 == l2 and 0 < l1 < LENGTH * 1000
    assert "clock paused" in " ".join(paused["lines"])
    # extended and resumed, then idle on the heartbeat's interval: within a second
    idle = at["idle"]
    assert abs(idle["left"] / 1000 - idle["organiser"]) < 1.0, idle
    # zero: time_up journaled with the hand in play (hand 2) as the last
    up = at["time_up"]
    assert up["state"]["time_up"] == 2 and up["title"].rstrip().endswith("0:00")
    assert "time up: hand 2 is the last" in " ".join(up["lines"])
    # one more result, then the next hand refused with the reason on the screen
    refused = at["refused"]
    assert refused["one_more"] and not refused["moved"]
    assert "time is up" in " ".join(refused["rows"])
    assert "9 referee override" in " ".join(refused["lines"]).replace("  ", " ")
    # the referee's override, and play goes on
    ov = at["override"]
    assert ov["saved"] and ov["then"] and ov["state"]["override"] is True
    assert ov["state"]["hand_no"] == 4
    assert at["uploaded"]["ok"]

    recs = [rec for _, _, rec in journal.Journal(str(root / "journal.bin")).records()]
    assert [r["event"]["event"] for r in recs] == ["start", "draw", "time_up", "draw",
                                                   "override", "draw"]
    # the organiser's replay of the same journal: every record as the device scored it
    deadline = time.time() + 30
    while True:
        con = Database(db)
        with con.read() as c:
            rows = c.execute("SELECT seq, status FROM replayed WHERE device = ? ORDER BY seq",
                             (dev.id,)).fetchall()
        con.close()
        if len(rows) == len(recs) or time.time() > deadline:
            break
        time.sleep(0.2)
    assert [tuple(r) for r in rows] == [(i + 1, "ok") for i in range(len(recs))]


# -- the same round in the simulator (host_tools.sim: keys in, screens out) ------------------

def clock_of(rows):
    """The seconds the status title's clock shows, or None."""
    m = re.search(r" (\d+):(\d\d)$", rows[0].rstrip()) if rows else None
    return int(m.group(1)) * 60 + int(m.group(2)) if m else None


def watch(sim, pred, timeout=10.0):
    """Read the simulator's screens until pred(rows) holds; those rows."""
    end = time.time() + timeout
    while True:
        if sim.screen and pred(sim.screen["rows"]):
            return sim.screen["rows"]
        if time.time() > end:
            raise AssertionError("not shown in %.0f s: %r" % (timeout, sim.screen))
        ready, _, _ = select.select([sim.proc.stdout.fileno()], [], [], 0.05)
        if ready:
            sim.pump()


def keys(sim, typed):
    for k in typed:
        sim.press(k)


def test_a_compressed_round_in_the_simulator(tmp_path, venue):
    srv, ev, db = venue
    dev = ev["devices"][0]
    state = tmp_path / "state"
    state.mkdir()
    (state / "settings.json").write_text(json.dumps(
        {"table": 1, "organiser": srv.url, "device": dev.id, "secret": dev.secret}))
    sim = Sim(str(state), pull_ms=PULL_MS)
    try:
        end = time.time() + 10
        while "tround" not in json.loads((state / "settings.json").read_text()):
            assert time.time() < end, "no seating pulled"
            time.sleep(0.05)
        keys(sim, "0#A#")                           # a session, a hand (a draw)
        sim.press("*", long=True)                   # the status screen, its message gone
        director(db, "start")
        first = clock_of(watch(sim, clock_of))
        # the moment the title's seconds change the device's clock is at that figure:
        # within a second of the organiser's
        n = clock_of(watch(sim, lambda r: clock_of(r) not in (None, first)))
        assert abs(n - organiser_left(db)) < 1.0
        director(db, "pause")
        time.sleep(0.5)
        sim.pump()
        held = clock_of(sim.screen["rows"])
        time.sleep(1.2)
        sim.pump()
        assert clock_of(sim.screen["rows"]) == held and held < LENGTH
        sim.press("#")                              # the status's next page says so
        assert "clock paused" in " ".join(sim.screen["rows"])
        sim.press("*", long=True)
        director(db, "extend", 2)
        director(db, "start")
        watch(sim, lambda r: (clock_of(r) or 0) > held)
        rows = watch(sim, lambda r: clock_of(r) == 0)           # zero: time_up journaled
        assert rows[0].rstrip().endswith(" 0:00")
        time.sleep(0.5)
        assert [r["event"]["event"] for r in sim_journal(str(state))][-1] == "time_up"
        keys(sim, "A#")                             # one more result
        sim.press("A")                              # the next hand: refused, the reason shown
        assert "time is up" in " ".join(sim.screen["rows"])
        keys(sim, "9#A#")                           # the referee's override; play goes on
        end = time.time() + 15
        while len(replayed(db, dev.id)) < 6:        # uploaded, and replayed by the organiser
            assert time.time() < end, replayed(db, dev.id)
            time.sleep(0.2)
    finally:
        last = sim.close()
    assert last is not None and last["faults"] == 0, sim.log[-20:]
    assert [r["event"]["event"] for r in sim_journal(str(state))] == [
        "start", "draw", "time_up", "draw", "override", "draw"]
    assert replayed(db, dev.id) == [(i + 1, "ok") for i in range(6)]


def replayed(db, device):
    d = Database(db)
    try:
        with d.read() as con:
            return [tuple(r) for r in con.execute(
                "SELECT seq, status FROM replayed WHERE device = ? ORDER BY seq", (device,))]
    finally:
        d.close()
