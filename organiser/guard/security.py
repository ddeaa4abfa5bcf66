"""The director's side against another web page and against forged links.

- `Guard`, an ASGI middleware: security headers on every answer (a content security
  policy that allows only the organiser's own scripts and styles, no framing, no type
  sniffing), and the Origin check: a state-changing request (POST, PUT, PATCH, DELETE)
  from a browser page of another origin is refused 403 before it reaches a handler.
  Browsers send Origin (or at least Referer) with such requests; a script without
  either still meets the CSRF token (forms) or the JSON content type (the JSON API,
  which a page of another origin cannot send without a CORS preflight that is never
  granted).  Device routes are exempt: a device is no browser, its batches are signed.
- CSRF tokens for the director's forms: derived from the session token (a page of
  another origin can read neither), so they survive a restart and need no storage.
- Signed page messages: the "saved" or "refused" line a form's redirect shows is
  signed by the organiser, so a link cannot make the admin page say what its sender
  wrote."""

import contextvars
import hashlib
import hmac
import os
from urllib.parse import urlsplit

from organiser.guard import auth

UNSAFE = (b"POST", b"PUT", b"PATCH", b"DELETE")
DEVICE_PATHS = ("/api/v1/upload", "/api/v1/seating")
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()),
           (b"x-content-type-options", b"nosniff"),
           (b"x-frame-options", b"DENY"),
           (b"referrer-policy", b"same-origin")]


def _header(scope, name):
    for k, v in scope["headers"]:
        if k == name:
            return v.decode("latin-1")
    return None


def own_origin(scope):
    return "%s://%s" % (scope.get("scheme", "http"), _header(scope, b"host") or "")


def same_origin(scope):
    """False when the request names another origin (Origin, else Referer)."""
    origin = _header(scope, b"origin")
    if origin is None:
        ref = _header(scope, b"referer")
        if ref is None:
            return True
        parts = urlsplit(ref)
        origin = "%s://%s" % (parts.scheme, parts.netloc)
    return origin == own_origin(scope)


def _json_body(scope):
    """True unless the request says its body is something else than JSON (a page of
    another origin can send only form and text bodies without a preflight)."""
    ctype = _header(scope, b"content-type")
    return ctype is None or ctype.split(";")[0].strip().lower() == "application/json"


DIRECTOR_PATHS = ("/admin", "/api/admin", "/api/docs", "/api/openapi.json")


class Guard:
    def __init__(self, app, https_port=None):
        self.app = app
        self.https_port = https_port      # served over HTTPS too: the director goes there
        self.message_key = os.urandom(32)   # this event's (a league serves several)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        _KEY.set(self.message_key)      # (the request's task and its worker threads)
        path = scope["path"]
        if (self.https_port and scope.get("scheme") == "http"
                and path.startswith(DIRECTOR_PATHS)):
            return await _to_https(scope, send, self.https_port)
        if scope["method"].encode() in UNSAFE and path not in DEVICE_PATHS:
            why = None
            if not same_origin(scope):
                why = "cross-origin request refused"
            elif path.startswith("/api/") and not _json_body(scope):
                why = "the API takes application/json"
            if why is not None:
                return await _refuse(send, why)

        async def with_headers(msg):
            if msg["type"] == "http.response.start":
                have = {k.lower() for k, _ in msg.get("headers", [])}
                msg["headers"] = list(msg.get("headers", [])) + [
                    h for h in HEADERS if h[0] not in have]
            await send(msg)
        return await self.app(scope, receive, with_headers)


async def _refuse(send, why):
    raw = ('{"ok": false, "error": "%s"}' % why).encode()
    await send({"type": "http.response.start", "status": 403,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(raw)).encode())] + HEADERS})
    await send({"type": "http.response.body", "body": raw})


async def _to_https(scope, send, port):
    """The director's pages and API over plain HTTP: to the HTTPS port (a password and
    a session cookie never cross the venue's Wi-Fi in the clear)."""
    host = (_header(scope, b"host") or "localhost").rsplit(":", 1)[0]
    if host.endswith("]") is False and host.count(":") > 1:
        host = "[%s]" % host
    where = "https://%s:%d%s" % (host, port, scope.get("raw_path", b"").decode("latin-1")
                                 or scope["path"])
    if scope.get("query_string"):
        where += "?" + scope["query_string"].decode("latin-1")
    await send({"type": "http.response.start", "status": 307,
                "headers": [(b"location", where.encode("latin-1")),
                            (b"content-length", b"0")] + HEADERS})
    await send({"type": "http.response.body", "body": b""})


# -- CSRF tokens ------------------------------------------------------------------------

def csrf_token(request):
    """The director's forms' token: a digest of the session token ('' logged out)."""
    session = request.cookies.get(auth.COOKIE)
    if not session:
        return ""
    return hashlib.sha256(b"csrf:" + session.encode()).hexdigest()[:32]


def csrf_ok(request, form):
    want = csrf_token(request)
    return bool(want) and hmac.compare_digest(want, str(form.get("csrf", "")))


# -- signed messages --------------------------------------------------------------------

# a key of each event's application (its Guard's), else of this process: a message link
# outlives no restart, which is fine for a redirect, and is shown by its own event only
MESSAGE_KEY = os.urandom(32)
_KEY = contextvars.ContextVar("message_key")


def sign_message(text):
    return hmac.new(_KEY.get(MESSAGE_KEY), text.encode(), hashlib.sha256).hexdigest()[:24]


def message(text, sig):
    """text when the organiser signed it, else None."""
    if not text or not sig:
        return None
    return text if hmac.compare_digest(sign_message(text), str(sig)) else None
