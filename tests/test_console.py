"""The simulator's console (host_tools/sim/__init__.py, what `make run` shows): the screen fits 80
columns and redraws in place; the header stays; a hung or faulting board ends the run
with an error; the venue keeps the director's login in a file only its owner reads."""

import binascii
import io
import os
import stat

import pytest

from host_tools import sim
from host_tools.sim import venue

ROWS = ["\x01T1 國標 東1      up all", "東*1 歐陽鋒歐陽克黃 -1200", "南 2 Bartholomew F 300",
        "西 3 Li             450", "北 4 Маргарита     450"]


def frame(w=128, h=64):
    fb = bytearray(w * h // 8)
    for i in range(0, len(fb), 3):
        fb[i] = 0x5A
    return {"rows": ROWS, "fb": binascii.hexlify(bytes(fb)).decode(), "size": [w, h]}


def visible(line):
    """The columns a terminal line takes (escape sequences take none)."""
    out = ""
    i = 0
    while i < len(line):
        if line[i] == "\x1b":
            while line[i] not in "mKJH":
                i += 1
        else:
            out += line[i]
        i += 1
    return sim.term_cells(out)


@pytest.mark.parametrize("size,picture", [((128, 64), True), ((128, 64), False),
                                          ((250, 122), True)])
def test_the_screen_fits_80_columns(size, picture):
    term = sim.Terminal(picture, ["organiser http://127.0.0.1:8000/  admin ...", "x" * 100])
    lines = term.lines(frame(*size))
    assert lines[0].startswith("organiser http://")
    assert max(visible(x) for x in lines) <= 80
    assert any("\x1b[7mT1 國標" in x for x in lines)              # the title in reverse video
    if picture and size[0] == 128:
        assert len([x for x in lines if set(x) & set(" \u2598\u259d\u2580\u2588")]) >= 32


def test_redraws_go_home_and_never_scroll(monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(sim.sys, "stdout", out)
    term = sim.Terminal(False, ["header"])
    term.draw(frame())
    first = out.getvalue()
    term.draw(frame())
    second = out.getvalue()[len(first):]
    assert first.startswith("\x1b[2J\x1b[H")
    assert second.startswith("\x1b[H") and "\x1b[2J" not in second and second.endswith("\x1b[J")
    assert second.count("\n") == len(term.lines(frame()))     # one line each, every time


class Hung:
    """A board that stops answering after its first screen (as Sim's timeout reports)."""
    def __init__(self, *a, **kw):
        self.screen = {"rows": ["\x01T1"]}
        self.frames = []
        self.log = ["Traceback: a screen looped\n"]

    def press(self, key, long=False):
        raise RuntimeError("the simulated board said nothing for 120 s:\n...")

    def close(self):
        return None


def test_a_hung_board_ends_the_run_with_an_error(monkeypatch, tmp_path):
    monkeypatch.setattr(sim, "Sim", Hung)
    with pytest.raises(SystemExit) as e:
        sim.main(["--state", str(tmp_path), "--keys", "D"])
    assert "said nothing" in str(e.value.code)


def test_the_director_login_is_kept_for_its_owner_only(monkeypatch, tmp_path):
    monkeypatch.setattr(venue, "DIRECTOR", str(tmp_path / "director.txt"))
    venue.keep_login("organiser: first run; director login: director / s3cret-pw "
                     "(change it with: python -m organiser --db x set-password)")
    text = (tmp_path / "director.txt").read_text()
    assert "director / s3cret-pw" in text
    assert stat.S_IMODE(os.stat(tmp_path / "director.txt").st_mode) == 0o600
