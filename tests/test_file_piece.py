"""A board's open file holds its filesystem's cache in one piece (a Pico's LittleFS: 1,148
bytes), and the table's opens were refused on a frozen heap with 3-6 KB free in smaller
pieces: heap.hold() keeps a piece that size between the steps, and every file the table's
modules open goes through heap.open_file(), which lets it go first, so the open takes it
(docs/memory.md, "The engine's objects at the peak").  Here: no table module calls open()
itself, open_file() lets the piece go, and the piece is held only where a file needs it
(never on the unix port nor CPython, whose heap guards would pay for it)."""

import ast
import os

import heap
from host_tools import paths

TABLE = os.path.join(paths.ROOT, "firmware", "lib", "table")


def bare_opens(source):
    """The line of each call of the builtin open() (not heap.open_file)."""
    return [c.lineno for c in ast.walk(ast.parse(source)) if isinstance(c, ast.Call)
            and isinstance(c.func, ast.Name) and c.func.id == "open"]


def test_every_file_the_table_opens_goes_through_open_file():
    seen = 0
    for name in sorted(os.listdir(TABLE)):
        if not name.endswith(".py"):
            continue
        with open(os.path.join(TABLE, name), encoding="utf-8") as f:
            src = f.read()
        seen += src.count("open_file(")
        assert bare_opens(src) == [], name
    assert seen > 10


def test_the_check_finds_a_bare_open():
    assert bare_opens("def f(p):\n    x = 1\n    f = open(p)\n") == [3]
    assert bare_opens("def f(p):\n    f = heap.open_file(p)\n    g = open_file(p)\n") == []


def test_open_file_lets_the_held_piece_go(tmp_path, monkeypatch):
    monkeypatch.setattr(heap, "_held", bytearray(16))
    p = tmp_path / "x.txt"
    p.write_text("kept")
    with heap.open_file(str(p)) as f:
        assert f.read() == "kept"
    assert heap._held is None


def test_no_piece_is_held_off_a_board():
    assert heap.FILE == 0
    heap.hold()
    assert heap._held is None
