"""Build the device image: the decomposition table and every firmware module compiled
with mpy-cross into build/device/, laid out as on a board's flash (no .py files, so a
stale source can never shadow its compiled module)."""

import os
import shutil
import subprocess
import sys

from host_tools import paths
from host_tools.gen import font as gen_font, tables as gen_tables

# firmware/lib's folders and firmware/net (folders on the host only) and firmware/vendor
# (third-party modules, kept apart from the host's sys.path) -> the device's root; every
# other folder keeps its name (a package)
ROOT_DIRS = paths.FLAT_DIRS + ("vendor",)
FIRMWARE_DIRS = ROOT_DIRS + ("rules", "ui", "drivers")
# MicroPython runs boot.py and main.py at power-on only as source files: two small
# scripts that import the compiled application
SCRIPTS = ("boot", "main")


def ensure_table():
    """build/dtable.bin, made or refreshed from the generator."""
    return gen_tables.ensure(paths.TABLE)


def sources():
    """(source path, path on the device without extension) of every firmware module."""
    out = []
    for sub in FIRMWARE_DIRS:
        folder = os.path.join(paths.FIRMWARE, sub)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                rel = name[:-3] if sub in ROOT_DIRS else sub + "/" + name[:-3]
                out.append((os.path.join(folder, name), rel))
    for name in sorted(os.listdir(paths.FIRMWARE)):
        if name.endswith(".py"):
            out.append((os.path.join(paths.FIRMWARE, name), name[:-3]))
    return out


def build_board(out, board):
    """boards/<board>.py compiled as the device's `board` module (rewritten only if it
    differs, so a folder can be switched between boards)."""
    src = os.path.join(paths.ROOT, "boards", board + ".py")
    target = os.path.join(out, "board.mpy")
    tmp = "%s.%d.tmp" % (target, os.getpid())
    subprocess.run([paths.tool("mpy-cross"), "-O3", "-s", "board.py", "-o", tmp, src], check=True)
    if os.path.exists(target) and open(target, "rb").read() == open(tmp, "rb").read():
        os.remove(tmp)
    else:
        os.replace(tmp, target)
    return target


def build_device(out=paths.DEVICE, board="sim"):
    """The device image in `out` for boards/<board>.py (sim: the host simulator's)."""
    ensure_table()
    os.makedirs(out, exist_ok=True)
    want = {os.path.normpath(build_board(out, board))}
    for src, rel in sources():
        if rel in SCRIPTS:          # the board runs these two as source, never as .mpy
            target = os.path.join(out, rel + ".py")
            want.add(os.path.normpath(target))
            if not os.path.exists(target) or open(target, "rb").read() != open(src, "rb").read():
                shutil.copyfile(src, target)
            continue
        target = os.path.join(out, rel + ".mpy")
        want.add(os.path.normpath(target))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if os.path.exists(target) and os.path.getmtime(target) >= os.path.getmtime(src):
            continue
        # -O3 leaves out line numbers: about a tenth less bytecode in the heap (tracebacks
        # on the device then name functions, not lines; the host runs the sources).
        # -s names the module by its path on the device: the name is interned in the
        # heap, so it must not depend on where the project is checked out.
        subprocess.run([paths.tool("mpy-cross"), "-O3", "-s", rel + ".py", "-o", target, src],
                       check=True)
    for data in (paths.TABLE, gen_font.ensure()):    # the table and the glyph font
        target = os.path.join(out, os.path.basename(data))
        blob = open(data, "rb").read()
        if not os.path.exists(target) or open(target, "rb").read() != blob:
            # write beside and rename: a device process reading the old file keeps it whole
            tmp = "%s.%d.tmp" % (target, os.getpid())
            shutil.copyfile(data, tmp)
            os.replace(tmp, target)
        want.add(os.path.normpath(target))
    for folder, _, files in os.walk(out):   # drop modules whose source is gone
        for name in files:
            p = os.path.normpath(os.path.join(folder, name))
            if p not in want:
                os.remove(p)
    return out


if __name__ == "__main__":
    # python -m host_tools.build [OUT [BOARD]]
    print(build_device(*sys.argv[1:]))
