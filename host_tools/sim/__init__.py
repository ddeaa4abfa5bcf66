"""The venue on one computer.  This package is the simulator itself; beside it: simdev
(its side inside the unix port), shots (the README's screens), venue (`make run`: the
organiser and a simulated table), organiser_demo (a demo event played by simulated
devices), organiser_shots (the organiser's pages photographed).
May import: host_tools' top (build, paths, keys), board/, the organiser (the venue runs
it); never bench/; never imported by firmware/.

The simulator: the device's compiled firmware and application (build/device, the `sim`
board) in the MicroPython unix port, the computer's keyboard as the keypad and the screen
drawn in the terminal.

    python -m host_tools.sim                       # resume the simulated board
    python -m host_tools.sim --rules tw            # a fresh tw session (default settings, seat 1 deals)
    python -m host_tools.sim --rules mcr --keys "..." --journal out.jsonl --png shots/
    python -m host_tools.sim --pull-ms 1000        # the organiser's seating and round clock each second

Keys: 0-9, a-d (or A-D), * and #; Backspace is *, Enter is #; ~ then a key is a long
press (held 600 ms or more).  q or Ctrl-C quits.  The board's filesystem (settings.json,
journal.bin) lives in the --state folder and survives between runs, as a board's flash."""

import argparse
import binascii
import json
import os
import select
import shutil
import struct
import subprocess
import sys
import zlib

from host_tools import build, paths
from host_tools.sim import lock

STATE = os.path.join(paths.BUILD, "sim", "state")
KEYS = "0123456789ABCD*#"
KEYMAP = {"\x7f": "*", "\x08": "*", "\r": "#", "\n": "#"}
EINK = "250x122"


# ---------------------------------------------------------------- pictures

def pixels(fb, width, height):
    """Rows of 0/1 from a MONO_VLSB frame buffer (bytes)."""
    return [[(fb[(y >> 3) * width + x] >> (y & 7)) & 1 for x in range(width)]
            for y in range(height)]


def halfblocks(px):
    """The picture in the terminal: two pixel rows per line of Unicode half blocks."""
    chars = {(0, 0): " ", (1, 0): "\u2580", (0, 1): "\u2584", (1, 1): "\u2588"}
    lines = []
    for y in range(0, len(px), 2):
        top = px[y]
        bot = px[y + 1] if y + 1 < len(px) else [0] * len(top)
        lines.append("".join(chars[(a, b)] for a, b in zip(top, bot)))
    return lines


def png(px, scale=3, border=2):
    """A greyscale PNG of the picture: lit pixels white on a black panel, a grey border."""
    h = len(px)
    w = len(px[0])
    W = (w + 2 * border) * scale
    grey = bytes([64]) * W
    raw = bytearray()
    for y in range(-border, h + border):
        if y < 0 or y >= h:
            line = grey
        else:
            row = bytes([64]) * (border * scale)
            row += bytes(255 if p else 0 for p in px[y] for _ in range(scale))
            line = row + bytes([64]) * (border * scale)
        for _ in range(scale):
            raw += b"\x00" + line

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    H = (h + 2 * border) * scale
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


# ---------------------------------------------------------------- the board's files

def fresh_state(state, rules):
    """A board with default settings for `rules` and no journal (nor the files kept beside
    it: its id, the upload mark)."""
    os.makedirs(state, exist_ok=True)
    for name in os.listdir(state):
        if name.startswith("journal.") or name.startswith("settings.json"):
            os.remove(os.path.join(state, name))
    with open(os.path.join(state, "settings.json"), "w") as f:
        json.dump({"rules": rules}, f)


def journal_lines(state):
    """The session's journal records as the organiser receives them: {"seq": n, ...}."""
    paths.use_firmware()
    import journal
    path = os.path.join(state, "journal.bin")
    out = []
    for _, seq, rec in journal.Journal(path).records():
        line = {"seq": seq}
        line.update(rec)
        out.append(line)
    return out


# ---------------------------------------------------------------- the device process

