"""The organiser's web application: `create_app(db_path)` (a SQLite file or a
postgresql:// URL).

Routers: the device API (upload, seating pull: HMAC-signed), the director's admin API
(login, event setup, corrections: session cookie), the exports, and the HTML pages of
`organiser.pages` when that module exists (it provides `router`, an APIRouter, and may
provide `setup(app)` for anything more, e.g. static files).

`app.state.db` is the Database, `app.state.broker` the live-update Broker."""

import asyncio
import importlib
import importlib.util
import os
import uuid
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from organiser import admin_api, exports, pg, trust_api, upload
from organiser.db import Database
from organiser.groupcommit import GroupCommit
from organiser.live import Broker
from organiser.scoring import Scoring
from organiser.tournament import ModelError

MAX_BODY = 64 * 1024


def create_app(db_path, max_body=MAX_BODY, stuck_seconds=180, pages=True, sync="full",
               scoring="process"):
    @asynccontextmanager
    async def lifespan(app):
        app.state.db.start_checkpoints()
        if app.state.db.postgres:      # live updates of the other processes on the database
            app.state.broker.connect(pg.Relay(db_path, uuid.uuid4().hex),
                                     asyncio.get_running_loop())
        app.state.scoring.catch_up()
        yield
        app.state.broker.close()
        app.state.scoring.close()
        app.state.db.close()

    app = FastAPI(title="Mahjong tournament organiser", docs_url="/api/docs",
                  redoc_url=None, openapi_url="/api/openapi.json", lifespan=lifespan)
    app.state.db = Database(db_path, sync)
    app.state.broker = Broker()
    app.state.commits = GroupCommit(app.state.db)
    # the organiser's own scoring of every journal (replay.py), in a worker process
    app.state.scoring = Scoring(app.state.db, app.state.commits, app.state.broker, scoring)
    app.state.max_body = max_body
    # a table whose device gave no sign of life this long is flagged "no sync": an idle
    # device pulls its seating at least every 60 s, so three pulls missed
    app.state.stuck_seconds = stuck_seconds
    @app.exception_handler(ModelError)
    async def _model_error(request: Request, err: ModelError):
        return JSONResponse({"ok": False, "error": str(err)}, status_code=400)

    app.include_router(upload.router)
    app.include_router(admin_api.router)
    app.include_router(trust_api.router)
    app.include_router(exports.router)
    if pages and importlib.util.find_spec("organiser.pages") is not None:
        pages = importlib.import_module("organiser.pages")
        if hasattr(pages, "router"):
            app.include_router(pages.router)
        if hasattr(pages, "setup"):
            pages.setup(app)

    return app


def from_environment():
    """The app of one of several worker processes (python -m organiser --workers N):
    its database from ORGANISER_DB."""
    return create_app(os.environ["ORGANISER_DB"], sync=os.environ.get("ORGANISER_SYNC", "full"))
