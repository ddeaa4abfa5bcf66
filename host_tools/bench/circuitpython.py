"""The application on the emulated Pico running CircuitPython 10.2.1 (boards/cp_pico.py, the
CIRCUITPY bundle as a FAT image) beside stock MicroPython v1.28.0 (boards/pico.py), the same
keys typed on the same keypad model:

  * boot to the status screen, free heap then;
  * key to screen (digits on the entry screen) and score key to review (the hand scored,
    the review drawn on the OLED) over BENCH_CP_HANDS (default 5) legal hands per ruleset,
    emulated ms (host_tools.bench.app's method): median, max; CircuitPython / MicroPython
    (target: at most 2);
  * one glyph row drawn: cpy/oled.py into the panel's buffer, beside
    adafruit_framebuf's fill_rect of the same row (the first step of drawing a row through
    the library, pure Python), and show();
  * HMAC-SHA256 of a 600-byte record: CircuitPython's hashlib, and pure-Python SHA-256
    (adafruit_hashlib) for a port without it;
  * the heap at the heaviest screen: with the whole heap, a long session of each ruleset
    (tests/sessiongen, 30 events) typed on the keypad, a collection at each screen drawn and
    the bytes free then; the least per screen, the journal read back against CPython's;
  * the memory budget (the filler method of host_tools.board.picomem): code.py holds a filler so
    that only BENCH_CP_BUDGET_KB (default 145) KB stay free, then starts the application, and
    a long session of each ruleset (tests/sessiongen, 30 events) is typed on the keypad;
    the journal read back from CIRCUITPY must equal CPython's table.

    .venv/bin/python -m host_tools.bench circuitpython"""

import json
import os
import statistics
import tempfile

from host_tools import paths
from host_tools.bench import app as bench_app
from host_tools.board import cpbundle
from host_tools.board.pico import Pico

RULES = bench_app.RULES
BOARD = "cp_pico"
# Keys held 80 ms with 80 ms between them on both runtimes: CircuitPython's keypad.KeyMatrix
# scans from a background task, which a flash write (a save: FAT sectors erased and
# written) holds up, so the same key let go and pressed again within such a pause is seen
# once (MicroPython's timer interrupt is held up by the erase alone).
GAP_MS = 80

# code.py for the timings: the application with its keys and redraws stamped (CircuitPython's
# time has no ticks_us: monotonic_ns, from the 1024 Hz tick and the timer between ticks)
HOOKS = """from cpy import runtime
runtime.install()
import ui.app, time
def h(app):
    press = app.press
    def timed(k, long=False):
        print('K', k, time.monotonic_ns() // 1000)
        return press(k, long)
    app.press = timed
    app.on_show = lambda rows: print('S', time.monotonic_ns() // 1000, rows[0][1:12])
ui.app.main(hooks=h)
"""

# code.py for the memory budget: the filler (host_tools.board.picomem), then the application
START = """from cpy import runtime
runtime.install()
import ui.app
ui.app.main()
"""

# code.py for the heap at each screen: collected, then what stays free printed with the
# screen (ui/ui.py's mode), each time a screen is drawn
HEAP = """from cpy import runtime
runtime.install()
import ui.app, gc
def h(app):
    def shown(rows):
        gc.collect()
        print('M', gc.mem_free(), app.ui.mode)
    app.on_show = shown
ui.app.main(hooks=h)
"""

DRAW = """from cpy import runtime
runtime.install()
import time, gc, board
from ui import display
d = display.open(board)
def us(f):
    t = time.monotonic_ns(); f(); return (time.monotonic_ns() - t) // 1000
row = "1 345678 234 9m 11s!z"
import adafruit_framebuf        # the library's own drawing, for comparison (not the application's)
fb = adafruit_framebuf.FrameBuffer(bytearray(1024), 128, 64, adafruit_framebuf.MVLSB)
print('R', us(lambda: d.draw_row(1, row)), us(lambda: d.draw_row(2, "\\x01" + row)),
      us(lambda: d.draw_row(1, row)), us(d.panel.show),
      us(lambda: fb.fill_rect(0, 12, 128, 12, 0)))
"""

HMAC = """from cpy import runtime
runtime.install()
import time, hmac, hashlib
key = bytes(range(32)); msg = b'x' * 600
def us(h):
    t = time.monotonic_ns(); hmac.new(key, msg, h).hexdigest(); return (time.monotonic_ns() - t) // 1000
a = us(hashlib.sha256)
import adafruit_hashlib
b = us(adafruit_hashlib.sha256)
ok = hmac.new(key, msg, hashlib.sha256).hexdigest() == hmac.new(key, msg, adafruit_hashlib.sha256).hexdigest()
print("H", a, b, ok, hmac.new(key, msg, hashlib.sha256).hexdigest())
"""


_drive = []


