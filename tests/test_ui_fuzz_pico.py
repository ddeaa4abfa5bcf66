"""Random keys (tests/uifuzz.py) on the emulated Pico: the application as `.mpy` files on
its flash, with odd settings, typed on its keypad (short and long presses).  Every key is
handled, and every screen drawn, within a bound in emulated ms; no fault; the journal is
what the screens on CPython save from the same keys.  (`make bench` types more.)"""

import os

import pytest

import uifuzz
from host_tools import build, paths

KEYS = 80               # emulated (about half a minute): a shorter run than on the host
BOUND_MS = 2000         # a key, or a screen drawn (the slowest save on a tight heap: 1.3 s)


@pytest.fixture(scope="module")
def device():
    return build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")


@pytest.mark.parametrize("rid,seed", [("mcr", 21)])
def test_random_keys_on_the_emulated_pico(rid, seed, device, tmp_path):
    host = uifuzz.Fuzz(rid, seed, str(tmp_path)).run(KEYS)
    res = uifuzz.on_pico(host, device)
    keys_ms = max(us for _, us, _ in res["keys"]) / 1000
    draw_ms = max(us for us, _ in res["draws"]) / 1000
    print("%s on the emulated Pico: %d keys, slowest key %.0f ms, slowest screen %.0f ms"
          % (rid, len(res["keys"]), keys_ms, draw_ms))
    why = "fuzz %s seed %d: %r" % (rid, seed, uifuzz.key_text(host.typed))
    text = res["text"]
    assert "Traceback" not in text, (text[text.index("Traceback"):][:1500], why)
    assert [k for k, _, _ in res["keys"]] == [k for k, _ in host.typed], why
    assert res["keys"][-1][2] == 0 and res["draws"][-1][1] == 0, why        # app.faults
    assert keys_ms < BOUND_MS and draw_ms < BOUND_MS, why
    assert res["records"] == host.records(), why
