"""The toolchains' builds kept outside the checkout, so that a second clone on the same
machine builds none of them again (docs/testing.md, "The toolchains' cache").

Two layers:

  tools   the host tools built from the shared tarballs (MicroPython's and CircuitPython's
          mpy-cross, CircuitPython's unix port) are single executables, the same for every
          checkout: each is kept under ${XDG_CACHE_HOME:-~/.cache}/mahjong-terminal/tools/,
          named by a digest of what it is built from (the tarball, the build script, the
          recipe, the compiler's version); a clone copies it in instead of unpacking,
          making a venv and compiling.
  ccache  what is built anew with every firmware change (the frozen rp2 image: a CMake
          tree that cannot be moved between checkouts) and a tool the cache above misses
          compile through ccache (Debian's /usr/lib/ccache wrappers first on PATH), with
          the checkout as its base directory: a clone at another path hits the objects
          another clone compiled; only what changed is compiled.

MAHJONG_TOOL_CACHE=0 turns both off (every build from scratch, as on a new machine)."""

import hashlib
import os
import shutil
import subprocess

from host_tools import paths

CCACHE_BIN = "/usr/lib/ccache"      # Debian's ccache: gcc, cc, arm-none-eabi-gcc wrappers


def enabled():
    return os.environ.get("MAHJONG_TOOL_CACHE", "1") != "0"


def folder():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "mahjong-terminal", "tools")


def file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def compiler_version(cc="gcc"):
    """The first line of `cc --version`: a compiler upgrade builds the tools anew."""
    try:
        out = subprocess.run([cc, "--version"], capture_output=True, text=True).stdout
    except OSError:
        return "none"
    return out.split("\n", 1)[0]


def key(*parts):
    """A short digest of the strings `parts` (file digests, flags, versions)."""
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode() + b"\0")
    return h.hexdigest()[:24]


def _entry(name, k):
    return os.path.join(folder(), "%s-%s" % (name, k))


def fetch(name, k, dest):
    """Copy the cached tool `name` with key `k` to `dest`; False if it is not cached."""
    src = _entry(name, k)
    if not enabled() or not os.path.isfile(src):
        return False
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    tmp = "%s.%d.tmp" % (dest, os.getpid())
    shutil.copy2(src, tmp)
    os.replace(tmp, dest)
    return True


def store(name, k, built):
    """Keep the tool just built (written beside, then renamed: a reader sees it whole)."""
    if not enabled():
        return
    target = _entry(name, k)
    try:
        os.makedirs(folder(), exist_ok=True)
        tmp = "%s.%d.tmp" % (target, os.getpid())
        shutil.copy2(built, tmp)
        os.replace(tmp, target)
    except OSError:         # a read-only or full cache: the build itself is done
        pass


def build_env(env):
    """`env` for a C build: gcc through ccache, paths relative to the checkout."""
    if not enabled() or not os.path.isdir(CCACHE_BIN):
        return env
    env = dict(env)
    env["PATH"] = CCACHE_BIN + os.pathsep + env.get("PATH", os.defpath)
    env["CCACHE_BASEDIR"] = paths.ROOT
    env["CCACHE_NOHASHDIR"] = "1"       # the build folder's path is no part of an object
    return env
