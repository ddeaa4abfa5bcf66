"""CircuitPython's tools, built from the shared CircuitPython 10.2.1 sources, and Adafruit's
libraries from PyPI, for the CircuitPython boards (boards/cp_*.py).

    .venv/bin/python -m host_tools.board.circuitpython            # build the tools, fetch the libraries

  mpy-cross  build/circuitpython/.../mpy-cross/build/mpy-cross: compiles the .mpy files
             CircuitPython loads (its .mpy format is not MicroPython v1.28's)
  unix       .../ports/unix/build-net/micropython: CircuitPython's unix port, one build
             for every test on it (VfsFat for the FAT power-cut test; a `socket` module for
             the Wi-Fi adapters' test against the organiser: CircuitPython's unix port has
             its socket module taken out, so MicroPython v1.28.0's ports/unix/modsocket.c is
             built into a copy of the coverage variant, the one with CircuitPython's own
             modules, optimised and without gcov)
  libraries  setup/circuitpython-libs.txt, pinned: fetched with pip download (no install:
             on CPython they pull in Blinka) into build/circuitpython/pypi/, unpacked into
             build/circuitpython/libs/ with their licences

The builds run the shared build.sh (offline, its own venv) at low priority; each is done
once, and again only when the tarball changes (about 40 s each on two cores).  A tool
built once on this machine is copied in from the tools' cache (host_tools.board.toolcache)
instead: a fresh clone unpacks, makes a venv and compiles nothing."""

import glob
import hashlib
import os
import shutil
import subprocess
import sys
import zipfile

from host_tools import buildlock, paths
from host_tools.board import toolcache

SHARED = os.path.join(paths.SHARED, "circuitpython")
BUILD_SH = os.path.join(SHARED, "build.sh")
TARBALL = os.path.join(SHARED, "circuitpython-10.2.1-src.tar.xz")
UF2 = os.path.join(SHARED, "firmware.uf2")
VERSION = "10.2.1"
OUT = os.path.join(paths.BUILD, "circuitpython")
SRC = os.path.join(OUT, "circuitpython-" + VERSION)
MPY_CROSS = os.path.join(SRC, "mpy-cross", "build", "mpy-cross")
LIBS_TXT = os.path.join(paths.ROOT, "setup", "circuitpython-libs.txt")
PYPI = os.path.join(OUT, "pypi")
LIBS = os.path.join(OUT, "libs")
UNIX_NET = os.path.join(SRC, "ports", "unix", "build-net", "micropython")
TOOLS = {"mpy-cross": MPY_CROSS}


def _stamp_of(target):
    return os.path.join(OUT, "built-%s.sha256" % target)


def ensure(target):
    """The tool `target` (mpy-cross), built if missing or its sources changed; the tree
    unpacked and the build's venv made on the way (unix_net builds in them)."""
    tool = TOOLS[target]
    stamp = _stamp_of(target)
    os.makedirs(OUT, exist_ok=True)
    with buildlock.held("circuitpython"):       # two test processes never build at once
        sha = toolcache.file_digest(TARBALL)
        if os.path.exists(tool) and os.path.exists(stamp) and open(stamp).read() == sha:
            return tool
        k = toolcache.key("circuitpython", target, sha, toolcache.file_digest(BUILD_SH),
                          toolcache.compiler_version())
        if not toolcache.fetch("cp-" + target, k, tool):
            _build(target)
            toolcache.store("cp-" + target, k, tool)
        with open(stamp, "w") as f:
            f.write(sha)
    return tool


def _build(target):
    """build.sh's `target`, the tree unpacked and the build's venv made if not there."""
    # KEEP=1 reuses a tree the other target unpacked (build.sh unpacks anew otherwise; a
    # tool copied in from the cache leaves no tree)
    keep = "1" if _tree_ready() and any(os.path.exists(_stamp_of(t)) for t in TOOLS) else "0"
    env = toolcache.build_env(dict(os.environ, NICE="15", KEEP=keep))
    env.pop("MAKEFLAGS", None)
    print("circuitpython: building %s (a minute or two) ..." % target, file=sys.stderr)
    subprocess.run(["bash", BUILD_SH, OUT, target], env=env, check=True)


def _tree_ready():
    return os.path.isdir(os.path.join(SRC, "ports", "unix")) and \
        os.path.exists(os.path.join(OUT, "venv", "bin", "python"))


def pins():
    """[(distribution name, version)] from setup/circuitpython-libs.txt."""
    out = []
    for line in open(LIBS_TXT):
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            out.append((name.strip(), version.strip()))
    return out


def _wheel(name, version):
    norm = name.replace("-", "_")
    found = glob.glob(os.path.join(PYPI, "%s-%s-*.whl" % (norm, version)))
    return found[0] if found else None


def ensure_libs():
    """build/circuitpython/libs/: each pinned library's modules (.py, folders for
    packages) and LICENSE-<distribution>.  Returns the folder."""
    with buildlock.held("circuitpython"):
        return _ensure_libs()


