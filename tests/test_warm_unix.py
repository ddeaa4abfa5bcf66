"""ui/warm.py in the MicroPython unix port with the sim board: while a hand is typed at a
referee's pace, the pauses between keys load what its win will load (the table's steps,
the ruleset's scorer and its names) and the session keeps them; typed faster than a pause,
nothing is loaded beside the keys; the win then reviews the same hand either way."""

import json

import pytest

import device_script
from host_tools import keys
from uicorpus import legal_session

SCRIPT = r"""
import sys, json
sys.path[:0] = [%(tests)r]
import mpy_app
mpy_app.firmware(%(folder)r)
import asyncio
import heap, scorers

app, shown = mpy_app.boot(%(root)r, fresh=True)
handled = []
app.on_key = lambda k, l, c: handled.append(k)
out = {}
NAMES = %(names)r


async def driver():
    await asyncio.sleep_ms(0)
    typed = %(typed)r
    for i, k in enumerate(typed[:-1]):      # the hand, up to the score key
        app.keypad.feed(k[-1], len(k) > 1)  # "~k": held
        await mpy_app.until(lambda: len(handled) == i + 1, 1000)
        await asyncio.sleep_ms(%(pause)d)
    out["before"] = {"scorer": scorers.loaded(), "room": heap._room,
                     "names": NAMES in sys.modules if NAMES else None,
                     "mode": app.ui.mode}
    app.keypad.feed(typed[-1])
    await mpy_app.until(lambda: len(handled) == len(typed), 1000)
    await asyncio.sleep_ms(50)

mpy_app.run(app, driver)
out["review"] = shown[-1]
out["faults"] = app.faults
print("RESULT " + json.dumps(out))
"""


def hand_keys(rid):
    """The keys of a legal session's first win, the score key (the seat digit) last."""
    events, _ = legal_session(rid, 1, seed=3, plain=True)
    for ev, ks in zip(events, keys.session_keys(events, rid)):
        if ev["event"] == "win":
            return [("~" if held else "") + k for k, held in keys.presses(ks[:-1])]  # the save key apart
    raise AssertionError("no win")


def run(tmp_path, rid, pause):
    root = tmp_path / ("board%d" % pause)
    root.mkdir()
    (root / "settings.json").write_text(json.dumps({"rules": rid}))
    # the scorer's names (hk), the review's in the screens' language (sh: zh-Hant's)
    names = {"hk": "rules.hk_names", "sh": "rules.sh_hant"}.get(rid)
    return device_script.run(SCRIPT, "512k", 180, root=str(root) + "/", typed=hand_keys(rid),
                             pause=pause, names=names)


@pytest.mark.parametrize("rid", ["hk", "mcr", "sh"])
def test_pauses_between_keys_load_the_win_and_the_review_is_the_same(tmp_path, rid):
    paced = run(tmp_path, rid, 150)
    assert paced["faults"] == 0
    assert paced["before"]["scorer"] and paced["before"]["room"]
    assert paced["before"]["names"] in (True, None)
    rushed = run(tmp_path, rid, 0)      # no pause: the win loads what it needs itself
    assert not rushed["before"]["room"]
    assert rushed["review"] == paced["review"]
