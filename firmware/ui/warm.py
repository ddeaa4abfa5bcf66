# A session's first win loads, from flash, the table's steps and the ruleset's scorer with
# its names (session.py, "An event's path"): 60-110 ms on a Pico on top of the scoring,
# and until then every step of the win collects the heap to see whether it may keep them
# (heap.roomy).  On a board with room, they are loaded beforehand, one module per pause
# between a referee's keys while a hand is typed (the session's asks.warm), and kept for
# good (heap.room: what a roomy board loads stays), so the first hand's review comes as
# fast as the others.  Then the review's names in the screens' language where they are
# not the scorer's (sh, riichi, another language than a ruleset's own), and last the
# review's own screen module (ui/review.py).
# A heap without room, a module that does not fit: nothing more is loaded (the win then
# loads what it needs as before).

import gc
import asyncio
import heap

POLL_MS = 50            # how often a pause is looked for
QUIET_MS = 60           # a pause: this long since a key came (the keypad's ring moved)


async def run(app):
    """The application's task: warm the session's ruleset while a hand is typed."""
    from ui import ui as screens
    ui_load = screens.load
    from time import ticks_ms, ticks_diff
    todo = None
    rid = None
    lang = None
    kp = app.keypad
    head = kp.head
    quiet = ticks_ms()
    while True:
        await asyncio.sleep_ms(POLL_MS)
        if kp.head != head or app.dirty.is_set():
            head = kp.head
            quiet = ticks_ms()
            continue
        st = app.session.state
        if st is None or st["over"] or app.ui.mode not in (screens.ENTRY, screens.FROM):
            continue
        if st["rules"] != rid:                  # a new session's ruleset: warm it anew
            rid = st["rules"]
            todo = 0
            # the review's names, where they are not the scorer's (as ui.named asks them)
            lang = app.cfg.get("lang", "zh-Hant")
            if lang == "zh-Hant" and rid not in ("sh", "riichi"):
                lang = None
        if todo is None or ticks_diff(ticks_ms(), quiet) < QUIET_MS:
            continue
        if not heap.roomy():                    # no room to keep them: leave it to the win
            todo = None
            continue
        try:
            if todo < 0:                        # the session's done: the review's screen
                ui_load("review")               # module, last (kept: heap.room)
                todo = None
            else:
                todo = todo + 1 if app.session.warm(todo, lang) else -1
        except MemoryError:
            todo = None
            app.session.release(True)           # what the import left goes
            continue
        except Exception as e:                  # not installed, ...: the win says so
            print("warm:", repr(e))
            todo = None
            continue
        gc.collect()
        quiet = ticks_ms()
