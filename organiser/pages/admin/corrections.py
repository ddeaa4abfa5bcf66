"""Corrections: a record's payments, a held record accepted, a session
re-seated or voided; the corrections' history; penalties given to players."""


from organiser.event import corrections, disputes, penalty_presets, tournament
from organiser.results import corrtext, queries, views
from organiser.text import elnames
from organiser.text.reasons import Reason
from organiser.pages.admin.base import back, changed, director, page, section, said, whole, \
    whole_or_none
from organiser.pages.admin.hand import HAND_PAGE

router, get, post = section()


def _sessions(con):
    trs = {t["id"]: t["number"] for t in tournament.trounds(con)}
    names = {p["id"]: p["name"] for p in tournament.players(con)}
    out = []
    for g in queries.games(con):
        out.append(dict(id=g["session_id"], table_no=g["table_no"],
                        tround=trs.get(g["tround_id"]), hands=g["hands"],
                        players=views.seat_names(g, names), ids=g["players"]))
    return out


@get("/corrections")
def corrections_page(request):
    with request.app.state.db.read() as con:
        hist = corrections.history(con)
        held = disputes.held(con)
        sessions = _sessions(con)
        players = tournament.players(con)
        trs = tournament.trounds(con)
        hand_groups = _hand_groups(con, trs)
    lang = elnames.visitor_lang(request)
    names = {p["id"]: p["name"] for p in players}
    numbers = {t["id"]: t["number"] for t in trs}
    for c in hist:
        c["when"] = views.clock(c["at"])
        c["data_text"] = corrtext.describe(c["kind"], c["data"], lang, names, numbers)
    target = request.query_params.get("target", "")
    return page(request, "admin/corrections.html", "/admin/corrections", title="Corrections",
                history=list(reversed(hist)), sessions=sessions, players=players, held=held,
                trounds=trs, target=target, session_id=request.query_params.get("session", ""),
                hand_groups=hand_groups)


def _hand_groups(con, trs):
    """The hands the payments form picks from, a group a table and round: [{table,
    tround, hands: [{target, hand_no, event, winner_name, from_name, total, unit}]}]."""
    numbers = {t["id"]: t["number"] for t in trs}
    groups = {}
    for h in queries.each_hand(con):
        if h["event"] == "start":
            continue
        key = (h["table"], numbers.get(h["tround_id"]))
        groups.setdefault(key, []).append(h)
    return [dict(table=k[0], tround=k[1], hands=v) for k, v in groups.items()]


@post("/corrections/payments")
def correct_payments(request, f):
    who = director(request)
    target = f.get("target", "")
    with request.app.state.db.write() as con:
        if f.get("void"):
            corrections.add(con, who, f.get("why", ""), "void", target, {})
        else:
            pay = [whole(f.get("p%d" % i), Reason("payment of seat %d", i + 1)) for i in range(4)]
            corrections.add(con, who, f.get("why", ""), "payments", target, {"payments": pay})
    changed(request, "correction")
    if f.get("from_hand"):
        return back(HAND_PAGE, ok=said(request, "correction of %s recorded", target),
                    target=target)
    return back("/admin/corrections", ok=said(request, "correction of %s recorded", target))


@post("/corrections/accept")
def correct_accept(request, f):
    """A held record: the director accepts the device's or the organiser's version."""
    who = director(request)
    target = f.get("target", "")
    with request.app.state.db.write() as con:
        corrections.add(con, who, f.get("why", ""), "accept", target,
                        {"version": f.get("version", "")})
    changed(request, "correction")
    return back("/admin/corrections", ok=said(
        request, "%s: the device's version counts" if f.get("version") == "device"
        else "%s: the organiser's version counts", target))


@post("/corrections/reseat")
def correct_reseat(request, f):
    """The players were at other seats than the seating said: who really sat at 1..4."""
    who = director(request)
    sid = whole(f.get("session_id"), "game")
    ps = [whole(f.get("seat%d" % i), Reason("seat %d", i + 1)) for i in range(4)]
    with request.app.state.db.write() as con:
        corrections.reseat(con, who, f.get("why", ""), sid, ps)
    changed(request, "reseat")
    return back("/admin/corrections",
                ok=said(request, "game %d re-seated; standings recomputed", sid))


@post("/corrections/session")
def correct_session(request, f):
    """A game counted under the wrong table or tournament round."""
    who = director(request)
    sid = whole(f.get("session_id"), "game")
    data = {"tround_id": whole_or_none(f.get("tround_id"), "round"),
            "table_no": whole_or_none(f.get("table_no"), "table")}
    with request.app.state.db.write() as con:
        corrections.add(con, who, f.get("why", ""), "session",
                        corrections.session_target(sid), data)
    changed(request, "session")
    return back("/admin/corrections", ok=said(request, "game %d moved", sid))


@get("/penalties")
def penalties_page(request):
    with request.app.state.db.read() as con:
        pens = corrections.penalties(con)
        players = tournament.players(con)
        trs = {t["id"]: t["number"] for t in tournament.trounds(con)}
        rounds_ = tournament.trounds(con)
        presets = penalty_presets.for_event(con)      # the ruleset's reasons and amounts
        for p, x in zip(pens, penalty_presets.listed(con, pens)):
            p["reason_words"], p["note"] = x["reason"], x["note"]
    for p in pens:
        p["when"] = views.clock(p["at"])
        p["tround"] = trs.get(p["tround_id"])
    return page(request, "admin/penalties.html", "/admin/penalties", title="Penalties",
                penalties=list(reversed(pens)), players=players, trounds=rounds_,
                presets=presets)


@post("/penalties")
def penalty_add(request, f):
    who = director(request)
    with request.app.state.db.write() as con:
        corrections.add_penalty(con, who, f.get("why", ""), whole(f.get("player_id"), "player"),
                                whole(f.get("points"), "points"),
                                whole_or_none(f.get("tround_id"), "round"))
    changed(request, "penalty")
    return back("/admin/penalties", ok=said(request, "penalty recorded"))
