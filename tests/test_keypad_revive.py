"""A keypad scan that stopped comes back (firmware/ui/keypad.py, revive(); issue 31).

On rp2 an exception in a timer's callback stops the timer for good (machine_timer.c,
alarm_callback): the keypad's scan, a hard interrupt on the application's stack, raised the
stack check's RuntimeError when it came with the application deep in a call, and the
terminal was deaf until reset.  Here, in the MicroPython unix port, a fake `machine.Timer`
does what rp2's does (its callback raised: it never runs again) over a fake 4x4 matrix; the
callback raises once, as the stack check did.  The keypad alone, then the application: its
banner task finds the stopped scan and starts it again within half a second, a key typed
after that reaches the screens, and the screen says keys may be lost only when they could
have been."""

import device_script

# The fake board: machine.Timer fired by an asyncio task every period (the port's alarm),
# rows and columns as Pins whose columns read low where a held key's row is driven low.
# (A %-template, as the scripts it goes into.)
FAKE = r"""
import sys
KEYS = "123A456B789C*0#D"
held = set()                    # key legends held down
fault = [0]                     # the callback's next column reads raise this many times
fired = [0]


class Row:
    def __init__(self):
        self.v = 0

    def value(self, v=None):
        if v is None:
            return self.v
        self.v = v


class Col:
    def __init__(self, rows, j):
        self.rows = rows
        self.j = j

    def value(self):
        if fault[0]:
            fault[0] -= 1
            raise RuntimeError("maximum recursion depth exceeded")
        for k in held:
            i = KEYS.index(k)
            if i %% 4 == self.j and self.rows[i // 4].v == 0:
                return 0
        return 1


class Timer:
    PERIODIC = 1
    timers = []

    def __init__(self, id=-1, **kw):
        self.running = False
        Timer.timers.append(self)
        self.init(**kw)

    def init(self, mode=1, period=5, callback=None, hard=False):
        self.period = period
        self.callback = callback
        self.hard = hard
        self.running = True

    def deinit(self):
        self.running = False

    def fire(self):
        # rp2's alarm_callback: an uncaught exception, and the callback never runs again
        if self.running:
            fired[0] += 1
            try:
                self.callback(self)
            except Exception as e:
                print("Uncaught exception in IRQ callback handler", repr(e))
                self.running = False


class machine:
    Timer = Timer


sys.modules["machine"] = machine
ROWS = tuple(Row() for _ in range(4))
COLS = tuple(Col(ROWS, j) for j in range(4))

import asyncio


async def ticking():
    while True:
        for t in Timer.timers:
            t.fire()
        await asyncio.sleep_ms(5)


async def tap(key, ms=60):
    held.add(key)
    await asyncio.sleep_ms(ms)
    held.discard(key)
    await asyncio.sleep_ms(40)
"""

KEYPAD = r"""
import sys
sys.path[:0] = [%(folder)r]
exec(FAKE_CODE)
import json, time
from ui import keypad

out = {}
kp = keypad.Keypad(KEYS)
kp.start(ROWS, COLS)
out["hard"] = kp.hard


def drain():
    got = []
    while True:
        c = kp.pop()
        if c < 0:
            return got
        got.append(("~" if c & keypad.LONG else "") + KEYS[c & 0x7f])


async def revived(n):
    # revive() called as the banner task does (every 50 ms here) until the scan has been
    # started again n times in all: whether it said keys could have been lost, and when
    start = time.ticks_ms()
    lost = False
    while kp.revived < n and time.ticks_diff(time.ticks_ms(), start) < 2000:
        lost = kp.revive() or lost
        await asyncio.sleep_ms(50)
    return lost, time.ticks_diff(time.ticks_ms(), start)


async def main():
    t = asyncio.create_task(ticking())
    await tap("5")
    out["before"] = drain()
    # the callback raises while the referee types: the timer stops, keys go unseen
    fault[0] = 1
    await asyncio.sleep_ms(20)
    stopped = fired[0]
    await tap("6")
    out["deaf"] = [fired[0] - stopped, drain()]
    out["too_soon"] = kp.revive()           # not yet STALLED_MS without a scan
    out["typing"] = await revived(1)        # "6" was lost: said
    await tap("7")
    out["after"] = drain()
    # raised with a key held: its press is cut off, keys could have been lost
    held.add("9")
    await asyncio.sleep_ms(30)
    fault[0] = 1
    await asyncio.sleep_ms(20)
    held.discard("9")
    out["held"] = await revived(2)
    await tap("8")
    out["after2"] = drain()
    # raised with the keypad idle (TYPING_MS shortened: no key touched for longer)
    keypad.TYPING_MS = 200
    await asyncio.sleep_ms(300)
    fault[0] = 1
    out["idle"] = await revived(3)          # nothing said
    await tap("0")
    out["after3"] = drain()
    out["running"] = kp.revive()            # it runs: nothing to do
    t.cancel()

asyncio.run(main())
kp.stop()
print("RESULT " + json.dumps(out))
"""


