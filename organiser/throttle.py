"""The director's login, throttled: guesses per address and per name, and the password
checks that may run at once.

A password check is scrypt (tens of ms, 16 MB): unbounded, a laptop guesses twenty
times a second and sixty parallel logins take the CPU and the thread pool from the
pages.  So each address and each name has a bucket of BURST attempts that refills one
every REFILL seconds (a director who mistypes waits a few seconds, a guesser gets a few
hundred guesses an hour), and at most CHECKS checks run at once, WAITING more queue on
the event loop (not in threads); past that a login is answered 429 at once."""

import asyncio
import time

BURST = 8
REFILL = 3.0
CHECKS = 1
WAITING = 8
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


class LoginThrottle:
    def __init__(self):
        self.by_address = Buckets()
        self.by_name = Buckets()
        self.checks = None       # asyncio.Semaphore, made on the server's loop
        self.waiting = 0

    def wait_for(self, address, name):
        """Seconds before this address may try this name again (0: go on)."""
        return max(self.by_address.take(address), self.by_name.take(name.lower()[:64]))

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
    from organiser import auth
    app = request.app
    throttle = getattr(app.state, "login_throttle", None)
    if throttle is None:
        throttle = app.state.login_throttle = LoginThrottle()
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
