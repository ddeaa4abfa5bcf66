"""The league's web application: `create_league_app(registry_path)`.

Each event of the registry is the organiser's own application (organiser.app, its own
database) mounted under /e/<event>/ through `prefix.Prefixed`: its pages, device API,
director's pages and exports as on a venue laptop, under that path.  Its device
registrations are checked against the registry (an id unique across the server).  The
league adds its own pages: `/` (the leagues and their events), `/league/<id>` (the
season ranking) and `/api/league/<id>` (the same as JSON).

The registry is read at start: an event added or imported afterwards is served from the
next start.  Starlette does not run a mounted application's start-up and shut-down, so
the league's own run each event's (its checkpoints, its scoring worker)."""

import contextlib
import os
import time

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from organiser.text import elnames
from organiser.live import render
from organiser.guard import security
from organiser.results import views
from organiser.app import create_app
from organiser.league import ranking
from organiser.league.prefix import Prefixed
from organiser.text.reasons import Reason
from organiser.league.registry import Registry, RegistryError
from organiser.live.render import HERE as ORGANISER_HERE
from organiser.live.render import templates as organiser_templates
from organiser.event.tournament import ModelError

HERE = os.path.dirname(os.path.abspath(__file__))
templates = Jinja2Templates(directory=os.path.join(HERE, "templates"))
templates.env.filters["pts"] = organiser_templates.env.filters["pts"]
templates.env.globals["static"] = organiser_templates.env.globals["static"]
templates.env.globals["_"] = organiser_templates.env.globals["_"]     # the pages' words
SEASON_SECONDS = 5.0         # a season's ranking is recomputed at most this often


def claimer(registry, slug):
    """The event's check of a new device id against every other event's."""
    def claim(device_id):
        try:
            registry.claim_device(device_id, slug)
        except RegistryError as e:
            why = e.args[0]             # said in the director's language where it can be
            if isinstance(why, Reason):
                raise ModelError(why.text, *why.values)
            raise ModelError(str(e))
    return claim


def _page(request, name, ctx):
    """A league page in the visitor's language (?lang=, kept in the cookie the events'
    pages share), with the same language switch as theirs."""
    lang = elnames.visitor_lang(request)
    ctx = dict(ctx, names_lang=lang, lang=lang or "en", lang_links=render.lang_links(request))
    response = templates.TemplateResponse(request, name, ctx,
                                          headers={"Cache-Control": "no-store"})
    if lang and request.query_params.get("lang") == lang:
        response.set_cookie(elnames.COOKIE, lang, max_age=365 * 86400, samesite="lax")
    return response


def create_league_app(registry_path, scoring="process", sync="full", pages=True):
    registry = Registry(registry_path)
    events = {}
    for ev in registry.events():
        sub = create_app(ev["db"], scoring=scoring, sync=sync, pages=pages)
        sub.state.claim_device = claimer(registry, ev["slug"])
        events[ev["slug"]] = sub

    @contextlib.asynccontextmanager
    async def lifespan(app):
        async with contextlib.AsyncExitStack() as stack:
            for sub in events.values():
                await stack.enter_async_context(sub.router.lifespan_context(sub))
            yield
        registry.close()

    app = FastAPI(title="Mahjong league", docs_url=None, redoc_url=None, openapi_url=None,
                  lifespan=lifespan)
    app.state.registry = registry
    app.state.events = events
    app.state.seasons = {}                  # league id: (computed at, rows)
    for slug, sub in events.items():
        app.mount("/e/%s" % slug, Prefixed(sub, "/e/%s" % slug))
    app.mount("/static", StaticFiles(directory=os.path.join(ORGANISER_HERE, "static")),
              name="static")

    @app.get("/", response_class=HTMLResponse)
    def index(request: Request):
        leagues = [dict(lg, rule=ranking.rule_text(lg), events=_events(app, lg["id"]),
                        measure_name=ranking.MEASURE_NAMES[lg["measure"]])
                   for lg in registry.leagues()]
        return _page(request, "index.html", dict(leagues=leagues))

    @app.get("/league/{league_id}", response_class=HTMLResponse)
    def season_page(request: Request, league_id: int):
        lg, evs, rows = season(app, league_id)
        return _page(request, "season.html", dict(
            league=lg, rule=ranking.rule_text(lg), events=evs, rows=rows,
            measure=lg["measure"], measure_name=ranking.MEASURE_NAMES[lg["measure"]]))

    @app.get("/api/league/{league_id}")
    def season_json(league_id: int):
        lg, evs, rows = season(app, league_id)
        return {"league": lg, "rule": ranking.rule_text(lg),
                "events": [{k: e[k] for k in ("slug", "name", "served")} for e in evs],
                "ranking": rows}

    # the league's own pages carry the organiser's headers (content security policy,
    # no framing); each event's answers have them from its own Guard already
    app.add_middleware(security.Guard)
    return app


def _events(app, league_id):
    """The league's events with their names (from each event's own database)."""
    out = []
    for ev in app.state.registry.events(league_id):
        sub = app.state.events.get(ev["slug"])
        name = ev["slug"]
        if sub is not None:
            with sub.state.db.read() as con:
                name = views.event(con)["name"]
        out.append(dict(ev, name=name, served=sub is not None))
    return out


def season(app, league_id):
    """(league, its events, the ranked rows), the rows at most SEASON_SECONDS old."""
    if not 0 < league_id < 2 ** 53:
        raise HTTPException(404, "no such league")
    lg = app.state.registry.league(league_id)
    if lg is None:
        raise HTTPException(404, "no such league")
    evs = _events(app, league_id)
    held = app.state.seasons.get(league_id)
    if held is not None and time.monotonic() - held[0] < SEASON_SECONDS:
        return lg, evs, held[1]
    results = []
    for ev in evs:
        sub = app.state.events.get(ev["slug"])
        if sub is None:
            continue                        # registered after the start: served next start
        with sub.state.db.read() as con:
            results.append((ev["slug"], ev["name"], views.standings(con)["players"]))
    rows = ranking.season(lg, results)
    app.state.seasons[league_id] = (time.monotonic(), rows)
    return lg, evs, rows
