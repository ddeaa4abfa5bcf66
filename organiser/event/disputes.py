"""Records the organiser holds: its own replay disagrees with the device (disputed), the
table engine refuses the event (refused), or it came after its round's grace (late).
Such a record counts for nothing until the director accepts one version or corrects it
(corrections.py); both versions are shown side by side."""

from organiser.store import stored
from organiser.store.db import rows

HELD = ("disputed", "refused", "late")


def _q(where=""):
    return ("SELECT r.device, r.journal, r.seq, r.session_id, r.body, x.status, x.organiser, "
            "x.error, x.detail, s.table_no, s.tround_id FROM replayed x JOIN records r ON "
            "r.device = x.device AND r.journal = x.journal AND r.seq = x.seq JOIN sessions s "
            "ON s.id = r.session_id WHERE x.status IN ('disputed', 'refused', 'late') AND "
            "r.effective = 1 AND s.refused IS NULL" + where)


def count(con):
    return con.execute("SELECT COUNT(*) FROM (" + _q() + ") AS d").fetchone()[0]


def _loads(text, default=None):
    v = stored.loads(text) if text else default
    return default if v is None else v


def _version(payments, result):
    res = stored.result(result)
    return {"payments": stored.payments(payments), "total": res["total"], "items": res["items"]}


def row(r):
    """One held record as the pages and the API show it (stored values: in range or
    nothing, as stored.py reads them)."""
    rec = stored.record(r["body"])
    body = _loads(r["body"], {})
    body = body if isinstance(body, dict) else {}
    ev = rec["event"]
    detail = _loads(r["detail"], {})
    detail = detail if isinstance(detail, dict) else {}
    return {"device": r["device"], "journal": r["journal"], "seq": r["seq"],
            "target": corrections_target(r["device"], r["journal"], r["seq"]),
            "session_id": r["session_id"], "table": r["table_no"], "tround_id": r["tround_id"],
            "event": ev["event"], "winner": ev.get("winner"), "from": ev.get("from"),
            "status": r["status"], "error": stored.text(r["error"], 200),
            "device_version": _version(rec["payments"], body.get("result")),
            "organiser_version": _version(r["organiser"], detail.get("result"))}


def corrections_target(device, journal, seq):
    """The target a correction of the record names (as corrections.record_target)."""
    return "%s/%s/%s" % (device, journal, seq)


def held(con, tround_id=None, table_no=None):
    where, args = "", []
    if tround_id is not None:
        where += " AND s.tround_id = ?"
        args.append(tround_id)
    if table_no is not None:
        where += " AND s.table_no = ?"
        args.append(table_no)
    return [row(r) for r in rows(con, _q(where) + " ORDER BY s.table_no, r.seq", args)]


def status_of(con, device, journal):
    """{seq: (status, organiser payments, error, the organiser's result, where the hand
    was played {hand_no_at, wind_at, winds})} for one journal (the hand log)."""
    out = {}
    for r in rows(con, "SELECT seq, status, organiser, error, detail FROM replayed WHERE "
                       "device = ? AND journal = ?", (device, journal)):
        detail = _loads(r["detail"], {})
        result = detail.get("result") if isinstance(detail, dict) else None
        where = {k: detail.get(k) for k in ("hand_no_at", "wind_at", "winds")} \
            if isinstance(detail, dict) else {}
        out[r["seq"]] = (r["status"], stored.loads(r["organiser"]), r["error"],
                         result if isinstance(result, dict) else None, where)
    return out
