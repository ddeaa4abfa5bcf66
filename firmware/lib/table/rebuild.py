# A version-2 journal's state by replay (docs/upload.md, "What a version-2 record
# carries"): its records hold the events and a digest of the state, not the state, so
# the state after an entry of the undo stack is rebuilt by replaying the events from
# the nearest state the device keeps: the boot checkpoint's (checkpoint.py), when the
# undo stack still holds what it held then, else from the session's start.  The replay
# itself is rerun.py's (each event on an event's own path, a win scored with the
# table's steps out of the heap, this module too); this module plans it, reads the
# events and puts the session's state aside meanwhile, loaded for each step.
#
# Used at boot (the records after the checkpoint), by undo (the state before the event
# taken back) and by the history's opened record (the state its win was scored in).

import json
import heap
# (the journal and the checkpoint by heap.load where used, never a global of this module:
# while a replayed win is scored this module stays, and what it holds with it)


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
    rec = heap.load("journal").Journal(ses.jpath).read(off)
    ev = {"event": rec.get("e")}
    for k in rec:
        # record2.OWN; an adjustment's "p" is its own field (record2.encode)
        if k not in ("e", "k", "u", "p", "d", "c", "t") or (k == "p" and ev["event"] == "adjust"):
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
        j = heap.load("journal").Journal(ses.jpath)
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


def aside(ses):
    """The session's state put aside while the replay uses the session: to a file beside
    the journal (out of the heap, where a replayed win is scored), or kept in RAM where
    it cannot be written.  What back() takes."""
    st = ses.state
    if st is None or not heap.LEAN:
        return st
    path = heap.load("journal").side(ses.jpath, ".top")
    try:
        f = heap.open_file(path, "w")
        try:
            json.dump(st, f)
        finally:
            f.close()
    except OSError:
        return st
    return path


def back(ses, top):
    if type(top) is not str:
        return top
    f = heap.open_file(top)
    try:
        st = json.load(f)
    finally:
        f.close()
    heap.load("os").remove(top)
    return st
