"""A hand named as a referee names it (table, round, game, hand), shown as it counts
and corrected by its tiles: scored again by the organiser's engine."""

from organiser.event import corrections, tournament
from organiser.results import handref
from organiser.text import elnames, handtext
from organiser.event.tournament import ModelError
from organiser.pages.admin.base import back, changed, director, field_name, page, refusal, \
    section, said, whole

router, get, post = section()


HAND_PAGE = "/admin/corrections/hand"


@get("/corrections/hand")
def hand_page(request):
    """Find a hand by table, round, game and hand number (or by its record), show it as
    it counts, with the forms that correct it: its event (tiles, winner, discarder),
    scored again by the organiser's engine, or its payments."""
    q = request.query_params
    target = q.get("target", "")
    named = {k: q.get(k, "") for k in ("table", "round", "game", "hand")}
    hand, error = None, None
    with request.app.state.db.read() as con:
        rules = tournament.event(con)["rules"]
    try:
        with request.app.state.db.read() as con:
            if not target and all(named.values()):
                target = handref.locate(con, whole(named["table"], "table"),
                                        whole(named["round"], "round"),
                                        whole(named["game"], "game"),
                                        whole(named["hand"], "hand"))
            if target:
                hand = handref.describe(con, target)
    except ModelError as e:
        error = refusal(request, e)
    if hand is not None:
        named = {"table": hand["table"], "round": hand["tround"], "game": hand["game"],
                 "hand": hand["hand_no"]}
        h = hand["hand"] if isinstance(hand["hand"], dict) else {}
        lang = elnames.visitor_lang(request)
        tiles, flowers = handtext.show(h, lang, rules)
        flags = [w for w in h.get("flags") or [] if isinstance(w, str)]
        hand["form"] = dict(
            kind=hand["event"] if hand["event"] in ("win", "draw") else "win",
            tiles=tiles, flowers=flowers, words=handtext.words_text(flags, rules, lang),
            winner=hand["winner"])
        hand["form"]["from"] = hand["from"]
    hand_form = handform_context(request, rules)
    return page(request, "admin/hand.html", "/admin/corrections", title="Correct a hand",
                hand=hand, named=named, error=error, hand_form=hand_form)


def handform_context(request, rules):
    """What the hand form's help shows: the ruleset's context words as the device names
    them in the page's language, and whether its flowers are counted."""
    lang = elnames.visitor_lang(request)
    ids = handtext.word_ids(rules)
    return dict(words=handtext.words_text(ids, rules, lang),
                counted=rules in handtext.COUNTED)


def _seat_field(f, key, what, optional=False):
    v = f.get(key, "")
    if optional and v == "":
        return None
    v = whole(v, what)
    if not 0 <= v <= 3:
        raise ModelError("%s: seat 1 to 4", field_name(what))
    return v


def amended_event(f, rules):
    """The event a hand's form describes (the correction form, a paper sheet's hand): its
    tiles, flowers and context words as the device shows them (organiser.text.handtext)."""
    if f.get("kind") == "draw":
        return {"event": "draw"}
    winner = _seat_field(f, "winner", "winner")
    frm = _seat_field(f, "from", "discarder", optional=True)
    if frm == winner:
        raise ModelError("the winner cannot be the discarder: leave it empty for a "
                         "self-drawn win")
    if not f.get("tiles"):
        raise ModelError("a win needs its tiles, the winning tile last")
    try:
        hand = handtext.parse_win(f.get("tiles"), f.get("flowers", ""), f.get("words", ""),
                                  rules)
    except handtext.HandTextError as e:
        raise ModelError("%s", e.reason)
    ev = {"event": "win", "winner": winner, "hand": hand}
    if frm is not None:
        ev["from"] = frm
    return ev


@post("/corrections/hand")
def correct_hand(request, f):
    """A hand's tiles, winner or discarder corrected: an amendment of the event the
    organiser replays; its engine scores and settles it again, and the hands after it."""
    who = director(request)
    target = f.get("target", "")
    with request.app.state.db.read() as con:
        rules = tournament.event(con)["rules"]
    ev = amended_event(f, rules)
    with request.app.state.db.write() as con:
        corrections.add(con, who, f.get("why", ""), "event", target, {"event": ev})
    changed(request, "correction")
    with request.app.state.db.read() as con:
        h = handref.describe(con, target)
    if h["status"] == "refused":
        return back(HAND_PAGE, target=target,
                    error=said(request, "recorded, but the organiser's engine refuses the hand as "
                               "corrected (%s): it counts for nothing until corrected again",
                               h["refusal"]))
    return back(HAND_PAGE, target=target, ok=said(
        request, "hand re-scored: %s %s, payments %s", h["total"],
        said(request, h["unit"]) if h["unit"] else "",
        " ".join("%+d" % p for p in h["payments"] or [])))
