"""The keypad on the emulated Pico (boards/pico.py's rows and columns, the keypad model on
GPIO): keys typed at a brisk pace while another task blocks 200 ms at a time writing journal
records to flash come through every one, in order; a long press; a bouncing key counts once.

The bounce is played once the journal's writing has stopped: the emulator cannot change a
pin in the middle of a flash erase, so a contact step of 2 ms that falls on one lasts the
erase's 45 ms, a real second press (up past the lock-out, then down) the keypad rightly
counts; its lock-out is what is tested here, not the emulator's timing."""

import os

import pytest

from host_tools import build, paths
from host_tools.board.pico import Pico, image

HERE = os.path.dirname(os.path.abspath(__file__))
TYPED = "147*2580369#ABCD"
MODULES = ("board.mpy", "journal.mpy", "files.mpy", "heap.mpy", "ui/__init__.mpy",
           "ui/keypad.mpy")


BOUNCE = [(1, 2), (0, 2), (1, 3), (0, 1), (1, 90), (0, 2), (1, 2), (0, 1)]


def bounce(pico, key, steps):
    """Key contact changing at each step's end: (down?, ms) pairs.  Returns each step's
    length as the emulator played it (ms)."""
    played = []
    for down, ms in steps:
        t = pico.command("down" if down else "up", key=key)["t"]
        played.append(pico.command("wait", ms=ms)["t"] - t)
    return played


@pytest.fixture(scope="module")
def run():
    out = build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")
    files = {rel: open(os.path.join(out, rel), "rb").read() for rel in MODULES}
    files["keypad_job.py"] = open(os.path.join(HERE, "pico", "keypad_job.py"), "rb").read()
    with Pico(fs=image(files=files)) as pico:
        pico.launch("DURATION_MS = 3800\nWORK_MS = 2900\nBLOCK_MS = 200\n"
                    "exec(open('keypad_job.py').read())")
        head = pico.wait_serial(r"timer (.*) (\w+)\r\nready\r\n", timeout_ms=5000)
        pico.type(TYPED, hold_ms=80, gap_ms=60)         # about 7 keys a second
        pico.press("5", ms=800)                         # held past the long-press time
        pico.wait_serial(r"quiet\r\n", timeout_ms=2000)  # no flash erase from here on
        pico.wait(100)
        # contacts bouncing for a few ms on the way down and on the way up
        played = bounce(pico, "6", BOUNCE)
        end = pico.wait_serial(r"keys (.*)\r\nrecords (\d+) block_ms (\d+) lost (\d+) "
                               r"scan_gap_ms (\d+)\r\n", timeout_ms=10000)
    keys, records, block_ms, lost, gap = end["groups"]
    return dict(hard=head["groups"][1], keys=keys.split(), records=int(records),
                block_ms=int(block_ms), lost=int(lost), gap=int(gap), played=played)


def test_no_key_lost_while_the_journal_is_written(run):
    assert run["keys"][:len(TYPED)] == list(TYPED)
    assert run["lost"] == 0
    # the work really blocked and wrote: records all along, blocks of 200 ms and more
    assert run["records"] >= 30 and run["block_ms"] >= 200


def test_scan_runs_from_a_hard_timer_interrupt(run):
    assert run["hard"] == "True"
    # the scan went on through the blocking work; only a flash erase (interrupts off)
    # holds it up, for less than the shortest press typed
    assert run["gap"] < 80


def test_long_press_and_bounce(run):
    # the contacts bounced as written (no flash erase stretched a step past the lock-out)
    assert [round(ms) for ms in run["played"]] == [ms for _, ms in BOUNCE]
    assert run["keys"][len(TYPED):] == ["~5", "6"]
