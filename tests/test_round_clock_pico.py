"""The round clock on the emulated Pico (boards/pico.py: stock MicroPython, the firmware's
.mpy files on its flash, keys on its GPIO keypad, the OLED): the organiser's seating
answer (its clock at five seconds left, from the organiser's own code on an injected
time source) taken by the device's seating module; the status screen's title counts
down; at zero time_up is journaled, one more result is taken, the next hand is refused
with the reason, and the referee's override (key 9) lets play go on."""

import json
import os

import pytest
from fastapi.testclient import TestClient

from host_tools import build, paths
from host_tools.board.pico import Pico, image, journal_records
from organiser.event import clock
from organiser.app import create_app
from organiser.store.db import Database
from organiser_fixtures import setup_event

LEFT = 5

HOOKS = """import ui.app, json, asyncio
def h(app):
    import roundclock, seating
    app.on_show = lambda rows: print('S ' + json.dumps(rows))
    c = app.ui.clock = roundclock.Clock()
    class Up:
        pass
    up = Up()
    up.cfg, up.log, up.wake, up.max_ms = app.cfg, print, asyncio.Event(), 1000
    ok = seating.Seating(up, app.session, app.refresh, c).apply(json.loads(%r))
    print('PULLED', ok, c.ms())
ui.app.main(hooks=h)"""


@pytest.fixture(scope="module")
def device():
    return build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")


def seating_answer(tmp_path):
    """The organiser's answer to table 1's pull, its round's clock LEFT seconds from zero."""
    db = str(tmp_path / "o.db")
    ev = setup_event(db, rules="tw")
    d = Database(db)
    with d.write() as con:
        clock.set_length(con, 3600)
        clock.act(con, ev["tround"], "start", 1000.0)
    d.close()
    app = create_app(db, clock=lambda: 1000.0 + 3600 - LEFT)
    with TestClient(app) as client:
        return ev["devices"][0].pull(client).json()


def screens(text):
    return [json.loads(ln[2:]) for ln in text.splitlines() if ln.startswith("S ")]


def test_time_up_refusal_and_override_on_the_emulated_pico(device, tmp_path):
    answer = seating_answer(tmp_path)
    assert answer["clock"] == {"left": LEFT, "running": True}
    with Pico(fs=image(device, files={"settings.json": json.dumps({"table": 1})})) as pico:
        pico.wait_serial(r"app: ready", timeout_ms=20000)
        pico.exec("print(1)")                   # stop main.py's app; run it with the hooks
        pico.launch(HOOKS % json.dumps(answer))
        pulled = pico.wait_serial(r"PULLED (\w+) (\d+)", timeout_ms=20000)
        pico.wait_serial(r"app: ready", timeout_ms=20000)
        pico.type("0#A#", hold_ms=70, gap_ms=70)        # a session, a hand (a draw)
        pico.wait(1500)
        before = screens(pico.serial())
        pico.wait(LEFT * 1000)                          # zero: time_up journaled
        pico.screen(png=os.path.join(paths.BUILD, "pico", "clock-time-up.png"))
        pico.type("A#", hold_ms=70, gap_ms=70)          # one more result
        pico.wait(1500)
        pico.type("A", hold_ms=70, gap_ms=70)           # refused: the reason on screen
        pico.wait(300)
        refused = screens(pico.serial())
        pico.type("9#A#", hold_ms=70, gap_ms=70)        # the referee's override, a hand
        pico.wait(3000)
        after = pico.serial()
        fs = pico.read_fs()
    assert pulled["groups"][0] == "True" and 0 < int(pulled["groups"][1]) <= LEFT * 1000, pulled
    assert "Traceback" not in after
    # the players of the organiser's seating; the time left in the status screen's title
    titles = [s[0] for s in before]
    assert any(t.rstrip().endswith(" 0:0%d" % n) for t in titles for n in range(1, LEFT + 1))
    assert answer["players"][0][:6] in " ".join(r for s in before for r in s)
    recs = [rec for _, rec in journal_records(fs)]
    # version 2 (docs/upload.md): the events, and the board's journal replayed by the
    # firmware's session on CPython gives the board's state
    assert [r["e"] for r in recs] == ["start", "draw", "time_up", "draw", "override", "draw"]
    assert recs[0]["players"] == answer["players"]
    import session
    import tempfile
    from host_tools.board.pico import read_file
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "journal.bin"), "wb") as f:
            f.write(read_file(fs, "/journal.bin"))
        ses = session.Session(os.path.join(tmp, "journal.bin"))
    assert ses.replay_errors == 0 and ses.state["hand_no"] == 4
    # the refusal's reason, as the screen showed it
    shown = " ".join(r for s in refused for r in s)
    assert "time is up" in shown and "0:00" in shown
