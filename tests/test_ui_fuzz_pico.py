"""Random keys (tests/uifuzz.py) on the emulated Pico: the application as `.mpy` files on
its flash, with odd settings, typed on its keypad (short and long presses).  Every key is
handled, and every screen drawn, within a bound in emulated ms; no fault; the journal is
what the screens on CPython save from the same keys."""

import json
import os

import pytest

import uifuzz
from host_tools import build, paths
from host_tools.pico import Pico, image, journal_records

KEYS = 80               # emulated (half a minute): a shorter run than on the host; more in make bench
BOUND_MS = 2000         # a key, or a screen drawn (the slowest save on a tight heap: 1.3 s)
HOLD_MS, LONG_MS, GAP_MS = 80, 700, 40
HOOKS = """import ui.app, time
def h(app):
    press = app.press
    draw = app.draw
    def timed(k, long=False):
        t = time.ticks_us()
        r = press(k, long)
        print('K', k, time.ticks_diff(time.ticks_us(), t), app.faults)
        return r
    def drawn():
        t = time.ticks_us()
        draw()
        print('D', time.ticks_diff(time.ticks_us(), t), app.faults)
    app.press = timed
    app.draw = drawn
ui.app.main(hooks=h)"""


@pytest.fixture(scope="module")
def device():
    return build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")


@pytest.mark.parametrize("rid,seed", [("mcr", 21)])
def test_random_keys_on_the_emulated_pico(rid, seed, device, tmp_path):
    host = uifuzz.Fuzz(rid, seed, str(tmp_path)).run(KEYS)
    cfg = json.dumps(host.cfg_at_start, ensure_ascii=False)
    with Pico(fs=image(device, files={"settings.json": cfg})) as pico:
        pico.wait_serial(r"app: ready", timeout_ms=20000)
        pico.exec("print(1)")                   # stop main.py's app; run it with hooks
        pico.launch(HOOKS)
        pico.wait_serial(r"app: ready", timeout_ms=20000)
        text = pico.serial()
        short = ""
        for k, long in host.typed:              # short presses in runs, long ones alone
            if not long:
                short += k
                continue
            if short:
                pico.type(short, hold_ms=HOLD_MS, gap_ms=GAP_MS)
                short = ""
            pico.press(k, ms=LONG_MS)
            pico.wait(GAP_MS)
            text += pico.serial()
        if short:
            pico.type(short, hold_ms=HOLD_MS, gap_ms=GAP_MS)
        pico.wait(3000)
        text += pico.serial()
        fs = pico.read_fs()
    lines = [ln.split() for ln in text.splitlines() if ln[:2] in ("K ", "D ")]
    handled = [ln for ln in lines if ln[0] == "K"]
    drawn = [ln for ln in lines if ln[0] == "D"]
    keys_ms = max(int(ln[2]) for ln in handled) / 1000
    draw_ms = max(int(ln[1]) for ln in drawn) / 1000
    print("%s on the emulated Pico: %d keys, slowest key %.0f ms, slowest screen %.0f ms"
          % (rid, len(handled), keys_ms, draw_ms))
    why = "fuzz %s seed %d: %r" % (rid, seed, uifuzz.key_text(host.typed))
    assert "Traceback" not in text, (text[text.index("Traceback"):][:1500], why)
    assert [ln[1] for ln in handled] == [k for k, _ in host.typed], why
    assert handled[-1][3] == "0" and drawn[-1][2] == "0", why         # app.faults
    assert keys_ms < BOUND_MS and draw_ms < BOUND_MS, why
    assert journal_records(fs) == host.records(), why
