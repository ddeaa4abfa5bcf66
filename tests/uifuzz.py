"""Random keys typed into the screens (firmware/ui/ui.py): the fuzz run behind
tests/test_ui_fuzz.py and `make bench`.

A run types random keys (short and long presses, settings edits, and now and then the
keys of a legal hand from the ruleset's generator, so the review and the save are reached)
into a UI built with odd settings (a 60-character organiser address, long Western and CJK
names, table 999).  After every key the screen is drawn: each key and its screen must be
answered within BOUND_S, raise nothing, show no fault row and fit the grid.  At the end the
journal is replayed through host_tools.table and must give the same states.  A failure
names its seed and the keys typed (`Fuzz.replay` types them again)."""

import json
import os
import random
import signal
import tempfile
import time

import session
from host_tools import keys as encoder
from host_tools import table
import journal
import ui.ui as U

BOUND_S = 5.0           # a key and its screen, on a shared 2-core machine: generous
ODD = {"table": 999, "rules": "mcr", "settings": {},
       "players": ["Bartholomew Featherstonehaugh-Smythe", "歐陽鋒歐陽克黃藥師洪七公",
                   "Li", "Маргарита Николаевна"],
       "dealer": 3, "wifi": {"ssid": "tournament-hall-2.4GHz-guest", "password": "x"},
       "organiser": "http://organiser.mahjong-club.example.org:8000/api/v1/devices/",
       "device": "dev-0123456789abcdef", "secret": "s"}
# weights of the keys typed at random: digits and the suits most, the moving keys less
ALPHABET = "0123456789" * 3 + "ABCD" * 4 + "**##"
LONG = 0.02             # a long press (long * goes home)

# The screens every ruleset reaches; MENU and FIELD only where the ruleset has events.
ALL = {U.STATUS, U.ENTRY, U.FROM, U.REVIEW, U.WORDS, U.NEW, U.HISTORY, U.SETTINGS, U.EDIT}
NAMES = {v: k for k, v in vars(U).items() if k.isupper() and isinstance(v, int) and len(k) > 2}


def screens_of(rid):
    want = set(ALL)
    for extra in ("CONFIRM", "OPENED"):     # screens that later versions add
        if hasattr(U, extra):
            want.add(getattr(U, extra))
    if encoder.ruleset(rid)[2]:
        want |= {U.MENU, U.FIELD}
    return want


def cells(s):
    """Cells as the display draws them (ui/text.py): ASCII one, any other character two."""
    return sum(1 if ord(c) < 0x80 else 2 for c in s)


class Slow(Exception):
    pass


def _alarm(signum, frame):
    raise Slow("a key took more than %.1f s" % BOUND_S)


class Fuzz:
    def __init__(self, rid, seed, folder=None):
        self.rid = rid
        self.seed = seed
        self.rng = random.Random(seed)
        self.cfg = dict(ODD, rules=rid, players=list(ODD["players"]), settings={},
                        wifi=dict(ODD["wifi"]))
        self.path = os.path.join(folder or tempfile.mkdtemp(), "journal.bin")
        self.cfg_at_start = json.loads(json.dumps(self.cfg))
        self.ses = session.Session(self.path)
        self.ui = U.UI(self.ses, self.cfg, 5, 21, save_cfg=lambda cfg: None)
        self.typed = []
        self.seen = set()
        self.slowest = 0.0
        self.wide = []          # (keys typed, row): rows wider than the screen

    def fail(self, why):
        raise AssertionError("%s\nfuzz %s seed %d after %d keys: %r" % (
            why, self.rid, self.seed, len(self.typed), key_text(self.typed)))

    def press(self, k, long=False):
        self.typed.append((k, long))
        ui = self.ui
        t = time.perf_counter()
        old = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, BOUND_S)
        try:
            ui.key(k, long)
            rows = ui.screen()
        except Exception as e:
            signal.setitimer(signal.ITIMER_REAL, 0)
            self.fail("%s: %s" % (type(e).__name__, e))
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
        self.slowest = max(self.slowest, time.perf_counter() - t)
        self.seen.add(ui.mode)
        if len(rows) > ui.rows:
            self.fail("%d rows on a %d-row screen: %r" % (len(rows), ui.rows, rows))
        for r in rows:
            if r.startswith(U.INV + "fault"):
                self.fail("fault row: %r" % rows)
            if cells(r.lstrip(U.INV)) > ui.cols and len(self.wide) < 5:
                self.wide.append((len(self.typed), r))   # told at the end: a hang first

    def legal(self):
        """The keys of a random legal-looking win of the session's ruleset, from status."""
        import uicorpus
        rid = self.ses.state["rules"]
        for _ in range(20):
            h = uicorpus.GENERATORS[rid](self.rng)
            if h is not None:
                break
        else:
            return ""
        ev = uicorpus.win_event(self.rng, h)
        return encoder.event_keys(ev, encoder.ruleset(rid))

    def run(self, n):
        rng = self.rng
        self.press("0")
        self.press("#")                             # a session to play in
        while len(self.typed) < n:
            r = rng.random()
            if r < 0.04 and self.ses.state is not None:
                self.press("*", True)               # home, then a whole legal hand
                for k, held in encoder.presses(self.legal()):
                    self.press(k, held)
            elif r < 0.06:
                self.press("*", True)               # a screen from the status, opened
                for k in rng.choice(("C#", "C", "0#", "*")):
                    self.press(k)
            elif r < 0.09:
                self.press("*", True)
                self.press("D")                     # the settings, an item edited
                for _ in range(rng.randrange(1, 12)):
                    self.press(rng.choice("AB#0123456789*"))
            else:
                self.press(rng.choice(ALPHABET), rng.random() < LONG)
        return self

    def replay(self, text):
        """Type keys again (key_text's form): a failure's keys, or another run's."""
        long = False
        for ch in text:
            if ch == "~":
                long = True
                continue
            self.press(ch, long)
            long = False
        return self

    def records(self):
        return [(seq, rec) for _, seq, rec in journal.Journal(self.path).records()]

    def check_journal(self):
        """Every record's event replayed through host_tools.table gives the record's state."""
        n = check_replay(self.path, self.fail)
        if n != self.ses.jseq:
            self.fail("journal holds %d records, the session says %d" % (n, self.ses.jseq))
        return n


