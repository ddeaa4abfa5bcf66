"""The watchdog on the emulated Pico (boards/pico.py: WATCHDOG_MS): the application turns
it on and feeds it, through a save, for longer than its timeout; a key that never returns
(a hung screen) stops the feeding and it fires; stopping the application from the REPL
turns it off.  rp2040js counts the watchdog down and reports when it fires but resets
nothing (host_tools/board/pico/harness.mjs stops it then, as a reset would), so the test reads
when it fired instead of seeing the board restart."""

import json
import os

from host_tools import build, paths
from host_tools.board.pico import Pico, board_def, image

# The hung key blocks the application's loop in sleeps rather than spinning: the watchdog
# sees the same (nothing feeds it), and the emulator jumps over a sleeping core where it
# would run a spinning one instruction by instruction (9 s of it: 9 s of the host's CPU)
HANG = """import ui.app, time
def h(app):
    press = app.press
    def hung(k, long=False):
        if k == 'C':
            print('hung')
            while True:
                time.sleep_ms(100)
        return press(k, long)
    app.press = hung
ui.app.main(hooks=h)"""


def test_the_application_feeds_the_watchdog_and_a_hang_lets_it_fire():
    ms = board_def("pico")["WATCHDOG_MS"]
    assert 1300 * 3 < ms <= 8388            # far over the slowest save, under the RP2040's limit
    folder = build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")
    fs = image(folder, files={"settings.json": json.dumps({"rules": "mcr"})})
    with Pico(fs=fs) as pico:
        pico.wait_serial("app: ready", timeout_ms=20000)
        pico.type("0#", hold_ms=80, gap_ms=80)          # a session started: a save
        pico.wait(ms + 2000)
        fed = pico.stats()["watchdog"]
        saved = pico.exec("import os\nprint(os.stat('journal.bin')[6] > 0)").strip()
        stopped = pico.stats()["watchdog"]                  # the REPL stopped the application
        pico.launch(HANG)
        pico.wait_serial("app: ready", timeout_ms=20000)
        pico.press("C")
        t0 = pico.wait_serial("hung")["at"]
        hung = pico.stats()["watchdog"]
        while not hung["fired"] and pico.t < t0 + ms + 1000:    # until it fires, bounded
            pico.wait(250)
            hung = pico.stats()["watchdog"]
    assert fed == {"enabled": True, "fired": []} and saved == "True"
    assert stopped == {"enabled": False, "fired": []}
    assert len(hung["fired"]) == 1
    # fed at least every quarter of the timeout: it fires within one timeout of the hang
    assert t0 < hung["fired"][0] <= t0 + ms
