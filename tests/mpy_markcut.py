# Runs inside MicroPython (the unix port): the uploader's "sent up to" mark and the
# journal's id rewritten on a real LittleFS v2 image over an in-RAM block device that
# loses power after N block writes, for every N across the write.  After each cut the
# file holds the old content or the new, never anything else.
# Usage: micropython mpy_markcut.py DEVICE_BUILD_FOLDER
# Prints one JSON line: {"ok": ..., "cuts": n, "old": n, "new": n, "failures": [...]}

import sys
import json
import mpy_ramfs as ramfs

sys.path.insert(0, sys.argv[1])
import journal

MNT = "/mc"
PATH = MNT + "/journal.bin"


def mount(data=None, fresh=False):
    return ramfs.mount(MNT, data, fresh)


def umount():
    ramfs.umount(MNT)


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
