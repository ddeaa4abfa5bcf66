# On the emulated Pico: the keypad's scan (ui/keypad.py, a hard timer interrupt) raises
# once, as the stack check did with the application deep in a call; rp2 stops the timer
# for good, and a task calls revive() as the application's banner task does.  Prints
# "ready", "stopped" once the scan stopped, "revived <lost>" once it runs again, then at
# the end "keys <events>".
import time
import asyncio
import micropython
import board
from ui import keypad

micropython.alloc_emergency_exception_buf(100)     # as boot.py: the message printed
boom = [0]


class Failing(keypad.Keypad):
    """The application's keypad, its callback raising once when told."""

    def _scan(self, t, raw=-1, now=0):
        if boom[0]:
            boom[0] = 0
            raise RuntimeError("scan stopped here")
        keypad.Keypad._scan(self, t)


kp = Failing(board.KEYS)
kp.start(*keypad.pins(board))
events = []


async def drain():
    while True:
        key, long = await kp.get()
        events.append(("~" if long else "") + key)


async def check():
    while True:
        await asyncio.sleep_ms(250)     # app.py's BANNER_CHECK_MS
        lost = kp.revive()
        if kp.revived:
            print("revived", lost, time.ticks_diff(time.ticks_ms(), kp.stopped_at))
            return


async def main():
    asyncio.create_task(drain())
    print("ready")
    await asyncio.sleep_ms(300)
    kp.stopped_at = time.ticks_ms()
    boom[0] = 1
    await asyncio.sleep_ms(20)
    print("stopped", boom[0])
    await check()
    await asyncio.sleep_ms(1500)


try:
    asyncio.run(main())
finally:
    kp.stop()
print("keys", " ".join(events))
