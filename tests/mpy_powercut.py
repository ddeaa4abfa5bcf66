# Runs inside MicroPython (the unix port): the table journal on a real LittleFS v2 image
# over an in-RAM block device that loses power after N block writes, for every N across
# the writing of one record.
# Usage: micropython mpy_powercut.py DEVICE_BUILD_FOLDER [EVERY [WINDOW]]
# EVERY: the session's CHECKPOINT_EVERY (1: each record also rewrites the boot checkpoint,
# so the cuts fall across that write too, and each boot is checked against a whole replay).
# WINDOW (optional): the session's STACK_WINDOW (1: the stack's entries below the top are
# copied from the old checkpoint into the new one at each write).
# Prints one JSON line: {"ok": ..., "cuts": n, "kept": n, "lost": n, "failures": [...]}

import sys
import json
import mpy_ramfs as ramfs

sys.path.insert(0, sys.argv[1])
import dtable
dtable.PATH = sys.argv[1] + "/dtable.bin"
import os
import journal
import session
import record2
from cut_events import EVENTS

EVERY = int(sys.argv[2]) if len(sys.argv) > 2 else 0
if EVERY:
    session.CHECKPOINT_EVERY = EVERY
if len(sys.argv) > 3:           # WINDOW: undo stack entries kept in RAM past a checkpoint
    session.STACK_WINDOW = int(sys.argv[3])


def whole_stack(ses):
    if not ses.base:
        return list(ses.stack)
    import checkpoint
    return checkpoint._entries(CKPT, 0, ses.base)[1] + ses.stack

MNT = "/pc"
PATH = MNT + "/journal.bin"
CKPT = MNT + "/journal.ckpt"


def replayed_whole(data):
    """(state, stack, seq, end) booted from the whole journal, the checkpoint removed."""
    mount(data)
    try:
        os.remove(CKPT)
    except OSError:
        pass
    session.CHECKPOINT_EVERY = 1 << 30
    ses = session.Session(PATH)
    session.CHECKPOINT_EVERY = EVERY
    out = (ses.state, whole_stack(ses), ses.jseq, ses.jend, ses.replay_errors)
    umount()
    return out


def mount(data=None, fresh=False):
    return ramfs.mount(MNT, data, fresh)


def umount():
    ramfs.umount(MNT)




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
            if EVERY:
                umount()
                whole = replayed_whole(bytes(dev.data))
                mount(bytes(dev.data))
                boot = session.Session(PATH)
                got = (boot.state, whole_stack(boot), boot.jseq, boot.jend, boot.replay_errors)
                if got != whole:
                    failures.append("n=%d tear=%s: boot from the checkpoint differs" % (n, tear))
                if boot.replayed > 1:
                    failures.append("n=%d tear=%s: %d records replayed" % (n, tear, boot.replayed))
                umount()
                mount(bytes(dev.data))
            j = journal.Journal(PATH)
            recs = [rec for _, _, rec in j.records()]
            if recs[:len(good)] != good:
                failures.append("n=%d tear=%s: an earlier record changed" % (n, tear))
            if len(recs) == len(good) + 1:
                kept += 1
                # version 2 (record2.py): the event under "e", the state as a digest
                ev = dict(recs[-1])
                d = ev.pop("d", None)
                for k in ("e", "k", "u", "p", "c", "t"):
                    ev.pop(k, None)
                ev["event"] = recs[-1].get("e")
                if ev != last or d != record2.digest(after):
                    failures.append("n=%d tear=%s: last record misread" % (n, tear))
            elif len(recs) == len(good):
                lost += 1
            else:
                failures.append("n=%d tear=%s: %d records" % (n, tear, len(recs)))
            boot = session.Session(PATH)          # boot, cut any tail, go on appending
            want = after if len(recs) > len(good) else states[-1]
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
