"""The director's JSON API (login by session cookie) and the public read API the pages
and scripts may use.  Changes publish a live update ("standings" or "event")."""


from typing import Optional

from fastapi import APIRouter, Body, Depends, HTTPException, Query, Request
from fastapi.responses import JSONResponse

from organiser.guard import auth, throttle
from organiser.event import corrections, tournament
from organiser.results import handref, queries, stats
from organiser.guard.limits import MAX_ID, PathId, QueryId
from organiser.text import elnames
from organiser.event.tournament import ModelError

router = APIRouter()
admin = Depends(auth.require_admin)


def _db(request):
    return request.app.state.db


def _publish(request, topic="standings", data=None):
    request.app.state.broker.publish(topic, data or {})


def _int(v, what):
    if v is None:
        return None
    if isinstance(v, bool):
        raise ModelError("%s: an integer", what)
    try:
        n = int(v)
    except (TypeError, ValueError, OverflowError):
        raise ModelError("%s: an integer", what)
    if abs(n) > MAX_ID:
        raise ModelError("%s: out of range", what)
    return n


# -- login ------------------------------------------------------------------------------

# scrypt takes tens of milliseconds: throttled, in a worker thread (organiser.guard.throttle)
@router.post("/api/admin/login")
async def login(request: Request, body: dict = Body(...)):
    name = body.get("name", "director")
    name = name if isinstance(name, str) else ""
    password = body.get("password", "")
    password = password if isinstance(password, str) else ""
    got, value = await throttle.login(request, name, password)
    if got == "wait":
        return JSONResponse({"ok": False, "error": "too many attempts: wait"},
                            status_code=429, headers={"Retry-After": "%d" % (value + 1)})
    if got == "wrong":
        raise HTTPException(401, "wrong name or password")
    r = JSONResponse({"ok": True, "name": name})
    r.set_cookie(auth.COOKIE, value, httponly=True, samesite="lax",
                 secure=request.url.scheme == "https", max_age=auth.SESSION_SECONDS)
    return r


@router.post("/api/admin/logout")
async def logout(request: Request):
    auth.logout(_db(request), request.cookies.get(auth.COOKIE, ""))
    r = JSONResponse({"ok": True})
    r.delete_cookie(auth.COOKIE)
    return r


@router.get("/api/admin/me")
async def me(who: str = admin):
    return {"ok": True, "name": who}


@router.post("/api/admin/password")
def password(request: Request, body: dict = Body(...), who: str = admin):
    pw = str(body.get("password", ""))
    if len(pw) < 6:
        raise ModelError("a password of 6 characters or more")
    auth.set_password(_db(request), who, pw)
    return {"ok": True}


# -- the event ----------------------------------------------------------------------------

@router.get("/api/admin/event")
def get_event(request: Request, who: str = admin):
    with _db(request).read() as con:
        return dict(queries.event_summary(con), teams=tournament.teams(con),
                    players=tournament.players(con), tables=tournament.tables(con),
                    devices=tournament.devices(con))


@router.put("/api/admin/event")
async def put_event(request: Request, body: dict = Body(...), who: str = admin):
    with _db(request).write() as con:
        e = tournament.set_event(con, body.get("name"), body.get("rules"), body.get("settings"),
                                 _int(body["hands_per_tround"], "hands_per_tround")
                                 if "hands_per_tround" in body else -1,
                                 body.get("avoid_teammates"), body.get("device_lang", -1),
                                 body.get("games_per_tround", -1))
    if "settings" in body or "rules" in body:
        request.app.state.scoring.mark_all()    # replayed with the new ones, after
    elnames.forget_event_lang(request.app)      # the pages' default language with it
    _publish(request, "event")
    return {"ok": True, "event": e}


@router.post("/api/admin/teams")
async def add_team(request: Request, body: dict = Body(...), who: str = admin):
    with _db(request).write() as con:
        return {"ok": True, "id": tournament.add_team(con, str(body.get("name", "")).strip())}


@router.post("/api/admin/players")
async def add_player(request: Request, body: dict = Body(...), who: str = admin):
    with _db(request).write() as con:
        details = {k: body[k] for k in ("assoc_id", "country", "last_name", "first_name")
                   if k in body}
        pid = tournament.add_player(con, str(body.get("name", "")).strip(),
                                    _int(body.get("team_id"), "team_id"), **details)
    _publish(request)
    return {"ok": True, "id": pid}


