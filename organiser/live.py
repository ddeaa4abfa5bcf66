"""Live updates: an asyncio publish/subscribe broker.

The upload handler publishes after a batch is stored (and the admin side after a change
that moves the standings); the pages' server-sent-events endpoint subscribes.  Each
subscriber has a bounded queue: a client too slow to keep up loses the oldest messages,
never blocks a publisher (a page refetches what it shows on any message anyway).

Several organiser processes on one PostgreSQL database (connect()): what one publishes
reaches the subscribers of every other through the database's LISTEN/NOTIFY
(organiser/pg.py's Relay), so a page watched through any process hears of every upload."""

import asyncio

QUEUE = 100


class Broker:
    def __init__(self):
        self.queues = set()
        self.relay = None        # the other processes' updates (connect())
        self.remote = False      # publishing what another process sent: not sent back

    def publish(self, topic, data=None):
        """Send {"topic", "data"} to every subscriber (and the other processes').  Call
        from the event loop."""
        msg = {"topic": topic, "data": data if data is not None else {}}
        if self.relay is not None and not self.remote:
            self.relay.send(topic, msg["data"])
        for q in list(self.queues):
            if q.full():
                try:
                    q.get_nowait()
                except asyncio.QueueEmpty:
                    pass
            q.put_nowait(msg)

    def connect(self, relay, loop):
        """Share messages with other processes through relay (start(deliver), send(topic,
        data), close()); theirs are published here on loop."""
        self.relay = relay
        relay.start(lambda msg: loop.call_soon_threadsafe(self._arrived, msg))

    def _arrived(self, msg):
        self.remote = True
        try:
            self.publish(msg["topic"], msg["data"])   # self.publish: the pages note changes
        finally:
            self.remote = False

    def close(self):
        if self.relay is not None:
            self.relay.close()
            self.relay = None

    def subscribe(self):
        """A new queue of messages; pass it to unsubscribe() when done."""
        q = asyncio.Queue(QUEUE)
        self.queues.add(q)
        return q

    def unsubscribe(self, q):
        self.queues.discard(q)

    async def listen(self):
        """Async iterator over messages for one subscriber (unsubscribes on exit)."""
        q = self.subscribe()
        try:
            while True:
                yield await q.get()
        finally:
            self.unsubscribe(q)
