"""Live updates: an asyncio publish/subscribe broker.

The upload handler publishes after a batch is stored (and the admin side after a change
that moves the standings); the pages' server-sent-events endpoint subscribes.  Each
subscriber has a bounded queue: a client too slow to keep up loses the oldest messages,
never blocks a publisher (a page refetches what it shows on any message anyway)."""

import asyncio

QUEUE = 100


class Broker:
    def __init__(self):
        self.queues = set()

    def publish(self, topic, data=None):
        """Send {"topic", "data"} to every subscriber.  Call from the event loop."""
        msg = {"topic": topic, "data": data if data is not None else {}}
        for q in list(self.queues):
            if q.full():
                try:
                    q.get_nowait()
                except asyncio.QueueEmpty:
                    pass
            q.put_nowait(msg)

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
