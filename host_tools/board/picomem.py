"""Memory budget on the emulated Pico: the smallest free heap the application runs a long
session in, measured by what it needs, not by lowest free heap (the GC collects lazily).

A run at budget B: boot the board (a firmware image and a filesystem image), soft-reset
from the raw REPL (a fresh heap: boot.py runs, main.py does not), hold a filler bytearray
so that only B bytes stay free, then let a *driver* run a session on the board and say
whether every answer equals CPython's.  smallest_budget() searches the least B that
passes (answers degrade gracefully as memory runs out: a MemoryError becomes a refused
event, which then differs from CPython's answer).

A driver has `files` ({path on the board: bytes}, added to the filesystem image) and
`run(pico)` -> (passed, detail).  TableSession plays table sessions through the table
engine's entry point (session.Session.handle) over exec; KeyedSession types hands (or a
long session's events: keyed_long_session) on the keypad into the running application
and reads the journal back from flash.

    .venv/bin/python -m host_tools.board.picomem [--uf2 F] [--rules mcr,tw,sh,hk] [--sessions 4]
    .venv/bin/python -m host_tools.board.picomem [--uf2 F] --rules tw --keys 4
    .venv/bin/python -m host_tools.board.picomem [--uf2 F] --rules hk --long 1
"""

import argparse
import json
import os
import sys

from host_tools import paths
from host_tools.board.pico import Pico, PicoError, image

# Keys held 80 ms, as a finger does: a save's flash erase holds the keypad's interrupt off
# for up to 50 ms, and a shorter press wholly inside it is not seen (docs/app.md).
HOLD_MS = 80

FILL = """\
import gc
gc.collect()
_n = gc.mem_free() - %d - 48
_fill = None
while _n > 48 and _fill is None:
    try:
        _fill = bytearray(_n)
    except MemoryError:     # the heap's largest free piece is a little smaller
        _n -= 256
del _n
gc.collect()
print(%s gc.mem_free())
"""


def filler(budget, say=""):
    """Code that holds a filler bytearray so that only `budget` bytes stay free, then
    prints `say` and what is free (the board's code.py, or exec'd after a soft reset)."""
    return FILL % (budget, "%r," % say if say else "")


def device_image(files=None, mpy=True, board="pico"):
    """The filesystem image: the application's .mpy bundle for the board (make bundle) when
    it is not frozen into the firmware, plus files."""
    from host_tools.board import bundle
    folders = [bundle.build_bundle(board)] if mpy else []
    return image(*folders, files=files or {})


def run_at(budget, driver, fs, uf2=None, board=None):
    """One run with `budget` bytes free: {"budget", "free" (measured), "passed", "detail",
    "emu_ms"}."""
    with Pico(fs=fs, uf2=uf2, board=board) as pico:
        pico.soft_reset()
        free = int(pico.exec(filler(budget)).strip())
        t0 = pico.t
        try:
            passed, detail = driver.run(pico)
        except PicoError as e:
            passed, detail = False, "board: %s" % e
        return {"budget": budget, "free": free, "passed": bool(passed), "detail": detail,
                "emu_ms": round(pico.t - t0, 1)}


def smallest_budget(driver, fs, lo=8 * 1024, hi=160 * 1024, step=1024, uf2=None, board=None,
                    log=None):
    """The least budget (a multiple of step in [lo, hi]) the driver passes at, by bisection
    (assumes more memory never hurts); None if it fails even at hi.  Returns (budget, runs)."""
    runs = []

    def ok(b):
        r = run_at(b, driver, fs, uf2, board)
        runs.append(r)
        if log:
            log(r)
        return r["passed"]

    if not ok(hi):
        return None, runs
    lo_steps, hi_steps = max(1, lo // step), hi // step   # invariant: hi passes
    if ok(lo_steps * step):
        return lo_steps * step, runs
    while hi_steps - lo_steps > 1:                   # lo fails, hi passes
        mid = (lo_steps + hi_steps) // 2
        if ok(mid * step):
            hi_steps = mid
        else:
            lo_steps = mid
    return hi_steps * step, runs


# ---------------------------------------------------------------- a driver: table sessions

SESSION_RUN = """\
import json, session
_s = session.Session(%r)
for _line in open(%r):
    print(json.dumps(_s.handle(json.loads(_line))))
_s = _line = None
"""


def host_answers(events):
    """CPython's answers to a table session's events, as JSON values."""
    paths.use_firmware()
    import session
    s = session.Session()
    return [json.loads(json.dumps(s.handle(e))) for e in events]


class TableSession:
    """Table sessions played through session.Session.handle on the board (journal on
    flash), every answer compared with CPython's."""

    def __init__(self, events_by_rules, journal="/mem-journal.bin"):
        self.runs = []
        self.files = {}
        for rid, events in events_by_rules.items():
            path = "/mem-events-%s.jsonl" % rid
            self.files[path] = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)
            self.runs.append((rid, path, "%s-%s" % (journal, rid), host_answers(events)))

    def run(self, pico):
        for rid, path, journal, want in self.runs:
            out, err = pico.exec(SESSION_RUN % (journal, path), timeout_ms=3_600_000,
                                 check=False)
            got = [json.loads(line) for line in out.splitlines() if line.strip()]
            if err:
                return False, "%s: raised after %d events: %s" % (
                    rid, len(got), err.strip().splitlines()[-1])
            for i, (a, b) in enumerate(zip(got, want)):
                if a != b:
                    return False, "%s: event %d differs: %s" % (rid, i, json.dumps(a)[:200])
            if len(got) != len(want):
                return False, "%s: %d answers for %d events" % (rid, len(got), len(want))
        return True, "%d events" % sum(len(w) for _, _, _, w in self.runs)


