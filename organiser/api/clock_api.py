"""The round clock in the director's JSON API, and its public read (organiser/event/clock.py).

    GET  /api/v1/clock                      the open round's clock (anyone: the pages)
    GET  /api/admin/clock                   the length and every round's clock
    PUT  /api/admin/clock/length            {"seconds": n}
    POST /api/admin/trounds/{id}/clock      {"action": "start"|"pause"|"extend"|"end",
                                             "seconds": n (extend)}

A change is announced on the live stream: the projector redraws its clock at once."""

from fastapi import APIRouter, Body, Depends, Request

from organiser.guard import auth
from organiser.event import clock

router = APIRouter()
admin = Depends(auth.require_admin)


def announce(request, c):
    request.app.state.broker.publish("clock", {"tround": c.get("tround"),
                                               "state": c.get("state")})


@router.get("/api/v1/clock")
def open_clock(request: Request):
    with request.app.state.db.read() as con:
        return {"ok": True, "clock": clock.open_clock(con, clock.now_of(request.app))}


@router.get("/api/admin/clock")
def clocks(request: Request, who: str = admin):
    now = clock.now_of(request.app)
    with request.app.state.db.read() as con:
        ids = [r[0] for r in con.execute("SELECT id FROM trounds ORDER BY number")]
        return {"ok": True, "length": clock.length(con),
                "trounds": [clock.clock(con, t, now) for t in ids]}


@router.put("/api/admin/clock/length")
async def set_length(request: Request, body: dict = Body(...), who: str = admin):
    with request.app.state.db.write() as con:
        clock.set_length(con, body.get("seconds"))
        n = clock.length(con)
    return {"ok": True, "length": n}


@router.post("/api/admin/trounds/{tid}/clock")
async def act(tid: int, request: Request, body: dict = Body(...), who: str = admin):
    with request.app.state.db.write() as con:
        c = clock.act(con, tid, body.get("action"), clock.now_of(request.app),
                      body.get("seconds"), who)
    announce(request, c)
    return dict(c, ok=True)
