"""How the organiser is served: uvicorn, with bounds on what a connection may hold.

uvicorn (pinned) bounds some things itself, and these are its settings here:
`limit_concurrency` answers a clear 503 past a number of open connections and running
requests, `timeout_keep_alive` closes a connection idle between requests.  What it does
not bound is the time and the bytes a client may take to send a request's head: a new
connection that sends nothing, or a head that trickles in a byte at a time, is held for
ever, and llhttp collects header lines without limit.  `GuardedHttp` adds those bounds
to uvicorn's own httptools protocol (a subclass, so its parser and flow control stay
uvicorn's): a head must be complete within `header_timeout` seconds and `MAX_HEAD`
bytes, and one address holds at most `per_address` connections (the organiser's own
machine excepted: the director's browser and the projector may sit on it).  A request
body is bounded by organiser.guard.limits, inside the application.

Why here and not in front: a reverse proxy (nginx) bounds all this too, but it is one
more program to install and configure on the director's laptop; uvicorn's protocol
classes are its documented extension point (`Config(http=...)`), and uvicorn, httptools
and uvloop are pinned, so the subclass meets the same code it was tested with.

With TLS (`tls=(certfile, keyfile)`), the director's pages are served over HTTPS on
`tls_port`; devices keep plain HTTP on `port` (a board has no heap for TLS; its batches
are signed)."""

import asyncio
import contextlib
import gc

import uvicorn
from uvicorn._compat import asyncio_run
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MAX_CONNECTIONS = 1500       # open connections + running requests; past it: 503
KEEP_ALIVE = 5               # seconds a connection may idle between requests
HEADER_TIMEOUT = 10.0        # seconds to send a request's head
PER_ADDRESS = 64             # connections one address may hold
MAX_HEAD = 32 * 1024         # bytes of request line and headers
TRUSTED = frozenset({"127.0.0.1", "::1"})

BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 25"
        b"\r\nRetry-After: 5\r\nConnection: close\r\n\r\ntoo many connections here")
SLOW = (b"HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
LARGE = (b"HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Length: 0\r\n"
         b"Connection: close\r\n\r\n")


class GuardedHttp(HttpToolsProtocol):
    header_timeout = HEADER_TIMEOUT
    per_address = PER_ADDRESS
    trusted = TRUSTED

    def connection_made(self, transport):
        super().connection_made(transport)
        self.address = self.client[0] if self.client else ""
        counts = _counts(self.server_state)
        counts[self.address] = counts.get(self.address, 0) + 1
        self.head_timer = None
        self.head_bytes = 0
        self.in_head = True
        if counts[self.address] > self.per_address and self.address not in self.trusted:
            transport.write(BUSY)
            transport.close()
            return
        self._arm()

    def connection_lost(self, exc):
        counts = _counts(self.server_state)
        n = counts.get(self.address, 1) - 1
        if n > 0:
            counts[self.address] = n
        else:
            counts.pop(self.address, None)
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data):
        super().data_received(data)
        if self.in_head and not self.transport.is_closing():
            # still in a head after this data: bytes the parser holds for it (the
            # callbacks below bound what it hands over; this bounds what it buffers)
            self.head_bytes += len(data)
            if self.head_bytes > 2 * MAX_HEAD:
                self._refuse(LARGE)

    def on_message_begin(self):
        super().on_message_begin()
        self.in_head = True
        self.head_bytes = 0
        if self.head_timer is None:
            self._arm()

    def on_url(self, url):
        if len(self.url) + len(url) > MAX_HEAD:
            raise _TooLarge()
        super().on_url(url)

    def on_header(self, name, value):
        self.head_bytes_parsed = getattr(self, "head_bytes_parsed", 0) + len(name) + len(value)
        if self.head_bytes_parsed > MAX_HEAD:
            raise _TooLarge()
        super().on_header(name, value)

    def on_headers_complete(self):
        self.in_head = False
        self.head_bytes_parsed = 0
        self._disarm()
        super().on_headers_complete()

    def _arm(self):
        self.head_timer = self.loop.call_later(self.header_timeout, self._refuse, SLOW)

    def _disarm(self):
        if getattr(self, "head_timer", None) is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _refuse(self, answer):
        self.head_timer = None
        if not self.transport.is_closing():
            if self.cycle is None or self.cycle.response_complete or self.in_head:
                self.transport.write(answer)
            self.transport.close()