@router.patch("/api/admin/players/{pid}")
async def patch_player(pid: PathId, request: Request, body: dict = Body(...), who: str = admin):
    with _db(request).write() as con:
        if "active" in body:
            tournament.set_player_active(con, pid, body["active"])
        details = {k: body[k] for k in ("assoc_id", "country", "last_name", "first_name")
                   if k in body}
        if details:
            tournament.set_player_details(con, pid, **details)
    return {"ok": True}


@router.post("/api/admin/tables")
async def add_table(request: Request, body: dict = Body(...), who: str = admin):
    with _db(request).write() as con:
        no = tournament.add_table(con, _int(body.get("number"), "number"),
                                  str(body.get("name", "")))
    _publish(request, "event")
    return {"ok": True, "number": no}


# -- tournament rounds and seating ----------------------------------------------------------

@router.post("/api/admin/trounds")
async def add_tround(request: Request, body: dict = Body(default={}), who: str = admin):
    with _db(request).write() as con:
        return {"ok": True, "id": tournament.add_tround(con, _int(body.get("number"), "number"))}


@router.post("/api/admin/trounds/{tid}/open")
async def open_tround(tid: PathId, request: Request, who: str = admin):
    with _db(request).write() as con:
        tournament.open_round(con, tid)
    _publish(request, "event")
    return {"ok": True}


@router.post("/api/admin/trounds/{tid}/close")
async def close_tround(tid: PathId, request: Request, who: str = admin):
    with _db(request).write() as con:
        tournament.close_round(con, tid)
    _publish(request, "event")
    return {"ok": True}


@router.get("/api/admin/trounds/{tid}/seating")
def get_seating(tid: PathId, request: Request, who: str = admin):
    with _db(request).read() as con:
        return dict(tournament.seating_report(con, tid), ok=True)


@router.put("/api/admin/trounds/{tid}/seating")
async def put_seating(tid: PathId, request: Request, body: dict = Body(...), who: str = admin):
    """Seating entered by hand: {"tables": {"<table no>": [4 player ids by seat]}}."""
    tabs = body.get("tables")
    if not isinstance(tabs, dict):
        raise ModelError("tables: {table number: [4 player ids]}")
    with _db(request).write() as con:
        tournament.set_seating(con, tid, {_int(k, "table"): [_int(p, "player") for p in v]
                                          for k, v in tabs.items()})
        rep = tournament.seating_report(con, tid)
    _publish(request)
    return dict(rep, ok=True)


@router.post("/api/admin/trounds/{tid}/seating/generate")
async def generate_seating(tid: PathId, request: Request, body: dict = Body(default={}),
                           who: str = admin):
    ps = body.get("players")
    with _db(request).write() as con:
        rep = tournament.generate_seating(con, tid, [_int(p, "player") for p in ps]
                                          if ps is not None else None,
                                          _int(body.get("seed"), "seed"))
    _publish(request)
    return dict(rep, ok=True)


@router.post("/api/admin/trounds/{tid}/tables/{no}/lock")
async def lock_table(tid: PathId, no: PathId, request: Request, body: dict = Body(default={}),
                     who: str = admin):
    with _db(request).write() as con:
        tournament.lock_table(con, tid, no, bool(body.get("locked", True)))
    return {"ok": True}


# -- devices ----------------------------------------------------------------------------------

@router.post("/api/admin/devices")
async def register_device(request: Request, body: dict = Body(default={}), who: str = admin):
    """A new device and its secret (shown this once)."""
    with _db(request).write() as con:
        did, secret = tournament.register_device(con, _int(body.get("table"), "table"),
                                                 str(body.get("label", "")), body.get("id"))
        if request.app.state.claim_device is not None:
            request.app.state.claim_device(did)
    _publish(request, "event")
    return {"ok": True, "id": did, "secret": secret}


@router.patch("/api/admin/devices/{did}")
async def bind_device(did: str, request: Request, body: dict = Body(...), who: str = admin):
    with _db(request).write() as con:
        tournament.bind_device(con, did, _int(body.get("table"), "table"))
    _publish(request, "event")
    return {"ok": True}


# -- corrections and penalties -----------------------------------------------------------------

@router.post("/api/admin/corrections")
async def add_correction(request: Request, body: dict = Body(...), who: str = admin):
    with _db(request).write() as con:
        cid = corrections.add(con, who, str(body.get("why", "")), body.get("kind"),
                              body.get("target"), body.get("data"))
    await request.app.state.scoring.settle_corrections()     # the hands after it, re-derived
    _publish(request)
    return {"ok": True, "id": cid}


