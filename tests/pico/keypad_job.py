# On the emulated Pico: the application's keypad (ui/keypad.py, scanned from a timer) drained
# by an asyncio task while another task blocks for BLOCK_MS at a time writing journal
# records, as the application does when it scores a hand and saves it.  Prints "ready",
# then at the end "keys <events>" (each event the key, "~" before a long press), the number
# of records written, the longest block and the ring's losses.
import time
import asyncio
import board
import journal
from ui import keypad

try:
    DURATION_MS
except NameError:
    DURATION_MS = 3000
try:
    DEBUG
except NameError:
    DEBUG = False
try:
    BLOCK_MS
except NameError:
    BLOCK_MS = 200
try:
    WORK_MS             # the journal written this long after "ready", then "quiet"
except NameError:
    WORK_MS = DURATION_MS

dbg = [0] * 42
gaps = [0, 0]               # last scan (ticks_ms), longest time between two scans


class Watched(keypad.Keypad):
    """The application's keypad, noting the longest time between two scans."""

    def _scan(self, t):
        now = time.ticks_ms()
        if gaps[0] and time.ticks_diff(now, gaps[0]) > gaps[1]:
            gaps[1] = time.ticks_diff(now, gaps[0])
        if DEBUG and gaps[0] and time.ticks_diff(now, gaps[0]) > 10:
            if dbg[0] < 40:         # preallocated: a hard interrupt may not allocate
                dbg[dbg[0] + 1] = now
                dbg[dbg[0] + 2] = time.ticks_diff(now, gaps[0])
                dbg[0] += 2
        gaps[0] = now
        keypad.Keypad._scan(self, t)


kp = Watched(board.KEYS)
kp.start(*keypad.pins(board))
print("timer", kp.timer, kp.hard)
j = journal.Journal("/keypad_job.bin")
j.open()
events = []
blocks = [0, 0]             # records written, longest block (ms)


async def drain():
    while True:
        key, long = await kp.get()
        events.append(("~" if long else "") + key)
        if DEBUG:
            print("ev", key, long, time.ticks_ms(), kp.state)


async def work():
    record = {"event": "win", "pad": "x" * 300}
    start = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), start) < WORK_MS:
        t = time.ticks_ms()
        while time.ticks_diff(time.ticks_ms(), t) < BLOCK_MS:   # blocking: no await
            record["n"] = blocks[0]
            j.append(record)
            blocks[0] += 1
        blocks[1] = max(blocks[1], time.ticks_diff(time.ticks_ms(), t))
        await asyncio.sleep_ms(0)
    print("quiet")


async def main():
    asyncio.create_task(drain())
    asyncio.create_task(work())
    print("ready")
    await asyncio.sleep_ms(DURATION_MS)


try:
    asyncio.run(main())
finally:
    kp.stop()
if DEBUG:
    print("gaps", dbg)
print("keys", " ".join(events))
print("records", blocks[0], "block_ms", blocks[1], "lost", kp.lost, "scan_gap_ms", gaps[1])
