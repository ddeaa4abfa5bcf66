"""The organiser's HTML pages and their live stream.

Public pages: standings (teams and players), the grid of tables, each table's hand log,
the projector view and the exports.  Each live page has a `.../part` twin that renders
only its changing part with the same template; `static/live.js` refetches it when the
server-sent-events stream `/live` announces an upload.  The director's pages
(`organiser.pages.admin`) and the round clock's (`organiser.pages.clock_pages`) are
included here."""

import asyncio
import collections
import json
import os
import signal
import threading
import time

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles

from organiser.text import elnames, words
from organiser.results import printouts, views
from organiser.guard.limits import MAX_ID, PathId
from organiser.live.pagework import PageWork
from organiser.live.render import HERE, Parts, render, render_part, shared, shared_grid
from organiser.event.tournament import ModelError
from organiser.pages import admin, clock_pages
from organiser.results import event_schedule

router = APIRouter(include_in_schema=False)

KEEPALIVE_SECONDS = 15
MANY_TABLES = 32             # more tables in one flush: one "everything" event instead
PROJECTOR_SECONDS = 12       # each projector page shows this long
PROJECTOR_ROWS = 12          # players per projector page
UNCHANGED = ("refused", "clock")   # topics that change nothing the Memo holds


class Memo:
    """What the live pages show, computed once for every browser.

    A busy event announces many uploads a second and every open page refetches on
    them; the standings of a whole 56-round event take a few hundred ms of CPU.  So a
    result stands while no change was announced since (up to MAX_AGE, for the "s ago"
    figures), and after a change it is recomputed only once its gap has passed: MIN_GAP,
    or GAP_FACTOR times as long as it took to compute, so that no part of the pages
    takes more than a fifth of a core however many browsers look.  Only one thread
    computes a part at a time; the others are answered from the result before.  A
    browser answered from a result older than the last change is told so (X-Fresh: 0)
    and asks again a moment later, so every page ends on the latest data."""

    MIN_GAP = 1.0
    MAX_AGE = 5.0
    GAP_FACTOR = 5
    KEPT = 256               # results held at most (a query string names the key: bounded)

    def __init__(self):
        self.version = 0
        self.held = collections.OrderedDict()   # key: (version, computed at, took, value)
        self.busy = {}           # key: the lock of the thread computing it
        self.lock = threading.Lock()

    def _keep(self, key, entry):
        with self.lock:
            self.held[key] = entry
            self.held.move_to_end(key)
            while len(self.held) > self.KEPT:
                old, _ = self.held.popitem(last=False)
                lock = self.busy.get(old)
                if lock is not None and not lock.locked():
                    del self.busy[old]

    def changed(self):
        self.version += 1

    def get(self, key, compute):
        """(value, fresh) of compute(version), version the data's it is asked for;
        fresh is False when a change was announced after it."""
        hit = self.held.get(key)
        if hit is not None:
            version, at, took, value = hit
            age = time.monotonic() - at
            if version == self.version and age < self.MAX_AGE:
                return value, True
            if age < max(self.MIN_GAP, self.GAP_FACTOR * took):
                return value, False
        with self.lock:
            busy = self.busy.setdefault(key, threading.Lock())
        if not busy.acquire(blocking=hit is None):
            return hit[3], False                 # being computed: the last result for now
        try:
            again = self.held.get(key)
            if again is not None and again is not hit and again[0] == self.version:
                return again[3], True            # computed while this thread waited
            version = self.version
            start = time.monotonic()
            value = compute(version)
            end = time.monotonic()
            self._keep(key, (version, end, end - start, value))
            return value, version == self.version
        finally:
            busy.release()


def setup(app):
    app.mount("/static", StaticFiles(directory=os.path.join(HERE, "static")), name="static")
    app.state.pages_work = PageWork(app.state.db.path)
    memo = app.state.pages_memo = Memo()
    app.state.parts = Parts()

    def note(topic, data):
        if topic not in UNCHANGED:
            memo.changed()

    # every announcement of a change (uploads, scoring, the director's changes) reaches
    # the memo; a refused request or the clock leave what it holds as it was
    app.state.broker.watch(note)
    app.include_router(admin.router)
    app.include_router(clock_pages.router)
    app.include_router(clock_pages.admin_router)


def _int_or_none(v):
    try:
        n = int(v) if v not in (None, "") else None
    except ValueError:
        raise HTTPException(400, "not a number")
    if n is not None and not 0 <= n <= MAX_ID:
        raise HTTPException(400, "a number out of range")
    return n


