"""Firmware images for the RP2040 boards with the whole application frozen into flash.

    .venv/bin/python -m host_tools.board.firmware [--board pico|pico_w] [--force]

From the pinned MicroPython v1.28.0 sources (host_tools.board.mpsource): mpy-cross, then the rp2
port with FROZEN_MANIFEST = boards/manifests/<board>.py, which freezes every firmware
module (boards/manifests/app.py) and what this tool generates for the board under
build/firmware/<board>/gen: board.py (the board definition), dtable_frozen.py and
font_data.py (the decomposition table and the glyph font, each one bytes object read in
place from flash by dtable.py and ui/text.py).  The UF2 (tools/bin2uf2.py) lands in
build/firmware/<board>/firmware.uf2.  A build is redone only when an input changed (the
sources, the board, the manifests, the table, the tarball); CMake then recompiles only what
changed (the frozen modules: seconds).  Through the tools' cache (host_tools.board.toolcache)
a fresh clone on a machine that built the same inputs once copies the image in, and one
with other inputs compiles only what differs (ccache), mpy-cross copied in."""

import argparse
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys

from host_tools import build, buildlock, paths
from host_tools.board import mpsource, toolcache
from host_tools.gen import font as gen_font, tables as gen_tables

# project board -> (MicroPython board, its UF2 family)
BOARDS = {"pico": "RPI_PICO", "pico_w": "RPI_PICO_W"}
MANIFESTS = os.path.join(paths.ROOT, "boards", "manifests")
OUT = os.path.join(paths.BUILD, "firmware")


def folder(board):
    return os.path.join(OUT, board)


def uf2_path(board):
    return os.path.join(folder(board), "firmware.uf2")


def _env():
    env = dict(os.environ, MICROPY_GIT_TAG=mpsource.VERSION, MICROPY_GIT_HASH=mpsource.GIT_HASH,
               SOURCE_DATE_EPOCH=mpsource.SOURCE_DATE_EPOCH)
    env.pop("MAKEFLAGS", None)   # a parent make's flags (e.g. -s, jobserver) are not ours
    return env


def _jobs():
    return str(max(1, min(2, os.cpu_count() or 1)))


def mpy_cross():
    """The mpy-cross of the pinned sources (built once)."""
    with buildlock.held("micropython-src"):       # one make at a time in the tree
        src = mpsource.unpack()
        tool = os.path.join(src, "mpy-cross", "build", "mpy-cross")
        if not os.path.exists(tool):
            k = toolcache.key("micropython mpy-cross", toolcache.file_digest(mpsource.TARBALL),
                              mpsource.VERSION, mpsource.GIT_HASH, toolcache.compiler_version())
            if not toolcache.fetch("mp-mpy-cross", k, tool):
                subprocess.run(["make", "-C", os.path.join(src, "mpy-cross"), "-j", _jobs()],
                               env=toolcache.build_env(_env()), check=True, stdout=subprocess.DEVNULL)
                toolcache.store("mp-mpy-cross", k, tool)
    return tool


def generate(board):
    """build/firmware/<board>/gen: the modules the manifest freezes besides the sources."""
    gen = os.path.join(folder(board), "gen")
    want = {"board.py": open(os.path.join(paths.ROOT, "boards", board + ".py"), "rb").read(),
            "dtable_frozen.py": gen_tables.frozen_module(
                open(build.ensure_table(), "rb").read()).encode()}
    want["font_data.py"] = gen_font.frozen_module(open(gen_font.ensure(), "rb").read()).encode()
    os.makedirs(gen, exist_ok=True)
    for name in os.listdir(gen):
        if name not in want:
            os.remove(os.path.join(gen, name))
    for name, data in want.items():
        p = os.path.join(gen, name)
        if not os.path.exists(p) or open(p, "rb").read() != data:
            with open(p, "wb") as f:
                f.write(data)
    return gen


