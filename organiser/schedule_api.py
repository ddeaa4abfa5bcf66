"""The whole event's seating in the director's JSON API (organiser/event_schedule.py).

    POST /api/admin/schedule         {"from_round": n (optional: the rest of the event from
                                      round n), "seed": n, "seconds": s}: every pending
                                      round seated at once; the figures
    GET  /api/admin/schedule/cards   every player's table and wind for each round
    GET  /api/admin/players/{id}/card  one player's
    POST /api/admin/trounds/{id}/seating/swiss  one round seated by the standings"""

from fastapi import APIRouter, Body, Depends, Request
from starlette.concurrency import run_in_threadpool

from organiser import auth, event_schedule
from organiser.admin_api import _int
from organiser.limits import PathId
from organiser.tournament import ModelError

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
    figures = await run_in_threadpool(
        event_schedule.generate, request.app.state.db, _int(body.get("from_round"), "round"),
        event_schedule.DEFAULT_SEED if seed is None else seed, _seconds(body.get("seconds")))
    request.app.state.broker.publish("standings", {})
    return {"ok": True, "figures": figures}


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
