"""A board's open file holds its filesystem's cache in one piece (a Pico's LittleFS: 1,148
bytes), and the table's opens were refused on a frozen heap with 3-6 KB free in smaller
pieces: heap.hold() keeps a piece that size between the steps, and every open() of the
table's modules lets it go first (heap.lend()), so the open takes it (docs/memory.md,
"The engine's objects at the peak").  Here: each open() follows a lend(), and the piece is
held only where a file needs it (never on the unix port nor CPython, whose heap guards
would pay for it)."""

import ast
import os

import heap
from host_tools import paths

TABLE = os.path.join(paths.ROOT, "firmware", "lib", "table")


def opens_without_lend(source):
    """The line of each open() call whose statement does not follow a lend() call."""
    tree = ast.parse(source)
    bad = []
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for i, st in enumerate(block):
                if isinstance(st, (ast.FunctionDef, ast.ClassDef, ast.Try, ast.If, ast.For,
                                   ast.While, ast.With)):
                    continue        # their own blocks are walked
                calls = [c for c in ast.walk(st) if isinstance(c, ast.Call)
                         and isinstance(c.func, ast.Name) and c.func.id == "open"]
                if not calls:
                    continue
                prev = block[i - 1] if i else None
                ok = (isinstance(prev, ast.Expr) and isinstance(prev.value, ast.Call)
                      and (getattr(prev.value.func, "id", None) == "lend"
                           or getattr(prev.value.func, "attr", None) == "lend"))
                if not ok:
                    bad.append(st.lineno)
    return bad


def test_every_open_of_the_table_lets_the_held_piece_go_first():
    seen = 0
    for name in sorted(os.listdir(TABLE)):
        if not name.endswith(".py"):
            continue
        with open(os.path.join(TABLE, name), encoding="utf-8") as f:
            src = f.read()
        seen += src.count("open(")
        assert opens_without_lend(src) == [], name
    assert seen > 10


def test_the_check_finds_an_open_without_lend():
    assert opens_without_lend("def f(p):\n    x = 1\n    f = open(p)\n") == [3]
    assert opens_without_lend("def f(p):\n    lend()\n    f = open(p)\n") == []


def test_no_piece_is_held_off_a_board():
    assert heap.FILE == 0
    heap.hold()
    assert heap._held is None