class Sim:
    """The simulated board: the firmware's application in a unix-port process."""

    def __init__(self, state=STATE, fresh=False, fb=False, size=None, heap="512k", timeout=120,
                 pull_ms=None):
        self.folder = build.build_device()
        opts = []
        if pull_ms:                 # the seating pull this often (a compressed round)
            opts.append("pull=%d" % pull_ms)
        if fb:
            opts.append("fb")
        if fresh:
            opts.append("fresh")
        if size:
            opts.append("size=" + size)
        os.makedirs(state, exist_ok=True)
        cmd = [paths.tool("micropython"), "-X", "heapsize=" + heap,
               os.path.join(paths.ROOT, "host_tools", "sim", "simdev.py"), self.folder,
               os.path.abspath(state)] + opts
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     bufsize=0)
        self.timeout = timeout
        self._buf = b""
        self.log = []               # the firmware's other output (tracebacks, messages)
        self.frames = []
        self.screen = None
        self.ready = self._until("ready")
        self._until("rows")             # the status screen, drawn at boot

    def _line(self):
        """The board's next output line ("" at its end); a board silent for `timeout`
        seconds is stopped (a hung firmware must not hang the caller)."""
        fd = self.proc.stdout.fileno()
        while b"\n" not in self._buf:
            ready, _, _ = select.select([fd], [], [], self.timeout)
            if not ready:
                self.proc.kill()
                raise RuntimeError("the simulated board said nothing for %d s:\n%s"
                                   % (self.timeout, "".join(self.log[-30:])))
            chunk = os.read(fd, 65536)
            if not chunk:
                line, self._buf = self._buf, b""
                return line.decode("utf-8", "replace")
            self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        return line.decode("utf-8", "replace") + "\n"

    def pump(self):
        """Take what the board has said (without waiting for more): True if it drew."""
        chunk = os.read(self.proc.stdout.fileno(), 65536)
        if not chunk:
            raise RuntimeError("the simulated board stopped:\n" + "".join(self.log[-30:]))
        self._buf += chunk
        drew = False
        while b"\n" in self._buf:
            line, self._buf = self._buf.split(b"\n", 1)
            line = line.decode("utf-8", "replace") + "\n"
            if line.startswith("SIM "):
                msg = json.loads(line[4:])
                if "rows" in msg:
                    self.frames.append(msg)
                    self.screen = msg
                    drew = True
            else:
                self.log.append(line)
        return drew

    def _next(self):
        while True:
            line = self._line()
            if not line:
                raise RuntimeError("the simulated board stopped:\n" + "".join(self.log[-30:]))
            if line.startswith("SIM "):
                msg = json.loads(line[4:])
                if "rows" in msg:
                    self.frames.append(msg)
                    self.screen = msg
                return msg
            self.log.append(line)

    def _until(self, kind):
        while True:
            msg = self._next()
            if kind in msg:
                return msg

    def press(self, key, long=False):
        """One key; returns (changed, screen message or None)."""
        self.proc.stdin.write((("~" if long else "") + key).encode())
        ack = self._until("key")
        if not ack["changed"]:
            return False, None
        return True, self._until("rows")

    def type_all(self, keys):
        """Send every key at once (a thread writes while the board's answers are read, so
        neither side waits on a full pipe), then end the input: close()'s answer."""
        import threading
        data = "".join(("~" if long else "") + key for key, long in keys).encode()

        def write():
            try:
                self.proc.stdin.write(data)
            finally:
                self.proc.stdin.close()
        t = threading.Thread(target=write, daemon=True)
        t.start()
        try:
            return self._finish()
        finally:
            t.join()

    def close(self):
        """End the input: the application stops; its last words."""
        self.proc.stdin.close()
        return self._finish()

    def _finish(self):
        end = None
        try:
            end = self._until("end")
        except RuntimeError:
            pass
        while True:
            line = self._line()
            if not line:
                break
            self.log.append(line)
        self.proc.wait()
        return end