# -- standings ------------------------------------------------------------------------
def _standings_ctx(request):
    tround_id = _int_or_none(request.query_params.get("tround"))
    db = request.app.state.db
    with db.read() as con:
        trounds = views.trounds(con)
    if tround_id is not None and not any(t["id"] == tround_id for t in trounds):
        raise HTTPException(404, "no such tournament round")

    standings = shared(request, "standings", tround_id)
    tround = next((t for t in trounds if t["id"] == tround_id), None)
    part = "/standings/part" + ("?tround=%d" % tround_id if tround_id else "")
    return dict(title="Standings", trounds=trounds, tround_id=tround_id, tround=tround,
                standings=standings, part_url=part)


@router.get("/", response_class=HTMLResponse)
def standings_page(request: Request):
    return render(request, "standings.html", here="/", live=True, **_standings_ctx(request))


@router.get("/standings/part", response_class=HTMLResponse)
def standings_part(request: Request):
    ctx = _standings_ctx(request)
    return render_part(request, "_standings.html", (ctx["standings"],), **ctx)


# -- the grid of tables ---------------------------------------------------------------
def _grid_ctx(request):
    grid = shared_grid(request)
    return dict(title="Tables", grid=grid, tround=grid["tround"], part_url="/tables/part")


@router.get("/tables", response_class=HTMLResponse)
def tables_page(request: Request):
    return render(request, "tables.html", here="/tables", live=True, **_grid_ctx(request))


@router.get("/tables/part", response_class=HTMLResponse)
def tables_part(request: Request):
    ctx = _grid_ctx(request)
    return render_part(request, "_tables.html", (ctx["grid"],), **ctx)


# -- one table's hand log -------------------------------------------------------------
def _log_ctx(request, number):
    db = request.app.state.db
    with db.read() as con:
        table = views.table(con, number)
        if table is None:
            raise HTTPException(404, "no table %d" % number)

    show = request.query_params.get("tround") or None
    if show not in (None, "all"):
        show = _int_or_none(show)

    log = shared(request, "hand_log", number, show)
    part = "/tables/%d/part" % number + ("?tround=%s" % show if show is not None else "")
    return dict(title=("Table %d", number), table=table, log=log, part_url=part,
                number=number)


@router.get("/tables/{number}", response_class=HTMLResponse)
def table_page(request: Request, number: PathId):
    return render(request, "table.html", here="/tables", live=True,
                  **_log_ctx(request, number))


@router.get("/tables/{number}/part", response_class=HTMLResponse)
def table_part(request: Request, number: PathId):
    ctx = _log_ctx(request, number)
    return render_part(request, "_table.html", (ctx["log"],), **ctx)


# -- a player's page: standing and statistics -------------------------------------------
@router.get("/players/{pid}", response_class=HTMLResponse)
def player_page(request: Request, pid: PathId):
    with request.app.state.db.read() as con:
        got = views.player(con, pid)
        card = event_schedule.cards(con, pid)
    if got is None:
        raise HTTPException(404, "no player %d" % pid)
    return render(request, "player.html", here="/", title=("%s", got["name"]), p=got,
                  card=card[0]["rounds"] if card else [])


# -- print-ready pages: seating, blank score sheets, results -------------------------------
def _print_round(request, con):
    tid = _int_or_none(request.query_params.get("tround"))
    if tid is None:
        t = views.open_tround(con) or (views.trounds(con) or [None])[-1]
        if t is None:
            raise HTTPException(404, "no tournament round yet")
        tid = t["id"]
    try:
        return tid, printouts.seating(con, tid)
    except ModelError:
        raise HTTPException(404, "no tournament round %d" % tid)


@router.get("/print/seating", response_class=HTMLResponse)
def print_seating(request: Request):
    with request.app.state.db.read() as con:
        tid, s = _print_round(request, con)
    return render(request, "print/seating.html",
                  title=("Seating · round %d", s["tround"]["number"]), s=s)


@router.get("/print/sheets", response_class=HTMLResponse)
def print_sheets(request: Request):
    with request.app.state.db.read() as con:
        tid, s = _print_round(request, con)
        n = printouts.sheet_rows(con)
    return render(request, "print/sheets.html", title=("Score sheets · round %d",
                  s["tround"]["number"]), s=s, rows=n)


@router.get("/print/results", response_class=HTMLResponse)
def print_results(request: Request):
    tid = _int_or_none(request.query_params.get("tround"))
    with request.app.state.db.read() as con:
        t = next((x for x in views.trounds(con) if x["id"] == tid), None)
        if tid is not None and t is None:
            raise HTTPException(404, "no tournament round %d" % tid)
        got = printouts.results(con, tid)
    return render(request, "print/results.html", title=("Results · round %d", t["number"])
                  if t else "Results", r=got, tround=t)


