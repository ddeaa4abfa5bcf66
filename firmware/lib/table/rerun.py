# The replay of a version-2 journal (rebuild.py plans it): each event on an event's own
# path (Session._guard, nothing written), a win scored with the table's steps out of the
# heap.  Apart and small because this module stays in the heap while a replayed win is
# scored (its function is running); it holds nothing else (rebuild.py, the journal and
# the checkpoint are loaded by name for each step and leave with the table's steps).

import heap


def replay(ses, n):
    """The state after the first n entries of the undo stack (those on flash below the
    window included), replayed from the nearest state known (rebuild.plan()), each event
    on an event's path (Session._guard, not written) with nothing else of the table kept
    meanwhile (the session's state put aside on flash, rebuild.aside).  A replayed event refused for memory
    twice raises MemoryError (nothing is taken from a replay cut short); one the engine
    refuses otherwise, or whose state's digest is not the record's, counts in
    ses.replay_errors."""
    m = heap.load("rebuild")
    st, offs = m.plan(ses, n)
    top = m.aside(ses)
    m = None
    try:
        for off in offs:
            ev, d = heap.load("rebuild").event(ses, off)
            # the event read, what read it (rebuild, the journal, files, record2) leaves
            # before the event's own steps come in (sessionops found no 160 bytes in one
            # piece among them with 10 KB free)
            ses._unload()
            ses.state = st
            st = None                   # one copy of it: the session's
            got = ses._guard(ev, False)
            if type(got) is not tuple:  # once more (for memory: the heap laid afresh)
                got = ses._guard(ev, False)
            ev = None
            if type(got) is not tuple:
                if "memory" in got["error"]["message"]:
                    raise MemoryError
                ses.replay_errors += 1
                st = ses.state
                continue
            st = got[1]
            got = None                  # the scorer's answer: not kept into the next
            if d and heap.load("record2").digest(st) != d:
                ses.replay_errors += 1
    finally:
        ses.state = heap.load("rebuild").back(ses, top)
    return st


def boot(ses):
    """The state at boot: kept beside the journal, else the whole undo stack replayed
    (once more when short of memory: what the first try kept is dropped)."""
    if not ses.stack:
        return
    # the state after the last record, as kept when it was written (commit.states):
    # no replay; else (a power cut between the two writes, a journal cut short) replayed
    st = heap.load("commit").prior(ses, ses.jseq, True)
    if st is not None:
        ses.state = st
        return
    try:
        ses.state = replay(ses, ses.depth())
    except MemoryError:
        ses.release(True)
        ses.state = replay(ses, ses.depth())