def drive():
    """The bundle's folder, built once a run (the emulators' threads share it)."""
    if not _drive:
        _drive.append(cpbundle.build_bundle(BOARD))
    return _drive[0]


def image(code, rid="mcr"):
    return cpbundle.fat_image(drive(), files={"settings.json": json.dumps({"rules": rid}),
                                              "code.py": code})


def run_cp(rid, n_hands, gap_ms=GAP_MS, heavy=0, boot=True, events=None, code=HOOKS):
    """bench_app.run on CircuitPython: boot (boot: timed on its own first), then the
    session's keys (events: made already; code: the code.py that stamps them); emulated
    ms."""
    events = events or bench_app.hands(rid, n_hands, heavy)
    res = {}
    if boot:
        fs = cpbundle.fat_image(drive(), files={"settings.json": json.dumps({"rules": rid})})
        with Pico(fs=fs, board=BOARD) as pico:
            m = pico.wait_serial(r"app: ready, (\d+) bytes free", timeout_ms=20000)
            res["boot_ms"] = m["at"]
            res["free"] = int(m["groups"][0])
    with Pico(fs=image(code, rid), board=BOARD) as pico:
        pico.wait_serial(r"app: ready", timeout_ms=20000)
        pico.serial()
        res.update(bench_app.type_session(pico, events, rid,
                                          os.path.join(paths.BUILD, "bench_cp_%s.log" % rid),
                                          gap_ms))
    return res


def one_shot(code, pattern):
    """Boot with code.py = code; the groups of the serial line it prints."""
    with Pico(fs=image(code), board=BOARD) as pico:
        m = pico.wait_serial(pattern + r"|(\w+Error[^\r\n]*)", timeout_ms=30000)
    if m["groups"][-1]:
        raise RuntimeError("code.py: " + m["groups"][-1])
    return m["groups"][:-1]


def journal_of(fs):
    """The journal's records on CIRCUITPY (a FAT image) as version 1 wrote them (states
    replayed: host_tools/journalview), for the long sessions' check against CPython."""
    paths.use_firmware()
    import journal
    from host_tools import journalview
    data = cpbundle.read_file(fs, "/journal.bin") or b""
    with tempfile.TemporaryDirectory() as tmp:
        p = os.path.join(tmp, "journal.bin")
        with open(p, "wb") as f:
            f.write(data)
        recs = [(seq, rec) for _, seq, rec in journal.Journal(p).records()]
    return [rec for _, rec in journalview.whole(recs)]


def budget_run(rid, kb, folder, d):
    """A long session (d: picomem.keyed_long_session's) typed with kb KB free when the
    application starts (the bundle in folder): (passed, detail)."""
    from host_tools.board import picomem
    code = picomem.filler(kb * 1024, "filled") + START
    fs = cpbundle.fat_image(folder, files=dict(d.files, **{"code.py": code}))
    with Pico(fs=fs, board=BOARD) as pico:
        # what code.py prints before USB is up is lost: the application's own line says
        up = pico.wait_serial(r"app: ready, (\d+) bytes free|(\w+Error[^\r\n]*)", timeout_ms=30000)
        if up["groups"][1]:
            return False, "the application did not start: %s" % up["groups"][1]
        passed, detail, _ = d.typed_in(pico, journal_of, GAP_MS)
    if not passed:
        return False, detail
    return True, "%s, %s bytes free when the application was up" % (detail, up["groups"][0])


def heap_run(rid, folder, d):
    """A long session (d: picomem.keyed_long_session's) typed with the whole heap; (passed,
    detail, {screen name: least bytes free after a collection while it was shown}, bytes
    free at the start)."""
    fs = cpbundle.fat_image(folder, files=dict(d.files, **{"code.py": HEAP}))
    with Pico(fs=fs, board=BOARD) as pico:
        up = pico.wait_serial(r"app: ready, (\d+) bytes free|(\w+Error[^\r\n]*)", timeout_ms=30000)
        if up["groups"][1]:
            return False, "the application did not start: %s" % up["groups"][1], {}, None
        passed, detail, said = d.typed_in(pico, journal_of, GAP_MS)
    names = screens()
    least = {}
    for line in said.splitlines():
        if line.startswith("M "):
            _, free, mode = line.split()
            name = names.get(int(mode), mode)
            least[name] = min(int(free), least.get(name, 1 << 30))
    return passed, detail, least, int(up["groups"][0])


def screens():
    """{ui/ui.py's mode number: the screen's name}."""
    paths.use_firmware()
    from ui import ui
    return {getattr(ui, n): n.lower() for n in (
        "STATUS", "ENTRY", "FROM", "REVIEW", "WORDS", "MENU", "FIELD", "NEW", "HISTORY",
        "SETTINGS", "EDIT", "CONFIRM", "OPENED")}


