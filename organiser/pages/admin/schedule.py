"""The whole event's seating on the director's pages: /admin/schedule seats every pending
round at once (or the rest of the event from a round on) and shows every player's card,
printable: their table and wind for each round (organiser/results/event_schedule.py)."""

from organiser.results import event_schedule
from organiser.event import tournament
from organiser.pages.admin.base import back, changed, director, page, said, section, whole_or_none

router, get, post = section()
from organiser.live.render import render
from organiser.event.tournament import ModelError


@get("/schedule")
def schedule_page(request):
    with request.app.state.db.read() as con:
        trs = tournament.trounds(con)
        cards = event_schedule.cards(con)
    numbers = [t["number"] for t in trs]
    for c in cards:
        by = {r["round"]: r for r in c["rounds"]}
        c["cells"] = [by.get(n) for n in numbers]
    return page(request, "admin/schedule.html", "/admin/rounds", title="Whole-event seating",
                trounds=trs, numbers=numbers, cards=cards,
                pending=[t for t in trs if t["status"] == "pending"],
                seconds=int(event_schedule.DEFAULT_SECONDS), seed=event_schedule.DEFAULT_SEED)


@post("/schedule")
def schedule_generate(request, f):
    seconds = whole_or_none(f.get("seconds"), "seconds") or int(event_schedule.DEFAULT_SECONDS)
    if not 0 < seconds <= event_schedule.MAX_SECONDS:
        raise ModelError("seconds: more than 0, at most %d", int(event_schedule.MAX_SECONDS))
    seed = whole_or_none(f.get("seed"), "seed")
    figs = event_schedule.generate(request.app.state.db, whole_or_none(f.get("from_round"), "round"),
                                   event_schedule.DEFAULT_SEED if seed is None else seed,
                                   seconds)
    changed(request, "seating")
    return back("/admin/schedule",
                ok=said(request, "%d round(s) seated: %d pair(s) meet more than once (at most "
                        "%d times), %d teammate pair(s) share a table, winds differ by at most "
                        "%d", len(figs["rounds"]), figs["pairs_repeated"],
                        figs["most_meetings"], figs["teammates_together"],
                        figs["wind_spread"]))


@post("/rounds/{tround_id}/swiss")
def seating_swiss(request, f):
    """One round seated by the standings so far (Swiss)."""
    tid = whole_or_none(request.path_params["tround_id"], "round")
    with request.app.state.db.write() as con:
        figs = event_schedule.swiss_round(con, tid)
    changed(request, "seating")
    return back("/admin/rounds/%d" % tid,
                ok=said(request, "seated by the standings: %d pair(s) of the previous round "
                        "meet again, %d player(s) away from their standing's table",
                        figs["previous_round_pairs"], figs["moved"]))


@get("/schedule/print")
def schedule_print(request):
    """Every player's card, ready to print and cut out (A4, three across)."""
    director(request)
    with request.app.state.db.read() as con:
        cards = event_schedule.cards(con)
    return render(request, "print/cards.html", title="Player cards", cards=cards)