def _ensure_libs():
    want = pins()
    os.makedirs(PYPI, exist_ok=True)
    missing = ["%s==%s" % p for p in want if _wheel(*p) is None]
    if missing:
        subprocess.run([paths.tool("pip"), "download", "--no-deps", "--only-binary", ":all:",
                        "--disable-pip-version-check", "-q", "-d", PYPI] + missing, check=True)
    stamp = os.path.join(LIBS, ".pins")
    key = "\n".join("%s==%s" % p for p in want)
    if os.path.exists(stamp) and open(stamp).read() == key:
        return LIBS
    if os.path.exists(LIBS):
        shutil.rmtree(LIBS)
    os.makedirs(LIBS)
    for name, version in want:
        with zipfile.ZipFile(_wheel(name, version)) as z:
            for member in z.namelist():
                if ".dist-info/" in member:
                    if member.rsplit("/", 1)[-1].startswith("LICENSE"):
                        with open(os.path.join(LIBS, "LICENSE-" + name), "wb") as f:
                            f.write(z.read(member))
                    continue
                if member.endswith(".py"):
                    target = os.path.join(LIBS, member)
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    with open(target, "wb") as f:
                        f.write(z.read(member))
        if not os.path.exists(os.path.join(LIBS, "LICENSE-" + name)):
            raise RuntimeError("%s %s: no licence in its wheel" % (name, version))
    with open(stamp, "w") as f:
        f.write(key)
    return LIBS


def lib_sources():
    """(path, path under lib/ without .py) of every library module."""
    root = ensure_libs()
    out = []
    for top, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(".py"):
                p = os.path.join(top, name)
                out.append((p, os.path.relpath(p, root)[:-3].replace(os.sep, "/")))
    return out


def mpy_cross():
    return ensure("mpy-cross")


def unix_net():
    """CircuitPython's unix port with a `socket` module: the variant `net`, the coverage
    variant (the one with CircuitPython's own modules: displayio, bitmaptools...) built
    optimised and without its gcov instrumentation, plus MicroPython v1.28.0's unix
    modsocket.c, which CircuitPython's tree lacks.  One build for every test on the port
    (the instrumented -O0 build ran the application several times slower); built if
    missing or its sources changed."""
    from host_tools.board import mpsource
    modsocket = os.path.join(mpsource.unpack(), "ports", "unix", "modsocket.c")
    stamp = _stamp_of("unix-net")
    with buildlock.held("circuitpython-unix-net"):   # two test processes never build at once
        sha = "net-O2 " + toolcache.file_digest(TARBALL) + " " + hashlib.sha256(open(modsocket, "rb").read()).hexdigest()
        if os.path.exists(UNIX_NET) and os.path.exists(stamp) and open(stamp).read() == sha:
            return UNIX_NET
        # the recipe is this module's: a change to it builds the port anew
        k = toolcache.key("unix-net", sha, toolcache.file_digest(BUILD_SH),
                          toolcache.file_digest(os.path.abspath(__file__)), toolcache.compiler_version())
        if not toolcache.fetch("cp-unix-net", k, UNIX_NET):
            _build_unix_net(modsocket)
            toolcache.store("cp-unix-net", k, UNIX_NET)
        with open(stamp, "w") as f:
            f.write(sha)
    return UNIX_NET


def _build_unix_net(modsocket):
    ensure("mpy-cross")
    with buildlock.held("circuitpython"):
        if not _tree_ready():                   # mpy-cross came from the cache: no tree
            _build("mpy-cross")
    unix_dir = os.path.join(SRC, "ports", "unix")
    variant = os.path.join(unix_dir, "variants", "net")
    if os.path.exists(variant):
        shutil.rmtree(variant)
    shutil.copytree(os.path.join(unix_dir, "variants", "coverage"), variant)
    shutil.copyfile(modsocket, os.path.join(variant, "modsocket.c"))   # built with the variant's .c
    mk = os.path.join(variant, "mpconfigvariant.mk")
    text = open(mk).read()
    for flag in ("DEBUG ?= 1", "-fprofile-arcs -ftest-coverage"):
        assert flag in text, (mk, flag)     # the coverage variant as 10.2.1 has it
    with open(mk, "w") as f:
        f.write(text.replace("DEBUG ?= 1", "DEBUG ?= 0").replace("-fprofile-arcs -ftest-coverage", ""))
    env = dict(os.environ, PATH=os.path.join(OUT, "venv", "bin") + os.pathsep + os.environ["PATH"],
               CP_VERSION=VERSION, SOURCE_DATE_EPOCH="1778618352")   # as build.sh builds
    env = toolcache.build_env(env)
    env.pop("MAKEFLAGS", None)
    print("circuitpython: building unix-net (a minute) ...", file=sys.stderr)
    with open(os.path.join(OUT, "build-unix-net.log"), "w") as log:
        subprocess.run(["nice", "-n", "15", "make", "-C", unix_dir, "-j2", "VARIANT=net",
                        "MICROPY_PY_FFI=0", "MICROPY_PY_BTREE=0", "MICROPY_PY_SOCKET=1"],
                       env=env, stdout=log, stderr=subprocess.STDOUT, check=True)


def unix():
    return unix_net()


if __name__ == "__main__":
    print(mpy_cross())
    print(unix())
    print(unix_net())
    print(ensure_libs())
