"""The director's corrections and penalties: appended with who, when and why, never
overwriting.  For each target the latest correction stands; the records as uploaded
stay as they were.

Kinds:
- payments: target a record ("device/journal/seq"), data {"payments": [4 ints]}
- void: target a record; the hand counts for nothing (data {})
- reseat: target "session:<id>", data {"players": [4 player ids by seat]}: the players
  who really sat at seats 0..3 for that session's hands
- session: target "session:<id>", data {"tround_id": id, "table_no": n}: the session
  belongs to another tournament round or table
- accept: target a record held as disputed, data {"version": "organiser" | "device"}:
  the director accepts one of its two versions
- event: target a record, data {"event": {...}}: the event as it really was (the hand's
  tiles, winner, from...); the organiser replays it in place of the uploaded one.  A
  start is amended in its first dealer only ({"event": "start", "dealer": 0..3})

Every kind but reseat is an amendment to what the organiser replays (replay.py): the
journal is re-derived from it, the hands after it included."""

import json
import re
import time

from organiser.store import stored
from organiser.store.db import one, rows
from organiser.store.record_model import MAX_PAYMENT
from organiser.event.records import _four_ints
from organiser.event import tournament
from organiser.event.tournament import ModelError

POINTS = MAX_PAYMENT            # a payment the director may set

KINDS = ("payments", "void", "reseat", "session", "accept", "event")
HAND_KINDS = ("payments", "void", "accept", "event")
EVENT_NAME = 32
# targets matched whole (no trailing newline or space: the target is the key a
# correction is found by)
RECORD_TARGET = re.compile(r"([A-Za-z0-9_-]{1,32})/([0-9a-f]{16})/([1-9][0-9]{0,5})")
SESSION_TARGET = re.compile(r"session:([1-9][0-9]{0,15})")


def record_target(device, journal, seq):
    return "%s/%s/%d" % (device, journal, seq)


def session_target(session_id):
    return "session:%d" % session_id


def add(con, who, why, kind, target, data, now=None):
    if not why or not why.strip():
        raise ModelError("a correction needs a reason")
    if kind not in KINDS:
        raise ModelError("correction kind: one of %s", ", ".join(KINDS))
    data = data or {}
    if not isinstance(data, dict):
        raise ModelError("data: an object")
    if kind in HAND_KINDS:
        m = RECORD_TARGET.fullmatch(target) if isinstance(target, str) else None
        if m is None:
            raise ModelError("target: device/journal/seq")
        device, journal, seq = m.group(1), m.group(2), int(m.group(3))
        if not one(con, "SELECT 1 FROM records WHERE device = ? AND journal = ? AND seq = ?",
                   (device, journal, seq)):
            raise ModelError("no record %s", target)
        if kind == "payments" and not _four_ints(data.get("payments"), POINTS):
            raise ModelError("payments: 4 integers of at most %d", POINTS)
        if kind == "accept" and data.get("version") not in ("organiser", "device"):
            raise ModelError("version: organiser or device")
        if kind == "event":
            ev = data.get("event")
            kind_now = one(con, "SELECT kind FROM records WHERE device = ? AND journal = ? "
                                "AND seq = ?", (device, journal, seq))["kind"]
            if kind_now == "start":
                # a start is amended only in its first dealer (the organiser's seating
                # says seat 0; a table that drew for East started elsewhere)
                d = ev.get("dealer") if isinstance(ev, dict) else None
                if (not isinstance(ev, dict) or set(ev) != {"event", "dealer"}
                        or ev["event"] != "start" or not isinstance(d, int)
                        or isinstance(d, bool) or not 0 <= d <= 3):
                    raise ModelError('a start is amended in its dealer only: '
                                     '{"event": "start", "dealer": 0..3}')
            elif (not isinstance(ev, dict) or not isinstance(ev.get("event"), str)
                    or ev["event"] in ("start", "undo") or len(ev["event"]) > EVENT_NAME
                    or len(json.dumps(ev)) > 8192):
                raise ModelError("event: one event object (not a start or an undo)")
            if kind_now == "undo":
                raise ModelError("an undo is not amended; void the record it takes back")
    else:
        sid = _session_id(target)
        if not one(con, "SELECT 1 FROM sessions WHERE id = ?", (sid,)):
            raise ModelError("no session %s", target)
        if kind == "reseat":
            ps = data.get("players")
            if not isinstance(ps, list) or len(ps) != 4 or len(set(ps)) != 4:
                raise ModelError("players: 4 different player ids")
            for p in ps:
                if not one(con, "SELECT 1 FROM players WHERE id = ?", (p,)):
                    raise ModelError("no player %r", p)
        if kind == "session":
            if data.get("tround_id") is not None and not one(
                    con, "SELECT 1 FROM trounds WHERE id = ?", (data["tround_id"],)):
                raise ModelError("no tournament round %r", data["tround_id"])
    return con.execute("INSERT INTO corrections (at, who, why, kind, target, data) VALUES "
                       "(?,?,?,?,?,?)", (now or time.time(), who, why.strip(), kind, target,
                                         json.dumps(data, ensure_ascii=False))).lastrowid