def parse_keys(text):
    """--keys text -> [(key, long)]: keypad characters, ~ before a long press; spaces and
    any other character are ignored (so keys may be grouped for reading)."""
    out = []
    long = False
    for ch in text:
        if ch == "~":
            long = True
            continue
        ch = KEYMAP.get(ch, ch.upper())
        if ch in KEYS:
            out.append((ch, long))
            long = False
    return out


# ---------------------------------------------------------------- the terminal

def quadrants(px):
    """The picture at half size in the terminal: 2x2 pixels per character (Unicode
    quadrant blocks), so the OLED's 128 columns take 64."""
    chars = " \u2598\u259d\u2580\u2596\u258c\u259e\u259b\u2597\u259a\u2590\u259c\u2584\u2599\u259f\u2588"
    lines = []
    h = len(px)
    w = len(px[0])
    for y in range(0, h, 2):
        top = px[y]
        bot = px[y + 1] if y + 1 < h else [0] * w
        row = []
        for x in range(0, w, 2):
            n = top[x] + 2 * (top[x + 1] if x + 1 < w else 0) + 4 * bot[x] \
                + 8 * (bot[x + 1] if x + 1 < w else 0)
            row.append(chars[n])
        lines.append("".join(row))
    return lines


def term_cells(s):
    """Columns a string takes in a terminal: two for a wide (East Asian) character, none
    for a combining mark or a zero-width one (it sits on the character before)."""
    import unicodedata
    n = 0
    for c in s:
        if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf"):
            continue
        n += 2 if unicodedata.east_asian_width(c) in "WF" else 1
    return n


class Terminal:
    """The simulated screen in a terminal of 80 columns: its rows of text in a frame
    (inverted rows in reverse video; the picture at half size with --picture), redrawn in
    place (cursor home, each line cleared to its end), never scrolling; header lines above
    it stay."""

    WIDTH = 80

    def __init__(self, pictures=False, header=()):
        self.pictures = pictures
        self.header = list(header)
        self.first = True

    def lines(self, frame, note=""):
        out = [h[:self.WIDTH] for h in self.header]     # (headers are ASCII)
        if self.pictures and "fb" in frame:
            w, h = frame["size"]
            if w // 2 <= self.WIDTH:
                out += quadrants(pixels(binascii.unhexlify(frame["fb"]), w, h))
        cols = max(term_cells(r.lstrip("\x01")) for r in frame["rows"]) if frame["rows"] else 0
        cols = max(cols, 21)
        out.append("+" + "-" * cols + "+")
        for r in frame["rows"]:
            text = r[1:] if r.startswith("\x01") else r
            pad = " " * max(0, cols - term_cells(text))
            if r.startswith("\x01"):
                out.append("|\x1b[7m" + text + pad + "\x1b[0m|")
            else:
                out.append("|" + text + pad + "|")
        out.append("+" + "-" * cols + "+")
        out.append("keys: 0-9 a-d * #  Backspace=*  Enter=#  ~key=long  q=quit")
        if note:
            out.append(note)
        return out

    def draw(self, frame, note=""):
        head = "\x1b[2J\x1b[H" if self.first else "\x1b[H"
        self.first = False
        body = "\x1b[K\r\n".join(self.lines(frame, note))
        sys.stdout.write(head + body + "\x1b[K\r\n\x1b[J")
        sys.stdout.flush()


