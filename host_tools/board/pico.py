"""The emulated Raspberry Pi Pico from Python: a LittleFS image of the board's flash built
from host folders, the board booted with a UF2 (stock MicroPython by default) and that
image, the keypad on the matrix pins of boards/<board>.py and the SSD1306 on its I2C bus,
then driven by commands: exec over the raw REPL, keys pressed in emulated time, serial
lines waited for, the OLED read back (text art, PNG), the flash filesystem read back.

    with Pico(fs=image(build/device, files={"settings.json": b"{}"})) as pico:
        pico.type("1#", hold_ms=40, gap_ms=40)
        pico.wait_serial(r"saved (\\d+)")
        print(pico.screen()["text"])
        journal = read_file(pico.read_fs(), "/journal.bin")

The board runs only while a command waits on it: the same commands give the same emulated
time stamps (pico.t, in ms) on every run.  host_tools/board/pico/harness.mjs is the node side.

Command stream (python -m host_tools.board.pico [options] [COMMANDS]): one command a line, either
JSON ({"cmd": "type", "keys": "12#"}) or `name arg`: exec CODE, launch CODE, wait MS,
wait_serial REGEX, type KEYS, press KEY [MS], screen [PNG], read_fs OUT, soft_reset, serial.
"""

import argparse
import json
import os
import runpy
import shlex
import subprocess
import sys
import tempfile
import threading

from host_tools import paths

PICOKIT = os.path.join(paths.SHARED, "pico")
STOCK_UF2 = os.path.join(PICOKIT, "firmware.uf2")
CIRCUITPYTHON_UF2 = os.path.join(paths.SHARED, "circuitpython", "firmware.uf2")
HARNESS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pico", "harness.mjs")
OUT = os.path.join(paths.BUILD, "pico")

# ports/rp2, RPI_PICO: the last 1408 KiB of the 2 MiB flash, LittleFS2 as _boot.py mounts it
BLOCK_SIZE = 4096
BLOCK_COUNT = 1408 * 1024 // BLOCK_SIZE
LFS_GEOMETRY = dict(block_size=BLOCK_SIZE, block_count=BLOCK_COUNT, read_size=32,
                    prog_size=256, lookahead_size=32)


class PicoError(Exception):
    """A command the harness could not carry out (timeout, bad key, board halted...)."""

    def __init__(self, message, kind=None):
        super().__init__(message)
        self.kind = kind   # "emu" / "host" for timeouts


class PicoExecError(PicoError):
    """Code run by exec raised on the board; .stdout and .stderr (the traceback)."""

    def __init__(self, stdout, stderr):
        super().__init__(stderr.strip().splitlines()[-1] if stderr.strip() else "exec failed")
        self.stdout = stdout
        self.stderr = stderr


def board_def(name):
    """The fields of boards/<name>.py, as the device would see them."""
    path = os.path.join(paths.ROOT, "boards", name + ".py")
    return {k: v for k, v in runpy.run_path(path).items() if k.isupper()}


def board_config(name):
    """Harness wiring (keypad pins, OLED bus) from a board definition."""
    b = board_def(name)
    cfg = {"keypad": {"rows": list(b["KEYPAD_ROWS"]), "cols": list(b["KEYPAD_COLS"]),
                      "keys": b.get("KEYS", "123A456B789C*0#D")}}
    d = b.get("DISPLAY") or {}
    if d.get("driver") in ("ssd1306", "adafruit_ssd1306") and d.get("bus") == "i2c":
        cfg["oled"] = {"bus": d.get("bus_id", 0), "address": d.get("address", 0x3C)}
    if b.get("RUNTIME") == "circuitpython":
        cfg["firmware"] = "circuitpython"
        if "oled" in cfg:
            cfg["oled"]["pins"] = {"scl": d["scl"], "sda": d["sda"]}
    return cfg


def default_board():
    """pico if defined, else pico_w (same wiring, the emulator has no Wi-Fi chip)."""
    return "pico" if os.path.exists(os.path.join(paths.ROOT, "boards", "pico.py")) else "pico_w"


# ---------------------------------------------------------------- the flash filesystem

def _lfs(data=None):
    from littlefs import LittleFS
    if data is None:
        return LittleFS(**LFS_GEOMETRY, disk_version=0x00020001)
    fs = LittleFS(**LFS_GEOMETRY, mount=False)
    fs.context.buffer[:len(data)] = data
    fs.mount()
    return fs


def _mkdirs(fs, path):
    cur = ""
    for part in path.strip("/").split("/")[:-1]:
        cur += "/" + part
        try:
            fs.mkdir(cur)
        except FileExistsError:
            pass


