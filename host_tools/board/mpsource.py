"""The pinned MicroPython sources (../shared/micropython: v1.28.0 with the submodule files
its rp2 and unix ports use, micropython-lib included), unpacked once into build/."""

import os
import shutil
import tarfile

from host_tools import buildlock, paths
from host_tools.board import toolcache

TARBALL = os.path.join(paths.SHARED, "micropython", "micropython-1.28.0-src.tar.xz")
TOP = "micropython-1.28.0"
VERSION = "v1.28.0"
GIT_HASH = "e0e9fbb17e"
SOURCE_DATE_EPOCH = "1775481169"   # the release's date: reproducible images
SRC = os.path.join(paths.BUILD, TOP)
MPLIB = os.path.join(SRC, "lib", "micropython-lib")


def unpack():
    """The source tree's path; unpacked again only when the tarball changed."""
    with buildlock.held("micropython-src"):
        return _unpack()


def _unpack():
    stamp = os.path.join(SRC, ".unpacked")
    want = toolcache.file_digest(TARBALL)
    if os.path.exists(stamp) and open(stamp).read() == want:
        return SRC
    if os.path.exists(SRC):
        shutil.rmtree(SRC)
    os.makedirs(paths.BUILD, exist_ok=True)
    tmp = SRC + ".tmp"
    if os.path.exists(tmp):
        shutil.rmtree(tmp)
    with tarfile.open(TARBALL) as tar:
        tar.extractall(tmp, filter="tar")
    os.replace(os.path.join(tmp, TOP), SRC)
    os.rmdir(tmp)
    with open(stamp, "w") as f:
        f.write(want)
    return SRC


def mplib(relpath):
    """A file of the pinned micropython-lib, e.g. "micropython/drivers/display/ssd1306/ssd1306.py"."""
    unpack()
    return os.path.join(MPLIB, relpath)
