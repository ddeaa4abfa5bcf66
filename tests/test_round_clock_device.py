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
from organiser_fixtures import OrganiserServer, query, setup_event

LENGTH = 6                  # the round's length, seconds: the director's pause comes
#                             well before its zero however slow a loaded machine is
PULL_MS = 200               # the pull's interval while the director acts (a board: 30-60 s)
WAIT_MS = 30000             # what the device waits for (a pull, a redraw, a save): at most
SLACK = 0.05                # s: the device's ticks and the computer's clock read apart

# Nothing here holds a wall-clock window: every step waits for what it needs (bounded
# generously), and the device's clock is compared with the organiser's at the device's own
# time (time.time(), the same computer's clock) within what the protocol allows: the pull's
# whole seconds (half a second either way) and the pull's round trip, which the device
# measures (on a loaded machine it is long, on an idle one a few ms: then "within a
# second" holds as on a board).

SCRIPT = r"""
import sys, json, gc, time
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
WAIT = %(wait)d
mpy_app.time_pulls(seat)


def title():
    return app.ui.part("status").show(app.ui)[0]    # under any message


def reading():
    # the device's clock now: ms left, the status title showing it, the computer's time
    # before and after, and the last pull's round trip (s)
    while True:
        a = time.time()
        left = clock.ms()
        t = title()
        again = clock.ms()
        b = time.time()
        if left is None or (left + 999) // 1000 == (again + 999) // 1000:
            return {"left": left, "title": t, "t": [a, b], "rtt": seat.rtt_ms / 1000}


def say(what, **kw):
    kw["what"] = what
    kw.update(reading())
    kw["drawn"] = shown[-1] if shown else []
    print("AT " + json.dumps(kw))


def drawn_title():
    # the screen drawn shows the title as it stands (or the save's message over it)
    return shown and shown[-1][0].rstrip() in ("\x01" + title(), "\x01saved #2")


async def keys(ks):
    n = ses.jseq
    for k in ks:
        app.keypad.feed(k, False)
    return await until(lambda: ses.jseq > n, WAIT)


async def driver():
    await until(lambda: seat.pulls >= 1, WAIT)
    say("ready", started=await keys("0#"), drawn=await keys("A#"))
    assert await until(lambda: clock.runs, WAIT)
    say("started", shown=await until(drawn_title, WAIT))
    assert await until(lambda: not clock.runs, WAIT)
    l1 = clock.ms()
    await asyncio.sleep_ms(1100)                # paused: it stands, however long
    say("paused", held=[l1, clock.ms()], lines=app.ui.status_lines())
    assert await until(lambda: clock.runs, WAIT)    # extended and resumed
    seat.free_ms = seat.every_ms = 60000        # idle: the heartbeat's own interval
    await asyncio.sleep_ms(1200)
    say("idle", pulls=seat.pulls)
    assert await until(lambda: ses.state.get("time_up"), WAIT)
    assert await until(lambda: title().rstrip().endswith("0:00"), WAIT)
    say("time_up", state=ses.state, lines=app.ui.status_lines(), pulls=seat.pulls)
    one_more = await keys("A#")
    n = ses.jseq
    app.keypad.feed("A", False)
    await until(lambda: "time is up" in " ".join(shown[-1]), WAIT)
    say("refused", rows=shown[-1], moved=ses.jseq != n, one_more=one_more,
        lines=app.ui.status_lines())
    say("override", saved=await keys("9#"), then=await keys("A#"), state=ses.state)
    say("uploaded", ok=await until(lambda: net.waiting == 0 and net.acked >= ses.jseq,
                                   WAIT))

mpy_app.run(app, driver)
gc.collect()
print("END " + json.dumps({"faults": app.faults, "free": gc.mem_free()}))
"""


def in_step(db, got):
    """The device's reading against the organiser's clock at the same moment: the
    organiser's seconds left at the computer's times around the reading, [after, before]
    (its clock runs down, so the later is the smaller)."""
    d = Database(db)
    try:
        with d.read() as con:
            a, b = (clock.open_clock(con, t)["left"] for t in got["t"])
    finally:
        d.close()
    dev = got["left"] / 1000
    # the pull's whole seconds: half a second either way; the answer's age on arrival:
    # at most the pull's round trip
    return b - 0.5 - SLACK <= dev <= a + 0.5 + got["rtt"] + SLACK, (dev, b, a, got["rtt"])


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


