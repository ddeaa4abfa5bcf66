"""Tournament rounds (added, opened, closed; the grace for late uploads) and each
round's seating (generated, set by hand, re-seated, locked)."""

from organiser.event import binding, corrections, tournament
from organiser.results import views
from organiser.text import elnames, reasons
from organiser.store import stored
from organiser.text.reasons import Reason
from organiser.event.tournament import ModelError
from organiser.pages.admin.base import back, changed, director, page, section, said, whole, \
    whole_or_none

router, get, post = section()


@get("/rounds")
def rounds_page(request):
    with request.app.state.db.read() as con:
        trs = tournament.trounds(con)
        grace = binding.grace(con)
        for t in trs:
            t["seated"] = len(tournament.seating(con, t["id"]))
            t["opened"] = views.clock(t["opened_at"])
            t["closed"] = views.clock(t["closed_at"])
            # a closed round's records still count until then (late uploads)
            closed = stored.when(t["closed_at"])
            t["counts_until"] = views.clock(closed + grace) if closed else ""
    return page(request, "admin/rounds.html", "/admin/rounds", title="Tournament rounds",
                trounds=trs, grace=grace, grace_max=binding.GRACE_MAX)


@post("/grace")
def grace_save(request, f):
    """How long after a round closed a device's records still count (a device that was
    out of reach, a hand finished after time): whole seconds."""
    seconds = whole(f.get("seconds"), "grace")
    with request.app.state.db.write() as con:
        binding.set_grace(con, seconds)
    changed(request, "grace")
    return back("/admin/rounds", ok=said(request, "late uploads count for %d s after a round "
                                         "closes", seconds))


@post("/rounds")
def round_add(request, f):
    count = whole_or_none(f.get("count"), "rounds") or 1
    with request.app.state.db.write() as con:
        for _ in range(count):
            tournament.add_tround(con)
    return back("/admin/rounds", ok=said(request, "%d round(s) added", count))


@post("/rounds/open")
def round_open(request, f):
    tid = whole(f.get("tround_id"), "round")
    with request.app.state.db.write() as con:
        tournament.open_round(con, tid)
    changed(request, "rounds")
    return back("/admin/rounds", ok=said(request, "round opened"))


@post("/rounds/close")
def round_close(request, f):
    tid = whole(f.get("tround_id"), "round")
    with request.app.state.db.write() as con:
        tournament.close_round(con, tid)
    changed(request, "rounds")
    return back("/admin/rounds", ok=said(request, "round closed"))


@get("/rounds/{tround_id}")
def seating_page(request):
    tid = whole(request.path_params["tround_id"], "round")
    with request.app.state.db.read() as con:
        try:
            t = tournament.tround(con, tid)
        except ModelError:
            return back("/admin/rounds", error=said(request, "no such round"))
        seats = tournament.seating(con, tid)
        report = tournament.seating_report(con, tid) if seats else None
        if report:
            lang = elnames.visitor_lang(request)
            report["errors"] = [reasons.say(e, lang) for e in report["errors"]]
        players = tournament.players(con)
        tables = tournament.tables(con)
        played = {tb["number"]: tournament.hands_played(con, tid, tb["number"])
                  for tb in tables}
    grid = []
    for tb in tables:
        s = seats.get(tb["number"])
        grid.append(dict(number=tb["number"], players=s["players"] if s else [None] * 4,
                         locked=bool(s and s["locked"]), source=s["source"] if s else "",
                         seated=s is not None, hands=played[tb["number"]]))
    return page(request, "admin/seating.html", "/admin/rounds",
                title=("Seating of round %d", t["number"]), t=t, grid=grid, players=players,
                report=report, any_played=any(played.values()))


@post("/rounds/{tround_id}/generate")
def seating_generate(request, f):
    tid = whole(request.path_params["tround_id"], "round")
    with request.app.state.db.write() as con:
        if tournament.tround(con, tid)["status"] == "closed":
            raise ModelError("the round is closed: its seating stands")
        rep = tournament.generate_seating(con, tid)
    changed(request, "seating")
    return back("/admin/rounds/%d" % tid,
                ok=said(request, "seating generated: %d pair(s) meet more than once, %d "
                        "teammate pair(s) share a table", rep["repeated_pairs"],
                        rep["teammates_together"]))


@post("/rounds/{tround_id}/table")
def seating_table(request, f):
    """Enter one table's seating by hand (four players in seat order)."""
    tid = whole(request.path_params["tround_id"], "round")
    no = whole(f.get("table_no"), "table")
    ps = [whole(f.get("seat%d" % i), Reason("seat %d", i + 1)) for i in range(4)]
    with request.app.state.db.write() as con:
        tournament.set_seating(con, tid, {no: ps}, source="manual")
    changed(request, "seating")
    return back("/admin/rounds/%d" % tid, ok=said(request, "table %d seated by hand", no))


@post("/rounds/{tround_id}/reseat")
def seating_reseat(request, f):
    """Tables that have played hands are re-seated with a reason, together (players who
    sat at each other's tables move in one go): their hands move with the players."""
    who = director(request)
    tid = whole(request.path_params["tround_id"], "round")
    with request.app.state.db.write() as con:
        cur = tournament.seating(con, tid)
        moves = {}
        for no, t in cur.items():
            if "t%ds0" % no not in f:
                continue
            ps = [whole(f.get("t%ds%d" % (no, i)), Reason("table %d seat %d", no, i + 1))
                  for i in range(4)]
            if ps != t["players"]:
                moves[no] = ps
        if not moves:
            raise ModelError("no seat was changed")
        corrections.reseat_tables(con, who, f.get("why", ""), tid, moves)
    changed(request, "reseat")
    return back("/admin/rounds/%d" % tid,
                ok=said(request, "table(s) %s re-seated; their hands moved with the players",
                        ", ".join(str(n) for n in sorted(moves))))


@post("/rounds/{tround_id}/lock")
def seating_lock(request, f):
    tid = whole(request.path_params["tround_id"], "round")
    no = whole(f.get("table_no"), "table")
    lock = f.get("locked") == "1"
    with request.app.state.db.write() as con:
        tournament.lock_table(con, tid, no, lock)
    return back("/admin/rounds/%d" % tid,
                ok=said(request, "table %d locked" if lock else "table %d unlocked", no))