def image(*folders, files=None, out=None):
    """A LittleFS2 image (bytes) of the board's filesystem: each folder's tree copied to the
    root (a (folder, dest) pair copies it under dest), then `files` {path: bytes|str}.
    Written to `out` too if given."""
    fs = _lfs()
    for spec in folders:
        src, dest = spec if isinstance(spec, tuple) else (spec, "/")
        for top, dirs, names in os.walk(src):
            dirs.sort()
            rel = os.path.relpath(top, src)
            base = dest.rstrip("/") + ("" if rel == "." else "/" + rel.replace(os.sep, "/"))
            for name in sorted(names):
                with open(os.path.join(top, name), "rb") as f:
                    _put(fs, base + "/" + name, f.read())
    for path, data in (files or {}).items():
        _put(fs, "/" + path.lstrip("/"), data.encode() if isinstance(data, str) else data)
    blob = bytes(fs.context.buffer)
    if out:
        with open(out, "wb") as f:
            f.write(blob)
    return blob


def _put(fs, path, data):
    _mkdirs(fs, path)
    with fs.open(path, "wb") as f:
        f.write(data)


def read_file(fs_image, path):
    """One file's bytes from a filesystem image (bytes), or None if it is not there."""
    fs = _lfs(fs_image)
    try:
        with fs.open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None


def journal_records(fs_image, path="/journal.bin"):
    """[(seq, record dict)] of a journal on a filesystem image, read with the firmware's
    own reader (journal.Journal)."""
    data = read_file(fs_image, path)
    if data is None:
        return []
    paths.use_firmware()
    import journal
    with tempfile.TemporaryDirectory() as tmp:
        p = os.path.join(tmp, "journal.bin")
        with open(p, "wb") as f:
            f.write(data)
        return [(seq, rec) for _, seq, rec in journal.Journal(p).records()]


def list_files(fs_image):
    """{path: size} of every file in a filesystem image."""
    fs = _lfs(fs_image)
    found = {}
    for top, _, names in fs.walk("/"):
        for name in names:
            p = top.rstrip("/") + "/" + name
            found[p] = fs.stat(p).size
    return found


# ---------------------------------------------------------------- the board

# rp2040js logs the core-1 FIFO registers it lacks at each soft reset: harmless
_NOISE = "Read from invalid SIO address"


def _pass_stderr(stream):
    for line in stream:
        if not line.startswith(_NOISE):
            sys.stderr.write(line)


