"""What every page of the organiser's shares, public and the director's alike: the
templates with their filters, the navigation, render() (the base context every page
extends) and shared() (a live part computed in the pages' process, once through the app's
Memo: organiser.live.pagework, organiser.pages.pages).
organiser.pages.pages and organiser.pages.admin import this; it imports neither."""

import collections
import datetime
import os
import threading

from fastapi import HTTPException
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from jinja2 import pass_context

from organiser.guard import auth, security
from organiser.text import elnames, words
from organiser.live import pagework
from organiser.results import views

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # organiser/: templates, static
templates = Jinja2Templates(directory=os.path.join(HERE, "templates"))

NAV = (("/", "Standings"), ("/tables", "Tables"), ("/projector", "Projector"),
       ("/exports", "Exports"), ("/admin", "Admin"))


def _pts(v):
    """Table points may be halves (ties shared): 2.5, 4, 0.5."""
    if v is None:
        return ""
    return ("%.2f" % v).rstrip("0").rstrip(".") if v != int(v) else "%d" % v


templates.env.filters["pts"] = _pts


def _static_url(name):
    # the file's mtime as a version: a browser never keeps a stale script after an update
    try:
        v = int(os.stat(os.path.join(HERE, "static", name)).st_mtime)
    except OSError:
        v = 0
    return "/static/%s?v=%d" % (name, v)


templates.env.globals["static"] = _static_url
templates.env.globals["elname"] = elnames.name
templates.env.globals["say"] = words.t


@pass_context
def _say_here(ctx, text, *args):
    """_('Table %d', n) in a template: text in the page's language (names_lang), then
    formatted with args (the values themselves are never looked up)."""
    return words.say(text, ctx.get("names_lang"), *args)


templates.env.globals["_"] = _say_here


@pass_context
def _meld_here(ctx, text):
    """'pon 中中中' with its kind (chi, pon, kan, ankan) in the page's language."""
    kind, _, rest = str(text).partition(" ")
    return "%s %s" % (words.t(kind, ctx.get("names_lang")), rest) if rest else kind


templates.env.filters["meld"] = _meld_here
LANG_LINKS = (("zh-Hant", "繁"), ("zh-Hans", "简"), ("en", "EN"))


def lang_links(request):
    """(href, lang, label) of the header's language switch: this page by its absolute path
    (under a league the prefix is added to it) with ?lang= alone: other query fields may
    carry text someone else put in a link, and none is echoed."""
    return [("%s?lang=%s" % (request.url.path, lang), lang, label) for lang, label in LANG_LINKS]


def _title(title, lang):
    """A page's title in lang: words, or (words, values...) as _() takes them."""
    if isinstance(title, tuple):
        return words.say(title[0], lang, *title[1:])
    return words.t(title, lang)


def render(request, name, here=None, live=False, **ctx):
    now = datetime.datetime.now()
    with request.app.state.db.read() as con:
        event = views.event(con)
    base = dict(request=request, event=event, nav=NAV, here=here, live=live,
                admin=auth.current_admin(request), csrf=security.csrf_token(request),
                stream_url="/live", now_iso=now.isoformat(timespec="seconds"),
                now_hm=now.strftime("%H:%M:%S"))
    # the elements' names in the visitor's language (?lang=, kept in a cookie)
    lang = elnames.visitor_lang(request)
    base.update(names_lang=lang, lang_links=lang_links(request))
    if lang:
        base["lang"] = lang
    base.update(ctx)
    base["title"] = _title(ctx.get("title", ""), lang)
    base["stale"] = getattr(request.state, "stale", False)
    response = templates.TemplateResponse(request, name, base, headers=_part_headers(request))
    if lang and request.query_params.get("lang") == lang:
        response.set_cookie(elnames.COOKIE, lang, max_age=365 * 86400, samesite="lax")
    return response


def _part_headers(request):
    headers = {"Cache-Control": "no-store"}
    if getattr(request.state, "stale", False):
        headers["X-Fresh"] = "0"            # from data older than the last change: ask again
    return headers


PARTS_KEPT = 64             # rendered parts held (by address and language; ~100 KB each)


class Parts:
    """Live parts rendered once for every browser showing them.  Every open page
    refetches its part at most once a second after a change: with hundreds of phones on
    the standings, rendering each time (8 ms for 800 players) would cost the organiser
    seconds of interpreter a second.  A rendering stands while the shared results it
    shows (the Memo's: compared by identity) stand; its clock reads the time it was
    rendered.  Directors' parts (their links to the corrections) are rendered for them."""

    def __init__(self):
        self.held = collections.OrderedDict()   # key: (the results shown, body)
        self.lock = threading.Lock()

    def get(self, key, data):
        hit = self.held.get(key)
        if hit is not None and len(hit[0]) == len(data) and all(
                a is b for a, b in zip(hit[0], data)):
            return hit[1]
        return None

    def keep(self, key, data, body):
        with self.lock:
            self.held[key] = (data, body)
            self.held.move_to_end(key)
            while len(self.held) > PARTS_KEPT:
                self.held.popitem(last=False)


def render_part(request, name, data, **ctx):
    """A live part (`.../part`): render(request, name, **ctx), shared by every visitor
    asking for the same address in the same language while `data` (a tuple of the
    shared results it shows) stands."""
    if auth.current_admin(request) is not None:
        return render(request, name, **ctx)
    parts = request.app.state.parts
    key = (request.url.path, str(request.query_params), elnames.visitor_lang(request))
    body = parts.get(key, data)
    if body is None:
        body = render(request, name, **ctx).body
        parts.keep(key, data, body)
    return HTMLResponse(body, headers=_part_headers(request))


def shared(request, name, *args):
    """A live part, organiser.live.pagework's `name`(*args): computed in the pages' process,
    once for every browser through the app's Memo (organiser.pages.pages); notes a stale
    answer on the request."""
    work = request.app.state.pages_work
    try:
        value, fresh = request.app.state.pages_memo.get(
            (name,) + args, lambda version: work.call(name, version, *args))
    except pagework.NoAnswer:
        raise HTTPException(503, "the standings are not ready: try again in a moment")
    if not fresh:
        request.state.stale = True
    return value


def shared_grid(request):
    return shared(request, "grid", request.app.state.stuck_seconds)