def key_text(typed):
    """Keys as the simulator and the MicroPython run read them: "~" before a long press."""
    return "".join(("~" if lg else "") + k for k, lg in typed)


def check_replay(path, fail):
    """The journal at path replayed through host_tools.table: the same states."""
    handle = table.host_handler()
    n = 0
    from host_tools import journalview     # version 2's records, their states replayed
    for seq, rec in journalview.whole([(seq, rec) for _, seq, rec in
                                       journal.Journal(path).records()]):
        ans = handle(rec["event"])
        if not ans.get("ok"):
            fail("journal #%d refused on replay: %r" % (seq, ans))
        for k in ("hand_no", "dealer", "streak", "huang", "scores", "deltas"):
            if ans.get(k) != rec["state"].get(k):
                fail("journal #%d: %s %r, the table gives %r" % (seq, k, rec["state"].get(k), ans.get(k)))
        n += 1
    return n


def on_unix(host, folder):
    """host's keys typed into the compiled screens in the MicroPython unix port (state in
    folder): tests/mpy_ui_fuzz.py's answer, with "records" (the journal) and "stderr"."""
    import subprocess
    from host_tools import build, paths
    os.makedirs(folder, exist_ok=True)
    cfg = os.path.join(folder, "fuzz-settings.json")
    keys = os.path.join(folder, "fuzz-keys.txt")
    with open(cfg, "w") as f:
        json.dump(host.cfg_at_start, f)
    with open(keys, "w") as f:
        f.write(key_text(host.typed))
    out = subprocess.run([paths.tool("micropython"), "-X", "heapsize=512k",
                          os.path.join(paths.ROOT, "tests", "mpy_ui_fuzz.py"),
                          build.build_device(), folder, cfg, keys],
                         capture_output=True, text=True, timeout=60 + len(host.typed) // 10)
    if out.returncode != 0:
        raise AssertionError("the unix port failed: %s" % out.stderr[-3000:])
    res = json.loads(out.stdout.strip().splitlines()[-1])
    res["stderr"] = out.stderr
    res["records"] = [(seq, rec) for _, seq, rec in
                      journal.Journal(os.path.join(folder, "journal.bin")).records()]
    return res


PICO_HOOKS = """import ui.app, time
def h(app):
    press = app.press
    draw = app.draw
    def timed(k, long=False):
        t = time.ticks_us()
        r = press(k, long)
        print('K', k, time.ticks_diff(time.ticks_us(), t), app.faults)
        return r
    def drawn():
        t = time.ticks_us()
        draw()
        print('D', time.ticks_diff(time.ticks_us(), t), app.faults)
    app.press = timed
    app.draw = drawn
ui.app.main(hooks=h)"""
HOLD_MS, LONG_MS, GAP_MS = 80, 700, 40


def on_pico(host, device):
    """host's keys typed on the emulated Pico's keypad (the application as .mpy files from
    the device folder, the odd settings): {"keys": [(key, us, faults)], "draws": [(us,
    faults)], "text": serial output, "records": the journal}."""
    from host_tools.board.pico import Pico, image, journal_records
    cfg = json.dumps(host.cfg_at_start, ensure_ascii=False)
    with Pico(fs=image(device, files={"settings.json": cfg})) as pico:
        pico.wait_serial(r"app: ready", timeout_ms=20000)
        pico.exec("print(1)")                   # stop main.py's app; run it with hooks
        pico.launch(PICO_HOOKS)
        pico.wait_serial(r"app: ready", timeout_ms=20000)
        text = pico.serial()
        short = ""
        for k, long in host.typed:              # short presses in runs, long ones alone
            if not long:
                short += k
                continue
            if short:
                pico.type(short, hold_ms=HOLD_MS, gap_ms=GAP_MS)
                short = ""
            pico.press(k, ms=LONG_MS)
            pico.wait(GAP_MS)
            text += pico.serial()
        if short:
            pico.type(short, hold_ms=HOLD_MS, gap_ms=GAP_MS)
        pico.wait(3000)
        text += pico.serial()
        fs = pico.read_fs()
    lines = [ln.split() for ln in text.splitlines() if ln[:2] in ("K ", "D ")]
    return {"keys": [(ln[1], int(ln[2]), int(ln[3])) for ln in lines if ln[0] == "K"],
            "draws": [(int(ln[1]), int(ln[2])) for ln in lines if ln[0] == "D"],
            "text": text, "records": journal_records(fs)}
