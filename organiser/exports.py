"""Exports of the event's record: every hand and the standings, as CSV or JSON, for the
whole event or one tournament round (?tround=<id>)."""

import csv
import io
import json

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from organiser import queries
from organiser.limits import QueryId

router = APIRouter()
# Plain functions: run in the thread pool, never on the event loop that takes uploads.

HAND_COLUMNS = ("tround_id", "table", "session_id", "device", "journal", "seq", "hand_no",
                "event", "winner", "winner_name", "from", "total", "unit", "items",
                "p0", "p1", "p2", "p3", "pay0", "pay1", "pay2", "pay3", "corrected",
                "correction_why", "hand", "status")
PLAYER_COLUMNS = ("rank", "name", "team", "score", "penalties", "total", "table_points",
                  "games", "hands")
TEAM_COLUMNS = ("rank", "name", "score", "penalties", "total", "table_points")


def hand_csv_row(h):
    pay = h["payments"] or [None] * 4
    return {
        "tround_id": h["tround_id"], "table": h["table"], "session_id": h["session_id"],
        "device": h["device"], "journal": h["journal"], "seq": h["seq"],
        "hand_no": h["hand_no"], "event": h["event"], "winner": h["winner"],
        "winner_name": h["winner_name"], "from": h["from"], "total": h["total"],
        "unit": h["unit"],
        "items": "; ".join("%s %s" % (i["name"], i["value"] * (i["count"] or 1)
                                      if isinstance(i["value"], int) else "")
                           for i in h["items"]),
        "p0": h["players"][0], "p1": h["players"][1], "p2": h["players"][2],
        "p3": h["players"][3], "pay0": pay[0], "pay1": pay[1], "pay2": pay[2],
        "pay3": pay[3], "corrected": h["correction"]["kind"] if h["correction"] else "",
        "correction_why": h["correction"]["why"] if h["correction"] else "",
        "hand": json.dumps(h["hand"], ensure_ascii=False) if h["hand"] else "",
        "status": h.get("status", ""),     # the organiser's scoring: ok, disputed, ...
    }


FORMULA = ("=", "+", "-", "@", "\t", "\r")


def cell(v):
    """A text cell a spreadsheet would read as a formula (a player named "=HYPERLINK(...)")
    gets a leading apostrophe: shown as text.  Numbers stay numbers."""
    if isinstance(v, str) and v.startswith(FORMULA):
        return "'" + v
    return v


def to_csv(columns, items):
    buf = io.StringIO()
    w = csv.DictWriter(buf, columns, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for it in items:
        w.writerow({k: cell(v) for k, v in it.items()})
    return buf.getvalue()


def _name(what, tround, ext):
    return "%s%s.%s" % (what, "-tround%d" % tround if tround is not None else "", ext)


def _csv(text, filename):
    return Response(text, media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": 'attachment; filename="%s"' % filename})


@router.get("/export/hands.json")
def hands_json(request: Request, tround: QueryId = None):
    with request.app.state.db.read() as con:
        hs = queries.hands(con, tround)
    return JSONResponse({"tround_id": tround, "hands": hs},
                        headers={"Content-Disposition":
                                 'attachment; filename="%s"' % _name("hands", tround, "json")})


@router.get("/export/hands.csv")
def hands_csv(request: Request, tround: QueryId = None):
    with request.app.state.db.read() as con:
        hs = queries.hands(con, tround)
    return _csv(to_csv(HAND_COLUMNS, [hand_csv_row(h) for h in hs]),
                _name("hands", tround, "csv"))


@router.get("/export/standings.json")
def standings_json(request: Request, tround: QueryId = None):
    with request.app.state.db.read() as con:
        s = queries.standings(con, tround)
    return JSONResponse(s, headers={"Content-Disposition": 'attachment; filename="%s"'
                                    % _name("standings", tround, "json")})


@router.get("/export/standings.csv")
def standings_csv(request: Request, tround: QueryId = None, of: str = "players"):
    with request.app.state.db.read() as con:
        s = queries.standings(con, tround)
    if of == "teams":
        text = to_csv(TEAM_COLUMNS, s["teams"])
    else:
        text = to_csv(PLAYER_COLUMNS, s["players"])
    return _csv(text, _name("standings-" + ("teams" if of == "teams" else "players"),
                            tround, "csv"))
