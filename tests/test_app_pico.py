"""The application on the emulated Pico (boards/pico.py, stock MicroPython, the firmware's
.mpy files on its LittleFS flash): main.py starts it at power-on, keys typed on the GPIO
keypad (at a steady pace, through the scoring and the journal writes) start a session and
enter hands, the OLED shows the screens, the journal on flash
holds what the table engine on CPython gives; after a power cycle the session resumes; the
safe-mode key held at power-on leaves the REPL free."""

import json
import os

import pytest

import journal
from host_tools import build, keys, paths
from host_tools.board.pico import Pico, image, read_file
from uicorpus import legal_session

RULES = "mcr"
HANDS = 2
STATE = ("hand_no", "dealer", "streak", "huang", "scores", "deltas")


def records(fs, tmp_path):
    path = tmp_path / "journal.bin"
    path.write_bytes(read_file(fs, "/journal.bin") or b"")
    # version 2's records with the state after each and a win's result (replayed)
    from host_tools import journalview
    return [rec for _, rec in journalview.whole(
        [(seq, rec) for _, seq, rec in journal.Journal(str(path)).records()])]


@pytest.fixture(scope="module")
def device():
    return build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")


@pytest.fixture(scope="module")
def first_boot(device):
    events, answers = legal_session(RULES, HANDS, seed=5)
    typed = keys.session_keys(events, RULES)
    settings = {"rules": RULES, "table": 7}
    with Pico(fs=image(device, files={"settings.json": json.dumps(settings)})) as pico:
        ready = pico.wait_serial(r"app: ready", timeout_ms=20000)
        empty = pico.screen()["text"]
        # typed at one steady pace with no pause for the work each key starts: keys go on
        # being pressed while the hand is scored and while the journal is written
        pico.type("".join(typed), hold_ms=70, gap_ms=70)
        pico.wait(2000 + 4500)          # the last hand saved; its "saved #n" gone (4 s)
        screen = pico.screen(png=os.path.join(paths.BUILD, "pico", "app-status.png"))
        fs = pico.read_fs()
    return dict(ready=ready, empty=empty, screen=screen, fs=fs, events=events, answers=answers)


def test_boots_into_the_status_screen(first_boot):
    assert first_boot["ready"]["at"] < 3000             # emulated ms from power-on
    assert "#" in first_boot["empty"]


def test_hands_typed_on_the_keypad_are_journaled(first_boot, tmp_path):
    recs = records(first_boot["fs"], tmp_path)
    events, answers = first_boot["events"], first_boot["answers"]
    assert len(recs) == len(events)
    assert recs[0]["event"]["tag"] == {"table": 7}
    for rec, ev, want in zip(recs, events, answers):
        assert rec["event"]["event"] == ev["event"]
        assert {k: rec["state"][k] for k in STATE} == {k: want[k] for k in STATE}


def test_power_cycle_resumes_the_session(first_boot, device, tmp_path):
    with Pico(fs=first_boot["fs"]) as pico:
        pico.wait_serial(r"app: ready", timeout_ms=20000)
        screen = pico.screen()
        running = pico.exec("import sys, board\nprint('ui.app' in sys.modules, board.SAFE_MODE)")
        fs = pico.read_fs()
    # the same status screen (the last save's message has gone from its title row)
    assert screen["text"] == first_boot["screen"]["text"]
    assert running.split() == ["True", "False"]
    assert len(records(fs, tmp_path)) == len(first_boot["events"])


def test_safe_mode(device):
    with Pico(fs=image(device), hold="*") as pico:
        pico.wait(500)
        out = pico.exec("import sys, board\nprint('ui.app' in sys.modules, board.SAFE_MODE)")
        assert out.split() == ["False", "True"]
        # boot.py, run again with the key still held, says so on the serial line
        said = pico.exec("exec(open('boot.py').read())")
        # let go, soft reset (boot.py again): no safe mode
        pico.up("*")
        pico.soft_reset()
        out = pico.exec("import board\nprint(board.SAFE_MODE)")
    assert said.strip() == "safe mode: key * held at power-on"
    assert out.split() == ["False"]
