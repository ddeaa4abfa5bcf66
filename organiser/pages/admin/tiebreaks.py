"""The standings' tie-breaks on the director's pages (/admin/tiebreaks): the criteria in
turn, from the ruleset's default or the director's pick (organiser/event/tiebreaks.py)."""

from organiser.event import tiebreaks, tournament
from organiser.pages.admin.base import back, changed, page, said, section

router, get, post = section()

SLOTS = 4


@get("/tiebreaks")
def tiebreaks_page(request):
    with request.app.state.db.read() as con:
        chosen = tiebreaks.order(con)
        rules = tournament.event(con)["rules"]
    slots = chosen + [""] * (SLOTS - len(chosen))
    return page(request, "admin/tiebreaks.html", "/admin", title="Tie-breaks",
                slots=slots, criteria=[(k, v[0]) for k, v in tiebreaks.CRITERIA.items()],
                default=[tiebreaks.CRITERIA[c][0] for c in tiebreaks.default(rules)])


@post("/tiebreaks")
def tiebreaks_save(request, f):
    names = [f.get("c%d" % i, "") for i in range(SLOTS)]
    if f.get("default"):
        names = []
    with request.app.state.db.write() as con:
        tiebreaks.set_order(con, names)
    changed(request, "standings")
    return back("/admin/tiebreaks", ok=said(request, "tie-breaks saved"))
