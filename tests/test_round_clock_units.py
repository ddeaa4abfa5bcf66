"""The device's round clock (firmware/lib/device/roundclock.py) in the MicroPython unix port
from the compiled firmware: the seating answer's clock taken (a malformed one leaves the
last standing, none clears it), counted down with the board's ticks, paused, and shown by
the second or by the minute."""

import json
import subprocess

from host_tools import build, paths

CODE = r"""
import sys, json, time
sys.path[:0] = [%(folder)r]
import settings, uploader, seating, roundclock

out = {}
now = [5000]                    # the board's ticks, emulated: no wall-clock window
roundclock.ticks = lambda: now[0]
c = roundclock.Clock()
out["none"] = [c.ms(), c.text()]
bad = [[], {"left": -1, "running": True}, {"left": "9", "running": True},
       {"left": True, "running": True}, {"left": 9, "running": 1}, {"left": 9},
       {"left": 10 ** 9, "running": True}, "9"]
c.take({"left": 3725, "running": True})
out["bad"] = [c.take(b) for b in bad]
out["kept"] = c.text()
now[0] += 1100
out["counted"] = [c.ms(), c.text(), c.text(60)]
c.take({"left": 59, "running": False})
now[0] += 300
out["paused"] = [c.ms(), c.text(), c.text(60)]
c.take({"left": 0, "running": False})
out["zero"] = [c.ms(), c.text(), c.text(60)]


class Session:
    state = None
    jseq = 0


cfg = settings.defaults()
cfg["_path"] = %(path)r
up = uploader.Uploader(cfg, "/nonexistent/journal.bin")
up.log = lambda s: None
clock = roundclock.Clock()
s = seating.Seating(up, Session(), None, clock)
ANS = {"ok": True, "table": 3, "tround": 7, "rules": "hk", "settings": {},
       "players": ["a", "b", "c", "d"], "dealer": 0}
out["apply"] = [s.apply(dict(ANS, clock={"left": 90, "running": True})), clock.ms() // 1000]
out["apply_bad"] = [s.apply(dict(ANS, clock={"left": "x"})), clock.ms() // 1000]
out["apply_none"] = [s.apply(dict(ANS)), clock.ms()]
out["not_seating"] = [s.apply({"ok": True, "clock": {"left": 5, "running": True}}), clock.ms()]
print(json.dumps(out))
"""


def test_the_clock_from_the_pull_on_the_unix_port(tmp_path):
    code = CODE % dict(folder=build.build_device(), path=str(tmp_path / "settings.json"))
    run = subprocess.run([paths.tool("micropython"), "-c", code], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["none"] == [None, None]
    assert out["bad"] == [False] * 8 and out["kept"] == "1:02:05"
    ms, text, minutes = out["counted"]
    assert ms == 3723900 and text == "1:02:04" and minutes == "1h03m"
    assert out["paused"] == [59000, "0:59", "1m"]
    assert out["zero"] == [0, "0:00", "0m"]
    assert out["apply"] == [True, 90]
    assert out["apply_bad"] == [True, 90]
    assert out["apply_none"] == [True, None]             # no round open: no clock
    assert out["not_seating"] == [False, None]            # not a seating: nothing taken
