# Runs inside MicroPython (the unix port): the table journal on a real LittleFS v2 image
# over an in-RAM block device that loses power after N block writes, for every N across
# the writing of one record.  Usage: micropython mpy_powercut.py DEVICE_BUILD_FOLDER
# Prints one JSON line: {"ok": ..., "cuts": n, "kept": n, "lost": n, "failures": [...]}

import sys
import json
import vfs

sys.path.insert(0, sys.argv[1])
import dtable
dtable.PATH = sys.argv[1] + "/dtable.bin"
import journal
import session

BS = 512
NBLOCKS = 64
MNT = "/pc"
PATH = MNT + "/journal.bin"


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
        """How many bytes of a write of m bytes reach the blocks."""
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


EVENTS = [
    {"event": "start", "rules": "tw", "dealer": 1, "players": ["A" * 300, "B" * 300, "C", "D"]},
    {"event": "declare", "seat": 2},
    {"event": "draw"},
    {"event": "streak", "n": 3},
    {"event": "undo"},
    {"event": "declare", "seat": 0},
]


def main():
    failures = []
    dev = mount(fresh=True)
    ses = session.Session(PATH)
    states = [None]
    for ev in EVENTS[:-1]:
        assert ses.handle(ev)["ok"]
        states.append(ses.state)
    base = bytes(dev.data)
    k = journal.Journal(PATH)
    k.open()
    good = [rec for _, _, rec in k.records()]
    w0 = dev.writes
    last = EVENTS[-1]
    assert ses.handle(last)["ok"]
    after = ses.state
    span = dev.writes - w0
    umount()
    cuts = kept = lost = 0
    for tear in (False, True):
        for n in range(span + 1):
            cuts += 1
            dev = mount(base)
            ses = session.Session(PATH)
            dev.limit = dev.writes + n
            dev.tear = tear
            try:
                ses.handle(last)
            except OSError:
                pass
            umount()
            # power back: mount what reached the blocks
            try:
                mount(bytes(dev.data))
            except OSError as e:
                failures.append("n=%d tear=%s: unmountable %r" % (n, tear, e))
                continue
            j = journal.Journal(PATH)
            recs = [rec for _, _, rec in j.records()]
            if recs[:len(good)] != good:
                failures.append("n=%d tear=%s: an earlier record changed" % (n, tear))
            if len(recs) == len(good) + 1:
                kept += 1
                if recs[-1]["event"] != last or recs[-1]["state"] != after:
                    failures.append("n=%d tear=%s: last record misread" % (n, tear))
            elif len(recs) == len(good):
                lost += 1
            else:
                failures.append("n=%d tear=%s: %d records" % (n, tear, len(recs)))
            boot = session.Session(PATH)          # boot, cut any tail, go on appending
            want = after if len(recs) > len(good) else good[-1]["state"]
            if boot.state != want:
                failures.append("n=%d tear=%s: boot state differs" % (n, tear))
            if not boot.handle({"event": "draw"})["ok"] or not boot.handle({"event": "undo"})["ok"]:
                failures.append("n=%d tear=%s: journal not writable after boot" % (n, tear))
            if boot.state != want:
                failures.append("n=%d tear=%s: undo after boot" % (n, tear))
            umount()
    print(json.dumps({"ok": not failures, "span": span, "cuts": cuts, "kept": kept,
                      "lost": lost, "failures": failures[:10]}))


main()
