"""The whole event's seating in the director's JSON API (organiser/results/event_schedule.py).

    POST /api/admin/schedule         {"from_round": n (optional: the rest of the event from
                                      round n), "seed": n, "seconds": s}: every pending
                                      round seated at once; the figures
    GET  /api/admin/schedule/progress  the schedule being made: elapsed, the search's best
    GET  /api/admin/schedule/cards   every player's table and wind for each round
    GET  /api/admin/players/{id}/card  one player's
    POST /api/admin/trounds/{id}/seating/swiss  one round seated by the standings"""

import time

from fastapi import APIRouter, Body, Depends, Request
from starlette.concurrency import run_in_threadpool

from organiser.guard import auth
from organiser.results import event_schedule
from organiser.api.admin_api import _int
from organiser.guard.limits import PathId
from organiser.event.tournament import ModelError

router = APIRouter()
admin = Depends(auth.require_admin)


def _seconds(v):
    if v is None:
        return event_schedule.DEFAULT_SECONDS
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 < v <= \
            event_schedule.MAX_SECONDS:
        raise ModelError("seconds: more than 0, at most %d", int(event_schedule.MAX_SECONDS))
    return float(v)


@router.post("/api/admin/schedule")
async def generate(request: Request, body: dict = Body(default={}), who: str = admin):
    seed = _int(body.get("seed"), "seed")
    state = request.app.state
    seconds = _seconds(body.get("seconds"))
    started = time.monotonic()

    def progress(info):                 # what GET /api/admin/schedule/progress answers
        state.schedule_progress = dict(info, running=not info.get("done"), seconds_at_most=seconds,
                                       elapsed=round(time.monotonic() - started, 2))

    state.schedule_progress = {"running": True, "seconds_at_most": seconds, "elapsed": 0}
    try:
        figures = await run_in_threadpool(
            event_schedule.generate, state.db, _int(body.get("from_round"), "round"),
            event_schedule.DEFAULT_SEED if seed is None else seed, seconds, progress)
    finally:
        state.schedule_progress = dict(getattr(state, "schedule_progress", {}), running=False)
    state.broker.publish("standings", {})
    return {"ok": True, "figures": figures}


@router.get("/api/admin/schedule/progress")
def progress(request: Request, who: str = admin):
    """The schedule being made (another request's): running, elapsed seconds, the search's
    iterations and best so far; {"running": false} when none is."""
    return dict(getattr(request.app.state, "schedule_progress", {"running": False}), ok=True)


@router.get("/api/admin/schedule/cards")
def all_cards(request: Request, who: str = admin):
    with request.app.state.db.read() as con:
        return {"ok": True, "cards": event_schedule.cards(con)}


@router.get("/api/admin/players/{pid}/card")
def card(pid: PathId, request: Request, who: str = admin):
    with request.app.state.db.read() as con:
        got = event_schedule.cards(con, pid)
    if not got:
        raise ModelError("no player %r", pid)
    return {"ok": True, "card": got[0]}


def _swiss(db, tid):
    with db.write() as con:
        return event_schedule.swiss_round(con, tid)


@router.post("/api/admin/trounds/{tid}/seating/swiss")
async def swiss(tid: PathId, request: Request, who: str = admin):
    figures = await run_in_threadpool(_swiss, request.app.state.db, tid)
    request.app.state.broker.publish("standings", {})
    return {"ok": True, "figures": figures}
