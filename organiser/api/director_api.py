"""Substitutes, ghost seats and penalties from presets in the director's JSON API
(organiser/event/substitutes.py, organiser/event/penalty_presets.py).

    POST /api/admin/substitutes          {"name"}: a substitute on the event's list
    POST /api/admin/substitutions        {"player_id", "substitute_id" | "substitute_name",
                                          "from_tround", "to_tround" (null: the rest of the
                                          event), "counts": absent|nobody|substitute, "why"}
    GET  /api/admin/substitutions
    POST /api/admin/ghosts               {}: ghost seats to make the field a multiple of 4
    GET  /api/admin/penalties/presets    the event's ruleset's reasons and amounts
    POST /api/admin/penalties/preset     {"player_id", "reason", "tround_id", "note"}"""

from fastapi import APIRouter, Body, Depends, Request

from organiser.guard import auth
from organiser.event import penalty_presets, substitutes
from organiser.event.tournament import ModelError

router = APIRouter()
admin = Depends(auth.require_admin)


def _id(v, what, optional=False):
    if v is None and optional:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        raise ModelError("%s: a number", what)
    return v


def _changed(request):
    request.app.state.broker.publish("standings", {})


@router.post("/api/admin/substitutes")
async def add_substitute(request: Request, body: dict = Body(...), who: str = admin):
    with request.app.state.db.write() as con:
        pid = substitutes.add_substitute(con, str(body.get("name", "")))
    return {"ok": True, "id": pid}


@router.post("/api/admin/substitutions")
async def substitute(request: Request, body: dict = Body(...), who: str = admin):
    with request.app.state.db.write() as con:
        sub = body.get("substitute_id")
        if sub is None and body.get("substitute_name"):
            sub = substitutes.add_substitute(con, str(body["substitute_name"]))
        sid = substitutes.substitute(
            con, who, str(body.get("why", "")), _id(body.get("player_id"), "player_id"),
            _id(sub, "substitute_id"), _id(body.get("from_tround"), "from_tround"),
            _id(body.get("to_tround"), "to_tround", optional=True),
            str(body.get("counts", "absent")))
    _changed(request)
    return {"ok": True, "id": sid, "substitute_id": sub}


@router.get("/api/admin/substitutions")
def list_substitutions(request: Request, who: str = admin):
    with request.app.state.db.read() as con:
        return {"ok": True, "substitutions": substitutes.substitutions(con)}


@router.post("/api/admin/ghosts")
async def ghosts(request: Request, who: str = admin):
    with request.app.state.db.write() as con:
        n = substitutes.ghost_seats(con)
    return {"ok": True, "ghost_seats": n}


@router.get("/api/admin/penalties/presets")
def presets(request: Request, who: str = admin):
    with request.app.state.db.read() as con:
        return {"ok": True, "presets": penalty_presets.for_event(con)}


@router.post("/api/admin/penalties/preset")
async def add_preset(request: Request, body: dict = Body(...), who: str = admin):
    with request.app.state.db.write() as con:
        ids = penalty_presets.add(con, who, str(body.get("reason", "")),
                                  _id(body.get("player_id"), "player_id"),
                                  _id(body.get("tround_id"), "tround_id", optional=True),
                                  str(body.get("note", "")))
    _changed(request)
    return {"ok": True, "ids": ids}