def inputs_digest(board):
    """A digest of everything the image is made from."""
    h = hashlib.sha256()
    files = [os.path.join(MANIFESTS, n) for n in sorted(os.listdir(MANIFESTS)) if n.endswith(".py")]
    for top in (paths.FIRMWARE, os.path.join(folder(board), "gen")):
        for d, dirs, names in os.walk(top):
            dirs.sort()
            files += [os.path.join(d, n) for n in sorted(names) if n.endswith(".py")]
    files.append(os.path.abspath(__file__))
    for p in files:
        h.update(os.path.relpath(p, paths.ROOT).encode() + b"\0")
        h.update(open(p, "rb").read())
    h.update(toolcache.file_digest(mpsource.TARBALL).encode())
    return h.hexdigest()


def build_firmware(board, force=False, log=sys.stderr):
    """Build (or reuse) the frozen image of a board; the UF2's path.  One build at a time
    per checkout (a lock file): two test runs share the build folder."""
    if board not in BOARDS:
        raise SystemExit("no firmware image for board %r (one of %s)" % (board, ", ".join(BOARDS)))
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(board, force, log)


def _build(board, force, log):
    src = mpsource.unpack()
    mpy_cross()
    generate(board)
    stamp = os.path.join(folder(board), "inputs.sha256")
    digest = inputs_digest(board)
    uf2 = uf2_path(board)
    if not force and os.path.exists(uf2) and os.path.exists(stamp) and open(stamp).read() == digest:
        return uf2
    # the same inputs built in another checkout on this machine: its image
    k = toolcache.key("rp2 image", board, digest, toolcache.compiler_version("arm-none-eabi-gcc"))
    binary = os.path.join(folder(board), "firmware.bin")
    if not force and toolcache.fetch("rp2-%s-bin" % board, k, binary) \
            and toolcache.fetch("rp2-%s-uf2" % board, k, uf2):
        with open(stamp, "w") as f:
            f.write(digest)
        return uf2
    manifest = os.path.join(MANIFESTS, board + ".py")
    rp2 = os.path.join(folder(board), "rp2")
    cache = os.path.join(rp2, "CMakeCache.txt")
    if os.path.exists(cache) and "=" + manifest + "\n" not in open(cache, encoding="utf-8").read():
        # configured for another checkout (a build folder copied from it): its frozen
        # modules, its MicroPython source would be that checkout's
        shutil.rmtree(rp2)
    if not os.path.exists(os.path.join(rp2, "Makefile")):
        subprocess.run(["cmake", "-S", os.path.join(src, "ports", "rp2"), "-B", rp2,
                        "-DPICO_BUILD_DOCS=0", "-DPICO_NO_PICOTOOL=1",
                        "-DMICROPY_BOARD=" + BOARDS[board],
                        "-DMICROPY_BOARD_DIR=" + os.path.join(src, "ports", "rp2", "boards", BOARDS[board]),
                        "-DMICROPY_FROZEN_MANIFEST=" + manifest],
                       env=toolcache.build_env(_env()), check=True, stdout=subprocess.DEVNULL)
    print("firmware: building %s (%s)..." % (board, BOARDS[board]), file=log, flush=True)
    r = subprocess.run(["make", "-C", rp2, "-j", _jobs()], env=toolcache.build_env(_env()),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode:
        sys.stderr.write(r.stdout[-6000:])
        raise SystemExit("firmware: the %s build failed" % board)
    tmp = uf2 + ".tmp"
    subprocess.run([sys.executable, os.path.join(src, "tools", "bin2uf2.py"),
                    os.path.join(rp2, "firmware.bin"), tmp], check=True, stdout=subprocess.DEVNULL)
    os.replace(tmp, uf2)
    shutil.copyfile(os.path.join(rp2, "firmware.bin"), binary)
    toolcache.store("rp2-%s-bin" % board, k, binary)
    toolcache.store("rp2-%s-uf2" % board, k, uf2)
    with open(stamp, "w") as f:
        f.write(digest)
    return uf2


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", default="pico", choices=sorted(BOARDS))
    ap.add_argument("--force", action="store_true", help="rebuild even if nothing changed")
    a = ap.parse_args(argv)
    print(build_firmware(a.board, a.force))


if __name__ == "__main__":
    main()