@router.post("/api/admin/reseat")
async def reseat(request: Request, body: dict = Body(...), who: str = admin):
    """The players who really sat at seats 0..3 of a session: its hands move to them."""
    with _db(request).write() as con:
        cid = corrections.reseat(con, who, str(body.get("why", "")),
                                 _int(body.get("session_id"), "session_id"),
                                 [_int(p, "player") for p in body.get("players") or []])
    _publish(request)
    return {"ok": True, "id": cid}


@router.post("/api/admin/trounds/{tid}/reseat")
async def reseat_tables(tid: PathId, request: Request, body: dict = Body(...), who: str = admin):
    """The players who really sat at tables' seats 0..3 in a round, {"tables": {"<no>":
    [4 player ids]}, "why": ...}: their hands so far move to them, and the round's
    seating changes for the rest of it."""
    tabs = body.get("tables")
    if not isinstance(tabs, dict):
        raise ModelError("tables: {table number: [4 player ids]}")
    with _db(request).write() as con:
        ids = corrections.reseat_tables(con, who, str(body.get("why", "")), tid,
                                        {_int(k, "table"): [_int(p, "player") for p in v]
                                         for k, v in tabs.items()})
    _publish(request)
    return {"ok": True, "corrections": ids}


@router.get("/api/admin/corrections")
def list_corrections(request: Request, who: str = admin):
    with _db(request).read() as con:
        return {"ok": True, "corrections": corrections.history(con)}


@router.get("/api/admin/hand")
def find_hand(request: Request, table: QueryId = None,
              tround: Optional[int] = Query(None, alias="round", ge=0, le=MAX_ID),
              game: int = Query(1, ge=1, le=MAX_ID), hand: QueryId = None,
              target: Optional[str] = Query(None, max_length=200), who: str = admin):
    """A hand named as a referee names it (table, round number, game, hand number) or by
    its record: as it counts now, with its record's target for a correction."""
    with _db(request).read() as con:
        if target is None:
            if table is None or tround is None or hand is None:
                raise ModelError("name the hand: table, round, game and hand, or target")
            target = handref.locate(con, table, tround, game, hand)
        return {"ok": True, "hand": handref.describe(con, target)}


@router.post("/api/admin/penalties")
async def add_penalty(request: Request, body: dict = Body(...), who: str = admin):
    with _db(request).write() as con:
        pid = corrections.add_penalty(con, who, str(body.get("why", "")),
                                      _int(body.get("player_id"), "player_id"),
                                      _int(body.get("points"), "points"),
                                      _int(body.get("tround_id"), "tround_id"))
    _publish(request)
    return {"ok": True, "id": pid}


@router.get("/api/admin/penalties")
def list_penalties(request: Request, who: str = admin):
    with _db(request).read() as con:
        return {"ok": True, "penalties": corrections.penalties(con)}


@router.get("/api/admin/refused")
def refused(request: Request, limit: int = 200, who: str = admin):
    with _db(request).read() as con:
        return {"ok": True, "refused": queries.refused_log(con, limit)}


# -- public reads ------------------------------------------------------------------------------
# Plain functions: FastAPI runs them in its thread pool, so computing the standings for a
# page never stalls the event loop that takes the uploads.  They answer JSONResponse
# directly: FastAPI's generic encoding of a large dict costs several times the query.

@router.get("/api/v1/standings")
def standings(request: Request, tround: QueryId = None):
    from organiser.results import exports, exportwork     # (built once per change)
    return exportwork.response(exports.standings_bytes(request, tround), "application/json")


@router.get("/api/v1/players/{pid}/stats")
def player_stats(request: Request, pid: PathId):
    """A player's statistics per tournament round and overall (organiser.results.stats)."""
    with _db(request).read() as con:
        if not con.execute("SELECT 1 FROM players WHERE id = ?", (pid,)).fetchone():
            raise HTTPException(404, "no player %d" % pid)
        return JSONResponse(stats.player(con, pid))


@router.get("/api/v1/tables")
def tables(request: Request):
    with _db(request).read() as con:
        return JSONResponse({"tables": queries.table_grid(con, request.app.state.stuck_seconds)})


@router.get("/api/v1/tables/{no}/log")
def table_log(no: PathId, request: Request, tround: QueryId = None):
    with _db(request).read() as con:
        return JSONResponse({"table": no, "hands": queries.table_log(con, no, tround)})
