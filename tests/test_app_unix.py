"""The application's wiring (firmware/ui/app.py) in the MicroPython unix port with the sim
board: boot from the settings file and the journal, the key and display tasks, the uploader's
slot, a fault in a screen."""

import json

import pytest

import device_script

SCRIPT = r"""
import sys, json
sys.path[:0] = [%(tests)r]
import mpy_app
mpy_app.firmware(%(folder)r)
import asyncio

out = {}
app, shown = mpy_app.boot(%(root)r, fresh=%(fresh)r)
handled = []
app.on_key = lambda k, l, c: handled.append(k + ("~" if l else ""))
out["upload"] = app.upload is not None
out["net"] = "net" in app.status and app.ui.net is app.status["net"]
out["jseq"] = app.session.jseq
if %(starve)r:                     # the heap too split to wait for the first key
    real, calls = app.keypad.get, []

    async def get():
        calls.append(1)
        if len(calls) == 1:
            raise MemoryError
        return await real()
    app.keypad.get = get


async def driver():
    await asyncio.sleep_ms(0)
    if %(starve)r:
        await mpy_app.until(lambda: app.faults == 1, 1000)
        await asyncio.sleep_ms(50)
    for k in %(burst)r:            # a burst faster than the screens: nothing lost
        app.keypad.feed(k[0], k.endswith("~"))
    await mpy_app.until(lambda: len(handled) == len(%(burst)r), 1000)
    await asyncio.sleep_ms(20)

mpy_app.run(app, driver)
out["handled"] = handled
out["draws"] = len(shown)
out["first"] = shown[0]
out["last"] = shown[-1]
out["now"] = app.ui.screen()
out["status"] = app.ui.status_lines()
out["faults"] = app.faults
out["said"] = any("No memory" in " ".join(rows) for rows in shown)
out["jseq_end"] = app.session.jseq
print("RESULT " + json.dumps(out))
"""


def boot(tmp_path, settings=None, fresh=False, burst=(), journal_from=None, starve=False):
    root = tmp_path / "board"
    root.mkdir(exist_ok=True)
    if settings is not None:
        (root / "settings.json").write_text(settings)
    return device_script.run(SCRIPT, "512k", 120, root=str(root) + "/", fresh=fresh,
                             burst=list(burst), starve=starve)


def test_fresh_board_offers_a_new_session(tmp_path):
    r = boot(tmp_path)
    assert r["jseq"] == 0 and not r["upload"] and not r["net"]
    assert "no session" in r["first"][0]


def test_fresh_session_from_the_settings_then_a_burst_of_keys(tmp_path):
    settings = json.dumps({"rules": "tw", "table": 12, "organiser": "http://127.0.0.1:9"})
    # seat 2 wins: entry screen, three tiles, two back keys, a long back: the status again
    burst = ["2", "A", "1", "2", "*", "*", "*~"]
    r = boot(tmp_path, settings, fresh=True, burst=burst)
    assert r["jseq"] == 1 and r["upload"] and r["net"]
    assert r["first"][0].startswith("\x01T12")
    assert r["handled"] == burst and r["faults"] == 0
    # keys queued behind a redraw make one redraw, never a key lost; the last screen
    # drawn is the screens' own
    assert 2 <= r["draws"] <= len(burst) + 1
    assert r["last"] == r["now"] and r["last"][0] == r["first"][0]


def test_a_key_task_short_of_memory_goes_on_and_says_so(tmp_path):
    burst = ["2", "A", "1", "*", "*", "*~"]
    r = boot(tmp_path, json.dumps({"rules": "tw"}), fresh=True, burst=burst, starve=True)
    assert r["faults"] == 1 and r["said"]               # the screen said so
    assert r["handled"] == burst                        # and every key after it was taken
    assert r["last"] == r["now"]


def test_resumes_the_journal(tmp_path):
    boot(tmp_path, json.dumps({"rules": "sh"}), fresh=True)
    r = boot(tmp_path)                          # the same board, booted again
    assert r["jseq"] == 1 and "敲" in r["first"][0]


def test_a_bad_settings_file_is_shown(tmp_path):
    r = boot(tmp_path, "{not json", fresh=True)
    assert r["jseq"] == 1                       # the defaults: an mcr session
    assert "settings: unreadable file" in " ".join(r["status"])    # the status screen's lines
