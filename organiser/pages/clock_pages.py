"""The round clock on the pages: the director's clock page (start, pause, extend, end the
open round's clock; the event's round length) and the clock the projector shows large
(`/clock/part`, refreshed by the live stream when the director changes it; between
changes static/clock.js counts it down in the browser)."""

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from organiser.guard import auth
from organiser.event import clock
from organiser.pages.admin.base import back, page, routes, said
from organiser.live.render import render
from organiser.text.reasons import Word
from organiser.event.tournament import ModelError

router = APIRouter(include_in_schema=False)                         # the projector's clock
admin_router = APIRouter(prefix="/admin", include_in_schema=False)  # the director's page
get, post = routes(admin_router)


def view(con, now):
    """The open round's clock as the pages show it, or None when no round is open."""
    c = clock.open_clock(con, now)
    if c is None:
        return None
    number = con.execute("SELECT number FROM trounds WHERE id = ?", (c["tround"],)).fetchone()[0]
    left = c["left"] if c["left"] is not None else c["length"]
    return dict(c, number=number, left=left, shown=clock.shown(left),
                length_shown=clock.shown(c["length"]))


def ctx(request):
    with request.app.state.db.read() as con:
        return view(con, clock.now_of(request.app))


@router.get("/clock/part", response_class=HTMLResponse)
def clock_part(request: Request):
    return render(request, "_clock.html", round_clock=ctx(request))


def _minutes(v, what):
    try:
        m = float(v)
    except (TypeError, ValueError):
        raise ModelError("%s: minutes, e.g. 120 or 0.5", Word(what))
    if not 0 < m <= clock.MAX_SECONDS / 60:
        raise ModelError("%s: more than 0 minutes, at most a day", Word(what))
    return max(1, int(round(m * 60)))


@get("/clock")
def clock_page(request):
    with request.app.state.db.read() as con:
        length = clock.length(con)
    return page(request, "admin/clock.html", "/admin/clock", title="Round clock",
                round_clock=ctx(request), length_minutes=("%g" % (length / 60)), live=True)


@post("/clock/length")
def clock_length(request, f):
    with request.app.state.db.write() as con:
        clock.set_length(con, _minutes(f.get("minutes"), "round length"))
    return back("/admin/clock", ok=said(request, "round length saved (the next clock "
                                                "started uses it)"))


@post("/clock")
def clock_act(request, f):
    action = f.get("action")
    seconds = _minutes(f.get("minutes"), "extend by") if action == "extend" else None
    with request.app.state.db.write() as con:
        c = clock.open_clock(con, clock.now_of(request.app))
        if c is None:
            raise ModelError("no round is open: open one on the rounds page")
        c = clock.act(con, c["tround"], action, clock.now_of(request.app), seconds,
                      auth.current_admin(request))
    request.state.announce = "clock"        # the projector's clock redraws at once
    state = said(request, clock.STATE_WORDS.get(c["state"], c["state"]))
    return back("/admin/clock", ok=said(request, "clock: %s, %s left", state,
                                        clock.shown(c["left"])))
