"""The soak run: 1,000 hands on the emulated Pico (boards/pico.py, the application frozen
into the firmware), driven straight into the running application's session (the review
screen's two steps, preview then save, from a task of the application: typing a thousand
hands on the keypad would take hours), the status screen redrawn after each.  The hands
are a Chinese Official game of 16 plain hands (tests/handgen) and its start, played over
and over: each game starts from the same state, so every hand stays legal.  The free heap
is read after each hand (after a collection): the lowest between hands 900 and 1,000 must
be no lower than between hands 100 and 200 (a heap that stays flat, nothing kept per
hand).  Progress goes to build/soak.log as the run goes; about 20 minutes.

    .venv/bin/python -m host_tools.bench soak [--hands 1000]"""

import argparse
import json
import os
import statistics
import sys
import time

from host_tools import paths
from host_tools.board import firmware
from host_tools.board.pico import Pico, image

DRIVE = """import ui.app, gc, time, asyncio
EVENTS = %(events)r
def hook(app):
    run = app.run
    async def drive():
        await asyncio.sleep_ms(200)
        ses = app.session
        won = i = 0
        while won < %(hands)d:
            ev = EVENTS[i %% len(EVENTS)]
            i += 1
            t = time.ticks_ms()
            if ev["event"] == "start":
                ans = ses.handle(ev)
            else:
                ans = ses.preview(ev)
                if ans.get("ok"):
                    ans = ses.save(ans)
            if not ans.get("ok"):
                print("REFUSED", i, ans)
                break
            ms = time.ticks_diff(time.ticks_ms(), t)
            app.refresh()
            await asyncio.sleep_ms(10)      # the redraw, the watchdog, the keypad
            if ev["event"] == "win":
                won += 1
                gc.collect()
                print("H", won, gc.mem_free(), ms, ses.jseq)
        print("SOAK done", app.faults)
    async def both():
        asyncio.create_task(drive())
        await run()
    app.run = both
ui.app.main(hooks=hook)"""


def game(seed=3):
    """A start and the 16 wins of one Chinese Official game."""
    sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
    paths.use_firmware()
    from uicorpus import legal_session
    events, _ = legal_session("mcr", 16, seed=seed, plain=True)
    return events


def window(rows, lo, hi):
    """The lowest free heap after hands lo..hi."""
    got = [free for n, free, _, _ in rows if lo <= n <= hi]
    return min(got) if got else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1000)
    args = ap.parse_args()
    log_path = os.path.join(paths.BUILD, "soak.log")
    uf2 = firmware.build_firmware("pico")
    fs = image(files={"settings.json": json.dumps({"rules": "mcr"})})
    rows, text, done = [], "", None
    t0 = time.time()
    with open(log_path, "w") as log, Pico(uf2=uf2, fs=fs) as pico:
        pico.wait_serial("app: ready", timeout_ms=20000)
        pico.exec("print(1)")                       # stop main.py's application
        pico.launch(DRIVE % dict(events=game(), hands=args.hands))
        while done is None:
            pico.wait(5000)
            text += pico.serial()
            lines = text.split("\n")
            text = lines.pop()
            for ln in lines:
                w = ln.split()
                if w[:1] == ["H"]:
                    rows.append(tuple(int(x) for x in w[1:5]))
                elif w[:1] in (["REFUSED"], ["SOAK"]) or "Error" in ln:
                    done = ln.strip()
                if ln.strip():
                    log.write(ln.rstrip() + "\n")
            log.write("# %d hands, emulated %.0f s, host %.0f s\n"
                      % (len(rows), pico.t / 1000, time.time() - t0))
            log.flush()
        stats = pico.stats()["watchdog"]
    early, late = window(rows, 100, 200), window(rows, 900, 1000)
    ms = [r[2] for r in rows]
    print("soak on the emulated Pico (frozen image, mcr): %d hands driven into the session, "
          "%d journal records" % (len(rows), rows[-1][3] if rows else 0))
    print("  %s" % done)
    print("  each hand scored and saved: median %.0f ms, max %d ms (emulated)"
          % (statistics.median(ms), max(ms)))
    print("  lowest free heap between hands: 100-200 %s bytes, 900-1000 %s bytes: %s"
          % (early, late, "flat" if early is not None and late is not None and late >= early
             else "NOT flat"))
    print("  watchdog fired: %s" % (stats["fired"] or "never"))
    return 0 if (done.startswith("SOAK done 0") and late is not None and late >= early
                 and not stats["fired"]) else 1


if __name__ == "__main__":
    sys.exit(main())
