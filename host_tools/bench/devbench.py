# Benchmark body that runs unchanged on the MicroPython unix port and on CPython: times
# parse + decompose + wait analysis per hand with the flash table and with a plain
# recursive search standing in for it, and reports the memory the table costs.
# Prints one JSON object.

import gc
import json
import sys
import time

import dtable
import engine
import hand as handmod
from benchhands import parsed

try:
    ticks_us = time.ticks_us
    ticks_diff = time.ticks_diff
except AttributeError:  # CPython
    def ticks_us():
        return time.perf_counter_ns() // 1000

    def ticks_diff(a, b):
        return a - b

class RecursiveTable:
    """Same interface as dtable.Table, answering by plain recursive search instead."""

    def find(self, key):
        c = self._counts(key)
        return key if self._divisible(c, 0, sum(c) % 3 == 2) else -1

    def divisions(self, key):
        c = self._counts(key)
        out = []
        self._walk(c, 0, [], -1, sum(c) % 3 == 2, out)
        return out

    def _counts(self, key):
        c = []
        while key:
            c.append(key % 5)
            key //= 5
        return c

    def _divisible(self, c, i, pair):
        while i < len(c) and not c[i]:
            i += 1
        if i == len(c):
            return not pair
        if c[i] >= 3:
            c[i] -= 3
            ok = self._divisible(c, i, pair)
            c[i] += 3
            if ok:
                return True
        if pair and c[i] >= 2:
            c[i] -= 2
            ok = self._divisible(c, i, False)
            c[i] += 2
            if ok:
                return True
        if i + 2 < len(c) and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            ok = self._divisible(c, i, pair)
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
            return ok
        return False

    def _walk(self, c, i, chows, pair_at, pair, out):
        if i == len(c):
            if not pair:
                v = 15 if pair_at < 0 else pair_at
                slots = chows + [7] * (5 - len(chows))
                for j in range(5):
                    v |= slots[j] << (4 + 3 * j)
                out.append(v)
            return
        for k in range(5):
            if k and (i + 2 >= len(c) or c[i] < k or c[i + 1] < k or c[i + 2] < k):
                break
            c[i] -= k
            if k:
                c[i + 1] -= k
                c[i + 2] -= k
            for p in ((0, 1) if pair else (0,)):
                r = c[i] - 2 * p
                if r == 0 or r == 3:
                    self._walk(c, i + 1, chows + [i] * k, i if p else pair_at, pair and not p, out)
            c[i] += k
            if k:
                c[i + 1] += k
                c[i + 2] += k


def time_hands(table, rounds):
    hands = parsed()
    times = [0] * (len(hands) * rounds)   # allocated once: the heap is small
    i = 0
    for req, n_sets in hands:
        for _ in range(rounds):
            t0 = ticks_us()
            a = engine.analyse(handmod.parse(req, n_sets), (), table)
            times[i] = ticks_diff(ticks_us(), t0)
            i += 1
            if not a.readings:
                raise ValueError("no reading")
    times.sort()
    return {"median_us": times[len(times) // 2], "p99_us": times[(len(times) * 99) // 100],
            "max_us": times[-1], "hands": len(times)}


def main(path, rounds=20):
    gc.collect()
    before = gc.mem_free() if hasattr(gc, "mem_free") else 0
    table = dtable.Table(path)
    gc.collect()
    table_ram = before - gc.mem_free() if hasattr(gc, "mem_free") else None
    result = {"table": time_hands(table, rounds), "recursive": time_hands(RecursiveTable(), rounds),
              "table_ram_bytes": table_ram}
    if hasattr(gc, "mem_free"):
        # heap still free while scoring: after imports, the table, and one hand's garbage
        gc.collect()
        result["heap_in_use_bytes"] = gc.mem_alloc()
        allocs = []
        for req, n_sets in parsed():
            gc.collect()
            gc.disable()
            a0 = gc.mem_alloc()
            engine.analyse(handmod.parse(req, n_sets), (), table)
            allocs.append(gc.mem_alloc() - a0)
            gc.enable()
        result["alloc_per_hand_max_bytes"] = max(allocs)
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1])