def test_the_keypad_comes_back_after_its_timer_stopped():
    r = device_script.run(KEYPAD.replace("FAKE_CODE", repr(FAKE)), None, 60)
    assert r["hard"] is True
    assert r["before"] == ["5"]
    assert r["deaf"] == [0, []]             # rp2's timer: stopped for good, "6" unseen
    assert r["too_soon"] is False
    lost, ms = r["typing"]
    assert lost is True and ms <= 500       # STALLED_MS and a check's period
    assert r["after"] == ["7"]
    assert r["held"][0] is True             # a key was held when it stopped
    assert r["after2"] == ["8"]
    lost, ms = r["idle"]
    assert lost is False and ms <= 500
    assert r["after3"] == ["0"]
    assert r["running"] is False


# The application on the sim board, its keypad scanning the fake matrix from the fake
# timer: the banner task revives it, the key typed after reaches the screens, the screen
# says keys could have been lost.
APP = r"""
import sys
sys.path[:0] = [%(tests)r]
exec(FAKE_CODE)
import json, time
import mpy_app
mpy_app.firmware(%(folder)r)
from ui import keypad

out = {}
app, shown = mpy_app.boot(%(root)r, fresh=True)
app.keypad = keypad.Keypad(KEYS)            # the board's matrix keypad, not the sim's feed
app.keypad.start(ROWS, COLS)
handled = []
app.on_key = lambda k, l, c: handled.append(k + ("~" if l else ""))


async def driver():
    kp = app.keypad
    t = asyncio.create_task(ticking())
    await asyncio.sleep_ms(50)
    await tap("A")                          # a draw: its review screen
    await mpy_app.until(lambda: handled == ["A"], 1000)
    held.add("*")                           # the referee presses back...
    await asyncio.sleep_ms(30)
    fault[0] = 1                            # ...and the scan dies under the press
    await asyncio.sleep_ms(20)
    held.discard("*")
    start = time.ticks_ms()
    await mpy_app.until(lambda: kp.revived == 1, 2000)
    out["back_ms"] = time.ticks_diff(time.ticks_ms(), start)
    await asyncio.sleep_ms(20)
    await tap("*")                          # typed again: reaches the screens
    await mpy_app.until(lambda: len(handled) == 2, 1000)
    await asyncio.sleep_ms(30)
    t.cancel()

mpy_app.run(app, driver)
out["handled"] = handled
out["said"] = any("keys lost?" in " ".join(rows) for rows in shown)
out["faults"] = app.faults
print("RESULT " + json.dumps(out))
"""


def test_the_application_revives_a_stopped_scan(tmp_path):
    root = tmp_path / "board"
    root.mkdir()
    r = device_script.run(APP.replace("FAKE_CODE", repr(FAKE)), "512k", 120,
                          root=str(root) + "/")
    assert r["back_ms"] <= 700              # STALLED_MS, BANNER_CHECK_MS and a draw
    assert r["handled"] == ["A", "*"]
    assert r["said"] is True
    assert r["faults"] == 0