def interactive(sim, term):
    """Keys from the terminal in raw mode; the screen redrawn after each key and whenever
    the board redraws by itself (the upload counters, the seating pulled)."""
    import termios
    import tty
    fd = sys.stdin.fileno()
    dev = sim.proc.stdout.fileno()
    old = termios.tcgetattr(fd)
    tty.setraw(fd)
    try:
        term.draw(sim.screen)
        long = False
        while True:
            ready, _, _ = select.select([fd, dev], [], [])
            if dev in ready:
                if sim.pump():              # a screen the board drew by itself
                    term.draw(sim.screen)
                continue
            ch = os.read(fd, 1).decode("latin-1")
            if ch in ("q", "Q", "\x03", "\x04"):
                break
            if ch == "~":
                long = True
                term.draw(sim.screen, "(long press: next key)")
                continue
            key = KEYMAP.get(ch, ch.upper())
            if key not in KEYS:
                continue
            sim.press(key, long)
            long = False
            term.draw(sim.screen)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 epilog=__doc__.split("\n\n", 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", help="start a fresh session of this ruleset: mcr Chinese Official, hk Hong "
                    "Kong 16-tile (Cloud Dragon Cup table), tw Taiwanese 16-tile, sh Shanghai, "
                    "riichi Riichi (EMA)")
    ap.add_argument("--keys", help="type these keys, then exit (~ before a key: long press)")
    ap.add_argument("--png", metavar="DIR", help="save every screen as DIR/screen-NNN.png")
    ap.add_argument("--journal", metavar="FILE",
                    help="write the session's journal records as JSON lines at the end")
    ap.add_argument("--state", metavar="DIR", default=STATE,
                    help="the simulated board's filesystem (default build/sim/state)")
    ap.add_argument("--eink", action="store_true", help="the e-ink panel's 250x122 screen")
    ap.add_argument("--quiet", action="store_true", help="with --keys: print only the last screen")
    ap.add_argument("--picture", action="store_true",
                    help="at the keyboard: the screen's pixels too (half size, above its text)")
    ap.add_argument("--header", action="append", default=[], metavar="LINE",
                    help="a line kept above the screen at the keyboard (make run: the organiser)")
    ap.add_argument("--pull-ms", type=int, metavar="MS",
                    help="pull the seating (and the round's clock) this often: a round "
                         "compressed to minutes (a board pulls every 30-60 s)")
    a = ap.parse_args(argv)
    # one simulator over a state: two would share one flash (host_tools/sim/lock.py)
    held = lock.Lock(a.state, "a simulator (make sim, or make run's board)")
    try:
        held.take()
    except lock.InUse as e:
        sys.exit("refused: %s" % e)
    try:
        return _run(a)
    finally:
        held.release()


def _run(a):
    if a.rules:
        fresh_state(a.state, a.rules)
    tty_in = a.keys is None and sys.stdin.isatty()
    want_fb = bool(a.png) or (tty_in and a.picture)
    if a.png:
        if os.path.isdir(a.png):
            shutil.rmtree(a.png)
        os.makedirs(a.png)
    sim = Sim(a.state, fresh=bool(a.rules), fb=want_fb, size=EINK if a.eink else None,
              pull_ms=a.pull_ms)
    end = None
    hung = None
    try:
        if tty_in:
            interactive(sim, Terminal(a.picture, a.header))
        else:
            keys = parse_keys(a.keys if a.keys is not None else sys.stdin.read())
            if a.quiet and not a.png:   # only the last screen wanted: no wait per key
                end = sim.type_all(keys)
            else:
                for key, long in keys:
                    sim.press(key, long)
                    if not a.quiet and not a.png:
                        print(("~" if long else "") + key + ": " + " | ".join(sim.screen["rows"]))
            if a.quiet or a.png:
                print("\n".join(r.lstrip("\x01") for r in sim.screen["rows"]))
    except RuntimeError as e:       # the board hung (silent for its timeout) or stopped
        hung = str(e)
    finally:
        if end is None:
            end = sim.close()
    if a.png:
        for i, frame in enumerate(sim.frames):
            w, h = frame["size"]
            with open(os.path.join(a.png, "screen-%03d.png" % i), "wb") as f:
                f.write(png(pixels(binascii.unhexlify(frame["fb"]), w, h)))
    if a.journal:
        with open(a.journal, "w", encoding="utf-8") as f:
            for line in journal_lines(a.state):
                f.write(json.dumps(line, ensure_ascii=False) + "\n")
    if sim.log and (hung or end is None or end.get("faults")):
        sys.stderr.write("".join(sim.log))
    if hung:
        sys.exit(hung.splitlines()[0])
    if end is None:
        sys.exit("the simulated board stopped unexpectedly")
    if end.get("faults"):
        sys.exit("%d key(s) raised an error in the firmware" % end["faults"])