class KeyedSession:
    """A ruleset's legal hands typed on the keypad into the running application (started
    after the filler: `ui.app.main()`, a new session from the status screen), the journal
    read back from flash and each record's table state compared with CPython's.  Slow on
    the emulator (about half a second of host time per key): a few hands per run."""

    STATE = ("hand_no", "dealer", "streak", "huang", "scores", "deltas")

    def __init__(self, rid, hands=4, seed=5, hold_ms=HOLD_MS, gap_ms=50, events=None):
        sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
        paths.use_firmware()
        from host_tools import keys
        from uicorpus import legal_session
        if events is None:
            self.events, self.answers = legal_session(rid, hands, seed=seed)
        else:
            self.events, self.answers = accepted(events)
        self.typed = "".join(keys.session_keys(self.events, rid))
        self.files = {"settings.json": json.dumps({"table": 1, "rules": rid})}
        self.hold_ms, self.gap_ms = hold_ms, gap_ms

    def run(self, pico):
        from host_tools.board.pico import journal_records
        from host_tools import journalview     # version 2's records, states replayed
        pico.launch("import ui.app\nui.app.main()")
        up = pico.wait_serial(r"app: ready|(\w+Error[^\r\n]*)", timeout_ms=30000)
        if up["groups"][0]:
            return False, "the application did not start: %s" % up["groups"][0]
        passed, detail, _ = self.typed_in(
            pico, lambda fs: [rec for _, rec in journalview.whole(journal_records(fs))])
        return passed, detail

    def typed_in(self, pico, records, gap_ms=None):
        """Type the keys into the application running on the board; (passed, detail,
        what it printed meanwhile).  records(fs image): the journal's records on the
        board's filesystem (LittleFS on MicroPython, FAT on CircuitPython)."""
        pico.type(self.typed, hold_ms=self.hold_ms,
                  gap_ms=self.gap_ms if gap_ms is None else gap_ms)
        # A tight heap makes the application slow (modules loaded per screen and event):
        # the keys typed ahead wait in the keypad's queue.  Wait while records still come.
        recs = records(pico.read_fs())
        stalled = 0
        while len(recs) < len(self.events) and stalled < 8:
            pico.wait(1000)
            n = len(recs)
            recs = records(pico.read_fs())
            stalled = stalled + 1 if len(recs) == n else 0
        said = pico.serial()
        if "Error" in said:
            return (False, "the application said: %s" % said.strip().splitlines()[-1][:200],
                    said)
        for i, (rec, want) in enumerate(zip(recs, self.answers)):
            if {k: rec["state"][k] for k in self.STATE} != {k: want[k] for k in self.STATE}:
                return False, "record %d differs" % (i + 1), said
        if len(recs) != len(self.events):
            return False, "%d records for %d events" % (len(recs), len(self.events)), said
        from host_tools import keys     # imported in __init__ only: a pass raised NameError
        return True, "%d events, %d keys" % (len(self.events), keys.count(self.typed)), said


def accepted(events):
    """(events, answers): the events CPython's table accepts (a keypad cannot type a
    refused one past its screen), with its answers."""
    paths.use_firmware()
    import session
    s = session.Session()
    kept, answers = [], []
    for e in events:
        a = s.handle(json.loads(json.dumps(e)))
        if a.get("ok"):
            kept.append(e)
            answers.append(a)
    return kept, answers


def keyed_long_session(rid, sessions=1, n=30, seed=1):
    """KeyedSession over tests/sessiongen.long_session (heavy hands, draws, undos, the
    ruleset's events), what the table accepts of it typed on the keypad."""
    return KeyedSession(rid, events=long_sessions([rid], sessions, n, seed)[rid])


def long_sessions(rules, sessions=4, n=30, seed=1):
    """tests/sessiongen.long_session for each ruleset."""
    sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
    import sessiongen
    return {rid: sessiongen.long_session(rid, seed, sessions=sessions, n=n) for rid in rules}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--uf2", help="firmware with the application frozen in (default: stock "
                                  "MicroPython, the application as .mpy on the filesystem)")
    ap.add_argument("--rules", default="mcr,tw,sh,hk")
    ap.add_argument("--sessions", type=int, default=4)
    ap.add_argument("--events", type=int, default=30, help="events per session")
    ap.add_argument("--lo", type=int, default=8, help="KB")
    ap.add_argument("--hi", type=int, default=160, help="KB")
    ap.add_argument("--step", type=int, default=1024)
    ap.add_argument("--keys", type=int, metavar="HANDS",
                    help="type HANDS legal hands of the (one) ruleset into the application "
                         "instead of calling the table engine")
    ap.add_argument("--long", type=int, metavar="SESSIONS",
                    help="type SESSIONS of tests/sessiongen.long_session (30 events each) of "
                         "the (one) ruleset into the application")
    a = ap.parse_args(argv)
    if a.long:
        driver = keyed_long_session(a.rules, a.long, a.events)
    elif a.keys:
        driver = KeyedSession(a.rules, a.keys)
    else:
        driver = TableSession(long_sessions(a.rules.split(","), a.sessions, a.events))
    fs = device_image(driver.files, mpy=a.uf2 is None)
    budget, runs = smallest_budget(driver, fs, a.lo * 1024, a.hi * 1024, a.step, uf2=a.uf2,
                                   log=lambda r: print(json.dumps(r), flush=True))
    print("smallest budget: %s" % ("%d bytes" % budget if budget else "none (fails at --hi)"))


if __name__ == "__main__":
    main()