# -- projector ------------------------------------------------------------------------
def _projector_ctx(request):
    rows = max(1, _int_or_none(request.query_params.get("rows")) or PROJECTOR_ROWS)
    lang = elnames.visitor_lang(request)       # a projector's by its address (?lang=)

    standings = shared(request, "standings", None)
    grid = shared_grid(request)
    pages = [dict(kind="teams", title=words.t("Teams", lang), rows=standings["teams"])] \
        if standings["teams"] else []
    players = standings["players"]
    for i in range(0, len(players), rows):
        title = "%s %d–%d" % (words.t("Players", lang), i + 1, min(i + rows, len(players)))
        pages.append(dict(kind="players", title=title, rows=players[i:i + rows]))
    per = rows * 2
    tables = grid["tables"]
    for i in range(0, len(tables), per):
        pages.append(dict(kind="tables", title=words.t("Tables", lang), rows=tables[i:i + per]))
    return dict(title=words.t("Projector", lang), standings=standings, grid=grid,
                rows=rows, pages=pages, seconds=max(1, _int_or_none(request.query_params.get("seconds"))
                            or PROJECTOR_SECONDS),
                part_url="/projector/part?" + str(request.query_params))


@router.get("/projector", response_class=HTMLResponse)
def projector_page(request: Request):
    return render(request, "projector.html", here="/projector", live=True,
                  round_clock=clock_pages.ctx(request), **_projector_ctx(request))


@router.get("/projector/part", response_class=HTMLResponse)
def projector_part(request: Request):
    ctx = _projector_ctx(request)
    return render_part(request, "_projector.html", (ctx["standings"], ctx["grid"]), **ctx)


# -- exports --------------------------------------------------------------------------
@router.get("/exports", response_class=HTMLResponse)
def exports_page(request: Request):
    with request.app.state.db.read() as con:
        trounds = views.trounds(con)
        mcr = views.event(con)["rules"] in ("mcr", "riichi")     # (the EMA's file)
    return render(request, "exports.html", here="/exports", title="Exports",
                  trounds=trounds, links=views.export_links(trounds, mcr))


# -- the live stream ------------------------------------------------------------------
def _server_exiting():
    """True once uvicorn has been told to stop (Ctrl-C, SIGTERM): an open stream would
    otherwise hold its graceful shutdown until every browser went away."""
    server = getattr(signal.getsignal(signal.SIGTERM), "__self__", None)
    return bool(getattr(server, "should_exit", False))


def sse(event, data):
    return "event: %s\ndata: %s\n\n" % (event, json.dumps(data, ensure_ascii=False))


def updates(messages, overflow=False, stamp=None):
    """The stream's events for a batch of the broker's messages: one per table an upload
    came from, or a single one for everything when a change concerns no one table (the
    director's) or many tables changed at once; refused requests change nothing shown.
    stamp: fields every event carries besides (the flush's number and time)."""
    tables, everything = set(), overflow
    for m in messages:
        if m.get("topic") == "refused":
            continue
        table = (m.get("data") or {}).get("table")
        if isinstance(table, int):
            tables.add(table)
        else:
            everything = True
    stamp = stamp or {}
    if everything or len(tables) > MANY_TABLES:
        return [sse("update", dict(stamp))]
    return [sse("update", dict(stamp, table=t)) for t in sorted(tables)]


def flush_text(flush):
    """A broker's Flush as the stream's text, made once for every watcher ("" when it
    shows nothing)."""
    text = flush.cache.get("sse")
    if text is None:
        text = flush.cache["sse"] = "".join(updates(
            flush.messages, flush.overflow,
            {"flush": flush.seq, "at": round(flush.at, 3) if flush.at else None}))
    return text


@router.get("/live")
async def live(request: Request):
    """Server-sent events: `update` (data {"table": n}, or no table for anything, with
    the flush's number and the time of its oldest change) after announced changes.  The
    broker coalesces (organiser.live.live): a busy event (hundreds of uploads a second) costs
    a browser at most two flushes a second, not one event per upload."""
    broker = request.app.state.broker
    if len(broker.queues) >= request.app.state.max_live:
        # every watcher it takes is connected: a clear answer; the page tries again later
        return Response("too many live pages open: try again later", status_code=503,
                        media_type="text/plain", headers={"Retry-After": "30"})
    queue = broker.subscribe()

    async def stream():
        try:
            yield "retry: 2000\n\n"
            quiet_since = time.monotonic()
            while not _server_exiting():
                try:
                    flush = await asyncio.wait_for(queue.get(), 1.0)
                except asyncio.TimeoutError:
                    if await request.is_disconnected():
                        break
                    if time.monotonic() - quiet_since > KEEPALIVE_SECONDS:
                        quiet_since = time.monotonic()
                        yield ": keepalive\n\n"
                    continue
                text = flush_text(flush)
                if text:
                    quiet_since = time.monotonic()
                    yield text
        finally:
            broker.unsubscribe(queue)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store",
                                      "X-Accel-Buffering": "no"})
