# The director's correction in the table engine (docs/upload.md, "Adjustments back to the
# table"): an `adjust` event, journaled by the device from a verified organiser answer,
# replaces the payments of an earlier record of the session with the ones the organiser
# counts.  It carries `of` (the record's seq), `id` (the organiser's correction), `p` (the
# payments that count now) and `delta` (p minus what the table counted for that record
# so far): the scores move by delta, and the state keeps, per record adjusted, what
# counts for it now (st["adj"]), so an adjustment already taken is never taken twice and
# the journal explains every figure the screen shows.  sessionops loads this module for
# one call and drops it at once.

from errors import HandError

FIELDS = ("of", "id", "p", "delta")


def _ints(v, n):
    if not isinstance(v, list) or len(v) != n:
        return False
    for x in v:
        if not isinstance(x, int) or x is True or x is False:
            return False
    return True


def adjust(st, ev):
    """(the state after, journal record extras); st is the caller's copy."""
    for k in ev:
        if k != "event" and k not in FIELDS:
            raise HandError("bad_event", "unknown field %r for event 'adjust'" % k)
    of, cid, p, delta = ev.get("of"), ev.get("id"), ev.get("p"), ev.get("delta")
    if not _ints([of, cid], 2) or of < 1 or cid < 1:
        raise HandError("bad_event", "adjust needs \"of\" (a record's seq) and \"id\"")
    if not _ints(p, 4) or not _ints(delta, 4):
        raise HandError("bad_event", "adjust needs \"p\" and \"delta\": 4 whole numbers each")
    scores = st["scores"]
    st["scores"] = [scores[i] + delta[i] for i in range(4)]
    st["deltas"] = list(delta)
    st["outside"] = -(delta[0] + delta[1] + delta[2] + delta[3])
    adj = dict(st.get("adj") or {})
    adj[str(of)] = [cid, list(p)]
    st["adj"] = adj
    return st, {}
