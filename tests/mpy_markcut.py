# Runs inside MicroPython (the unix port): the uploader's "sent up to" mark and the
# journal's id rewritten on a real LittleFS v2 image over an in-RAM block device that
# loses power after N block writes, for every N across the write.  After each cut the
# file holds the old content or the new, never anything else.
# Usage: micropython mpy_markcut.py DEVICE_BUILD_FOLDER
# Prints one JSON line: {"ok": ..., "cuts": n, "old": n, "new": n, "failures": [...]}

import sys
import json
import vfs

sys.path.insert(0, sys.argv[1])
import journal

BS = 512
NBLOCKS = 64
MNT = "/mc"
PATH = MNT + "/journal.bin"


class Dev:
    """LittleFS block device in RAM; after `limit` block writes nothing reaches it."""

    def __init__(self, data=None):
        self.data = bytearray(data) if data is not None else bytearray(b"\xff" * (BS * NBLOCKS))
        self.writes = 0
        self.limit = None

    def _open(self):
        if self.limit is not None and self.writes >= self.limit:
            return False
        self.writes += 1
        return True

    def readblocks(self, n, buf, off=0):
        s = n * BS + off
        buf[:] = self.data[s:s + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.ioctl(6, n)
            off = 0
        if self._open():
            s = n * BS + off
            self.data[s:s + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return NBLOCKS
        if op == 5:
            return BS
        if op == 6:
            if self._open():
                self.data[arg * BS:(arg + 1) * BS] = b"\xff" * BS
            return 0
        return 0


def mount(data=None, fresh=False):
    dev = Dev(data)
    if fresh:
        vfs.VfsLfs2.mkfs(dev)
    vfs.mount(vfs.VfsLfs2(dev), MNT)
    return dev


def umount():
    try:
        vfs.umount(MNT)
    except OSError:
        pass


def read(path):
    try:
        f = open(path)
        try:
            return f.read()
        finally:
            f.close()
    except OSError:
        return None


def main():
    failures = []
    cuts = old = new = 0
    dev = mount(fresh=True)
    j = journal.Journal(PATH)
    j.append({"event": {"event": "start"}})
    mark = journal.side(PATH, ".sent")
    before = json.dumps({"journal": journal.journal_id(PATH), "acked": 3, "offset": 420})
    after = json.dumps({"journal": journal.journal_id(PATH), "acked": 17, "offset": 2980})
    journal.put(mark, before)
    base = bytes(dev.data)
    w0 = dev.writes
    journal.put(mark, after)
    span = dev.writes - w0
    umount()
    for n in range(span + 1):
        cuts += 1
        dev = mount(base)
        dev.limit = dev.writes + n
        try:
            journal.put(mark, after)
        except OSError:
            pass
        umount()
        try:
            mount(bytes(dev.data))
        except OSError as e:
            failures.append("n=%d: unmountable %r" % (n, e))
            continue
        got = read(mark)
        if got == before:
            old += 1
        elif got == after:
            new += 1
        else:
            failures.append("n=%d: %r" % (n, got))
        umount()
    print(json.dumps({"ok": not failures, "span": span, "cuts": cuts, "old": old, "new": new,
                      "failures": failures[:10]}))


main()
