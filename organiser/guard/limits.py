"""Bounds on a request's body, enforced while it arrives (an ASGI middleware).

Each route has a size: device routes the batch limit (64 KiB), the login a few KiB, the
director's forms and JSON a few tens of KiB.  A body declared larger is refused before
a byte of it is read; one that grows past its size (chunked, or lying about its length)
is refused as soon as it does, so no body is ever held beyond its route's size.  A body
that stalls (BODY_IDLE seconds without a byte) or takes too long in all (BODY_TOTAL) is
answered 408.  Both close the connection: the rest of the body is not read.

Device routes read their own body (organiser.api.upload reads to the same limit, and logs
what it refuses): here they only get the time bounds and a hard ceiling."""

import asyncio
import json
import time
from typing import Annotated, Optional

from fastapi import Path, Query

DEVICE_PATHS = ("/api/v1/upload", "/api/v1/seating")
LOGIN_PATHS = ("/api/admin/login", "/admin/login")
LOGIN_BODY = 4 * 1024
DIRECTOR_BODY = 32 * 1024
BODY_IDLE = 10.0
BODY_TOTAL = 30.0

# Numbers in paths and queries (ids, table and round numbers): SQLite holds 64 bits, and
# a larger number bound into a query raises inside the handler (a 500): refused 422 here.
MAX_ID = 2 ** 53
PathId = Annotated[int, Path(ge=0, le=MAX_ID)]
QueryId = Annotated[Optional[int], Query(ge=0, le=MAX_ID)]


def _answer(status, error):
    raw = json.dumps({"ok": False, "error": error}).encode()
    return [{"type": "http.response.start", "status": status,
             "headers": [(b"content-type", b"application/json"),
                         (b"content-length", str(len(raw)).encode()),
                         (b"connection", b"close")]},
            {"type": "http.response.body", "body": raw}]


class BodyLimit:
    def __init__(self, app, device_body, director_body=DIRECTOR_BODY, login_body=LOGIN_BODY,
                 idle=BODY_IDLE, total=BODY_TOTAL):
        self.app = app
        self.device_body, self.director_body, self.login_body = \
            device_body, director_body, login_body
        self.idle, self.total = idle, total

    def size_for(self, path):
        if path in DEVICE_PATHS:
            return self.device_body
        if path in LOGIN_PATHS:
            return self.login_body
        return self.director_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = self.size_for(scope["path"])
        declared = None
        for k, v in scope["headers"]:
            if k == b"content-length":
                declared = v
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            if scope["path"] not in DEVICE_PATHS:       # (a device route logs it itself)
                return await self._send(send, 413, "too_large")
        deadline = time.monotonic() + self.total

        async def timed():
            left = min(self.idle, deadline - time.monotonic())
            if left <= 0:
                raise asyncio.TimeoutError
            return await asyncio.wait_for(receive(), left)

        if scope["path"] in DEVICE_PATHS:
            seen = [0]

            async def guarded():
                try:
                    msg = await timed()
                except asyncio.TimeoutError:
                    return {"type": "http.disconnect"}      # read_body logs it as incomplete
                if msg["type"] == "http.request":
                    seen[0] += len(msg.get("body", b""))
                    if seen[0] > 2 * limit:                  # read_body stops at limit
                        return {"type": "http.disconnect"}
                return msg
            return await self.app(scope, guarded, send)

        # everything else: the whole body read here, within bounds, then handed on
        chunks, size, more = [], 0, True
        while more:
            try:
                msg = await timed()
            except asyncio.TimeoutError:
                return await self._send(send, 408, "body too slow")
            if msg["type"] == "http.disconnect":
                return
            chunk = msg.get("body", b"")
            size += len(chunk)
            if size > limit:
                return await self._send(send, 413, "too_large")
            chunks.append(chunk)
            more = msg.get("more_body", False)
        first = [{"type": "http.request", "body": b"".join(chunks), "more_body": False}]

        async def replay():
            if first:
                return first.pop()
            return await receive()              # later: the disconnect, for streams
        return await self.app(scope, replay, send)

    @staticmethod
    async def _send(send, status, error):
        for msg in _answer(status, error):
            await send(msg)
