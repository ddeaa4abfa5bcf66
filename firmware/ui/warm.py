# A session's first win loads, from flash, the table's steps and the ruleset's scorer with
# its names (session.py, "An event's path"): 60-110 ms on a Pico on top of the scoring,
# and until then every step of the win collects the heap to see whether it may keep them
# (session.roomy).  On a board with room, they are loaded beforehand, one module per pause
# between a referee's keys while a hand is typed, and kept for good (session.settle_room:
# what a roomy board loads stays), so the first hand's review comes as fast as the others.
# A heap without room, a module that does not fit: nothing more is loaded (the win then
# loads what it needs as before).

import gc
import asyncio
import session
import scorers

POLL_MS = 50            # how often a pause is looked for
QUIET_MS = 60           # a pause: this long since a key came (the keypad's ring moved)


def steps(rid):
    """The modules a win loads, in that order, as callables (the scorer's names last)."""
    def scorer():
        names = getattr(scorers.load(rid), "NAMER", None)
        if names:
            session.load(names)
    return (lambda: session.load("sessionops"), lambda: session.load("commit").hooks(rid),
            scorer)


async def run(app):
    """The application's task: warm the session's ruleset while a hand is typed."""
    from ui import ui as screens
    from time import ticks_ms, ticks_diff
    todo = None
    rid = None
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
            todo = list(steps(rid))
        if not todo or ticks_diff(ticks_ms(), quiet) < QUIET_MS:
            continue
        if not session.roomy():                 # no room to keep them: leave it to the win
            todo = None
            continue
        try:
            todo.pop(0)()
        except MemoryError:
            todo = None
            app.session.release(True)           # what the import left goes
            continue
        except Exception as e:                  # not installed, ...: the win says so
            print("warm:", repr(e))
            todo = None
            continue
        if not todo:
            session.settle_room(False)          # all loaded, room left: keep them
        gc.collect()
        quiet = ticks_ms()