class _TooLarge(Exception):
    """Raised in a parser callback: httptools stops parsing and reports an error (the
    connection gets uvicorn's 400 and is closed)."""


def _counts(state):
    counts = getattr(state, "per_address", None)
    if counts is None:
        counts = state.per_address = {}
    return counts


def guarded(header_timeout=HEADER_TIMEOUT, per_address=PER_ADDRESS):
    """GuardedHttp with these bounds (a class: uvicorn builds one per connection)."""
    return type("GuardedHttp", (GuardedHttp,), {"header_timeout": header_timeout,
                                                "per_address": per_address})


# The port is bound by uvicorn through the event loop's create_server, which sets
# SO_REUSEADDR on POSIX: started again at once after a stop, the organiser binds its port
# while the last run's connections wait in TIME_WAIT (tests/test_venue.py).  A port another
# program listens on is refused with uvicorn's "address already in use", and it exits 3.
def config(app, host, port, log_level="warning", header_timeout=HEADER_TIMEOUT,
           per_address=PER_ADDRESS, max_connections=MAX_CONNECTIONS, tls=None, lifespan="on"):
    kw = {}
    if tls is not None:
        kw = dict(ssl_certfile=tls[0], ssl_keyfile=tls[1])
    return uvicorn.Config(app, host=host, port=port, log_level=log_level,
                          http=guarded(header_timeout, per_address),
                          limit_concurrency=max_connections, timeout_keep_alive=KEEP_ALIVE,
                          lifespan=lifespan, **kw)


class _Pair(uvicorn.Server):
    """Two servers in one process: the plain one takes the signals and stops both
    (its handle_exit stays a bound method: the live stream reads should_exit from it)."""

    partner = None

    def handle_exit(self, sig, frame):
        super().handle_exit(sig, frame)
        if self.partner is not None:
            self.partner.should_exit = self.should_exit
            self.partner.force_exit = self.force_exit


class _Quiet(uvicorn.Server):
    @contextlib.contextmanager
    def capture_signals(self):
        yield


def open_files(want):
    """Raise this process's open-file limit toward want (the soft limit is often 1024:
    past it, accepting a connection fails for everyone, the bounds above never act)."""
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        target = want if hard == resource.RLIM_INFINITY else min(want, hard)
        if soft != resource.RLIM_INFINITY and soft < target:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ImportError, ValueError, OSError):
        pass


def freeze_startup_objects():
    """Take what start-up made (the modules, the app: some hundred thousand objects that
    live as long as the process) out of the garbage collector's reach.  Its full
    collection walks every object it tracks with the interpreter's lock held: under the
    load benchmark that stopped the event loop for 50-110 ms every ten seconds or so,
    the uploads' slowest percent; frozen, 25-30 ms.  Objects made later are collected as
    before."""
    gc.collect()
    gc.freeze()


def run(app, host, port, tls=None, tls_port=None, **bounds):
    """Serve until SIGINT/SIGTERM: plain HTTP on port and, with tls=(cert, key), HTTPS
    on tls_port."""
    open_files(2 * bounds.get("max_connections", MAX_CONNECTIONS) + 256)
    freeze_startup_objects()
    if tls is None:
        uvicorn.Server(config(app, host, port, **bounds)).run()
        return
    plain = _Pair(config(app, host, port, **bounds))
    plain.partner = _Quiet(config(app, host, tls_port, tls=tls, lifespan="off", **bounds))

    async def both():
        await asyncio.gather(plain.serve(), plain.partner.serve())
    asyncio_run(both(), loop_factory=plain.config.get_loop_factory())
