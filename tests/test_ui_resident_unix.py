"""The screens' modules out of the heap while a win is scored (docs/memory.md, "The
resident application", "The display while a hand is scored"), on the MicroPython unix
port with the sim board and a heap too small to keep them (heap.roomy() False): the
preview runs with no screen module but the resident ones, without the display, the typed
hand as plain data, and the from screen gets the hand back as typed (so too after the
words screen, which keeps the hand as plain data); the display is made anew after it, on
the same frame buffer."""

import json

import device_script
from host_tools import keys

SCRIPT = r"""
import sys, json, gc
sys.path[:0] = [%(tests)r]
import mpy_app
mpy_app.firmware(%(folder)r)
import asyncio
import heap

out = {}
app, shown = mpy_app.boot(%(root)r, fresh=True)
ui = app.ui
real = app.session.preview
seen = []

def preview(ev):
    seen.append({"ui": sorted(n for n in sys.modules if n.startswith("ui.")),
                 "drivers": sorted(n for n in sys.modules if n.startswith("drivers")),
                 "display": app.display is not None,
                 "entry": ui.entry is not None, "stash": ui.stash is not None,
                 "roomy": heap.roomy()})
    return real(ev)
app.session.preview = preview
frame = app.display.buffer


async def feed(ks, until):
    for k in ks:
        app.keypad.feed(k[0], k.endswith("~"))
    return await mpy_app.until(until, 3000)


async def driver():
    await asyncio.sleep_ms(0)
    typed = %(typed)r
    out["from"] = await feed(typed[:-2], lambda: ui.mode == 2)
    out["keys"] = list(ui.entry.keys)
    # the words screen keeps the typed hand as plain data, its editor out of the heap
    out["words"] = await feed(["C"], lambda: ui.mode == 4)
    await asyncio.sleep_ms(50)
    out["words_entry"] = [ui.entry is not None, ui.stash is not None, "ui.entry" in sys.modules]
    out["from_again"] = await feed(["#"], lambda: ui.mode == 2)
    await asyncio.sleep_ms(50)
    out["keys_words"] = list(ui.hand().keys)
    out["review"] = await feed(typed[-2:-1], lambda: ui.mode == 3)
    out["back"] = await feed(["*"], lambda: ui.mode == 2)
    await asyncio.sleep_ms(50)
    out["keys_back"] = list(ui.hand().keys)
    out["saved"] = await feed(typed[-2:], lambda: app.session.jseq == 2)
    await asyncio.sleep_ms(50)
    # the display made anew on the frame buffer the host reads, the status screen drawn
    out["frame"] = app.display is not None and app.display.buffer is frame
    import framebuf
    from ui import display
    buf = bytearray(len(frame))
    fresh = display.Display(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB), buf,
                            128, 64)
    fresh.show(shown[-1])
    out["same"] = buf == frame
    out["lit"] = sum(bin(b).count("1") for b in frame)

mpy_app.run(app, driver)
out["seen"] = seen
out["faults"] = app.faults
print("RESULT " + json.dumps(out))
"""

WIN = {"event": "win", "winner": 1, "from": 2,
       "hand": {"hand": "1122334455667m", "win": "7m"}}


def test_a_win_is_scored_with_only_the_resident_screens(tmp_path):
    root = tmp_path / "board"
    root.mkdir()
    (root / "settings.json").write_text(json.dumps({"rules": "mcr", "table": 3}))
    typed = [k + ("~" if held else "")
             for k, held in keys.presses(keys.event_keys(WIN, keys.ruleset("mcr")))]
    r = device_script.run(SCRIPT, "150k", 120, root=str(root) + "/", typed=typed)
    assert r["from"] and r["review"] and r["back"] and r["saved"], r
    assert r["faults"] == 0
    first = r["seen"][0]
    assert not first["roomy"] and not first["entry"] and first["stash"]
    assert set(first["ui"]) <= {"ui.app", "ui.keymap", "ui.keypad", "ui.ui"}, first["ui"]
    assert not first["display"] and first["drivers"] == []
    assert r["keys_back"] == r["keys"]
    assert r["words"] and r["from_again"] and r["words_entry"] == [False, True, False]
    assert r["keys_words"] == r["keys"]
    assert r["frame"] and r["same"] and r["lit"] > 500