def main():
    n = int(os.environ.get("BENCH_CP_HANDS", "5"))
    kb = int(os.environ.get("BENCH_CP_BUDGET_KB", "145"))
    only = os.environ.get("BENCH_CP_ONLY")     # one part: rows, keys, heap or budget
    if only in (None, "rows"):
        small_figures()
    if only in (None, "keys"):
        keyed(n)
    if only in (None, "heap"):
        heap()
    if only in (None, "budget"):
        budget(kb)


def small_figures():
    r = one_shot(DRAW, r"R (\d+) (\d+) (\d+) (\d+) (\d+)")
    print("CircuitPython, emulated Pico: a glyph row (21 cells) drawn into the panel's "
          "buffer %s us (inverted %s us, its glyphs cached %s us); show() %s us; "
          "adafruit_framebuf's fill_rect of the row alone %s us" % tuple(r), flush=True)
    h = one_shot(HMAC, r"H (\d+) (\d+) (\w+) (\w+)")
    import hashlib
    import hmac
    same = h[3] == hmac.new(bytes(range(32)), b"x" * 600, hashlib.sha256).hexdigest()
    print("HMAC-SHA256 of 600 bytes: the port's hashlib %s us, pure-Python adafruit_hashlib %s us "
          "(the two agree: %s; equal to CPython's: %s)" % (h[0], h[1], h[2], same), flush=True)


def keyed(n):
    print("the application, %d legal hands per ruleset, keys held 80 ms, %d ms apart; emulated "
          "ms; CircuitPython beside MicroPython" % (n, GAP_MS))
    print("%-4s %-3s %8s %10s %16s %22s" % ("", "", "boot ms", "free bytes", "digit->screen",
                                           "score key->review"))
    print("%-4s %-3s %8s %10s %8s %7s %11s %10s" % ("", "", "", "", "median", "max", "median", "max"))
    for rid in RULES:
        rows = {"MP": bench_app.run(rid, n, GAP_MS), "CP": run_cp(rid, n)}
        for name, r in rows.items():
            d, s = r["digit_ms"], r["score_ms"]
            print("%-4s %-3s %8.0f %10d %8.1f %7.1f %11.0f %10.0f" % (
                rid, name, r["boot_ms"], r["free"], statistics.median(d), max(d),
                statistics.median(s), max(s)), flush=True)
        mp, cp = rows["MP"], rows["CP"]
        print("%-4s CP/MP: digit->screen %.2f, score key->review %.2f (target <= 2)" % (
            rid, statistics.median(cp["digit_ms"]) / statistics.median(mp["digit_ms"]),
            statistics.median(cp["score_ms"]) / statistics.median(mp["score_ms"])), flush=True)


def guarded(f, *args):
    """f(*args), or (False, what the board did) when the emulated board stopped answering."""
    from host_tools.board.pico import PicoError
    try:
        return f(*args)
    except PicoError as e:
        return False, "board: %s" % e


def heap():
    print("heap on CircuitPython: the application with the whole heap, a long session "
          "(30 events) typed on the keypad; at each screen drawn, a collection, then the "
          "bytes free; per ruleset the heaviest screen (least free), and each screen's least:")
    from concurrent.futures import ThreadPoolExecutor
    from host_tools.board import picomem
    folder = drive()                                    # built once, before the threads
    # the sessions made before the threads (the table's modules on CPython are not shared)
    drivers = {rid: picomem.keyed_long_session(rid) for rid in RULES}
    journal_of(b"")                                     # its module imported here too
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        found = list(pool.map(lambda rid: guarded(heap_run, rid, folder, drivers[rid]), RULES))
    for rid, r in zip(RULES, found):
        if len(r) == 2:                                 # the board stopped answering
            r = r + ({}, None)
        passed, detail, least, start = r
        if not least:
            print("  %-4s FAIL (%s)" % (rid, detail), flush=True)
            continue
        name = min(least, key=least.get)
        print("  %-4s %6d bytes free at the %s screen (%d when the application was up; "
              "journal %s: %s)" % (rid, least[name], name, start,
                                   "equal to CPython's" if passed else "FAIL", detail),
              flush=True)
        print("       " + ", ".join("%s %d" % (n, least[n]) for n in sorted(least, key=least.get)),
              flush=True)


def budget(kb):
    print("memory budget on CircuitPython: the application started with %d KB free, a long "
          "session (30 events) typed on the keypad, journal against CPython's:" % kb)
    from concurrent.futures import ThreadPoolExecutor
    from host_tools.board import picomem
    folder = drive()                                    # built once, before the threads
    drivers = {rid: picomem.keyed_long_session(rid) for rid in RULES}
    journal_of(b"")                                     # its module imported here too
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        found = list(pool.map(lambda rid: guarded(budget_run, rid, kb, folder, drivers[rid]),
                              RULES))
    for rid, (ok, detail) in zip(RULES, found):
        print("  %-4s %s (%s)" % (rid, "pass" if ok else "FAIL", detail), flush=True)


if __name__ == "__main__":
    main()
