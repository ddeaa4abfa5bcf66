"""Exports of the event's record: every hand and the standings, as CSV or JSON, for the
whole event or one tournament round (?tround=<id>); each built once per change of the
data, a few at a time, whoever asks (organiser/results/exportwork.py)."""

import csv
import io
import json

from fastapi import APIRouter, Request

from organiser.results import ema, queries
from organiser.guard.limits import QueryId
from organiser.results import exportwork
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


def _csv(data, filename):
    return exportwork.response(data, "text/csv; charset=utf-8", {
        "Content-Disposition": 'attachment; filename="%s"' % filename})


def _held(request, key, build, heavy=False):
    """The answer's bytes, built once per change (organiser.results.exportwork)."""
    held = getattr(request.app.state, "exports_held", None)
    if held is None:
        return build()
    return held.get(key, build, heavy)


def _hands(request, tround, fmt, lang=None):
    def build():
        with request.app.state.db.read() as con:
            if fmt == "json":
                return exportwork.hands_json(con, tround, queries.each_hand)
            return exportwork.rows_csv(HAND_COLUMNS, (hand_csv_row(h, lang) for h in
                                                      queries.each_hand(con, tround)), cell)
    return _held(request, ("hands", fmt, tround, lang), build, heavy=True)


def _standings(request, tround):
    def build():
        with request.app.state.db.read() as con:
            return queries.standings(con, tround)
    return build


@router.get("/export/hands.json")
def hands_json(request: Request, tround: QueryId = None):
    return exportwork.response(_hands(request, tround, "json"), "application/json", {
        "Content-Disposition": 'attachment; filename="%s"' % _name("hands", tround, "json")})


@router.get("/export/hands.csv")
def hands_csv(request: Request, tround: QueryId = None):
    """Every hand; its items named in the language asked (?lang=, the cookie), else the
    event's."""
    return _csv(_hands(request, tround, "csv", elnames.visitor_lang(request)),
                _name("hands", tround, "csv"))


@router.get("/export/ema.csv")
def ema_csv(request: Request, tround: QueryId = None):
    """An MCR or Riichi event's results for the EMA's ranking (organiser/results/ema.py), UTF-8 with a byte
    order mark (the spreadsheets associations open it with then read its accents)."""
    def build():
        with request.app.state.db.read() as con:
            got, cols = ema.results(con, tround), ema.columns(con)
        return ("\ufeff" + to_csv(cols, got)).encode("utf-8")
    return _csv(_held(request, ("ema", tround), build), _name("ema-results", tround, "csv"))


def standings_bytes(request, tround):
    """The standings' JSON (this export's and /api/v1/standings'), built once per change."""
    return _held(request, ("standings", tround),
                 lambda: exportwork.dumps(_standings(request, tround)()))


@router.get("/export/standings.json")
def standings_json(request: Request, tround: QueryId = None):
    return exportwork.response(standings_bytes(request, tround), "application/json", {
        "Content-Disposition": 'attachment; filename="%s"' % _name("standings", tround, "json")})


@router.get("/export/standings.csv")
def standings_csv(request: Request, tround: QueryId = None, of: str = "players"):
    teams = of == "teams"

    def build():
        s = _standings(request, tround)()
        if teams:
            return to_csv(TEAM_COLUMNS, s["teams"]).encode("utf-8")
        return to_csv(PLAYER_COLUMNS, s["players"]).encode("utf-8")
    return _csv(_held(request, ("standings.csv", teams, tround), build),
                _name("standings-" + ("teams" if teams else "players"), tround, "csv"))