class Pico:
    """A booted emulated Pico.  fs: image bytes or a path (None: an empty filesystem that
    the firmware formats at boot).  hold: keys held at power-on (e.g. the safe-mode key)."""

    def __init__(self, fs=None, uf2=None, board=None, hold="", flash_timing="typ",
                 oled_timing="scl", boot_timeout_ms=5000):
        os.makedirs(OUT, exist_ok=True)
        self._tmp = tempfile.TemporaryDirectory(dir=OUT)
        cfg = board_config(board or default_board())
        if "oled" in cfg:
            cfg["oled"]["timing"] = oled_timing
        if cfg.get("firmware") == "circuitpython":       # CircuitPython's USB comes up later
            uf2 = uf2 or CIRCUITPYTHON_UF2
            boot_timeout_ms = max(boot_timeout_ms, 10000)
        cfg.update(uf2=os.path.abspath(uf2 or STOCK_UF2), hold=hold, flashTiming=flash_timing,
                   bootTimeoutMs=boot_timeout_ms)
        if fs is not None:
            if isinstance(fs, (bytes, bytearray)):
                path = os.path.join(self._tmp.name, "fs-in.img")
                with open(path, "wb") as f:
                    f.write(fs)
                fs = path
            cfg["fs"] = os.path.abspath(fs)
        self.proc = subprocess.Popen(["node", HARNESS, json.dumps(cfg)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, encoding="utf-8")
        threading.Thread(target=_pass_stderr, args=(self.proc.stderr,), daemon=True).start()
        hello = self._answer()
        self.boot_text = hello.get("boot", "")

    # plumbing
    def _answer(self):
        line = self.proc.stdout.readline()
        if not line:
            raise PicoError("the emulator exited (code %s)" % self.proc.wait())
        ans = json.loads(line)
        self.t = ans.get("t")
        if not ans["ok"]:
            raise PicoError(ans["error"], ans.get("kind"))
        return ans

    def command(self, cmd, **args):
        """Send one harness command; its answer (a dict, with "t" = emulated ms)."""
        self.proc.stdin.write(json.dumps(dict(args, cmd=cmd)) + "\n")
        self.proc.stdin.flush()
        return self._answer()

    def close(self):
        if self.proc and self.proc.poll() is None:
            try:
                self.command("quit")
            except (PicoError, OSError, ValueError):
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
        self._tmp.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # the REPL
    def exec(self, code, timeout_ms=60000, check=True):
        """Run code through the raw REPL (interrupting main.py); its stdout.  Raises
        PicoExecError with the traceback if it raised (check=False: (stdout, stderr))."""
        ans = self.command("exec", code=code, timeout_ms=timeout_ms)
        if not check:
            return ans["stdout"], ans["stderr"]
        if ans["stderr"]:
            raise PicoExecError(ans["stdout"], ans["stderr"])
        return ans["stdout"]

    def launch(self, code):
        """Start code in the raw REPL without waiting for it (an application's loop); its
        prints arrive on serial.  The next exec interrupts it."""
        return self.command("launch", code=code)["started"]

    def soft_reset(self):
        """Soft reset from the raw REPL: a fresh heap, boot.py run, main.py not."""
        self.command("soft_reset")

    # time and serial
    def wait(self, ms):
        self.command("wait", ms=ms)

    def wait_serial(self, pattern, timeout_ms=10000):
        """Run until the serial output (past what was read) matches the regex; the match."""
        return self.command("wait_serial", pattern=pattern, timeout_ms=timeout_ms)

    def serial(self):
        """The serial output not read yet."""
        return self.command("serial")["text"]

    def write(self, data):
        self.command("write", data=data)

    # keys
    def press(self, key, ms=50):
        self.command("press", key=key, ms=ms)

    def type(self, keys, hold_ms=50, gap_ms=50):
        """Press the keys one after another (a string, or a list where "" is a pause)."""
        self.command("type", keys=keys, hold_ms=hold_ms, gap_ms=gap_ms)

    def down(self, key):
        self.command("down", key=key)

    def up(self, key):
        self.command("up", key=key)

    # what the board shows and keeps
    def screen(self, png=None, scale=4):
        """The OLED: {"text": '#'/'.' art, "ram": GDDRAM hex, "state", "frames"}."""
        return self.command("screen", png=os.path.abspath(png) if png else None, scale=scale)

    def read_fs(self):
        """The filesystem region of flash now: a LittleFS image (bytes)."""
        path = os.path.join(self._tmp.name, "fs-out.img")
        self.command("read_fs", out=path)
        with open(path, "rb") as f:
            return f.read()

    def stats(self):
        return self.command("stats")


# ---------------------------------------------------------------- command stream CLI

def _parse(line):
    line = line.strip()
    if line.startswith("{"):
        return json.loads(line)
    name, _, rest = line.partition(" ")
    rest = rest.strip()
    if name in ("exec", "launch"):
        return {"cmd": name, "code": rest.encode().decode("unicode_escape")}
    if name == "wait":
        return {"cmd": name, "ms": float(rest)}
    if name == "wait_serial":
        return {"cmd": name, "pattern": rest}
    if name == "type":
        return {"cmd": name, "keys": rest}
    if name == "press":
        a = shlex.split(rest)
        return {"cmd": name, "key": a[0], "ms": float(a[1]) if len(a) > 1 else 50}
    if name == "screen":
        return {"cmd": name, "png": os.path.abspath(rest) if rest else None}
    if name == "read_fs":
        return {"cmd": name, "out": os.path.abspath(rest)}
    return {"cmd": name}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("commands", nargs="?", help="command file (default: stdin)")
    ap.add_argument("--uf2", help="firmware (default: stock MicroPython v1.28.0)")
    ap.add_argument("--fs", action="append", default=[], metavar="DIR[:DEST]",
                    help="folder copied onto the board's filesystem (repeatable)")
    ap.add_argument("--file", action="append", default=[], metavar="SRC:DEST",
                    help="one file onto the board's filesystem")
    ap.add_argument("--board", default=None)
    ap.add_argument("--hold", default="", help="keys held at power-on")
    a = ap.parse_args(argv)
    folders = [tuple(s.split(":", 1)) if ":" in s else s for s in a.fs]
    files = {}
    for spec in a.file:
        src, dest = spec.split(":", 1)
        with open(src, "rb") as f:
            files[dest] = f.read()
    fs = image(*folders, files=files) if folders or files else None
    stream = open(a.commands) if a.commands else sys.stdin
    with Pico(fs=fs, uf2=a.uf2, board=a.board, hold=a.hold) as pico:
        for line in stream:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            req = _parse(line)
            ans = pico.command(req.pop("cmd"), **req)
            ans.pop("ram", None)
            text = ans.pop("text", None)
            print(json.dumps(ans, ensure_ascii=False))
            if text:
                print(text)


if __name__ == "__main__":
    main()
