"""The routes of the organiser's own scoring and of the director's hold on devices:

- GET /api/v1/scoring: {"busy": the organiser is still scoring uploads, "disputed": records
  held (disputed, refused by the engine, late) that no correction settles yet,
  "engine_restarts": times the table engine's process was stopped for stalling}
- GET /api/admin/disputes[?tround=ID]: every held record with both versions
- POST /api/admin/devices/{id}/revoke {"revoked": true|false}: refuse (or again accept)
  every request of the device
- POST /api/admin/devices/{id}/secret: a new secret for the device, shown once
- PUT /api/admin/grace {"seconds": n}: how long after a round closed its records count
  (a record is judged on arrival, under the grace then in force)

A held record is settled with POST /api/admin/corrections (kinds accept, event, payments,
void: corrections.py)."""

from fastapi import APIRouter, Body, Depends, Request

from organiser.guard import auth
from organiser.event import binding, devices, disputes
from organiser.guard.limits import QueryId

router = APIRouter()
admin = Depends(auth.require_admin)


@router.get("/api/v1/scoring")
def scoring(request: Request):
    with request.app.state.db.read() as con:
        n = disputes.count(con)
    sc = request.app.state.scoring
    return {"ok": True, "busy": sc.busy, "disputed": n,
            "engine_restarts": sc.engine.restarts}


@router.get("/api/admin/disputes")
def held(request: Request, tround: QueryId = None, who: str = admin):
    with request.app.state.db.read() as con:
        return {"ok": True, "disputes": disputes.held(con, tround)}


@router.post("/api/admin/devices/{did}/revoke")
async def revoke(did: str, request: Request, body: dict = Body(default={}), who: str = admin):
    revoked = body.get("revoked", True) is not False
    with request.app.state.db.write() as con:
        devices.revoke(con, did, revoked)
    request.app.state.broker.publish("event", {})
    return {"ok": True, "revoked": revoked}


@router.post("/api/admin/devices/{did}/secret")
async def rotate(did: str, request: Request, who: str = admin):
    with request.app.state.db.write() as con:
        secret = devices.rotate_secret(con, did)
    return {"ok": True, "id": did, "secret": secret}


@router.put("/api/admin/grace")
async def grace(request: Request, body: dict = Body(...), who: str = admin):
    with request.app.state.db.write() as con:
        binding.set_grace(con, body.get("seconds"))
    request.app.state.broker.publish("event", {})
    return {"ok": True, "seconds": body.get("seconds")}
