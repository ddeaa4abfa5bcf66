"""The application for a board running CircuitPython (boards/cp_*.py), laid out as its
CIRCUITPY drive, and its deployment onto that drive.

    .venv/bin/python -m host_tools.board.bundle cp_pico             # build/bundle/cp_pico/
    .venv/bin/python -m host_tools.board.bundle cp_pico --drive /media/$USER/CIRCUITPY [--table 7 ...]
    .venv/bin/python -m host_tools.board.bundle cp_pico --image OUT.img # FAT image for the emulator

The drive: boot.py and code.py (firmware/cpy/, as source: CircuitPython runs those two as
files); lib/ with every firmware module and the cpy adapters compiled by CircuitPython
10.2.1's own mpy-cross (host_tools.board.circuitpython; its .mpy is not MicroPython's), the board
definition as lib/boarddef.mpy (CircuitPython's `board` module keeps its name), Adafruit's
libraries (setup/circuitpython-libs.txt) compiled the same way with their licences; the
decomposition table and the glyph font at the root, where the firmware opens them.
bundle.json lists the files.

Deployment copies the bundle onto the mounted drive (the board in safe mode, or any board
whose drive the computer may write: docs/circuitpython.md), each file written beside and renamed,
then writes settings.json (the fields given over what the drive has, checked by reading it
back with the firmware's own settings.load)."""

import json
import os
import shutil
import subprocess
import tempfile

from host_tools import build, paths
from host_tools.board import circuitpython
from host_tools.board.layout import compiler, copy_licences, lay_out
from host_tools.gen import font as gen_font, fontcols

OUT = os.path.join(paths.BUILD, "bundle")
SCRIPTS = ("boot", "code")              # firmware/cpy/boot.py, code.py -> the drive's root
# settings.toml, read by CircuitPython before code.py: the Python stack for frames (2 KB by
# default; a heavy Chinese Official hand's review, its context words tried one by one,
# scores 18 frames deep and exhausted it: "RuntimeError: pystack exhausted"), and the
# heap's first piece, 128 KB (8 KB by default, grown piece by piece as it fills: the
# session's modules kept in small pieces left a heavy Hong Kong review no 1.3 KB in one
# piece with 37 KB free, and each piece full is a collection; docs/circuitpython.md)
SETTINGS_TOML = "CIRCUITPY_PYSTACK_SIZE = 4096\nCIRCUITPY_HEAP_START_SIZE = 131072\n"
ADAPTERS = "cpy"
FONT_COLUMNS = "fontcol.bin"            # host_tools/gen/fontcols.py, at the drive's root
# CIRCUITPY on the raspberry_pi_pico build: FAT12, 2048 sectors of 512 bytes, no partitions
FAT_SECTORS = 2048


def sources():
    """(source, path under lib/ without .py) of the application's modules on CircuitPython."""
    out = [(src, rel) for src, rel in build.sources() if rel not in build.SCRIPTS]
    folder = os.path.join(paths.FIRMWARE, ADAPTERS)
    for name in sorted(os.listdir(folder)):
        if name.endswith(".py") and name[:-3] not in SCRIPTS:
            out.append((os.path.join(folder, name), ADAPTERS + "/" + name[:-3]))
    return out


def build_bundle(board, out=None):
    """build/bundle/<board>: the CIRCUITPY drive's files."""
    def fill(stage):
        lib = os.path.join(stage, "lib")
        os.makedirs(lib)
        compile_to = compiler(circuitpython.mpy_cross(), lib)
        compile_to(os.path.join(paths.ROOT, "boards", board + ".py"), "boarddef")
        for src, rel in sources():
            compile_to(src, rel)
        for src, rel in circuitpython.lib_sources():
            compile_to(src, rel)
        copy_licences(circuitpython.LIBS, lib)
        copy_licences(os.path.join(paths.FIRMWARE, "vendor"), lib)
        for name in SCRIPTS:
            shutil.copyfile(os.path.join(paths.FIRMWARE, ADAPTERS, name + ".py"),
                            os.path.join(stage, name + ".py"))
        with open(os.path.join(stage, "settings.toml"), "w") as f:
            f.write(SETTINGS_TOML)
        # the glyph font turned into the OLED driver's columns (cpy/oled.py reads it)
        with open(gen_font.ensure(), "rb") as f:
            cols = fontcols.columns(f.read())
        with open(os.path.join(stage, FONT_COLUMNS), "wb") as f:
            f.write(cols)

    return lay_out(out or os.path.join(OUT, board), fill, {
        "board": board, "circuitpython": circuitpython.VERSION,
        "libraries": ["%s==%s" % p for p in circuitpython.pins()]})


