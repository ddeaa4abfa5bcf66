"""The screens' modules out of the heap while a win is scored (docs/memory.md, "The
resident application"), on the MicroPython unix port with the sim board and a heap too
small to keep them (heap.roomy() False): the preview runs with no screen module but the
resident ones, the typed hand as plain data, and the from screen gets the hand back as
typed."""

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
                 "entry": ui.entry is not None, "stash": ui.stash is not None,
                 "roomy": heap.roomy()})
    return real(ev)
app.session.preview = preview


async def feed(ks, until):
    for k in ks:
        app.keypad.feed(k[0], k.endswith("~"))
    return await mpy_app.until(until, 3000)


async def driver():
    await asyncio.sleep_ms(0)
    typed = %(typed)r
    out["from"] = await feed(typed[:-2], lambda: ui.mode == 2)
    out["keys"] = list(ui.entry.keys)
    out["review"] = await feed(typed[-2:-1], lambda: ui.mode == 3)
    out["back"] = await feed(["*"], lambda: ui.mode == 2)
    await asyncio.sleep_ms(50)
    out["keys_back"] = list(ui.hand().keys)
    out["saved"] = await feed(typed[-2:], lambda: app.session.jseq == 2)

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
    assert set(first["ui"]) <= {"ui.app", "ui.display", "ui.keymap", "ui.keypad", "ui.text",
                                "ui.ui"}, first["ui"]
    assert r["keys_back"] == r["keys"]
