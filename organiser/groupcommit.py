"""Group commit: the uploads that arrive while a transaction is being written are stored
together in the next one, so one fsync covers them all.

A record is acknowledged only once it is on disk (synchronous=FULL), and an fsync can
take several milliseconds on a busy disk: committing each upload on its own would cap
the server at a few hundred uploads a second and queue the rest behind each other.
The transaction runs in a worker thread, so the event loop keeps reading requests (from
the reading connection, which never waits for the writer) meanwhile.  Each job runs in
its own savepoint: one that fails is rolled back alone and its caller gets the error."""

import asyncio


class GroupCommit:
    def __init__(self, db):
        self.db = db
        self.pending = []
        self.task = None

    async def run(self, job):
        """Run job(con) inside a write transaction shared with others; its result once
        the transaction is committed."""
        fut = asyncio.get_running_loop().create_future()
        self.pending.append((job, fut))
        if self.task is None:
            self.task = asyncio.ensure_future(self._drain())
        return await fut

    async def _drain(self):
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                try:
                    results = await asyncio.to_thread(self._commit, [j for j, _ in batch])
                except Exception as e:               # the commit itself failed: all fail
                    results = [(False, e)] * len(batch)
                for (_, fut), (ok, value) in zip(batch, results):
                    if fut.done():
                        continue
                    if ok:
                        fut.set_result(value)
                    else:
                        fut.set_exception(value)
        finally:
            self.task = None

    def _commit(self, jobs):
        out = []
        with self.db.write() as con:
            for job in jobs:
                con.execute("SAVEPOINT job")
                try:
                    value = job(con)
                except Exception as e:
                    con.execute("ROLLBACK TO job")
                    con.execute("RELEASE job")
                    out.append((False, e))
                else:
                    con.execute("RELEASE job")
                    out.append((True, value))
        return out