# ---------------------------------------------------------------- FAT images (mtools)

def fat_image(folder=None, files=None, out=None):
    """A CIRCUITPY FAT image (bytes) holding folder's files (bundle.json aside) and
    `files` {path: bytes|str}; written to `out` too if given."""
    with tempfile.TemporaryDirectory() as tmp:
        img = os.path.join(tmp, "fs.img")
        subprocess.run(["mformat", "-C", "-i", img, "-T", str(FAT_SECTORS), "-h", "1", "-s",
                        str(FAT_SECTORS), "-v", "CIRCUITPY", "-N", "43495250", "::"], check=True)
        if folder:
            names = sorted(n for n in os.listdir(folder) if n != "bundle.json")
            subprocess.run(["mcopy", "-s", "-i", img] + [os.path.join(folder, n) for n in names]
                           + ["::"], check=True)
        for path, data in (files or {}).items():
            src = os.path.join(tmp, "put")
            with open(src, "wb") as f:
                f.write(data.encode() if isinstance(data, str) else data)
            subprocess.run(["mcopy", "-o", "-i", img, src, "::/" + path.lstrip("/")], check=True)
        blob = open(img, "rb").read()
    if out:
        with open(out, "wb") as f:
            f.write(blob)
    return blob


def read_file(fs_image, path):
    """One file's bytes from a FAT image (bytes), or None if it is not there."""
    with tempfile.TemporaryDirectory() as tmp:
        img = os.path.join(tmp, "fs.img")
        with open(img, "wb") as f:
            f.write(fs_image)
        r = subprocess.run(["mtype", "-i", img, "::/" + path.lstrip("/")], capture_output=True)
    return r.stdout if r.returncode == 0 else None


def list_files(fs_image):
    """The paths in a FAT image (mdir -/ -b)."""
    with tempfile.TemporaryDirectory() as tmp:
        img = os.path.join(tmp, "fs.img")
        with open(img, "wb") as f:
            f.write(fs_image)
        r = subprocess.run(["mdir", "-/", "-b", "-i", img, "::/"], capture_output=True, text=True,
                           check=True)
    return [line[2:] if line.startswith("::") else line for line in r.stdout.split()]


# ---------------------------------------------------------------- deployment

def deploy(board, drive, args, settings_from, log=print):
    """Copy the bundle onto the mounted CIRCUITPY at `drive` and write its settings
    (settings_from(args, current): host_tools.board.bundle's, the fields given over what
    the drive has)."""
    if not os.path.isdir(drive):
        raise SystemExit("deploy: %s is not a mounted drive" % drive)
    folder = build_bundle(board)
    n = 0
    for top, dirs, names in os.walk(folder):
        dirs.sort()
        rel = os.path.relpath(top, folder)
        for name in sorted(names):
            if rel == "." and name == "bundle.json":
                continue
            dest_dir = drive if rel == "." else os.path.join(drive, rel)
            os.makedirs(dest_dir, exist_ok=True)
            _put(os.path.join(dest_dir, name), open(os.path.join(top, name), "rb").read())
            n += 1
    log("deploy: %d files of %s copied to %s" % (n, folder, drive))
    path = os.path.join(drive, "settings.json")
    try:
        current = json.load(open(path))
    except (OSError, ValueError):
        current = {}
    cfg = settings_from(args, current if isinstance(current, dict) else {})
    _put(path, json.dumps(cfg).encode())
    paths.use_firmware()
    import settings
    back = settings.load(path)
    for k, v in cfg.items():
        if back.get(k) != v:
            raise SystemExit("deploy: the drive reads %s = %r, not %r" % (k, back.get(k), v))
    log("deploy: settings %s" % json.dumps(
        {k: ("…" if k in ("secret", "password") and v else v) for k, v in cfg.items()},
        ensure_ascii=False))
    os.sync()
    return cfg


def _put(path, data):
    tmp = path + ".new"
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
