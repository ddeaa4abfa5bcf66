"""One process at a time builds a thing under build/: an exclusive lock (flock) on
build/.<name>.lock.  The tests run in two processes (pytest -n 2) that share build/: a
folder half written by one must never be read, or swept, by the other."""

import contextlib
import fcntl
import os
import shutil

from host_tools import paths

_held = set()           # names this process holds: taken again (nested), no wait


@contextlib.contextmanager
def held(name):
    if name in _held:
        yield
        return
    os.makedirs(paths.BUILD, exist_ok=True)
    with open(os.path.join(paths.BUILD, ".%s.lock" % name), "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)           # released when the file closes
        _held.add(name)
        try:
            yield
        finally:
            _held.discard(name)


def _files(folder):
    out = {}
    for top, _, names in os.walk(folder):
        for name in names:
            p = os.path.join(top, name)
            out[os.path.relpath(p, folder)] = p
    return out


def swap_in(stage, out):
    """The folder `stage`, just built, takes the place of `out`; unless `out` already holds
    the same files, byte for byte: then it stays, and the other process that reads it
    (an image being made from it) reads on undisturbed."""
    with held("swap"):
        new, old = _files(stage), _files(out) if os.path.isdir(out) else None
        if old is not None and new.keys() == old.keys() and all(
                open(new[k], "rb").read() == open(old[k], "rb").read() for k in new):
            shutil.rmtree(stage)
            return out
        if os.path.exists(out):
            shutil.rmtree(out)
        os.replace(stage, out)
    return out
