"""The emulated Pico harness (host_tools/board/pico.py): a filesystem image in, the board's keypad
pressed through its GPIO pins, the OLED read back over I2C, the flash read back."""

import os
import re

import pytest

from host_tools import paths
from host_tools.board import mpsource
from host_tools.board.pico import Pico, image, list_files, read_file

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = "147*2580369#ABCD"


def _fs():
    files = {"board.py": open(os.path.join(paths.ROOT, "boards", "pico.py"), "rb").read(),
             "lib/ssd1306.py": open(mpsource.mplib(
                 "micropython/drivers/display/ssd1306/ssd1306.py"), "rb").read(),
             "keys_to_oled.py": open(os.path.join(HERE, "pico", "keys_to_oled.py"), "rb").read()}
    return image(files=files)


@pytest.fixture(scope="module")
def session():
    """One board run: keys typed while the script scans, then the OLED and flash read back."""
    with Pico(fs=_fs()) as pico:
        pico.launch("DURATION_MS = 1800\nexec(open('keys_to_oled.py').read())")
        ready = pico.wait_serial(r"ready\r\n", timeout_ms=5000)
        pico.type(KEYS, hold_ms=30, gap_ms=30)
        done = pico.wait_serial(r"done (\S*)\r\n", timeout_ms=5000)
        screen = pico.screen()
        stats = pico.stats()
        # the REPL again: the script ended; write a file and read the flash back
        out = pico.exec("with open('/note.txt', 'w') as f:\n f.write('on flash')\nprint('ok')")
        fs = pico.read_fs()
        yield dict(ready=ready, done=done, screen=screen, stats=stats, out=out, fs=fs)


def test_keys_through_gpio(session):
    assert session["done"]["groups"] == [KEYS]


def test_key_events_in_emulated_time(session):
    downs = [e for e in session["stats"]["keys"] if e["down"]]
    assert "".join(e["key"] for e in downs) == KEYS
    # pressed every 60 ms of emulated time from the instant the board said ready
    assert downs[0]["t"] == pytest.approx(session["ready"]["at"], abs=0.01)
    assert [round(b["t"] - a["t"], 3) for a, b in zip(downs, downs[1:])] == [60.0] * (len(KEYS) - 1)


def test_oled_shows_what_the_board_drew(session):
    rows = session["screen"]["text"].split("\n")
    assert len(rows) == 64 and all(len(r) == 128 for r in rows)
    # the bar under the keys: 8 px per key seen, full rows 56..63
    assert all(r == "#" * 128 for r in rows[56:64])
    assert "#" in "".join(rows[0:8]) and "#" in "".join(rows[16:24])
    assert "#" not in "".join(rows[8:16])
    assert session["screen"]["state"]["on"]


def test_flash_read_back(session):
    assert session["out"].strip() == "ok"
    files = list_files(session["fs"])
    assert {"/board.py", "/lib/ssd1306.py", "/keys_to_oled.py", "/note.txt"} <= set(files)
    assert read_file(session["fs"], "/note.txt") == b"on flash"
    assert read_file(session["fs"], "/absent") is None


def test_exec_errors_and_emulated_clock():
    with Pico() as pico:
        t0 = pico.t
        pico.wait(250)
        assert pico.t == pytest.approx(t0 + 250)
        out, err = pico.exec("print(6 * 7)\nraise ValueError('boom')", check=False)
        assert out.strip() == "42" and "ValueError: boom" in err
        assert re.search(r"\d+", pico.exec("import gc; gc.collect(); print(gc.mem_free())"))


def test_key_held_at_power_on_and_soft_reset():
    """The board's safe-mode key held while it powers up (boot.py reads it), then a soft
    reset from the raw REPL: a fresh heap, boot.py again, main.py not run."""
    from host_tools.board import bundle
    with Pico(fs=image(bundle.build_bundle("pico")), hold="*") as pico:
        pico.wait(300)
        pico.up("*")
        assert "app: ready" not in pico.serial()
        # (boot.py's and main.py's prints come before USB has enumerated: not on serial)
        assert pico.exec("import board\nprint(board.SAFE_MODE)\nx = 1").strip() == "True"
        pico.soft_reset()
        out, err = pico.exec("print(x)", check=False)
        assert "NameError" in err
        assert pico.exec("import board\nprint(board.SAFE_MODE)").strip() == "False"
        assert "app: ready" not in pico.serial()
