"""Paper sheets: the director enters a game from a paper score sheet, its players then
each hand as the device shows a hand (the correction form's fields), scored by the
organiser's table engine: a hand the engine refuses is refused here with the ruleset's
reason, as the device refuses it, and nothing is written; a hand it scores is written
as the organiser's own record (organiser.event.paper) and counts like a device's."""

from anyio import from_thread

from organiser.event import corrections, paper, tournament
from organiser.event.tournament import ModelError
from organiser.results import queries
from organiser.scoring import papercheck
from organiser.text import elnames
from organiser.pages.admin.base import back, changed, director, page, refusal, section, \
    said, whole, whole_or_none
from organiser.pages.admin.hand import amended_event, handform_context

router, get, post = section()

PAGE = "/admin/paper"
HAND_FIELDS = ("kind", "winner", "from", "tiles", "flowers", "words")


@get("/paper")
def sheets_page(request):
    with request.app.state.db.read() as con:
        sheets = paper.sheets(con)
        trs = tournament.trounds(con)
        players = tournament.players(con)
        tables = tournament.tables(con)
    numbers = {t["id"]: t["number"] for t in trs}
    for s in sheets:
        s["tround"] = numbers.get(s["tround_id"])
    return page(request, "admin/paper.html", PAGE, title="Paper sheets", sheets=sheets,
                trounds=trs, players=players, tables=tables)


@post("/paper")
def sheet_open(request, f):
    """A new sheet: its table and round, its players in seat order (empty: the round's
    seating at that table)."""
    who = director(request)
    tround_id = whole(f.get("tround_id"), "round")
    table_no = whole(f.get("table_no"), "table")
    chosen = [whole_or_none(f.get("seat%d" % i), "player") for i in range(4)]
    with request.app.state.db.write() as con:
        seated = paper.seated(con, tround_id, table_no)
        ids = [c if c is not None else s for c, s in zip(chosen, seated)]
        if None in ids and None not in seated:
            raise ModelError("a sheet names four different players")
        journal, sid = paper.open_sheet(con, who, table_no, tround_id, ids)
        if ids != seated:       # the game's hands go to the players the sheet names
            corrections.reseat(con, who, said(request, "paper sheet"), sid, ids)
    from_thread.run(request.app.state.scoring.rescore, paper.DEVICE, journal)
    changed(request, "paper")
    return back("%s/%s" % (PAGE, journal), ok=said(request, "sheet opened: enter its hands"))


def _sheet(request, journal):
    with request.app.state.db.read() as con:
        s = paper.sheet(con, journal)
        if s is None:
            return None, []
        hands = [h for h in queries.hands(con, s["tround_id"], s["table_no"])
                 if h["session_id"] == s["session_id"] and h["event"] != "start"]
        t = [x for x in tournament.trounds(con) if x["id"] == s["tround_id"]]
        s["tround"] = t[0]["number"] if t else None
        s["rules"] = tournament.event(con)["rules"]
    totals = [0, 0, 0, 0]
    for h in hands:
        for i, p in enumerate(h["payments"] or []):
            totals[i] += p
    s["totals"] = totals
    return s, hands


@get("/paper/{journal}")
def sheet_page(request):
    journal = request.path_params["journal"]
    s, hands = _sheet(request, journal)
    if s is None:
        return page(request, "admin/paper_sheet.html", PAGE, title="Paper sheet", sheet=None,
                    hands=[], cur={}, hand_form={}, error=said(request, "no such paper sheet"))
    q = request.query_params
    cur = {k: q.get(k, "") for k in HAND_FIELDS}
    for k in ("winner", "from"):
        cur[k] = int(cur[k]) if cur[k].isdigit() else None
    return page(request, "admin/paper_sheet.html", PAGE, title="Paper sheet", sheet=s,
                hands=hands, cur=cur, hand_form=handform_context(request, s["rules"]))


@post("/paper/{journal}/hand")
def sheet_hand(request, f):
    """One hand of the sheet: scored by the engine first; refused with its reason (the
    typed hand kept in the form), else written and counted."""
    who = director(request)
    journal = request.path_params["journal"]
    path = "%s/%s" % (PAGE, journal)
    typed = {k: f.get(k, "") for k in HAND_FIELDS}
    with request.app.state.db.read() as con:
        if not paper.exists(con, journal):
            raise ModelError("no such paper sheet")
        rules = tournament.event(con)["rules"]
    try:
        ev = amended_event(f, rules)
    except ModelError as e:
        return back(path, error=refusal(request, e), **typed)
    engine = request.app.state.scoring.engine
    with request.app.state.db.read() as con:
        seq, row = papercheck.try_event(engine, con, journal, ev, who)
    if papercheck.refused(row):
        return back(path, error=said(request, "refused: %s",
                                     papercheck.reason(row, elnames.visitor_lang(request))),
                    **typed)
    with request.app.state.db.write() as con:
        if paper.next_seq(con, journal) != seq:
            raise ModelError("the sheet moved meanwhile: enter the hand again")
        paper.append(con, who, journal, ev, row["organiser"])
    from_thread.run(request.app.state.scoring.rescore, paper.DEVICE, journal)
    changed(request, "paper")
    res = row.get("result") or {}
    return back(path, ok=said(request, "hand scored: %s %s, payments %s",
                              res.get("total", ""), said(request, res.get("unit") or ""),
                              " ".join("%+d" % p for p in row["organiser"])))


@post("/paper/{journal}/undo")
def sheet_undo(request, f):
    """The sheet's last hand taken back (an undo record, as a device's)."""
    who = director(request)
    journal = request.path_params["journal"]
    with request.app.state.db.write() as con:
        s = paper.sheet(con, journal)
        if s is None:
            raise ModelError("no such paper sheet")
        if s["hands"] == 0:
            raise ModelError("no hand to take back")
        paper.append(con, who, journal, {"event": "undo"})
    from_thread.run(request.app.state.scoring.rescore, paper.DEVICE, journal)
    changed(request, "paper")
    return back("%s/%s" % (PAGE, journal), ok=said(request, "the last hand taken back"))
