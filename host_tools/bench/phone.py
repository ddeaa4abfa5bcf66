"""The browser terminal (docs/phones.md) in headless Chromium at a phone's size, served by
the organiser on loopback over plain HTTP: the first load to "ready" (a new browser
profile, then a reload from the browser's cache), a key's feedback (the key let go to the
canvas painted) and the score key (the entry's last key: the hand scored) to the review
painted; medians, in milliseconds.

    python -m host_tools.bench phone [--keys 40] [--hands 5]
Targets (issue 32): ready <= 2 s cold and <= 0.5 s from the cache, a key within one frame
(<= 16 ms median), the review <= 100 ms."""

import argparse
import os
import statistics
import tempfile
import time

from host_tools import keys
from host_tools.board import webbundle
from host_tools.sim import organiser_demo as demo
from host_tools.sim.phone_shots import CHROMIUM, HAND, PHONE, tap, until


def ready(pg, url):
    pg.goto(url)
    until(pg, "window.terminal && terminal.ready")
    return pg.evaluate("terminal.readyAt")


HOLD_S = 0.08                   # a thumb's press: longer than the keypad's 20 ms debounce


def key_ms(pg, k):
    """Press key k as a thumb does (down, 80 ms, up): ms from letting go until the canvas
    is painted."""
    n = pg.evaluate("terminal.frames")
    box = pg.locator('#keypad button[data-key="%s"]' % k).bounding_box()
    pg.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    pg.mouse.down()
    time.sleep(HOLD_S)
    pg.mouse.up()
    until(pg, "terminal.frames > %d" % n)
    time.sleep(0.03)
    return pg.evaluate("terminal.drawnAt - terminal.upAt")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--keys", type=int, default=40)
    ap.add_argument("--hands", type=int, default=5)
    a = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    webbundle.build_bundle()
    folder = tempfile.mkdtemp(prefix="bench-phone-")
    db = os.path.join(folder, "organiser.db")
    demo.setup_event(db, name="Bench", rules="mcr", rounds=1)
    start = {"event": "start", "rules": "mcr", "dealer": 0, "players": ["1", "2", "3", "4"]}
    first, hand = keys.session_keys([start, HAND], "mcr")
    with demo.serve(db) as url, sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        ctx = b.new_context(**PHONE)
        pg = ctx.new_page()
        cold = ready(pg, url + "/terminal/")
        cached = [ready(pg, url + "/terminal/") for _ in range(5)]
        for k in first:
            tap(pg, k)
        pressed = []
        for i in range(a.keys):          # the status screen's pages, one # after another
            pressed.append(key_ms(pg, "#"))
        tap(pg, "*")
        review = []
        for i in range(a.hands):
            for k, held in keys.presses(hand[:-2]):
                tap(pg, k, held)
            review.append(key_ms(pg, hand[-2]))      # the entry's last key: scored, reviewed
            tap(pg, hand[-1])                        # saved
            until(pg, "terminal.unsynced === 0")
        b.close()
    print("phone terminal (Chromium %dx%d, loopback HTTP):" % (PHONE["viewport"]["width"],
                                                              PHONE["viewport"]["height"]))
    print("  first load to ready: cold %.0f ms, from the cache %.0f ms (median of %d)"
          % (cold, statistics.median(cached), len(cached)))
    print("  key let go to canvas painted: median %.1f ms, max %.1f ms (%d keys)"
          % (statistics.median(pressed), max(pressed), len(pressed)))
    print("  score key to review painted: median %.1f ms, max %.1f ms (%d hands)"
          % (statistics.median(review), max(review), len(review)))


if __name__ == "__main__":
    main()
