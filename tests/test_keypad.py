"""The keypad's debounce, long press and event ring (firmware/ui/keypad.py), compiled, in the
MicroPython unix port: scans scripted as (bitmap, ms) steps at the 5 ms scan period."""

import json
import subprocess

import pytest

from host_tools import build, paths

KEYS = "123A456B789C*0#D"
BIT = {k: 1 << i for i, k in enumerate(KEYS)}

# Each case: scan steps [(keys held, ms)], then what comes out of the ring.
CASES = {
    "short press, on release": ([("", 20), ("5", 100), ("", 30)], ["5"]),
    "bouncing down and up counts once": (
        [("", 10), ("5", 5), ("", 5), ("5", 5), ("", 5), ("5", 100), ("", 5), ("5", 5),
         ("", 40)], ["5"]),
    "held 600 ms: long, and nothing on release": ([("*", 700), ("", 30)], ["~*"]),
    "just short of long": ([("*", 590), ("", 30)], ["*"]),
    "chord: both keys": ([("12", 60), ("", 30)], ["1", "2"]),
    "rolled: each in release order": ([("4", 50), ("47", 50), ("7", 50), ("", 30)], ["4", "7"]),
    "a tap shorter than the lock-out is not lost": ([("", 10), ("9", 5), ("", 60)], ["9"]),
    # after the scan was held up (a flash erase), late scans come at one instant: one scan
    # that sees the key is enough
    "one scan sees it": ([("", 10), ("B", 0), ("", 50)], ["B"]),
    "keys in a row": ([(k, 50) if i % 2 == 0 else ("", 50) for i, k in enumerate("1#2#3#")],
                      ["1", "2", "3"]),
}

SCRIPT = r"""
import sys, json
sys.path.insert(0, %(folder)r)
from ui import keypad
out = {}
for name, (steps, _) in json.loads(%(cases)r).items():
    k = keypad.Keypad(%(keys)r)
    t = 1000
    for raw, ms in steps:
        if ms == 0:                     # a burst: three scans at one instant
            for _ in (1, 2, 3):
                k.update(raw, t)
            t += 5
            continue
        for _ in range(ms // 5):
            k.update(raw, t)
            t += 5
    got = []
    while True:
        c = k.pop()
        if c < 0:
            break
        got.append(("~" if c & keypad.LONG else "") + k.keys[c & 0x7f])
    out[name] = got
# the ring: 127 events fit, the rest are counted as lost and the first ones kept
k = keypad.Keypad(%(keys)r)
for i in range(136):
    k.feed("0123456789"[i %% 10], i %% 3 == 0)
first = []
while True:
    c = k.pop()
    if c < 0:
        break
    first.append(c)
out["ring"] = [len(first), k.lost, first[:4]]
# the drain task: keys fed in, taken out by an asyncio task in order
import asyncio
k = keypad.Keypad(%(keys)r)
async def feeder():
    for ch in "12#":
        k.feed(ch)
        await asyncio.sleep_ms(2)
    k.feed("D", True)
async def drain():
    got = []
    while len(got) < 4:
        got.append(await k.get())
    return got
async def main():
    asyncio.create_task(feeder())
    return await drain()
out["drain"] = asyncio.run(main())
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def results():
    folder = build.build_device()
    cases = {name: ([[sum(BIT[k] for k in held), ms] for held, ms in steps], want)
             for name, (steps, want) in CASES.items()}
    code = SCRIPT % dict(folder=folder, cases=json.dumps(cases), keys=KEYS)
    out = subprocess.run([paths.tool("micropython"), "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.parametrize("name", CASES)
def test_scans(results, name):
    assert results[name] == CASES[name][1]


def test_ring_keeps_the_first_and_counts_the_lost(results):
    n, lost, first = results["ring"]
    assert (n, lost) == (127, 9)
    assert first == [0x80 | KEYS.index("0"), KEYS.index("1"), KEYS.index("2"), 0x80 | KEYS.index("3")]


def test_drain_task(results):
    assert results["drain"] == [["1", False], ["2", False], ["#", False], ["D", True]]