def director(db, action, seconds=None, why=None):
    d = Database(db)
    try:
        with d.write() as con:
            tround = clock.open_clock(con, time.time())["tround"]
            try:
                return clock.act(con, tround, action, time.time(), seconds, "director")
            except clock.ClockError as e:
                raise AssertionError("%s: %s" % (why, e) if why else str(e))
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
                         root=str(root) + "/", pull=PULL_MS, wait=WAIT_MS)
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
                got["in_step"] = in_step(db, got)       # before the pause changes the past
                time.sleep(0.8)                         # the clock runs a while (at least)
                director(db, "pause", why="the round ran out before the director's pause")
            elif got["what"] == "paused":
                director(db, "extend", 2)
                director(db, "start")
            elif got["what"] == "idle":
                got["in_step"] = in_step(db, got)
        proc.wait(120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = proc.stderr.read()[-3000:]
    assert end is not None and end["faults"] == 0, (at, err)
    # every step said (a step the device gave up on ends its script: its traceback here)
    assert list(at) == ["ready", "started", "paused", "idle", "time_up", "refused",
                        "override", "uploaded"], (list(at), err)

    # before the clock starts: none shown; a session started and a hand entered
    assert at["ready"]["left"] is None and at["ready"]["started"] and at["ready"]["drawn"]
    assert at["ready"]["title"].endswith("2") and ":" not in at["ready"]["title"]
    # started: the time left in the title, the device with the organiser (within a second
    # when the pull is quick, as on a board)
    started = at["started"]
    assert started["in_step"][0], started
    assert started["title"].endswith(" 0:0%d" % ((started["left"] + 999) // 1000)), started
    assert started["shown"], started                # and drawn so
    # paused: the clock stands, and the screen says so
    (l1, l2), paused = at["paused"]["held"], at["paused"]
    assert l1 == l2 and 0 < l1 < LENGTH * 1000
    assert "clock paused" in " ".join(paused["lines"])
    # extended and resumed, then idle on the heartbeat's interval: still with the organiser
    # (whose clock has the extension: a device without it would be 2 s behind)
    idle = at["idle"]
    assert idle["in_step"][0], idle
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
    assert [r["e"] for r in recs] == ["start", "draw", "time_up", "draw", "override", "draw"]
    # version 2 (docs/upload.md, "c"): each record journaled once the clock ran carries
    # what the table saw of it, named by a pull the organiser answered
    readings = [r["c"] for r in recs if "c" in r]
    assert len(readings) >= 4 and recs[2]["c"][0] == 0, recs
    pulls = {p for p, in query(db, "SELECT pull FROM clock_pulls WHERE device = ?", (dev.id,))}
    assert all(len(c) == 2 and c[1] in pulls for c in readings), (readings, pulls)
    assert [c[0] for c in readings] == sorted((c[0] for c in readings), reverse=True)
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


def watch(sim, pred, timeout=WAIT_MS / 1000, frame=False):
    """Read the simulator's screens until pred(rows) holds (frame: pred(frame), the frame
    with its clock); those rows (the frame)."""
    end = time.time() + timeout
    while True:
        if sim.screen and pred(sim.screen if frame else sim.screen["rows"]):
            return sim.screen if frame else sim.screen["rows"]
        if time.time() > end:
            raise AssertionError("not shown in %.0f s: %r" % (timeout, sim.screen))
        ready, _, _ = select.select([sim.proc.stdout.fileno()], [], [], 0.05)
        if ready:
            sim.pump()


def keys(sim, typed):
    for k in typed:
        sim.press(k)


def clock_in_step(db, frame):
    """A frame's clock against the organiser's at the moment it was drawn (in_step)."""
    c = frame["clock"]
    return in_step(db, {"left": c["ms"], "t": c["t"], "rtt": c["rtt"]})


def test_a_compressed_round_in_the_simulator(tmp_path, venue):
    srv, ev, db = venue
    dev = ev["devices"][0]
    state = tmp_path / "state"
    state.mkdir()
    (state / "settings.json").write_text(json.dumps(
        {"table": 1, "organiser": srv.url, "device": dev.id, "secret": dev.secret}))
    sim = Sim(str(state), pull_ms=PULL_MS)
    try:
        end = time.time() + WAIT_MS / 1000
        while "tround" not in json.loads((state / "settings.json").read_text()):
            assert time.time() < end, "no seating pulled"
            time.sleep(0.05)
        keys(sim, "0#A#")                           # a session, a hand (a draw)
        sim.press("*", long=True)                   # the status screen, its message gone
        director(db, "start")
        first = watch(sim, lambda f: clock_of(f["rows"]) and f["clock"]["runs"], frame=True)
        ok, why = clock_in_step(db, first)
        assert ok, why
        # the next second shown: the title counts down, still with the organiser
        n = watch(sim, lambda f: clock_of(f["rows"]) not in (None, clock_of(first["rows"])),
                  frame=True)
        ok, why = clock_in_step(db, n)
        assert ok, why
        director(db, "pause", why="the round ran out before the director's pause")
        # the pause reaches the device with a pull; a key redraws the screen to look
        end = time.time() + WAIT_MS / 1000
        while sim.screen["clock"]["runs"]:
            assert time.time() < end, "the pause never reached the device"
            time.sleep(0.2)
            sim.press("#")
            sim.press("*", long=True)
        held, stood = clock_of(sim.screen["rows"]), sim.screen["clock"]
        assert 0 < held < LENGTH
        time.sleep(1.2)                             # paused: it stands, however long
        sim.press("#")                              # the status's next page says so
        assert sim.screen["clock"]["ms"] == stood["ms"] and not sim.screen["clock"]["runs"]
        assert "clock paused" in " ".join(sim.screen["rows"])
        sim.press("*", long=True)
        director(db, "extend", 2)
        director(db, "start")
        resumed = watch(sim, lambda f: f["clock"]["runs"], frame=True)
        ok, why = clock_in_step(db, resumed)        # the extension in it too
        assert ok, why
        rows = watch(sim, lambda r: clock_of(r) == 0)           # zero: time_up journaled
        assert rows[0].rstrip().endswith(" 0:00")
        end = time.time() + WAIT_MS / 1000
        while [r["e"] for r in sim_journal(str(state))][-1] != "time_up":
            assert time.time() < end, sim_journal(str(state))
            time.sleep(0.1)
        keys(sim, "A#")                             # one more result
        sim.press("A")                              # the next hand: refused, the reason shown
        assert "time is up" in " ".join(sim.screen["rows"])
        keys(sim, "9#A#")                           # the referee's override; play goes on
        end = time.time() + WAIT_MS / 1000
        while len(replayed(db, dev.id)) < 6:        # uploaded, and replayed by the organiser
            assert time.time() < end, replayed(db, dev.id)
            time.sleep(0.2)
    finally:
        last = sim.close()
    assert last is not None and last["faults"] == 0, sim.log[-20:]
    assert [r["e"] for r in sim_journal(str(state))] == [
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
