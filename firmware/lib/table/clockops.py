# The round clock in the table engine (docs/table.md, time_up and override): its two
# events, the refusal of a new hand after the round's time is up, and the answer to an
# event no one knows.  sessionops loads it for one call and drops it at once: a ruleset's
# own event (sessionops, commit, journal, the hook and its events module in the heap
# beside the last win's state) has no room to spare on a 64 KB heap, nor has the
# resident session.

from errors import HandError


def time_closed(st):
    """The table's rule at the round's end: once a time_up event is journaled, the hand
    then in play (st["time_up"]) may still be entered; after it no new hand, unless the
    referee overrode.  The status screen asks it too (once time is up), before a hand is
    typed, as the engine refuses it."""
    t = st.get("time_up")
    return bool(t) and st["hand_no"] > t and not st.get("override")


def clock(st, name, ev):
    """name None: refuse a new hand once the round's time is up (time_closed), the
    reason said.  time_up (the device's clock reached zero: the hand in play,
    st["time_up"], may still be entered, no hand after it) and override (the referee
    lets the table play on) pay nothing and end no hand: st, a copy, is changed, and
    (st, journal record extras) returned.  Any other name is an unknown event."""
    if name is None:
        if time_closed(st):
            raise HandError("time_up", "the round's time is up: hand %d was the last; "
                            "no new hand unless the referee overrides" % st["time_up"])
        return None
    if name != "time_up" and name != "override":
        raise HandError("bad_event", "unknown event %r for %s" % (name, st["rules"]))
    for k in ev:
        if k != "event":
            raise HandError("bad_event", "unknown field %r for event %r" % (k, name))
    if st["over"]:
        raise HandError("bad_event", "the game is over; the round's clock has nothing to stop")
    if name == "time_up":
        if st.get("time_up"):
            raise HandError("bad_event", "the round's time is up already")
        st["time_up"] = st["hand_no"]
    else:
        if not st.get("time_up"):
            raise HandError("bad_event", "the round's time is not up: nothing to override")
        if st.get("override"):
            raise HandError("bad_event", "the referee has overridden already")
        st["override"] = True
    st["deltas"] = [0, 0, 0, 0]
    st["outside"] = 0
    return st, {}
