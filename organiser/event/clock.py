"""The round clock: the director starts, pauses, extends and ends each tournament round's
clock; devices pull it with their seating as seconds left, and the projector shows it.

What the director does is stored as it happens, never rewritten (`clock_events`: start,
pause, extend, end, each with the time it happened), and the clock is worked out from
them: a restart of the organiser finds it where it stood, still running if it ran.  The
round's length is the event's setting (`clock_length`, 2 hours unless set), read when the
clock starts.  Every function takes `now`, the organiser's time source (app.state.clock,
time.time unless a test gives another): a test compresses a round by advancing it."""

import time

from organiser.text.reasons import Word
from organiser.event.tournament import ModelError

DEFAULT_LENGTH = 2 * 3600
MAX_SECONDS = 24 * 3600         # a round's length, an extension: at most a day
ACTIONS = ("start", "pause", "extend", "end")
# a clock's state as the pages say it (ready | running | paused | up)
STATE_WORDS = {"ready": "not started", "running": "running", "paused": "paused",
               "up": "time is up"}


class ClockError(ModelError):
    """What the director asked cannot be done; the message says why."""


def _seconds(v):
    """v if it is a length or an extension the clock takes, else None (a stored value
    edited by hand breaks no page)."""
    ok = isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_SECONDS
    return v if ok else None


def length(con):
    """The event's round length in seconds."""
    r = con.execute("SELECT seconds FROM clock_length WHERE id = 1").fetchone()
    return (_seconds(r[0]) if r else None) or DEFAULT_LENGTH


def set_length(con, seconds):
    if not isinstance(seconds, int) or isinstance(seconds, bool) or \
            not 1 <= seconds <= MAX_SECONDS:
        raise ClockError("round length: 1 second to 24 hours")
    con.execute("INSERT INTO clock_length (id, seconds) VALUES (1, ?) ON CONFLICT(id) "
                "DO UPDATE SET seconds = excluded.seconds", (seconds,))


def fold(events, now):
    """The clock from its events [(kind, seconds, at)] in order, at time `now`:
    {"state": ready | running | paused | up, "left": seconds (float), "running": bool,
    "ends_at": when it reaches zero if it runs on, else None, "zero_at": when it reached
    zero (ran out, or the director ended it) or, running, will; else None}."""
    state, left, since, zero = "ready", None, None, None
    for kind, seconds, at in events:
        if state == "running":              # what ran up to this event
            if left - (at - since) <= 0:
                zero = since + left
            left = max(0.0, left - (at - since))
            since = at
            if left == 0:
                state = "up"
        if kind == "start" and state == "ready" and seconds is not None:
            state, left, since = "running", float(seconds), at
        elif kind == "start" and state == "paused":
            state, since = "running", at
        elif kind == "pause" and state == "running":
            state = "paused"
        elif kind == "extend" and state in ("running", "paused"):
            left += seconds
        elif kind == "end" and state != "ready":
            if state != "up":
                zero = at
            state, left = "up", 0.0
    if state == "running":
        if left - (now - since) <= 0:
            zero = since + left
        left = max(0.0, left - (now - since))
        if left == 0:
            state = "up"
    if state == "ready":
        return {"state": state, "left": None, "running": False, "ends_at": None,
                "zero_at": None}
    running = state == "running"
    return {"state": state, "left": left, "running": running,
            "ends_at": now + left if running else None,
            "zero_at": now + left if running else zero}


def events(con, tround_id):
    """The round's clock events [(kind, seconds, at)], those a hand-edited database holds
    malformed left out."""
    out = []
    for kind, seconds, at in con.execute(
            "SELECT kind, seconds, at FROM clock_events WHERE tround_id = ? ORDER BY id",
            (tround_id,)):
        if (not isinstance(at, (int, float)) or isinstance(at, bool) or not abs(at) < 1e12
                or kind not in ACTIONS):
            continue
        if kind == "extend" or (kind == "start" and seconds is not None):
            seconds = _seconds(seconds)
            if seconds is None:
                continue
        out.append((kind, seconds, at))
    return out


def clock(con, tround_id, now):
    """The round's clock at `now` (fold()), with its length and round."""
    out = fold(events(con, tround_id), now)
    out["tround"] = tround_id
    out["length"] = length(con)
    return out


def act(con, tround_id, action, now, seconds=None, who=None):
    """The director's action on a round's clock, stored; the clock after it.  start
    (or resume a paused clock), pause, extend by `seconds`, end (to zero)."""
    if action not in ACTIONS:
        raise ClockError("the clock's actions: %s", ", ".join(ACTIONS))
    r = con.execute("SELECT status FROM trounds WHERE id = ?", (tround_id,)).fetchone()
    if r is None:
        raise ClockError("no tournament round %s", tround_id)
    state = clock(con, tround_id, now)["state"]
    said = Word(STATE_WORDS.get(state, state))
    if action == "start":
        if state not in ("ready", "paused"):
            raise ClockError("the clock: %s; only a clock not started or paused starts",
                             said)
        seconds = length(con) if state == "ready" else None
    elif action == "pause" and state != "running":
        raise ClockError("the clock: %s; only a running clock pauses", said)
    elif action == "extend":
        if state not in ("running", "paused"):
            raise ClockError("the clock: %s; only a running or paused clock is extended "
                             "(after time is up the referees let a table play on)", said)
        if not isinstance(seconds, int) or isinstance(seconds, bool) or \
                not 1 <= seconds <= MAX_SECONDS:
            raise ClockError("extend by 1 second to 24 hours")
    elif action == "end" and state in ("ready", "up"):
        raise ClockError("the clock: %s; nothing to end", said)
    if action != "extend" and action != "start":
        seconds = None
    con.execute("INSERT INTO clock_events (tround_id, kind, seconds, at, who) "
                "VALUES (?, ?, ?, ?, ?)", (tround_id, action, seconds, now, who))
    return clock(con, tround_id, now)


def open_clock(con, now):
    """The open round's clock, or None when no round is open."""
    r = con.execute("SELECT id FROM trounds WHERE status = 'open' ORDER BY number "
                    "LIMIT 1").fetchone()
    return clock(con, r[0], now) if r else None


def for_device(con, now):
    """What the seating pull carries: {"left": whole seconds left, "running": bool} for
    the open round's clock once started; None when no round is open or its clock has not
    started.  Seconds left, not a time of day: a device keeps it with its own ticks and
    needs no calendar clock."""
    c = open_clock(con, now)
    if c is None or c["state"] == "ready":
        return None
    return {"left": int(c["left"] + 0.5), "running": c["running"]}


def shown(seconds):
    """h:mm:ss (m:ss under an hour) of whole seconds, as the pages show it."""
    s = max(0, int(seconds + 0.999))        # a clock shows 0:00 only when time is up
    h, m = s // 3600, s // 60 % 60
    return "%d:%02d:%02d" % (h, m, s % 60) if h else "%d:%02d" % (m, s % 60)


def now_of(app):
    """The organiser's time source (a test injects its own as app.state.clock)."""
    return getattr(app.state, "clock", time.time)()
