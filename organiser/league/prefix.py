"""An event's organiser under /e/<event>/: its answers kept inside that path.

The organiser's pages name their links, forms, scripts and live stream by absolute paths
("/tables", "/admin/login"), its redirects too, and its session cookie is set for "/".
Mounted under a prefix, each of these is rewritten on the way out: HTML attributes that
hold a path, the Location header, the cookie's Path (so a director's session cookie is
sent only to their own event: another event's pages never see it).  JSON, CSV and the
live stream pass untouched (they hold no links).

On the way in, the event's application sees the path without the prefix, as on a venue
laptop: its own bounds (organiser.guard.limits, security, throttle) name its routes by their
paths ("/api/v1/upload", "/api/admin/login") and must find them.  The prefix is the
application's root for Starlette (`app_root_path`: `request.base_url`, where the device
registration reads the event's address)."""

import re

ATTRS = re.compile(rb'(\s(?:href|src|action|formaction|data-live|data-stream|data-href)=")'
                   rb'/(?!/)')
COOKIE_PATH = re.compile(rb"(?i)(;\s*path=)/[^;]*")


class Prefixed:
    """ASGI: app answering as if mounted at prefix ("/e/cup")."""

    def __init__(self, app, prefix):
        self.app = app
        self.prefix = prefix.rstrip("/").encode()

    def link(self, path):
        return self.prefix + path if path.startswith(b"/") and not path.startswith(b"//") \
            else path

    def headers(self, headers):
        out = []
        for k, v in headers:
            name = k.lower()
            if name == b"location":
                v = self.link(v)
            elif name == b"set-cookie":
                v = COOKIE_PATH.sub(lambda m: m.group(1) + self.prefix + b"/", v)
            out.append((k, v))
        return out

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        prefix = self.prefix.decode()
        path = scope["path"]
        if path.startswith(prefix + "/"):
            raw = scope.get("raw_path") or path.encode()
            scope = dict(scope, path=path[len(prefix):], root_path="", app_root_path=prefix,
                         raw_path=raw[len(self.prefix):] if raw.startswith(self.prefix)
                         else raw)
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        held = {}

        async def out(msg):
            if msg["type"] == "http.response.start":
                headers = self.headers(msg.get("headers", []))
                ctype = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                msg = dict(msg, headers=headers)
                if ctype.startswith(b"text/html"):
                    held["start"], held["body"] = msg, []        # rewritten when whole
                    return
                return await send(msg)
            if msg["type"] == "http.response.body" and "start" in held:
                held["body"].append(msg.get("body", b""))
                if msg.get("more_body"):
                    return
                body = ATTRS.sub(lambda m: m.group(1) + self.prefix + b"/",
                                 b"".join(held["body"]))
                start = held.pop("start")
                start["headers"] = [(k, v) for k, v in start["headers"]
                                    if k.lower() != b"content-length"]
                start["headers"].append((b"content-length", str(len(body)).encode()))
                await send(start)
                return await send({"type": "http.response.body", "body": body})
            return await send(msg)

        return await self.app(scope, receive, out)
