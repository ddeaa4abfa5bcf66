"""Uploaded journal records: storing them idempotently and deriving, in journal order,
which of them count (an undo takes back the record it undoes) and which session (one
`start` at one table in one tournament round) each belongs to."""

import json
import time

from organiser import binding, stored
from organiser.db import one


class Conflict(Exception):
    def __init__(self, seq):
        super().__init__(seq)
        self.seq = seq


def canonical(rec):
    """The record's identity: its JSON with sorted keys (a resend of the same record,
    whatever its key order or spacing, is the same record)."""
    return json.dumps(rec, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def columns(rec):
    """The columns read once on arrival: the event's name and, for an undo, the seq it
    names (shown, never trusted).  Payments and the state columns (hand number, dealer,
    streak, wind, over) are the organiser's own, written by its replay (scoring.py):
    nothing a device says about them counts."""
    ev = rec.get("event")
    kind = ev.get("event") if isinstance(ev, dict) else None
    return {
        "kind": kind[:32] if isinstance(kind, str) else "?",
        "payments": None,
        "undoes": _int(rec.get("undoes")),
        "hand_no": None, "dealer": None, "streak": None, "round": None, "over": 0,
    }


def _int(v):
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _four_ints(v, bound=None):
    return (isinstance(v, list) and len(v) == 4 and all(_int(x) is not None for x in v)
            and (bound is None or all(-bound <= x <= bound for x in v)))


def acked(con, device, journal):
    r = con.execute("SELECT acked FROM journals WHERE device = ? AND journal = ?",
                    (device, journal)).fetchone()
    return r[0] if r else 0


def store(con, device, journal, records, now=None):
    """Store a batch (inside a transaction).  Returns (new records stored, acked before,
    acked after).  A record whose key is held with other content raises Conflict after
    the records before it are stored (the caller commits them)."""
    now = now or time.time()
    # the journal's row written first, so held until the commit: an organiser process
    # storing the same journal at the same moment (PostgreSQL) waits, then reads what
    # this one stored (every record stored and derived once)
    con.execute("INSERT INTO journals (device, journal, acked, first_at, last_at) "
                "VALUES (?, ?, 0, ?, ?) ON CONFLICT (device, journal) DO UPDATE "
                "SET last_at = journals.last_at", (device, journal, now, now))
    before = acked(con, device, journal)
    stored = 0
    try:
        for rec in records:
            seq = rec["seq"]
            body = canonical(rec)
            held = con.execute("SELECT body FROM records WHERE device = ? AND journal = ? "
                               "AND seq = ?", (device, journal, seq)).fetchone()
            if held is not None:
                if held[0] != body:
                    raise Conflict(seq)
                continue
            c = columns(rec)
            con.execute("INSERT INTO records (device, journal, seq, body, received_at, kind, "
                        "payments, undoes, hand_no, dealer, streak, round, over) "
                        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                        (device, journal, seq, body, now, c["kind"], c["payments"], c["undoes"],
                         c["hand_no"], c["dealer"], c["streak"], c["round"], c["over"]))
            stored += 1
    finally:
        after = _advance(con, device, journal, before, now)
    return stored, before, after


def _advance(con, device, journal, before, now):
    """Move the journal's contiguous mark over the records now held, deriving each."""
    n = before
    for (seq,) in con.execute("SELECT seq FROM records WHERE device = ? AND journal = ? "
                              "AND seq > ? ORDER BY seq", (device, journal, before)).fetchall():
        if seq != n + 1:
            break
        n = seq
        derive(con, device, journal, seq, now)
    con.execute("UPDATE journals SET acked = ?, last_at = ? WHERE device = ? AND journal = ?",
                (n, now, device, journal))
    return n


def _top(con, device, journal, seq):
    """The latest record before seq that still counts (the top of the undo stack)."""
    return one(con, "SELECT seq, session_id FROM records WHERE device = ? AND journal = ? "
                    "AND seq < ? AND effective = 1 ORDER BY seq DESC LIMIT 1",
               (device, journal, seq))


def derive(con, device, journal, seq, now):
    """Process one record that joined the contiguous prefix (all before it are done)."""
    r = one(con, "SELECT kind, undoes, body FROM records WHERE device = ? AND journal = ? "
                 "AND seq = ?", (device, journal, seq))
    if r["kind"] == "undo":
        # an undo takes back the top of the stack, whatever its `undoes` names (the
        # engine's own undo does the same, so the replay and the sessions agree)
        top = _top(con, device, journal, seq)
        target = top["seq"] if top else None
        sid = None
        if target is not None:
            con.execute("UPDATE records SET effective = 0 WHERE device = ? AND journal = ? "
                        "AND seq = ?", (device, journal, target))
            t = one(con, "SELECT session_id FROM records WHERE device = ? AND journal = ? "
                         "AND seq = ?", (device, journal, target))
            sid = t["session_id"] if t else None
        con.execute("UPDATE records SET effective = 0, session_id = ? WHERE device = ? AND "
                    "journal = ? AND seq = ?", (sid, device, journal, seq))
        return
    if r["kind"] == "start":
        body = stored.loads(r["body"])
        sid = _new_session(con, device, journal, seq, body if isinstance(body, dict) else {},
                           now)
    else:
        top = _top(con, device, journal, seq)
        sid = top["session_id"] if top else None
    # late: it joined after its round closed and the event's grace passed (decided now,
    # on arrival, under the grace then in force: the organiser's scoring holds it)
    late = 1 if sid is not None and binding.late(con, sid, now) else 0
    con.execute("UPDATE records SET effective = 1, session_id = ?, late = ? WHERE device = ? "
                "AND journal = ? AND seq = ?", (sid, late, device, journal, seq))


def _new_session(con, device, journal, seq, rec, now):
    """A start: its session lands at the device's own table, in the tournament round its
    tag names (else the open one), and counts only if that table is seated in that round
    and the round is open or closed less than the event's grace ago (binding.place)."""
    ev = rec.get("event") if isinstance(rec.get("event"), dict) else {}
    tag = ev.get("tag") if isinstance(ev.get("tag"), dict) else rec.get("tag")
    tag = tag if isinstance(tag, dict) else {}
    table_no, tround, refused, continues = binding.place(con, device, tag, now)
    rules = ev.get("rules")
    players = ev.get("players")
    players = [p[:64] if isinstance(p, str) else "?" for p in players][:4] \
        if isinstance(players, list) else []
    cur = con.execute("INSERT OR IGNORE INTO sessions (device, journal, start_seq, table_no, "
                      "tround_id, rules, players, created_at, refused, continues) "
                      "VALUES (?,?,?,?,?,?,?,?,?,?)",
                      (device, journal, seq, table_no, tround,
                       rules[:8] if isinstance(rules, str) else "?",
                       json.dumps(players, ensure_ascii=False), now, refused, continues))
    if cur.rowcount:
        if refused:
            binding.log(con, device, journal, seq, refused, now)
        return cur.lastrowid
    return one(con, "SELECT id FROM sessions WHERE device = ? AND journal = ? AND start_seq = ?",
               (device, journal, seq))["id"]
