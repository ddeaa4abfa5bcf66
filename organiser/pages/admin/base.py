"""What the director's pages share: the login they need (Login, director), the page
around a section (page: the menu, the flags to watch), messages in the visitor's
language (said, refusal) signed onto the redirect back (back, shown), a form's
numbers (whole), and a section's router with the decorators of its routes
(section(): a GET page, a POST form run by guarded()).

Plain HTML forms (they work on a phone, without scripts).  Each form posts to its
section, the change goes through the organiser's model (organiser.event.tournament,
organiser.event.corrections) in one transaction, and the answer is a redirect back
to the page with a message (a mistake is shown on the page, nothing written).  A
change that moves the standings is announced on the live stream, so every open page
refreshes."""

import time
from urllib.parse import quote, urlencode

from anyio import from_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from starlette.concurrency import run_in_threadpool

from organiser.guard import auth, security
from organiser.text import elnames, reasons, words
from organiser.store.db import one
from organiser.guard.limits import MAX_ID
from organiser.live.render import render, shared_grid
from organiser.text.reasons import Reason, Word
from organiser.event.tournament import ModelError

MENU = (("/admin", "Event"), ("/admin/rounds", "Rounds & seating"),
        ("/admin/clock", "Round clock"),
        ("/admin/devices", "Devices"), ("/admin/corrections", "Corrections"),
        ("/admin/substitutes", "Substitutes"), ("/admin/penalties", "Penalties"),
        ("/admin/paper", "Paper sheets"),
        ("/admin/refused", "Refused requests"))


class Login(Exception):
    """Raised by a page when nobody is logged in: answered by a redirect to the login."""


def director(request):
    name = auth.current_admin(request)
    if name is None:
        raise Login()
    return name


def login_redirect(request):
    nxt = request.url.path + ("?" + request.url.query if request.url.query else "")
    return RedirectResponse("/admin/login?next=" + quote(nxt), status_code=303)


def page(request, name, here, **ctx):
    who = director(request)
    with request.app.state.db.read() as con:
        refused = one(con, "SELECT COUNT(*) AS n FROM refused WHERE at > ?",
                      (time.time() - 3600,))["n"]
    watch = dict(flagged=shared_grid(request)["flagged"], refused=refused)
    return render(request, name, here="/admin", admin_menu=MENU, admin_here=here, who=who,
                  watch=watch, ok=shown(request, "ok"),
                  error=ctx.pop("error", None) or shown(request, "error"), **ctx)


def said(request, text, *args):
    """A message of the director's pages in the visitor's language (organiser/text/words.py)."""
    return words.say(text, elnames.visitor_lang(request), *args)


def refusal(request, err):
    """A ModelError's reason in the visitor's language (organiser/text/reasons.py)."""
    return reasons.say(err.reason, elnames.visitor_lang(request))


def back(path, ok=None, error=None, **extra):
    """A redirect to path showing a message: signed, so that only the organiser's own
    messages are ever shown (a link cannot put its sender's words on the page)."""
    q = {k: v for k, v in dict(extra, ok=ok, error=error).items() if v is not None}
    for k in ("ok", "error"):
        if k in q:
            q[k + "_sig"] = security.sign_message(q[k])
    return RedirectResponse(path + ("?" + urlencode(q) if q else ""), status_code=303)


def shown(request, key):
    """The message of a redirect made by back(), or None."""
    qp = request.query_params
    return security.message(qp.get(key), qp.get(key + "_sig"))


def changed(request, what):
    """Tell open pages the standings or the grid may have moved (announced by guarded()
    once the handler is done: the broker lives on the event loop, handlers in a
    worker thread).  A correction is first scored again (the hands after it re-derived)
    by the scoring's one path, on the event loop: this thread waits for it."""
    from_thread.run(request.app.state.scoring.settle_corrections)
    request.state.announce = what


async def form(request):
    return {k: v.strip() if isinstance(v, str) else v
            for k, v in (await request.form()).multi_items()}


def field_name(what):
    """A field's name in a reason: a Word, or a Reason where it holds a number."""
    return what if isinstance(what, Reason) else Word(what)


def whole(v, what):
    try:
        n = int(v)
    except (TypeError, ValueError, OverflowError):
        raise ModelError("%s: a whole number, not %r", field_name(what), str(v)[:20])
    if abs(n) > MAX_ID:
        raise ModelError("%s: out of range", field_name(what))
    return n


def whole_or_none(v, what):
    return None if v in (None, "") else whole(v, what)


def guarded(handler):
    """Run a POST handler: a model error goes back to the form's page with the message;
    nobody logged in goes to the login."""
    async def run(request: Request):
        try:
            director(request)
            f = await form(request)
            if not security.csrf_ok(request, f):
                return HTMLResponse("This form is out of date or came from another page: "
                                    "reload the page and send it again.", status_code=403)
            answer = await run_in_threadpool(handler, request, f)
        except Login:
            return RedirectResponse("/admin/login?next=" + quote(_referer_path(request)),
                                    status_code=303)
        except ModelError as e:
            return back(_referer_path(request), error=refusal(request, e))
        what = getattr(request.state, "announce", None)
        if what is not None:
            request.app.state.broker.publish("admin", {"what": what})
        return answer
    run.__name__ = handler.__name__
    return run


def _referer_path(request):
    ref = request.headers.get("referer", "")
    host = "%s://%s" % (request.url.scheme, request.url.netloc)
    if ref.startswith(host):
        path = ref[len(host):].split("?", 1)[0]
        if path.startswith("/admin"):
            return path
    return "/admin"


def section():
    """A section's router and the decorators of its routes: @get(path) a page (nobody
    logged in: the login page), @post(path) a form's handler, run by guarded()."""
    router = APIRouter(prefix="/admin", include_in_schema=False)
    get, post = routes(router)
    return router, get, post


def routes(router):
    """The decorators of routes on router (section(); the round clock's page)."""
    def post(path):
        def wrap(handler):
            router.add_api_route(path, guarded(handler), methods=["POST"])
            return handler
        return wrap

    def get(path):
        def wrap(handler):
            def run(request: Request):
                try:
                    return handler(request)
                except Login:
                    return login_redirect(request)
            run.__name__ = handler.__name__
            router.add_api_route(path, run, methods=["GET"], response_class=HTMLResponse)
            return handler
        return wrap
    return get, post
