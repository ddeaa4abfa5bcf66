"""A device speaks only for its own table.

The director binds each device to a table.  A session (the records after one `start`)
lands at the device's table, in the tournament round its start's tag names (else the
one open when it arrives), and counts only if that table is seated in that round and
the round is open, or closed less than the event's grace ago (a device that was out of
reach, a hand finished after time).  Never a pending round, never another table: a
session placed otherwise is kept, does not count, and is listed with the reason (the
director may still move it with a `session` correction).  A start from a device bound
to a table whose session in that round another device played, and which is not over,
continues that session (a spare device replacing a failed one)."""

import time

from organiser.store import stored
from organiser.store.db import one
from organiser.event.tournament import ModelError

GRACE_DEFAULT = 900
PAPER_DEVICE = "organiser"      # the organiser's own journals: paper sheets (paper.py)
GRACE_MAX = 86400


def grace(con):
    """The event's grace in seconds (a stored value out of range: the default)."""
    v = one(con, "SELECT grace_seconds FROM event WHERE id = 1")
    v = v["grace_seconds"] if v else None
    return v if isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= GRACE_MAX \
        else GRACE_DEFAULT


def _closed_long_ago(con, tr, now):
    """Whether a closed round's grace has passed (a stored time out of shape: it has)."""
    closed = tr["closed_at"]
    if closed is None:
        return False
    if not isinstance(closed, (int, float)) or isinstance(closed, bool):
        return True
    return now > closed + grace(con)


def set_grace(con, seconds):
    """How long after a round closed its records still count (0..86400 s)."""
    if not isinstance(seconds, int) or isinstance(seconds, bool) or not 0 <= seconds <= GRACE_MAX:
        raise ModelError("grace: whole seconds 0..%d", GRACE_MAX)
    con.execute("UPDATE event SET grace_seconds = ? WHERE id = 1", (seconds,))


def _int(v):
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def place(con, device, tag, now=None):
    """(table_no, tround_id, refused reason or None, continued session id or None)."""
    now = now or time.time()
    if device == PAPER_DEVICE:
        return _paper_place(con, tag)
    dev = one(con, "SELECT table_no FROM devices WHERE id = ?", (device,))
    table_no = dev["table_no"] if dev else None
    if table_no is None:
        return None, None, "the device is bound to no table", None
    tagged = _int(tag.get("table"))
    if tag.get("table") is not None and tagged != table_no:
        return table_no, None, ("the start names table %s; the device is bound to table %d"
                                % (str(tag.get("table"))[:20], table_no)), None
    if tag.get("tround") is not None:
        tr = one(con, "SELECT * FROM trounds WHERE id = ?", (_int(tag.get("tround")),))
        if tr is None:
            return table_no, None, "the start names no known tournament round", None
    else:
        tr = one(con, "SELECT * FROM trounds WHERE status = 'open' ORDER BY number LIMIT 1")
        if tr is None:
            return table_no, None, "no tournament round is open", None
    name = "round %d" % tr["number"]
    if tr["status"] == "pending":
        return table_no, tr["id"], name + " is not open yet", None
    if tr["status"] == "closed":
        if _closed_long_ago(con, tr, now):
            return table_no, tr["id"], name + " closed more than %d s before" % grace(con), None
    if not one(con, "SELECT 1 FROM seating WHERE tround_id = ? AND table_no = ?",
               (tr["id"], table_no)):
        return table_no, tr["id"], "table %d is not seated in %s" % (table_no, name), None
    return table_no, tr["id"], None, continued(con, device, table_no, tr["id"])


def _paper_place(con, tag):
    """A paper sheet's game: at the table and in the round the director named (its
    start's tag), whenever it is entered; it continues no device's session."""
    table_no, tround = _int(tag.get("table")), _int(tag.get("tround"))
    if not one(con, "SELECT 1 FROM seating WHERE tround_id = ? AND table_no = ?",
               (tround, table_no)):
        return table_no, None, "the sheet names no seated table of a known round", None
    return table_no, tround, None, None


def late(con, session_id, now):
    """Whether a record of this session arriving now comes after its round closed and the
    event's grace passed."""
    r = one(con, "SELECT t.status, t.closed_at FROM sessions s JOIN trounds t "
                 "ON t.id = s.tround_id WHERE s.id = ?", (session_id,))
    return round_late(con, r, now)


def round_late(con, r, now):
    """The same from its round's row already read ({status, closed_at} or None)."""
    return bool(r and r["status"] == "closed" and _closed_long_ago(con, r, now))


def continued(con, device, table_no, tround_id):
    """The session another device played at this table in this round, still running (its
    start counts, its game is not over): the one a spare device continues."""
    s = one(con, "SELECT s.id FROM sessions s JOIN records r ON r.device = s.device AND "
                 "r.journal = s.journal AND r.seq = s.start_seq WHERE s.table_no = ? AND "
                 "s.tround_id = ? AND s.device != ? AND s.refused IS NULL AND r.effective = 1 "
                 "AND NOT EXISTS (SELECT 1 FROM sessions c WHERE c.continues = s.id) "
                 "ORDER BY s.id DESC LIMIT 1", (table_no, tround_id, device))
    if s is None:
        return None
    last = one(con, "SELECT over FROM records WHERE session_id = ? AND effective = 1 "
                    "ORDER BY seq DESC LIMIT 1", (s["id"],))
    if last and last["over"]:
        return None
    return s["id"]


def resume_point(con, table_no, tround_id, device):
    """For the seating pull of a spare device: the organiser's state of the session it
    would continue ({dealer, round, hand_no, streak, first, huang, session}) or None."""
    sid = continued(con, device, table_no, tround_id)
    if sid is None:
        return None
    r = one(con, "SELECT x.state FROM replayed x JOIN records r ON r.device = x.device AND "
                 "r.journal = x.journal AND r.seq = x.seq WHERE r.session_id = ? AND "
                 "r.effective = 1 AND x.state IS NOT NULL ORDER BY r.seq DESC LIMIT 1", (sid,))
    out = resume_state(r["state"]) if r else None
    if out is None:
        return None
    passes = out.pop("extras", {}).get("passes")
    if passes is not None:
        out["passes"] = passes
    out["session"] = sid
    return out


def resume_state(text):
    """The organiser's stored state of a session (replayed.state), as a spare device
    resumes from it: {first, dealer, round, hand_no, streak, huang, extras: {passes}},
    each in range or None; None if it names no dealer (a state out of shape)."""
    st = stored.loads(text)
    if not isinstance(st, dict) or stored.seat(st.get("dealer")) is None:
        return None
    extras = st.get("extras") if isinstance(st.get("extras"), dict) else {}
    passes = stored.seat(extras.get("passes"))
    return {"first": stored.seat(st.get("first")), "dealer": st["dealer"],
            "round": stored.seat(st.get("round")), "hand_no": stored.hand_no(st.get("hand_no")),
            "streak": stored.count(st.get("streak")), "huang": stored.count(st.get("huang")),
            "extras": {"passes": passes} if passes is not None else {}}


def log(con, device, journal, seq, reason, now=None):
    """List a session that does not count among the refused requests, with its reason."""
    con.execute("INSERT INTO refused (at, remote, path, status, error, device, journal, seq, "
                "size, detail) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (now or time.time(), "", "/api/v1/upload", 200, "not_counted", device,
                 journal, seq, 0, reason[:500]))
