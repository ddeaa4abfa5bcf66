# Runs inside MicroPython (the unix port): a hand saved from the keypad screens (ui/ui.py)
# on a real LittleFS v2 image over an in-RAM block device that loses power after k block
# writes, for every k across the save.  After each cut the board boots from what reached
# the blocks: the last hand is there whole or not at all, and the status screen agrees.
# Usage: micropython mpy_ui_powercut.py DEVICE_BUILD_FOLDER KEYS_HAND1 KEYS_HAND2
# (keys from the status screen through the save key, as host_tools/keys.py gives them).
# Prints one JSON line: {"ok": ..., "span": n, "cuts": n, "absent": n, "whole": n,
# "raised": n, "seen": [untorn, torn], "states": [after hand 1, after hand 2],
# "failures": [...]}

import sys
import json
import mpy_ramfs as ramfs

sys.path.insert(0, sys.argv[1])
import dtable
dtable.PATH = sys.argv[1] + "/dtable.bin"
import journal
import session
from ui import ui as uimod

MNT = "/uc"
PATH = MNT + "/journal.bin"
CFG = {"table": 3, "rules": "mcr", "settings": {}, "players": ["Ann", "Bob", "Cy", "Di"],
       "dealer": 0, "wifi": {"ssid": "", "password": ""}, "organiser": "", "device": "",
       "secret": ""}


def mount(data=None, fresh=False):
    return ramfs.mount(MNT, data, fresh)


def umount():
    ramfs.umount(MNT)


TORN = ("", " torn")


def press(ui, keys):
    held = False
    for k in keys:
        if k == "~":                    # the next key held (the key encoder's notation)
            held = True
            continue
        ui.key(k, held)
        held = False


def records():
    j = journal.Journal(PATH)
    return [(seq, rec) for _, seq, rec in j.records()]


def frozen(st):
    """A deep copy of the state, for comparing across sessions (== on dicts, not their
    JSON text: key order is not kept the same)."""
    return json.loads(json.dumps(st))


def status_problem(ses, st):
    """Why a UI booted on ses does not show st on its status screen (None when it does)."""
    ui = uimod.UI(ses, dict(CFG), 5, 21)
    if ui.mode != uimod.STATUS:
        return "not on the status screen"
    ui.rows = 12                       # every status line on one screen
    rows = [r.lstrip(uimod.INV) for r in ui.screen()]
    if not rows[0].startswith("T3 ") or rows[0].rstrip()[-1:] != str(st["hand_no"]):
        return "title %r" % rows[0]
    for s in range(4):
        row = rows[1 + s]
        if row.split()[-1] != str(st["scores"][s]) or CFG["players"][s] not in row:
            return "seat %d row %r" % (s, row)
    return None


def main():
    folder, keys1, keys2 = sys.argv[1:4]
    failures = []
    dev = mount(fresh=True)
    ses = session.Session(PATH)
    ui = uimod.UI(ses, dict(CFG), 5, 21)
    press(ui, "0#")
    assert ui.msg == "started #1", ui.msg
    press(ui, keys1)
    assert ui.msg == "saved #2", ui.msg
    after1 = frozen(ses.state)
    recs1 = records()
    base = bytes(dev.data)
    # the save of hand 2 without a cut: how many block writes it makes, what it leaves
    press(ui, keys2[:-1])
    assert ui.mode == uimod.REVIEW, ui.screen()
    w0 = dev.writes
    ui.key(keys2[-1])
    span = dev.writes - w0
    assert ui.msg == "saved #3", ui.msg
    after2 = frozen(ses.state)
    recs2 = records()
    assert len(recs2) == 3 and recs2[:2] == recs1 and after1 != after2
    umount()
    cuts = absent = whole = raised = 0
    seen = ["", ""]                     # per cut k, untorn and torn: A absent, W whole
    for tear in (False, True):
        for k in range(1, span + 1):
            cuts += 1
            dev = mount(base)
            ses = session.Session(PATH)
            ui = uimod.UI(ses, dict(CFG), 5, 21)
            press(ui, keys2[:-1])
            if ui.mode != uimod.REVIEW:
                failures.append("k=%d%s: hand 2 not on review" % (k, TORN[tear]))
                umount()
                continue
            dev.limit = dev.writes + k          # the power goes after k more block writes
            dev.tear = tear
            try:
                ui.key(keys2[-1])
            except OSError:
                raised += 1
            ses = ui = None
            umount()
            # power back: boot from what reached the blocks
            try:
                mount(bytes(dev.data))
            except OSError as e:
                failures.append("k=%d%s: unmountable %r" % (k, TORN[tear], e))
                continue
            recs = records()
            seqs = [seq for seq, _ in recs]
            if seqs != list(range(1, len(recs) + 1)):
                failures.append("k=%d%s: records not contiguous %r" % (k, TORN[tear], seqs))
            boot = session.Session(PATH)
            st = frozen(boot.state)
            if boot.replay_errors:
                failures.append("k=%d%s: %d replay errors" % (k, TORN[tear], boot.replay_errors))
            if recs == recs2 and st == after2 and boot.jseq == 3:
                whole += 1
                seen[tear] += "W"
            elif recs == recs1 and st == after1 and boot.jseq == 2:
                absent += 1
                seen[tear] += "A"
            else:
                seen[tear] += "?"
                failures.append("k=%d%s: %d records, state neither hand 1's nor hand 2's"
                                % (k, TORN[tear], len(recs)))
            why = status_problem(boot, boot.state)
            if why:
                failures.append("k=%d%s: status screen: %s" % (k, TORN[tear], why))
            boot = None
            umount()
    print(json.dumps({"ok": not failures, "span": span, "cuts": cuts, "absent": absent,
                      "whole": whole, "raised": raised, "seen": seen,
                      "states": [after1, after2],
                      "failures": failures[:10]}))


main()
