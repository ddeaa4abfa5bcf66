"""Exports of the event's record: every hand and the standings, as CSV or JSON, for the
whole event or one tournament round (?tround=<id>)."""

import csv
import io
import json

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from organiser.results import ema, queries
from organiser.guard.limits import QueryId
from organiser.text import elnames

router = APIRouter()
# Plain functions: run in the thread pool, never on the event loop that takes uploads.

# each seat's player and wind at that hand (MCR players change seats between wind
# rounds), the winner and the discarder by name
HAND_COLUMNS = ("tround_id", "table", "session_id", "device", "journal", "seq", "hand_no",
                "prevailing", "event", "winner", "winner_wind", "from", "from_wind", "total",
                "unit", "items", "seat1", "wind1", "pay1", "seat2", "wind2", "pay2", "seat3",
                "wind3", "pay3", "seat4", "wind4", "pay4", "corrected", "correction_why",
                "hand", "status")
PLAYER_COLUMNS = ("rank", "name", "team", "score", "penalties", "total", "table_points",
                  "games", "hands")
TEAM_COLUMNS = ("rank", "name", "score", "penalties", "total", "table_points")


def _seat_of(h, key):
    i = h[key]
    return i if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < 4 else None


def hand_csv_row(h, lang=None):
    """A hand as the CSV's row; its items named in lang (None: as the device uploaded
    them)."""
    pay = h["payments"] or [None] * 4
    rules = h.get("rules")
    w, f = _seat_of(h, "winner"), _seat_of(h, "from")
    row = {
        "tround_id": h["tround_id"], "table": h["table"], "session_id": h["session_id"],
        "device": h["device"], "journal": h["journal"], "seq": h["seq"],
        "hand_no": h["hand_no"], "prevailing": h["wind"], "event": h["event"],
        "winner": h["players"][w] if w is not None else "",
        "winner_wind": h["winds"][w] if w is not None else "",
        "from": h["players"][f] if f is not None else "",
        "from_wind": h["winds"][f] if f is not None else "",
        "total": h["total"], "unit": h["unit"],
        "items": "; ".join("%s %s" % (elnames.name(dict(i, rules=rules), lang),
                                      i["value"] * (i["count"] or 1)
                                      if isinstance(i["value"], int) else "")
                           for i in h["items"]),
        "corrected": h["correction"]["kind"] if h["correction"] else "",
        "correction_why": h["correction"]["why"] if h["correction"] else "",
        "hand": json.dumps(h["hand"], ensure_ascii=False) if h["hand"] else "",
        "status": h.get("status", ""),     # the organiser's scoring: ok, disputed, ...
    }
    for i in range(4):
        row["seat%d" % (i + 1)] = h["players"][i]
        row["wind%d" % (i + 1)] = h["winds"][i]
        row["pay%d" % (i + 1)] = pay[i]
    return row


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
    """Every hand; its items named in the language asked (?lang=, the cookie), else the
    event's."""
    lang = elnames.visitor_lang(request)
    with request.app.state.db.read() as con:
        hs = queries.hands(con, tround)
    return _csv(to_csv(HAND_COLUMNS, [hand_csv_row(h, lang) for h in hs]),
                _name("hands", tround, "csv"))


@router.get("/export/ema.csv")
def ema_csv(request: Request, tround: QueryId = None):
    """An MCR event's results for the EMA's ranking (organiser/results/ema.py), UTF-8 with a byte
    order mark (the spreadsheets associations open it with then read its accents)."""
    with request.app.state.db.read() as con:
        got = ema.results(con, tround)
    return _csv("\ufeff" + to_csv(ema.COLUMNS, got), _name("ema-results", tround, "csv"))


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
