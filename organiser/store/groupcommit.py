"""Group commit: the uploads that arrive while a transaction is being written are stored
together in the next one, so one fsync covers them all.

A record is acknowledged only once it is on disk (synchronous=FULL), and an fsync can
take several milliseconds on a busy disk: committing each upload on its own would cap
the server at a few hundred uploads a second and queue the rest behind each other.
The transaction runs in a worker thread, so the event loop keeps reading requests (from
the reading connection, which never waits for the writer) meanwhile.  Each job runs in
its own savepoint: one that fails is rolled back alone and its caller gets the error.

Several organiser processes on one PostgreSQL database each commit their own groups; what
keeps each record stored once is the database's (the journal's row locked by the first
transaction that writes it, records.store), not a lock of this process.  There the
group's statements are pipelined (pg.Connection.pipeline): each one is sent without
waiting for the server's answer, and the thread waits only where it reads one (an
upload sends all its reads first: one wait) and at the end of each job, so that a job's
error is its own and the next job's statements run after its savepoint is rolled back."""

import asyncio
import traceback

from organiser.store.db import RETRY, recover, sync


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

    def _commit(self, jobs, tries=3):
        out = [None] * len(jobs)
        todo = list(range(len(jobs)))
        for n in range(tries):
            again = []
            with self.db.write(pipelined=True) as con:
                for i in todo:
                    ok, value = self._job(con, jobs[i])
                    # another organiser process on the database holds what this job needs
                    # and waits for what this transaction holds (PostgreSQL makes one of
                    # the two give way): the job again once this transaction committed
                    if not ok and isinstance(value, RETRY) and n + 1 < tries:
                        again.append(i)
                    out[i] = (ok, value)
            if not again:
                break
            todo = again
        return out

    def _job(self, con, job):
        con.execute("SAVEPOINT job")
        try:
            value = job(con)
            sync(con)               # this job's errors raised here, not in the next job
        except Exception as e:
            # The job's frames, kept by its error, may hold statements it sent and never
            # read (an upload sends its reads before reading any): SQLite will not roll
            # back past a statement in progress, so they go first.
            traceback.clear_frames(e.__traceback__)
            recover(con)
            con.execute("ROLLBACK TO job")
            con.execute("RELEASE job")
            return False, e
        con.execute("RELEASE job")
        return True, value
