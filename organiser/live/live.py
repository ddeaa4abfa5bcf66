"""Live updates: an asyncio publish/subscribe broker that coalesces.

The upload handler publishes after a batch is stored (and the admin side after a change
that moves the standings); the pages' server-sent-events endpoint subscribes.  A busy
event stores a few hundred batches a second and may have hundreds of pages open: telling
every page of every batch would cost the server 100,000 wake-ups a second and every page
a refetch per upload.  So messages are gathered and handed on together, as one Flush, at
most once per GAP seconds: the first change after a quiet spell goes out at once, the
ones that follow within GAP wait for the next flush.  A watcher is told at most 1/GAP
times a second whatever the number of uploads (its page refetches at most once a second:
static/live.js), and learns of a change at most GAP (plus the write to it) after it.

Each subscriber has a bounded queue of flushes: a client too slow to keep up loses the
oldest, never blocks a publisher (a page refetches what it shows on any message).

Several organiser processes on one PostgreSQL database (connect()): what one publishes
reaches the subscribers of every other through the database's LISTEN/NOTIFY
(organiser/store/pg.py's Relay), so a page watched through any process hears of every upload."""

import asyncio
import time

GAP = 0.5                    # seconds between two flushes at least
QUEUE = 20                   # flushes a subscriber may fall behind by
STEP = 25                    # subscribers handed a flush per turn of the event loop
PENDING = 1000               # messages a flush carries at most (past it: "much changed")


class Flush:
    """One hand-on: `messages` ({"topic", "data"} in the order published; at most
    PENDING, `overflow` True when more came), `seq` (1, 2, ... per broker), `at` (wall
    time of the oldest change it carries).  The same object goes to every subscriber:
    `cache` keeps what a consumer derives from it once for all (the SSE text)."""

    __slots__ = ("messages", "overflow", "seq", "at", "cache")

    def __init__(self, messages, overflow, seq, at):
        self.messages, self.overflow, self.seq, self.at = messages, overflow, seq, at
        self.cache = {}


class Broker:
    def __init__(self, gap=GAP):
        self.gap = gap
        self.queues = set()
        self.pending = []
        self.overflow = False
        self.first_at = None         # wall time of the oldest pending message
        self.last = float("-inf")    # monotonic time of the last flush
        self.timer = None
        self.seq = 0
        self.relay = None            # the other processes' updates (connect())
        self.remote = False          # publishing what another process sent: not sent back
        self.watchers = []           # fn(topic, data) told of every publish at once (watch())

    def watch(self, fn):
        """Tell fn(topic, data) of every message published, this process's or another's,
        as it is published (the pages' memo notes a change before any flush)."""
        self.watchers.append(fn)

    def publish(self, topic, data=None):
        """Note {"topic", "data"} for the next flush (and send it to the other processes).
        Call from the event loop."""
        for fn in self.watchers:
            fn(topic, data if data is not None else {})
        if self.relay is not None and not self.remote:
            self.relay.send(topic, data if data is not None else {})
        if len(self.pending) < PENDING:
            self.pending.append({"topic": topic, "data": data if data is not None else {}})
        else:
            self.overflow = True
        if self.first_at is None:
            self.first_at = time.time()
        if self.timer is None:
            loop = asyncio.get_running_loop()
            wait = self.last + self.gap - time.monotonic()
            self.timer = (loop.call_later(wait, self.flush) if wait > 0
                          else loop.call_soon(self.flush))

    def flush(self):
        """Hand the pending messages to every subscriber now (the timer calls it)."""
        self.timer = None
        if not self.pending and not self.overflow:
            return
        self.seq += 1
        f = Flush(self.pending, self.overflow, self.seq, self.first_at)
        self.pending, self.overflow, self.first_at = [], False, None
        self.last = time.monotonic()
        self._hand(f, list(self.queues))

    def _hand(self, f, queues):
        # STEP subscribers now, the rest from the loop's next turn: every subscriber woken
        # runs before the loop reads its sockets again, and 500 of them at once would hold
        # the uploads arriving meanwhile for tens of ms
        for q in queues[:STEP]:
            if q not in self.queues:
                continue
            if q.full():
                try:
                    q.get_nowait()
                except asyncio.QueueEmpty:
                    pass
            q.put_nowait(f)
        if len(queues) > STEP:
            asyncio.get_running_loop().call_soon(self._hand, f, queues[STEP:])

    def connect(self, relay, loop):
        """Share messages with other processes through relay (start(deliver), send(topic,
        data), close()); theirs are published here on loop."""
        self.relay = relay
        relay.start(lambda msg: loop.call_soon_threadsafe(self._arrived, msg))

    def _arrived(self, msg):
        self.remote = True
        try:
            self.publish(msg["topic"], msg["data"])   # the watchers hear of it too
        finally:
            self.remote = False

    def close(self):
        if self.relay is not None:
            self.relay.close()
            self.relay = None

    def subscribe(self):
        """A new queue of Flushes; pass it to unsubscribe() when done."""
        q = asyncio.Queue(QUEUE)
        self.queues.add(q)
        return q

    def unsubscribe(self, q):
        self.queues.discard(q)

    async def listen(self):
        """Async iterator over Flushes for one subscriber (unsubscribes on exit)."""
        q = self.subscribe()
        try:
            while True:
                yield await q.get()
        finally:
            self.unsubscribe(q)
