# Runs inside CircuitPython's unix port: the table journal on a FAT volume (os.VfsFat, as
# CIRCUITPY is) over an in-RAM block device that loses power after N sector writes, for
# every N across (A) the append of one record, (B) the boot that cuts a torn tail off
# (a copy of the good records renamed over the journal: on FAT a remove, then a rename),
# (C) the first record (the journal's id file made beside it).  With tear, the last sector
# written is cut half way.  Usage: micropython cp_fatcut.py BUNDLE_FOLDER (the CIRCUITPY
# bundle: its lib/ compiled for CircuitPython).  Prints one JSON line:
# {"ok": ..., "cuts": n, "kept": n, "lost": n, "spans": {...}, "failures": [...]}

import os
import sys
import json

sys.path.insert(0, sys.argv[1] + "/lib")
import dtable
dtable.PATH = sys.argv[1] + "/dtable.bin"
import journal
import record2
import session
from cut_events import EVENTS

SECTOR = 512
SECTORS = 256
MNT = "/fc"
PATH = MNT + "/journal.bin"


class Dev:
    """A FAT block device in RAM.  After `limit` sector writes the power is gone: no later
    write reaches the sectors; with `tear` the last one that does is cut half way."""

    def __init__(self, data=None):
        self.data = bytearray(data) if data is not None else bytearray(SECTOR * SECTORS)
        self.writes = 0
        self.limit = None
        self.tear = False

    def readblocks(self, n, buf):
        s = n * SECTOR
        buf[:] = self.data[s:s + len(buf)]

    def writeblocks(self, n, buf):
        for i in range(len(buf) // SECTOR):
            if self.limit is not None and self.writes >= self.limit:
                return
            self.writes += 1
            m = SECTOR // 2 if self.tear and self.writes == self.limit else SECTOR
            s = (n + i) * SECTOR
            self.data[s:s + m] = buf[i * SECTOR:i * SECTOR + m]

    def ioctl(self, op, arg):
        if op == 4:
            return SECTORS
        if op == 5:
            return SECTOR
        return 0


_mounted = []


def mount(data=None, fresh=False):
    dev = Dev(data)
    if fresh:
        os.VfsFat.mkfs(dev)
    os.mount(os.VfsFat(dev), MNT)
    _mounted[:] = [dev]
    return dev


def dev_data():
    """The bytes of the device last mounted."""
    return _mounted[0].data


def umount():
    try:
        os.umount(MNT)
    except OSError:
        pass



failures = []
counts = {"cuts": 0, "kept": 0, "lost": 0}
spans = {}


def records():
    return [rec for _, _, rec in journal.Journal(PATH).records()]


def ident():
    try:
        return open(journal.side(PATH, ".id")).read()
    except OSError:
        return None


def reboot_and_check(what, good, after, jid):
    """Power back: the boot (which finishes or undoes a rename cut short) leaves the good
    records (and the last one, whole, if it got through) and the journal's own id, and
    the journal takes more."""
    boot = session.Session(PATH)
    recs = records()
    if recs[:len(good)] != good:
        failures.append(what + ": an earlier record lost or changed (%d of %d)" % (len(recs), len(good)))
        return
    if after is not None and len(recs) == len(good) + 1:
        counts["kept"] += 1
        if recs[-1]["d"] != record2.digest(after):    # version 2: the state's digest
            failures.append(what + ": last record misread")
    elif len(recs) == len(good):
        counts["lost"] += 1
    else:
        failures.append(what + ": %d records" % len(recs))
    if (record2.digest(boot.state) if boot.state else None) != (recs[-1]["d"] if recs else None):
        failures.append(what + ": boot state differs")
    want = json.loads(json.dumps(boot.state))
    if recs and jid is not None and journal.journal_id(PATH) != jid:
        failures.append(what + ": the journal's id changed")
    names = sorted(os.listdir(MNT))
    if "journal.tmp" in names or "journal.id.tmp" in names:
        failures.append(what + ": a temporary file left after boot: %s" % names)
    if recs:
        if not boot.handle({"event": "draw"})["ok"] or not boot.handle({"event": "undo"})["ok"]:
            failures.append(what + ": journal not writable after boot")
        elif boot.state != want or len(records()) != len(recs) + 2:
            failures.append(what + ": appends after boot")


def sweep(name, base, act, good, after, jid):
    """Cut the power at every sector write of act() on the volume `base`."""
    dev = mount(base)
    w0 = dev.writes
    act()
    span = dev.writes - w0
    umount()
    spans[name] = span
    for tear in (False, True):
        for n in range(span + 1):
            counts["cuts"] += 1
            dev = mount(base)
            dev.limit = dev.writes + n
            dev.tear = tear
            try:
                act()
            except OSError:
                pass
            umount()
            what = "%s n=%d tear=%s" % (name, n, tear)
            try:
                mount(bytes(dev.data))
            except OSError as e:
                failures.append(what + ": unmountable %r" % e)
                continue
            reboot_and_check(what, good, after, jid)
            umount()


def main():
    # (C) the first record: the id file, then the journal
    mount(fresh=True)
    empty = bytes(dev_data())
    umount()
    mount(empty)
    first = session.Session(PATH)
    first.handle(EVENTS[0])
    umount()
    sweep("first", empty, lambda: session.Session(PATH).handle(EVENTS[0]), [], first.state, None)

    # (A) one more record on a journal of five
    mount(empty)
    ses = session.Session(PATH)
    for ev in EVENTS[:-1]:
        assert ses.handle(ev)["ok"]
    good = records()
    jid = ident()
    base = bytes(dev_data())
    umount()
    mount(base)
    last = EVENTS[-1]
    ses = session.Session(PATH)
    assert ses.handle(last)["ok"]
    after = ses.state
    umount()
    sweep("append", base, lambda: session.Session(PATH).handle(last), good, after, jid)

    # (B) the boot that cuts a torn tail: half a record appended by hand
    mount(base)
    f = open(PATH, "ab")
    f.write(journal.frame(len(good) + 1, b"{}" * 40) + b"{" * 30)
    f.close()
    torn = bytes(dev_data())
    umount()
    sweep("cut", torn, lambda: journal.Journal(PATH).open(), good, None, jid)

    print(json.dumps({"ok": not failures, "spans": spans, "cuts": counts["cuts"],
                      "kept": counts["kept"], "lost": counts["lost"],
                      "failures": failures[:10]}))


main()
