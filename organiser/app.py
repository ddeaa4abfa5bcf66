"""The organiser's web application: `create_app(db_path)` (a SQLite file or a
postgresql:// URL).

Routers: the device API (upload, seating pull: HMAC-signed), the director's admin API
(login, event setup, corrections: session cookie), the exports, and the HTML pages of
`organiser.pages.pages` (its `router`, and `setup(app)`: the static files, the live parts'
process, the director's pages), unless pages=False (the benchmarks' bare device API).

`app.state.db` is the Database, `app.state.broker` the live-update Broker."""

import asyncio
import json
import os
import time
import uuid
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import JSONResponse, RedirectResponse

from organiser.api import admin_api, trust_api, upload
from organiser.guard import auth, limits, quotas, security, throttle
from organiser.results import exports
from organiser.store import pg
from organiser.scoring import replay
from organiser.api import clock_api
from organiser.pages import pages as html_pages
from organiser.store.db import Database
from organiser.store.groupcommit import GroupCommit
from organiser.live.live import Broker
from organiser.scoring.scoring import Scoring
from organiser.event.tournament import ModelError
from organiser.guard import replays
from organiser.results import exportwork, gameresults
from organiser.api import director_api, schedule_api, tiebreak_api

MAX_BODY = 64 * 1024
MAX_LIVE = 1000              # live pages open at once (hundreds of watchers; past it 503)
REFUSED_PER_SOURCE = 1000    # refused requests kept per address (a flood erases only its own)


def create_app(db_path, max_body=MAX_BODY, stuck_seconds=180, pages=True, sync="full",
               max_live=MAX_LIVE, refused_per_source=REFUSED_PER_SOURCE, https_port=None,
               scoring="process", engine_command=None, engine_timeout=None, clock=time.time,
               http_port=None):
    @asynccontextmanager
    async def lifespan(app):
        app.state.db.start_checkpoints()
        if app.state.db.postgres:      # live updates of the other processes on the database
            app.state.broker.connect(pg.Relay(db_path, uuid.uuid4().hex),
                                     asyncio.get_running_loop())
        app.state.scoring.catch_up()
        if hasattr(app.state, "pages_work"):
            app.state.pages_work.warm()
        yield
        app.state.broker.close()
        app.state.scoring.close()
        app.state.exports_held.close()
        if hasattr(app.state, "pages_work"):
            app.state.pages_work.close()
        app.state.db.close()

    # the API's documentation is the director's: behind the login (routes below)
    app = FastAPI(title="Mahjong tournament organiser", docs_url=None, redoc_url=None,
                  openapi_url=None, lifespan=lifespan)
    app.state.db = Database(db_path, sync)
    app.state.broker = Broker()
    app.state.commits = GroupCommit(app.state.db)
    # the organiser's own scoring of every journal (replay.py), in a worker process
    # (the engine's command and its time for an answer: replay.py; a record that stalls
    # it is held as disputed)
    engine = replay.Engine(engine_command or replay.COMMAND,
                           replay.TIMEOUT if engine_timeout is None else engine_timeout)
    # each game's result stored as it is scored (organiser.results.gameresults), and again
    # after any other change to what the games depend on
    app.state.scoring = Scoring(app.state.db, app.state.commits, app.state.broker, scoring,
                                engine, gameresults.refresh if scoring != "off" else None)
    if scoring != "off":                # (the load benchmark's reference: from the records)
        gameresults.follow(app.state.broker, app.state.commits)
    app.state.max_body = max_body
    # the organiser's time source for the round clock (a test compresses a round with its own)
    app.state.clock = clock
    # a table whose device gave no sign of life this long is flagged "no sync": an idle
    # device pulls its seating at least every 60 s, so three pulls missed
    app.state.stuck_seconds = stuck_seconds
    app.state.max_live = max_live
    app.state.quotas = quotas.Quotas()
    app.state.resends = replays.Resends()
    exportwork.setup(app)               # exports built once per change (before the pages'
                                        # own note of changes: both hear every one)
    app.state.login_throttle = throttle.LoginThrottle()
    app.state.refused_per_source = refused_per_source
    app.state.http_port = http_port     # the devices' plain port, when pages are on HTTPS
    # a league's server checks each new device id against its other events' (league/)
    app.state.claim_device = None
    @app.exception_handler(ModelError)
    async def _model_error(request: Request, err: ModelError):
        return JSONResponse({"ok": False, "error": str(err)}, status_code=400)

    @app.get("/api/openapi.json", include_in_schema=False)
    def openapi(request: Request):
        if auth.current_admin(request) is None:
            return JSONResponse({"ok": False, "error": "login required"}, status_code=401)
        return JSONResponse(app.openapi())

    @app.get("/api/docs", include_in_schema=False)
    def docs(request: Request):
        if auth.current_admin(request) is None:
            return RedirectResponse("/admin/login?next=/api/docs", status_code=303)
        page = get_swagger_ui_html(openapi_url="/api/openapi.json", title=app.title)
        # Swagger UI comes from its CDN with an inline start-up script: this page only
        page.headers["content-security-policy"] = DOCS_CSP
        return page

    app.include_router(upload.router)
    app.include_router(admin_api.router)
    app.include_router(trust_api.router)
    app.include_router(exports.router)
    app.include_router(clock_api.router)
    app.include_router(schedule_api.router)
    app.include_router(tiebreak_api.router)
    app.include_router(director_api.router)
    if pages:
        app.include_router(html_pages.router)
        html_pages.setup(app)
        from organiser.pages import terminal        # the browser terminal (docs/phones.md)
        app.include_router(terminal.router)

    # the last added is the outermost: the origin check and the headers on every answer,
    # a throttled login refused before its body is read, the bodies bounded before
    # anything reads them
    app.add_middleware(limits.BodyLimit, device_body=max_body)
    app.add_middleware(throttle.EarlyRefusal, throttle=app.state.login_throttle)
    app.add_middleware(security.Guard, https_port=https_port)
    return app


DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: "
            "https://fastapi.tiangolo.com; frame-ancestors 'none'")


def from_environment():
    """The app of one of several worker processes (python -m organiser --workers N):
    create_app's arguments from ORGANISER_APP (JSON)."""
    from organiser import server
    for k, v in json.loads(os.environ.get("ORGANISER_BOUNDS", "{}")).items():
        setattr(server.GuardedHttp, k, v)       # the connections' bounds, as in one process
    app = create_app(**json.loads(os.environ["ORGANISER_APP"]))
    server.freeze_startup_objects()
    return app
