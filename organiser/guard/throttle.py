"""The director's login, throttled: guesses per address and per name, and the password
checks that may run at once.

A password check is scrypt (tens of ms, 16 MB): unbounded, a laptop guesses twenty
times a second and sixty parallel logins take the CPU and the thread pool from the
pages.  So each address and each name has a bucket of BURST attempts that refills one
every REFILL seconds (a director who mistypes waits a few seconds, a guesser gets a few
hundred guesses an hour); all together, checks start at most five a second after a
burst, at most CHECKS run at once and WAITING more queue on the event loop (not in
threads); past that a login is answered 429 at once.

Each organiser process counts in its own memory: with several processes on one
PostgreSQL database the bounds hold per process (docs/security.md, "What remains")."""

import asyncio
import time

BURST = 8
REFILL = 3.0
CHECKS = 1
WAITING = 8
TRUSTED = frozenset({"127.0.0.1", "::1"})      # the organiser's own machine
KEPT = 10000                     # buckets remembered (the fullest are forgotten first)


class Buckets:
    def __init__(self, burst=BURST, refill=REFILL):
        self.burst, self.refill = burst, refill
        self.level = {}          # key: (tokens, at)

    def take(self, key, now=None):
        """Seconds to wait (0: one attempt taken)."""
        now = time.monotonic() if now is None else now
        tokens, at = self.level.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) / self.refill)
        if tokens < 1:
            self.level[key] = (tokens, now)
            return (1 - tokens) * self.refill
        self.level[key] = (tokens - 1, now)
        if len(self.level) > KEPT:
            self._forget(now)
        return 0

    def empty(self, key, now=None):
        """Seconds until key has an attempt again (0: it has one); takes nothing."""
        now = time.monotonic() if now is None else now
        if key not in self.level:
            return 0
        tokens, at = self.level[key]
        tokens = min(self.burst, tokens + (now - at) / self.refill)
        return 0 if tokens >= 1 else (1 - tokens) * self.refill

    def give(self, key):
        """Give back an attempt (a login that succeeded costs nothing)."""
        if key in self.level:
            tokens, at = self.level[key]
            self.level[key] = (min(self.burst, tokens + 1), at)

    def _forget(self, now):
        full = sorted(self.level, key=lambda k: -min(
            self.burst, self.level[k][0] + (now - self.level[k][1]) / self.refill))
        for k in full[:len(self.level) - KEPT // 2]:
            del self.level[k]


CHECKS_BURST = 10               # password checks a burst, all names and addresses together,
CHECKS_REFILL = 0.2             # then five a second: a third of one core at most


class LoginThrottle:
    def __init__(self):
        self.by_address = Buckets()
        self.by_name = Buckets()
        self.overall = Buckets(CHECKS_BURST, CHECKS_REFILL)
        self.checks = None       # asyncio.Semaphore, made on the server's loop
        self.waiting = 0

    def wait_for(self, address, name):
        """Seconds before this address may try this name again (0: go on).  The
        organiser's own machine is held only by the check slots: a flood of guesses at
        the director's name from the Wi-Fi can delay the director's login elsewhere,
        never on the organiser's own screen."""
        if address in TRUSTED:
            return 0
        wait = max(self.by_address.take(address), self.by_name.take(name.lower()[:64]))
        return wait or self.overall.take("*")

    def succeeded(self, address, name):
        self.by_address.give(address)
        self.by_name.give(name.lower()[:64])

    async def check(self, fn, *args):
        """fn(*args) in a worker thread once a check slot is free; None if too many wait."""
        if self.checks is None:
            self.checks = asyncio.Semaphore(CHECKS)
        if self.waiting >= WAITING:
            return None
        self.waiting += 1
        try:
            async with self.checks:
                return (await asyncio.to_thread(fn, *args),)
        finally:
            self.waiting -= 1


async def login(request, name, password):
    """("ok", session token), ("wrong", None) or ("wait", seconds) for one attempt."""
    from organiser.guard import auth
    app = request.app
    throttle = app.state.login_throttle
    address = request.client.host if request.client else ""
    wait = throttle.wait_for(address, name)
    if wait:
        return "wait", wait
    got = await throttle.check(auth.login, app.state.db, name, password)
    if got is None:
        return "wait", REFILL
    if got[0] is None:
        return "wrong", None
    throttle.succeeded(address, name)
    return "ok", got[0]


LOGIN_PATHS = ("/api/admin/login", "/admin/login")


class EarlyRefusal:
    """An ASGI middleware: a login from an address with no attempt left is answered 429
    before its body is read or parsed (a guesser's flood of refused logins costs the
    event loop as little as a request can)."""

    def __init__(self, app, throttle):
        self.app, self.throttle = app, throttle

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["method"] == "POST" \
                and scope["path"] in LOGIN_PATHS:
            client = scope.get("client")
            wait = self.throttle.by_address.empty(client[0]) if client else 0
            if wait:
                await send({"type": "http.response.start", "status": 429, "headers": [
                    (b"content-type", b"application/json"), (b"retry-after", b"%d" % (wait + 1)),
                    (b"content-length", b"49")]})
                await send({"type": "http.response.body",
                            "body": b'{"ok": false, "error": "too many attempts: wait"}'})
                return
        await self.app(scope, receive, send)
