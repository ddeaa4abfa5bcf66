# A version-2 journal's state by replay (docs/upload.md, "What a version-2 record
# carries"): its records hold the events and a digest of the state, not the state, so
# the state after an entry of the undo stack is rebuilt by replaying the events from
# the nearest state the device keeps: the boot checkpoint's (checkpoint.py), when the
# undo stack still holds what it held then, else from the session's start.  The replay
# itself runs in the session (Session._rebuild: each event on an event's own path, a win
# scored with the table's steps out of the heap); this module only plans it and reads
# the events, and is loaded for that.
#
# Used at boot (the records after the checkpoint), by undo (the state before the event
# taken back) and by the history's opened record (the state its win was scored in).

import json
import heap
import journal


def entry(ses, i):
    """The undo stack's entry i (0: the oldest), those below the window from the
    checkpoint."""
    if i >= ses.base:
        return ses.stack[i - ses.base]
    got = heap.load("checkpoint")._entries(heap.load("checkpoint").path_of(ses.jpath), i, 1)
    if got is None or len(got[1]) != 1:
        raise OSError(5)
    return got[1][0]


def event(ses, off):
    """(the event of the version-2 record at off, as the engine takes it; its digest)."""
    rec = journal.Journal(ses.jpath).read(off)
    ev = {"event": rec.get("e")}
    for k in rec:
        if k not in ("e", "k", "u", "p", "d", "c", "t"):    # record2.OWN
            ev[k] = rec[k]
    return ev, rec.get("d")


def plan(ses, n):
    """(the state to start from (None: the first event is a start), the offsets of the
    records to replay after it): what gives the state after the stack's first n
    entries."""
    first = 0
    st = None
    snap = heap.load("checkpoint").snapshot(ses)
    if snap is not None and 0 < snap[0] <= n and entry(ses, snap[0] - 1) == snap[1]:
        first, st = snap[0], snap[2]
    else:
        j = journal.Journal(ses.jpath)
        i = n - 1
        while i > 0:                    # back to the session's start
            off = entry(ses, i)
            h = j._at(off, True)[1]
            if h[:12] == b'{"e":"start"' or json.loads(h).get("e") == "start":
                break
            i -= 1
        first = max(i, 0)
    snap = None
    return st, [entry(ses, i) for i in range(first, n)]
