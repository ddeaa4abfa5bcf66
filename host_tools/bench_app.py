"""The application on the emulated Pico (boards/pico.py, stock MicroPython, .mpy files on its
flash): time from power-on to the status screen, free heap then, the keypad scan's share of
the CPU, and the emulated time from a key taken from the keypad's queue to its screen drawn
(a short press is reported on release, at most a 5 ms scan after it), for digits typed on the entry screen and for the score key (a preview: the hand
scored and settled) of a few hands.

    .venv/bin/python -m host_tools.bench_app"""

import json
import os
import re
import statistics
import sys

from host_tools import build, keys, paths
from host_tools.pico import Pico, image

RULES = ("mcr", "tw", "hk", "sh")
HOOKS = """import ui.app, time
def h(app):
    press = app.press
    def timed(k, long=False):
        print('K', k, time.ticks_us())
        return press(k, long)
    app.press = timed
    app.on_show = lambda rows: print('S', time.ticks_us(), rows[0][1:12])
ui.app.main(hooks=h)"""

SCAN = """import time, board, gc
from ui import keypad
rows, cols = keypad.pins(board)
def loop():
    t = time.ticks_us(); x = 0
    for i in range(20000):
        x += i
    return time.ticks_diff(time.ticks_us(), t)
gc.collect(); base = loop()
kp = keypad.Keypad(board.KEYS); kp.start(rows, cols)
gc.collect(); busy = loop(); kp.stop()
print(100 * (busy - base) / base)"""


def hands(rid, n):
    sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
    from uicorpus import legal_session
    events, _ = legal_session(rid, n, seed=3)
    return events


def run(rid, n_hands):
    out = build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")
    events = hands(rid, n_hands)
    info = keys.ruleset(rid)
    fs = image(out, files={"settings.json": json.dumps({"rules": rid})})
    res = {}
    with Pico(fs=fs) as pico:
        m = pico.wait_serial(r"app: ready, (\d+) bytes free", timeout_ms=20000)
        res["boot_ms"] = m["at"]
        res["free"] = int(m["groups"][0])
        pico.exec("print(1)")                   # stop main.py's app; run it with hooks
        pico.launch(HOOKS)
        pico.wait_serial(r"app: ready", timeout_ms=20000)
        digits, scores = [], []
        for ev in events:
            ks = keys.event_keys(ev, info, rid)
            for i, k in enumerate(ks):
                pico.press(k, 70)
                pico.wait(40)
                text = pico.serial()
                for _ in range(100):
                    if "S " in text.split("K ", 1)[-1]:
                        break
                    pico.wait(50)
                    text += pico.serial()
                shown = int(re.search(r"S (\d+)", text.split("K ", 1)[-1]).group(1))
                keyed = int(re.search(r"K \S+ (\d+)", text).group(1))
                # the board's clock: from the key event to the screen drawn
                ms = (shown - keyed) / 1000
                if ev["event"] == "win" and k.isdigit() and i < len(ks) - 3:
                    digits.append(ms)
                if ev["event"] == "win" and i == len(ks) - 2:     # the score key
                    scores.append(ms)
                pico.wait(30)
        res["digit_ms"] = digits
        res["score_ms"] = scores
    return res


def main():
    with Pico(fs=image(build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico"))) as p:
        p.exec("print(1)")
        load = float(p.exec(SCAN))
    print("keypad scan every 5 ms: %.1f %% of the RP2040's CPU while no key is held" % load)
    print("%-4s %9s %11s %22s %22s" % ("", "boot ms", "free bytes", "digit->screen ms", "score key->review ms"))
    for rid in RULES:
        r = run(rid, int(os.environ.get("BENCH_APP_HANDS", "1")))
        d, s = r["digit_ms"], r["score_ms"]
        print("%-4s %9.0f %11d %13.0f (max %3.0f) %13.0f (max %3.0f)" % (
            rid, r["boot_ms"], r["free"], statistics.median(d), max(d),
            statistics.median(s) if s else 0, max(s) if s else 0))


if __name__ == "__main__":
    main()
