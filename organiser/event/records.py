"""Uploaded journal records: storing them idempotently and deriving, in journal order,
which of them count (an undo takes back the record it undoes) and which session (one
`start` at one table in one tournament round) each belongs to."""

import json
import time

from organiser.event import binding, pastclock
from organiser.store import stored
from organiser.store.db import one


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


def send(con, device, journal, records, now=None):
    """The start of store(), its reads sent and not yet read (on PostgreSQL in a
    pipeline they travel together, with the upload's other reads): the journal's row
    written first, so held until the commit (an organiser process storing the same
    journal at the same moment waits, then reads what this one stored: every record
    stored and derived once); the records held in the batch's range and past the mark;
    the top of the undo stack before the batch."""
    now = now or time.time()
    lo, hi = records[0]["seq"], records[-1]["seq"]
    mark = con.execute("INSERT INTO journals (device, journal, acked, first_at, last_at) "
                       "VALUES (?, ?, 0, ?, ?) ON CONFLICT (device, journal) DO UPDATE "
                       "SET last_at = journals.last_at RETURNING acked",
                       (device, journal, now, now))
    held = con.execute(
        "SELECT seq, body, kind, undoes FROM records WHERE device = ? AND journal = ? AND "
        "(seq BETWEEN ? AND ? OR seq > (SELECT acked FROM journals WHERE device = ? AND "
        "journal = ?))", (device, journal, lo, hi, device, journal))
    return now, mark, held, (lo, _send_top(con, device, journal, lo))


def store(con, device, journal, records, now=None, sent=None):
    """Store a batch (inside a transaction).  Returns (new records stored, acked before,
    acked after).  A record whose key is held with other content raises Conflict after
    the records before it are stored (the caller commits them).  sent: send()'s answer,
    if sent before.

    Its reads all sent at once (send), then only writes, and a read for a record
    joining the mark only where the one before it does not tell (an undo, a start)."""
    now, mark, held, top = sent if sent is not None else send(con, device, journal, records,
                                                              now)
    before = mark.fetchone()[0]
    held = {r[0]: r for r in held.fetchall()}
    # seq -> (kind, undoes, body) of each record past the mark: held, or stored now
    past = {seq: (r[2], r[3], r[1]) for seq, r in held.items() if seq > before}
    stored = 0
    try:
        for rec in records:
            seq = rec["seq"]
            body = canonical(rec)
            if seq in held:
                if held[seq][1] != body:
                    raise Conflict(seq)
                continue
            c = columns(rec)
            con.execute("INSERT INTO records (device, journal, seq, body, received_at, kind, "
                        "payments, undoes, hand_no, dealer, streak, round, over) "
                        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                        (device, journal, seq, body, now, c["kind"], c["payments"], c["undoes"],
                         c["hand_no"], c["dealer"], c["streak"], c["round"], c["over"]))
            past[seq] = (c["kind"], c["undoes"], body)
            stored += 1
    finally:
        after = _advance(con, device, journal, before, now, past, top)
    return stored, before, after


def _advance(con, device, journal, before, now, past, top=None):
    """Move the journal's contiguous mark over the records now held (past: seq ->
    (kind, undoes, body) of those past the mark), deriving each.  top: (seq, the
    _send_top cursor of the top before it, read before anything was derived), used if
    seq is the first to join."""
    n = before
    known = None            # the top of the undo stack before n + 1, when known
    if top is not None and top[0] == before + 1 and before + 1 in past:
        known = (_read_top(top[1]),)
    for seq in sorted(past):
        if seq != n + 1:
            break
        n = seq
        known = derive(con, device, journal, seq, now, past[seq], known)
    con.execute("UPDATE journals SET acked = ?, last_at = ? WHERE device = ? AND journal = ?",
                (n, now, device, journal))
    return n


def _send_top(con, device, journal, seq):
    """The latest record before seq that still counts (the top of the undo stack), with
    its session's round (status, closed_at: whether a record joining it now is late):
    sent, read by _read_top."""
    return con.execute("SELECT r.seq, r.session_id, t.status, t.closed_at FROM records r "
                       "LEFT JOIN sessions s ON s.id = r.session_id "
                       "LEFT JOIN trounds t ON t.id = s.tround_id "
                       "WHERE r.device = ? AND r.journal = ? AND r.seq < ? AND r.effective = 1 "
                       "ORDER BY r.seq DESC LIMIT 1", (device, journal, seq))


def _read_top(cur):
    r = cur.fetchone()
    return dict(zip(("seq", "session_id", "status", "closed_at"), r)) if r else None


def _top(con, device, journal, seq):
    return _read_top(_send_top(con, device, journal, seq))


def derive(con, device, journal, seq, now, row=None, known=None):
    """Process one record that joined the contiguous prefix (all before it are done);
    row: its (kind, undoes, body), else read; known: (the top of the undo stack before
    it,) if known.  Returns (the top before seq + 1,) where this record tells it, else
    None."""
    if row is None:
        r = one(con, "SELECT kind, undoes, body FROM records WHERE device = ? AND "
                     "journal = ? AND seq = ?", (device, journal, seq))
        row = (r["kind"], r["undoes"], r["body"])
    kind, _, body = row
    if kind == "undo":
        # an undo takes back the top of the stack, whatever its `undoes` names (the
        # engine's own undo does the same, so the replay and the sessions agree)
        top = known[0] if known is not None else _top(con, device, journal, seq)
        sid = None
        if top is not None:
            con.execute("UPDATE records SET effective = 0 WHERE device = ? AND journal = ? "
                        "AND seq = ?", (device, journal, top["seq"]))
            sid = top["session_id"]
        con.execute("UPDATE records SET effective = 0, session_id = ? WHERE device = ? AND "
                    "journal = ? AND seq = ?", (sid, device, journal, seq))
        return None
    if kind == "start":
        body = stored.loads(body)
        sid = _new_session(con, device, journal, seq, body if isinstance(body, dict) else {},
                           now)
        late = sid is not None and binding.late(con, sid, now) and \
            device != binding.PAPER_DEVICE         # a paper sheet comes when it comes
        nxt = None
    else:
        top = known[0] if known is not None else _top(con, device, journal, seq)
        sid = top["session_id"] if top else None
        late = sid is not None and binding.round_late(con, top, now) and \
            device != binding.PAPER_DEVICE
        # the next record's top is this one, in the same session and round
        nxt = ({"seq": seq, "session_id": sid, "status": top["status"] if top else None,
                "closed_at": top["closed_at"] if top else None},)
    if sid is not None and not late and kind not in pastclock.NOT_HANDS:
        # a hand arriving after its round's clock reached zero: judged by the clock
        # reading it carries (pastclock.py); the reason kept for the scoring to hold it
        past = pastclock.judge(con, device, _tround(con, sid), body, now)
        if past is not None:
            con.execute("INSERT INTO past_clock (device, journal, seq, reason) VALUES "
                        "(?, ?, ?, ?) ON CONFLICT (device, journal, seq) DO NOTHING",
                        (device, journal, seq, past))
    # late: it joined after its round closed and the event's grace passed (decided now,
    # on arrival, under the grace then in force: the organiser's scoring holds it)
    con.execute("UPDATE records SET effective = 1, session_id = ?, late = ? WHERE device = ? "
                "AND journal = ? AND seq = ?", (sid, 1 if late else 0, device, journal, seq))
    return nxt


def _tround(con, session_id):
    r = one(con, "SELECT tround_id FROM sessions WHERE id = ?", (session_id,))
    return r["tround_id"] if r else None


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
