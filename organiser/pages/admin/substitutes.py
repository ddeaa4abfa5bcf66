"""Substitutes and ghost seats on the director's pages (/admin/substitutes): a substitute
put in an absent player's seat for a round or the rest of the event, counted as the
director chooses; ghost seats for a field that is not a multiple of four
(organiser/event/substitutes.py).  Penalties from presets are on the penalties page."""

from organiser.event import penalty_presets, substitutes, tournament
from organiser.pages.admin.base import back, changed, director, page, said, section, whole, \
    whole_or_none
from organiser.results import views

router, get, post = section()

COUNTS = (("absent", "to the absent player"), ("nobody", "to nobody"),
          ("substitute", "to the substitute"))


@get("/substitutes")
def substitutes_page(request):
    with request.app.state.db.read() as con:
        everyone = tournament.players(con)
        subs = substitutes.substitutions(con)
        trs = tournament.trounds(con)
    for s in subs:
        s["when"] = views.clock(s["at"])
    role = lambda p: p.get("role") or "player"
    active = [p for p in everyone if p["active"] and role(p) != "ghost"]
    ghosts = [p for p in everyone if role(p) == "ghost" and p["active"]]
    return page(request, "admin/substitutes.html", "/admin/substitutes", title="Substitutes",
                players=[p for p in everyone if role(p) == "player"],
                subs_list=[p for p in everyone if role(p) == "substitute"],
                substitutions=list(reversed(subs)), trounds=trs, counts=COUNTS,
                active=len(active), ghosts=ghosts, need=-len(active) % 4)


@post("/substitutes")
def substitute_add(request, f):
    who = director(request)
    with request.app.state.db.write() as con:
        sub = whole_or_none(f.get("substitute_id"), "substitute")
        if sub is None:
            sub = substitutes.add_substitute(con, f.get("substitute_name", ""))
        first = whole(f.get("from_tround"), "round")
        substitutes.substitute(con, who, f.get("why", ""), whole(f.get("player_id"), "player"),
                               sub, first, None if f.get("until") == "rest" else first,
                               f.get("counts", "absent"))
    changed(request, "substitute")
    return back("/admin/substitutes", ok=said(request, "substitute seated"))


@post("/substitutes/ghosts")
def ghosts(request, f):
    director(request)
    with request.app.state.db.write() as con:
        n = substitutes.ghost_seats(con)
    changed(request, "ghosts")
    return back("/admin/substitutes", ok=said(request, "ghost seats in the field: %d", n))


@post("/penalties/preset")
def penalty_preset(request, f):
    who = director(request)
    with request.app.state.db.write() as con:
        penalty_presets.add(con, who, f.get("reason", ""), whole(f.get("offender"), "player"),
                            whole_or_none(f.get("tround_id"), "round"), f.get("note", ""))
    changed(request, "penalty")
    return back("/admin/penalties", ok=said(request, "penalty recorded"))