def _session_id(target):
    m = SESSION_TARGET.fullmatch(target) if isinstance(target, str) else None
    if m is None:
        raise ModelError("target: session:<id>")
    return int(m.group(1))


def reseat(con, who, why, session_id, player_ids, now=None):
    if not isinstance(session_id, int):
        raise ModelError("session_id: a game's number")
    s = one(con, "SELECT tround_id, table_no FROM sessions WHERE id = ?", (session_id,))
    if s is not None and tournament.waiting_behind_gap(con, s["tround_id"], s["table_no"]):
        raise ModelError("table %s has records waiting behind a gap: re-seat it once they "
                         "are in", s["table_no"])
    return add(con, who, why, "reseat", session_target(session_id),
               {"players": list(player_ids)}, now)


def reseat_tables(con, who, why, tround_id, tables, now=None):
    """The players who really sat at seats 0..3 of some tables in a tournament round
    ({table_no: [4 player ids]}; two tables at once when players sat at each other's):
    every session played there moves to them (one reseat correction each, appended),
    and the round's seating says so for what is still to come.  Returns the ids."""
    from organiser.event import tournament
    if not why or not why.strip():
        raise ModelError("a re-seat needs a reason")
    tables = {int(no): list(ps) for no, ps in tables.items()}
    for no in sorted(tables):
        if tournament.waiting_behind_gap(con, tround_id, no):
            raise ModelError("table %d has records waiting behind a gap (one never arrived): "
                             "re-seat it once they are in, or the late hands would go to the "
                             "new players" % no)
    tournament.set_seating(con, tround_id, tables, source="manual", played_ok=True)
    ids = []
    for no, ps in sorted(tables.items()):
        for s in rows(con, "SELECT id FROM sessions WHERE tround_id = ? AND table_no = ?",
                      (tround_id, no)):
            ids.append(reseat(con, who, why, s["id"], ps, now))
    return ids


def history(con):
    out = rows(con, "SELECT * FROM corrections ORDER BY id")
    for c in out:
        data = stored.loads(c["data"])          # whatever is stored: a dict to read
        c["data"] = data if isinstance(data, dict) else {}
    return out


def latest(con):
    """The standing corrections: {(kind group, target): correction}; the corrections of
    one record (payments, void, accept, event) share a group (the latest stands)."""
    out = {}
    for c in history(con):
        group = "hand" if c["kind"] in HAND_KINDS else c["kind"]
        out[(group, c["target"])] = c
    return out


def add_penalty(con, who, why, player_id, points, tround_id=None, now=None, reason=None):
    """reason: a preset's key (organiser.event.penalty_presets), None for a free amount."""
    if not why or not why.strip():
        raise ModelError("a penalty needs a reason")
    if not isinstance(points, int) or isinstance(points, bool):
        raise ModelError("points: an integer")
    if not one(con, "SELECT 1 FROM players WHERE id = ?", (player_id,)):
        raise ModelError("no player %r", player_id)
    if tround_id is not None and not one(con, "SELECT 1 FROM trounds WHERE id = ?",
                                         (tround_id,)):
        raise ModelError("no tournament round %r", tround_id)
    return con.execute("INSERT INTO penalties (at, who, why, player_id, tround_id, points, "
                       "reason) VALUES (?,?,?,?,?,?,?)", (now or time.time(), who, why.strip(),
                                                          player_id, tround_id, points,
                                                          reason)).lastrowid


def penalties(con, tround_id=None):
    q = ("SELECT pe.*, p.name AS player FROM penalties pe JOIN players p ON p.id = pe.player_id")
    if tround_id is None:
        return rows(con, q + " ORDER BY pe.id")
    return rows(con, q + " WHERE pe.tround_id = ? ORDER BY pe.id", (tround_id,))
