"""The keypad's scan stopped on the emulated Pico (stock rp2 MicroPython): an exception in
the hard timer's callback stops the timer for good there; revive(), called as the
application's banner task does, starts it again, and keys typed after reach the ring.  The
exception says its message (the emergency buffer, as boot.py allocates it)."""

import os

import pytest

from host_tools import build, paths
from host_tools.board.pico import Pico, image

HERE = os.path.dirname(os.path.abspath(__file__))
MODULES = ("board.mpy", "ui/__init__.mpy", "ui/keypad.mpy")


@pytest.fixture(scope="module")
def run():
    out = build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")
    files = {rel: open(os.path.join(out, rel), "rb").read() for rel in MODULES}
    files["keypad_revive_job.py"] = open(
        os.path.join(HERE, "pico", "keypad_revive_job.py"), "rb").read()
    with Pico(fs=image(files=files)) as pico:
        pico.launch("exec(open('keypad_revive_job.py').read())")
        pico.wait_serial(r"ready\r\n", timeout_ms=5000)
        stopped = pico.wait_serial(r"([\s\S]*)stopped 0\r\n", timeout_ms=3000)
        revived = pico.wait_serial(r"revived (\w+) (\d+)\r\n", timeout_ms=3000)
        pico.type("3#", hold_ms=80, gap_ms=60)
        end = pico.wait_serial(r"keys (.*)\r\n", timeout_ms=5000)
    return dict(irq=stopped["groups"][0], lost=revived["groups"][0],
                ms=int(revived["groups"][1]), keys=end["groups"][0].split())


def test_the_timer_stopped_for_good_with_the_message(run):
    assert "Uncaught exception in IRQ callback handler" in run["irq"]
    assert "RuntimeError: scan stopped here" in run["irq"]


def test_revived_within_a_second_and_the_keys_after_come(run):
    assert run["ms"] <= 1000
    assert run["lost"] == "False"           # no key touched: nothing to say
    assert run["keys"] == ["3", "#"]
