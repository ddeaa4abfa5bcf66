"""The standings' tie-breaks in the director's JSON API (organiser/event/tiebreaks.py).

    GET /api/admin/tiebreaks   {"order": [...], "criteria": {name: words}, "default": [...]}
    PUT /api/admin/tiebreaks   {"order": ["table_points", "score", ...]} ([]: the ruleset's)"""

from fastapi import APIRouter, Body, Depends, Request

from organiser.guard import auth
from organiser.event import tiebreaks, tournament
from organiser.event.tournament import ModelError

router = APIRouter()
admin = Depends(auth.require_admin)


def _answer(con):
    return {"ok": True, "order": tiebreaks.order(con),
            "default": tiebreaks.default(tournament.event(con)["rules"]),
            "criteria": {k: v[0] for k, v in tiebreaks.CRITERIA.items()}}


@router.get("/api/admin/tiebreaks")
def get_order(request: Request, who: str = admin):
    with request.app.state.db.read() as con:
        return _answer(con)


@router.put("/api/admin/tiebreaks")
async def put_order(request: Request, body: dict = Body(...), who: str = admin):
    names = body.get("order")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ModelError("order: a list of tie-break names")
    with request.app.state.db.write() as con:
        tiebreaks.set_order(con, names)
        got = _answer(con)
    request.app.state.broker.publish("standings", {})
    return got
