"""A power cut while the keypad screens save a hand: in the MicroPython unix port, on a
real LittleFS v2 image whose block device loses power after k block writes, for every k
across the save of the second hand (tests/mpy_ui_powercut.py).  After each cut the board
boots with the hand whole or absent, never anything between, and the status screen shows
the scores of that state."""

import json
import os
import subprocess

from host_tools import build, keys, paths, table

START = {"event": "start", "rules": "mcr", "dealer": 0, "players": ["Ann", "Bob", "Cy", "Di"]}
# 連七對 (seat 1 from seat 2), then 清一色 (seat 3 from seat 0)
HAND1 = {"event": "win", "winner": 1, "from": 2,
         "hand": {"hand": "1122334455667m", "win": "7m", "by": "discard"}}
HAND2 = {"event": "win", "winner": 3, "from": 0,
         "hand": {"hand": "1123456789999p", "win": "7p", "by": "discard"}}


def host_scores():
    """Scores after each hand on CPython's table, and each hand's fan."""
    ses = table.host_handler().__self__
    assert ses.handle(START)["ok"]
    scores, fan = [], []
    for ev in (HAND1, HAND2):
        pv = ses.preview(ev)
        assert pv["ok"], pv
        fan.append(pv["result"]["total"])
        ans = ses.save(pv)
        assert ans["ok"], ans
        scores.append(ans["scores"])
    return scores, fan


def test_a_cut_while_the_screens_save_a_hand_leaves_it_whole_or_absent():
    scores, fan = host_scores()
    assert fan[0] >= 88 and fan[1] >= 8, fan        # legal hands: mcr needs 8 fan
    info = keys.ruleset("mcr")
    k1, k2 = (keys.event_keys(ev, info, "mcr") for ev in (HAND1, HAND2))
    assert k2.endswith("#")
    folder = build.build_device()
    out = subprocess.run([paths.tool("micropython"), "-X", "heapsize=512k",
                          os.path.join(paths.ROOT, "tests", "mpy_ui_powercut.py"), folder, k1, k2],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout.strip().splitlines()[-1])
    assert res["ok"], res["failures"]
    # the device's states after each hand are the host table's
    assert [st["scores"] for st in res["states"]] == scores
    assert [st["hand_no"] for st in res["states"]] == [2, 3]
    span = res["span"]
    assert span > 2 and res["cuts"] == 2 * span
    assert res["absent"] + res["whole"] == res["cuts"]
    # untorn cuts: absent while the save is under way, whole from the write that commits it
    untorn, torn = res["seen"]
    assert len(untorn) == len(torn) == span
    assert untorn[0] == "A" and untorn[-1] == "W"
    assert untorn == "A" * untorn.count("A") + "W" * untorn.count("W")
    # a torn last write never leaves part of a hand
    assert set(torn) <= {"A", "W"}
