"""docs/phones.md's pictures: the browser terminal on a phone held upright (headless
Chromium at 390x844), served by a fresh organiser: the registration's QR code on the
Devices page, the terminal bound to table 1, a hand being typed and its review.

    python -m host_tools.sim.phone_shots [--out docs/img]
"""

import argparse
import os
import re
import tempfile
import time

from host_tools import keys, paths
from host_tools.board import webbundle
from host_tools.sim import organiser_demo as demo

CHROMIUM = "/usr/bin/chromium"
PASSWORD = "screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
HAND = {"event": "win", "winner": 1, "from": 3,
        "hand": {"hand": "1112345678999m", "win": "5m", "by": "discard", "melds": []}}


def until(pg, expr, timeout=30):
    end = time.time() + timeout
    while not pg.evaluate(expr):
        if time.time() > end:
            raise SystemExit("phone_shots: timed out on " + expr)
        time.sleep(0.05)


def tap(pg, k, held=False):
    """Key k tapped (held: pressed 0.8 s, a long press)."""
    n = pg.evaluate("terminal.keys")
    if held:
        box = pg.locator('#keypad button[data-key="%s"]' % k).bounding_box()
        pg.mouse.move(box["x"] + 10, box["y"] + 10)
        pg.mouse.down()
        time.sleep(0.8)
        pg.mouse.up()
    else:
        pg.tap('#keypad button[data-key="%s"]' % k)
    until(pg, "terminal.keys > %d" % n)
    time.sleep(0.03)


def shoot(url, out):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        # the director registers table 1's phone: the answer's QR code
        admin = b.new_context(viewport={"width": 900, "height": 1100}).new_page()
        admin.goto(url + "/admin/login")
        admin.fill("input[name=password]", PASSWORD)
        admin.press("input[name=password]", "Enter")
        admin.wait_for_load_state()
        admin.goto(url + "/admin/devices")
        form = admin.locator("form[action='/admin/devices']")
        form.locator("select[name=table_no]").select_option("1")
        form.locator("input[name=label]").fill("phone")
        form.locator("button").click()
        admin.wait_for_selector("#terminal-qr")
        admin.screenshot(path=os.path.join(out, "phone-register.png"), full_page=True)
        link = admin.locator("#terminal-link").inner_text()
        # the phone opens it
        pg = b.new_context(**PHONE).new_page()
        pg.goto(link)
        until(pg, "window.terminal && terminal.ready")
        time.sleep(0.3)
        pg.screenshot(path=os.path.join(out, "phone-status.png"))
        start = {"event": "start", "rules": "mcr", "dealer": 0, "players": ["1", "2", "3", "4"]}
        per = keys.session_keys([start, HAND], "mcr")
        for k in per[0]:
            tap(pg, k)
        hand = keys.presses(per[1])
        for k, held in hand[:-8]:
            tap(pg, k, held)
        time.sleep(0.3)
        pg.screenshot(path=os.path.join(out, "phone-entry.png"))
        for k, held in hand[-8:-1]:
            tap(pg, k, held)
        time.sleep(0.3)
        pg.screenshot(path=os.path.join(out, "phone-review.png"))
        b.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(paths.ROOT, "docs", "img"))
    a = ap.parse_args(argv)
    webbundle.build_bundle()
    folder = tempfile.mkdtemp(prefix="phone-shots-")
    db = os.path.join(folder, "organiser.db")
    demo.setup_event(db, name="Phone Cup · demo", rules="mcr", rounds=1, password=PASSWORD)
    with demo.serve(db) as url:
        shoot(url, a.out)
    print("phone_shots: pictures in %s" % a.out)


if __name__ == "__main__":
    main()
