# The review's note on context words: a word ticked that changes nothing for this hand (the
# rules drop it) is named, so the referee knows the tick did not count.  Loaded only for a
# win with words ticked.


def words(ses, ev, pv):
    """The words of ev's hand whose removal leaves the total and the payments as previewed
    (pv); the session's preview (what the save key saves) is left as it was."""
    h = ev["hand"]
    flags = h["flags"]
    if ev["event"] != "win" or "result" not in pv:
        return ()
    kept = ses.pending
    same = (pv["result"]["total"], list(pv["payments"]))
    out = []
    try:
        for w in flags:
            rest = [f for f in flags if f != w]
            h2 = dict(h)
            if rest:
                h2["flags"] = rest
            else:
                h2.pop("flags")
            e2 = dict(ev)
            e2["hand"] = h2
            p2 = ses.preview(e2)
            if p2.get("ok") and (p2["result"]["total"], list(p2["payments"])) == same:
                out.append(w)
    finally:
        ses.pending = kept
    return out
