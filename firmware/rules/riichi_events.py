# Riichi (riichi): the table's own events, for rules/riichi_table.py (which loads this
# module for one event and drops it after).  docs/rules/riichi.md describes each event.

from rules.riichi_table import finish, _refuse

_NONE = [0, 0, 0, 0]


def _new_hand_event(st):
    """A declaration belongs to the hand now played: no double ron can follow any more."""
    st["extras"]["last"] = []


def _declare(st, ev, mask):
    ex = st["extras"]
    s = st["settings"]
    seat = ev["seat"]
    bit = 1 << seat
    if (ex["riichi"] | ex["double"]) & bit:
        raise _refuse("seat %d has already declared riichi this hand" % seat)
    if st["scores"][seat] < s["riichi_stick"]:
        raise _refuse("seat %d has fewer than %d points and cannot declare riichi"
                      % (seat, s["riichi_stick"]))
    _new_hand_event(st)
    ex[mask] |= bit
    ex["pot"] += 1
    d = list(_NONE)
    d[seat] = -s["riichi_stick"]
    return d, s["riichi_stick"], {mask: seat, "pot": ex["pot"]}


def on_riichi(st, ev):
    return _declare(st, ev, "riichi")


def on_double_riichi(st, ev):
    return _declare(st, ev, "double")


def on_tenpai(st, ev):
    ex = st["extras"]
    bit = 1 << ev["seat"]
    if ex["tenpai"] & bit:
        raise _refuse("seat %d is already declared tenpai this hand" % ev["seat"])
    _new_hand_event(st)
    ex["tenpai"] |= bit
    return list(_NONE), 0, {"tenpai": ev["seat"]}


def on_chombo(st, ev):
    ex = st["extras"]
    seat = ev["seat"]
    ex["chombo"][seat] += 1
    if ex["final"]:
        ex["final"][seat] -= st["settings"]["chombo"]
    return list(_NONE), 0, {"chombo": seat}


def on_double_ron(st, ev):
    ex = st["extras"]
    if not st["settings"]["double_ron"]:
        raise _refuse("this table plays head bump (atamahane): only the player closest to the "
                      "discarder wins (WRC 5.7.6)")
    last = ex["last"]
    if not last or ex["again"] >= 0:
        raise _refuse("a double ron follows a win on a discard directly")
    frm, dealer, rnd, streak, passes, hand_no, riichi, double, _ = last
    st["dealer"] = dealer
    st["round"] = rnd
    st["streak"] = streak
    st["hand_no"] = hand_no
    st["over"] = False
    ex["passes"] = passes
    ex["riichi"] = riichi
    ex["double"] = double
    ex["final"] = []
    ex["again"] = frm
    return list(_NONE), 0, {"double_ron": frm}


def on_end(st, ev):
    if st["over"]:
        raise _refuse("the game is over already")
    finish(st)
    return list(_NONE), 0, {"final": list(st["extras"]["final"])}
