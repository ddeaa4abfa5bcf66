# Runs inside MicroPython (the unix port): a LittleFS v2 filesystem over an in-RAM block
# device that can lose power after a number of block writes, for the power-cut scripts
# (mpy_powercut.py, mpy_markcut.py, mpy_ui_powercut.py).

import vfs

BS = 512
NBLOCKS = 64


class Dev:
    """LittleFS block device (extended interface) in RAM.  After `limit` block writes
    (prog or erase) the power is gone: no later write reaches the blocks (the callbacks
    run with the heap locked, so they drop the write rather than raise).  With `tear`,
    the last write that gets through is cut half way."""

    def __init__(self, data=None):
        self.data = bytearray(data) if data is not None else bytearray(b"\xff" * (BS * NBLOCKS))
        self.writes = 0
        self.limit = None
        self.tear = False

    def _gate(self):
        """How many halves of a write reach the blocks."""
        if self.limit is not None and self.writes >= self.limit:
            return 0
        self.writes += 1
        if self.tear and self.limit is not None and self.writes == self.limit:
            return 1
        return 2

    def readblocks(self, n, buf, off=0):
        s = n * BS + off
        buf[:] = self.data[s:s + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.ioctl(6, n)
            off = 0
        m = len(buf) * self._gate() // 2
        s = n * BS + off
        self.data[s:s + m] = buf[:m]

    def ioctl(self, op, arg):
        if op == 4:
            return NBLOCKS
        if op == 5:
            return BS
        if op == 6:
            m = BS * self._gate() // 2
            s = arg * BS
            self.data[s:s + m] = b"\xff" * m
            return 0
        return 0


def mount(mnt, data=None, fresh=False):
    """A device holding `data` (a fresh filesystem if `fresh`) mounted at mnt."""
    dev = Dev(data)
    if fresh:
        vfs.VfsLfs2.mkfs(dev)
    vfs.mount(vfs.VfsLfs2(dev), mnt)
    return dev


def umount(mnt):
    try:
        vfs.umount(mnt)
    except OSError:
        pass
