"""The organiser's clock is the clock: a hand stored after its round's clock reached zero
is judged by what the table knew of the clock (docs/upload.md, "c"; issue 28).

Each seating pull's answer is remembered (`remember`, in the pull's transaction): the
device, the first 4 hex chars of the pull's nonce, the round, the seconds left and
whether the clock ran, and when it was answered.  A version-2 record carries the clock
as the device counted it down from its last verified pull: `[seconds left, pull]`.

A hand (any record but a start, an undo, the clock's own time_up and override, and the
director's adjustment) that arrives while its round's clock has reached zero on the
organiser's clock is held "past the clock" unless its reading places it within the
director's grace (the event's grace, binding.grace) of that zero:

- the reading names a pull of this device for this round that the organiser answered
  (else: held, "names no pull of this round");
- it fits that pull: a running clock counts down, so the seconds left are at most what
  the pull said (one second of rounding) and the moment they place the hand, the pull's
  time plus the seconds counted since, is not after the hand arrived; a paused clock
  stands, so they are what the pull said (else: held, "does not fit the pull");
- that moment is no later than the zero plus the grace.  A reading of 0 (the table knew
  time was up: when after that it cannot tell) and a record with no reading (version 1,
  or a device that had no clock) count only when they arrive within the grace of the
  zero.

A hand that arrives before the zero is not judged here (the round's own rules apply: its
seating, its close and grace, binding.py).  The reason, in words, is what the hand log
and the device's verdict show; the director may accept the hand (a correction).

4 hex chars name 65,536 pulls: a device pulling every 30 s meets the same name again
within a day, so the latest pull of a name is the one kept (a reading naming an older one
fits it less, never more: it is held, never counted by mistake), and a device's pulls are
kept for the last day only."""

import time

from organiser.event import binding, clock
from organiser.store import stored

KEEP_S = 86400                  # a device's pulls kept this long
SLACK_S = 2                     # seconds: rounding, the device's tick against ours
NOT_HANDS = ("start", "undo", "time_up", "override", "adjust")


def remember(con, device, nonce, now=None):
    """Inside the seating pull's transaction: what its answer says of the open round's
    clock (clock.for_device at `now`), kept under the nonce's first 4 hex chars."""
    now = time.time() if now is None else now
    c = clock.open_clock(con, now)
    if c is None or c["state"] == "ready" or not isinstance(nonce, str) or len(nonce) < 4:
        return
    con.execute("DELETE FROM clock_pulls WHERE device = ? AND (pull = ? OR at < ?)",
                (device, nonce[:4].lower(), now - KEEP_S))
    con.execute("INSERT INTO clock_pulls (device, pull, tround_id, left_s, running, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (device, nonce[:4].lower(), c["tround"], int(c["left"] + 0.5),
                 1 if c["running"] else 0, now))


def _reading(c):
    """(seconds left, pull) of a stored record's clock reading, or None if out of shape."""
    if not isinstance(c, list) or len(c) != 2:
        return None
    left, pull = c
    if not isinstance(left, int) or isinstance(left, bool) or not 0 <= left <= clock.MAX_SECONDS:
        return None
    if not isinstance(pull, str) or len(pull) != 4:
        return None
    return left, pull.lower()


def judge(con, device, tround_id, body, now):
    """Why a record arriving now is held past the clock, in words; None when it counts
    (or is not judged here).  body: the record as stored (records2.v1's names; its JSON
    text, read only when the round's time is up)."""
    if tround_id is None:
        return None
    zero = clock.fold(clock.events(con, tround_id), now)["zero_at"]
    if zero is None or now < zero:
        return None                     # the round's time is not up
    body = stored.loads(body)
    if not isinstance(body, dict):
        return None
    ev = body.get("event") if isinstance(body.get("event"), dict) else {}
    if ev.get("event") in NOT_HANDS:
        return None
    grace = binding.grace(con)
    end = zero + grace
    if "clock" not in body:
        if now <= end:
            return None
        return ("past the clock: no clock reading, arrived %d s after time was up"
                % int(now - zero))
    got = _reading(body.get("clock"))
    if got is None:
        return "past the clock: its clock reading is out of shape"
    left, pull = got
    p = con.execute("SELECT tround_id, left_s, running, at FROM clock_pulls WHERE device = ? "
                    "AND pull = ?", (device, pull)).fetchone()
    if p is None or p[0] != tround_id:
        return "past the clock: its clock reading names no pull of this round"
    p_left, running, at = p[1], p[2], p[3]
    if running:
        made = at + (p_left - left)
        fits = left <= p_left + SLACK_S and made <= now + SLACK_S
    else:
        made = at
        fits = abs(left - p_left) <= SLACK_S
    if not fits:
        return "past the clock: its clock reading does not fit the pull it names"
    if left == 0:
        made = now                      # after the table's zero: when, it cannot tell
    if made <= end:
        return None
    return ("past the clock: the table's clock places it %d s after time was up "
            "(grace %d s)" % (int(made - zero), grace))
