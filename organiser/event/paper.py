"""Paper sheets: a game the director enters from a paper score sheet, stored as the
organiser's own records (docs/upload.md, "Record kinds": kind `o`), in a journal of its
own (device `organiser`, one journal per sheet), each record with `by`, the director who
entered it.  The journal is stored and derived as a device's (organiser.event.records:
its start opens a session at the sheet's table in its tournament round, an undo takes
back the last hand), and the organiser's scoring replays it like any other; the hands
count in the standings and the exports as a device's do.

Only the organiser writes here: the device `organiser` is registered revoked (no secret
anyone holds opens it), so no upload can speak for it.  The pages check each hand with
the table engine before it is written (organiser.scoring.papercheck): a hand the engine
refuses is never stored."""

import secrets
import time

from organiser.event import binding, records, tournament
from organiser.event.tournament import ModelError
from organiser.store import stored
from organiser.store.db import one, rows

DEVICE = binding.PAPER_DEVICE
KIND = "o"


def ensure_device(con, now=None):
    """The organiser's own device row (the journals' owner), revoked from the start."""
    now = now or time.time()
    d = one(con, "SELECT revoked_at, table_no FROM devices WHERE id = ?", (DEVICE,))
    if d is not None and (d["revoked_at"] is None or d["table_no"] is not None):
        # (a database from before paper sheets, where a device took the name)
        raise ModelError("a device registered as %s: paper sheets need the name", DEVICE)
    con.execute("INSERT INTO devices (id, secret, table_no, label, created_at, revoked_at) "
                "VALUES (?, ?, NULL, 'paper sheets', ?, ?) ON CONFLICT (id) DO NOTHING",
                (DEVICE, secrets.token_hex(32), now, now))


def record(seq, who, event, payments=None):
    """One organiser record (version 1's names, kind and author beside)."""
    rec = {"seq": seq, "k": KIND, "by": who, "event": event}
    if event.get("event") != "undo":
        rec["payments"] = list(payments) if payments is not None else [0, 0, 0, 0]
    else:
        rec["undoes"] = seq - 1
    return rec


def start_event(con, table_no, tround_id, names):
    """The start of a sheet's game: the event's ruleset and settings, its players' names,
    the table and round it was played at in its tag (binding.place reads them)."""
    ev = tournament.event(con)
    return {"event": "start", "rules": ev["rules"], "settings": ev["settings"],
            "players": list(names), "dealer": 0,
            "tag": {"table": table_no, "tround": tround_id}}


def seated(con, tround_id, table_no):
    """The player ids of a table's seats 0..3 in a round (None where nobody is seated)."""
    out = [None] * 4
    for r in rows(con, "SELECT seat, player_id FROM seating WHERE tround_id = ? AND "
                       "table_no = ?", (tround_id, table_no)):
        out[r["seat"]] = r["player_id"]
    return out


def open_sheet(con, who, table_no, tround_id, player_ids, now=None):
    """A new sheet: its journal, and its start (seq 1).  Returns (journal, session id)."""
    if one(con, "SELECT 1 FROM trounds WHERE id = ?", (tround_id,)) is None:
        raise ModelError("no such tournament round")
    if None in seated(con, tround_id, table_no):
        raise ModelError("table %d is not seated in that round: seat it first (Rounds & "
                         "seating)", table_no)
    names = {p["id"]: p["name"] for p in tournament.players(con)}
    if len(player_ids) != 4 or len(set(player_ids)) != 4 or \
            any(p not in names for p in player_ids):
        raise ModelError("a sheet names four different players")
    ensure_device(con, now)
    journal = secrets.token_hex(8)
    rec = record(1, who, start_event(con, table_no, tround_id,
                                     [names[p] for p in player_ids]))
    records.store(con, DEVICE, journal, [rec], now)
    sid = one(con, "SELECT session_id FROM records WHERE device = ? AND journal = ? AND "
                   "seq = 1", (DEVICE, journal))["session_id"]
    return journal, sid


def next_seq(con, journal):
    r = one(con, "SELECT MAX(seq) AS n FROM records WHERE device = ? AND journal = ?",
            (DEVICE, journal))
    return (r["n"] or 0) + 1


def append(con, who, journal, event, payments=None, now=None):
    """One more record of a sheet (a hand, or an undo of the last); its seq."""
    if not exists(con, journal):
        raise ModelError("no such paper sheet")
    seq = next_seq(con, journal)
    records.store(con, DEVICE, journal, [record(seq, who, event, payments)], now)
    return seq


def exists(con, journal):
    return one(con, "SELECT 1 FROM journals WHERE device = ? AND journal = ?",
               (DEVICE, journal)) is not None


def bodies(con, journal):
    """The sheet's records as stored: [(seq, body, effective)]."""
    return [(r["seq"], stored.loads(r["body"]), r["effective"])
            for r in rows(con, "SELECT seq, body, effective FROM records WHERE device = ? "
                               "AND journal = ? ORDER BY seq", (DEVICE, journal))]


def sheets(con):
    """Every sheet: [{journal, session_id, table_no, tround_id, players (names), by, at,
    hands (that count)}], newest first."""
    out = []
    for r in rows(con, "SELECT s.id, s.journal, s.table_no, s.tround_id, s.players, "
                       "s.created_at, s.refused, r.body FROM sessions s JOIN records r ON "
                       "r.device = s.device AND r.journal = s.journal AND r.seq = s.start_seq "
                       "WHERE s.device = ? ORDER BY s.id DESC", (DEVICE,)):
        body = stored.loads(r["body"])
        n = one(con, "SELECT COUNT(*) AS n FROM records WHERE session_id = ? AND "
                     "effective = 1 AND kind != 'start'", (r["id"],))["n"]
        players = stored.loads(r["players"])
        out.append(dict(device=DEVICE, journal=r["journal"], session_id=r["id"],
                        table_no=r["table_no"], tround_id=r["tround_id"], refused=r["refused"],
                        players=players if isinstance(players, list) else [],
                        by=body.get("by") if isinstance(body, dict) else None,
                        at=r["created_at"], hands=n))
    return out


def sheet(con, journal):
    return next((s for s in sheets(con) if s["journal"] == journal), None)


def is_paper(device):
    return device == DEVICE

