# A spare device continuing a failed one's session: its start carries `resume`, where the
# organiser says the table stands (docs/table.md, `start`).  Loaded by sessionops for such
# a start only and dropped at once: no other event has it in RAM.

from errors import HandError

# (field, lowest, highest or None).  `passes` is the deal's passes in the prevailing wind
# (extras, where the ruleset keeps it).
RESUME = (("first", 0, 3), ("round", 0, 3), ("hand_no", 1, None), ("streak", 0, None),
          ("huang", 0, None), ("passes", 0, 3))


def resume_at(st, rs):
    """Set the new session's state `st` where the table stands; bad_event if out of range."""
    if not isinstance(rs, dict):
        raise HandError("bad_event", "resume must be an object")
    for k, lo, hi in RESUME:
        v = rs.get(k)
        if v is None:
            continue
        if not isinstance(v, int) or v is True or v is False or v < lo or (
                hi is not None and v > hi):
            raise HandError("bad_event", "resume %r out of range: %r" % (k, v))
        if k == "passes":
            if "passes" in st["extras"]:
                st["extras"]["passes"] = v
        else:
            st[k] = v
