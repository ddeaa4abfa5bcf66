"""The organiser's database: a SQLite file in WAL mode (the default: one event on one
laptop, nothing to install) or PostgreSQL (`--db postgresql://...`, organiser/store/pg.py:
several organiser processes on one database).  One writing connection behind a lock, and
a reading connection for each thread that reads.

Every request of this one-process server goes through `Database.read()` (the calling
thread's own connection: it sees what is committed and, in WAL mode, waits neither for
the writer nor for other readers, so neither a commit's fsync nor a page computing the
standings holds up the uploads) or `Database.write()` (a transaction: committed on
leaving, rolled back on an exception; one writer is what SQLite allows anyway)."""

import os
import sqlite3
import threading
from contextlib import contextmanager, nullcontext

from organiser.store import migrate, pg

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schema.sql")


SYNC = ("full", "normal")


def is_postgres(target):
    return pg.is_url(target)


def connect(path, schema=True, sync="full"):
    """A connection to the database at path: a SQLite file, or a postgresql:// URL; with
    schema, the schema made and upgraded first."""
    if sync not in SYNC:
        raise ValueError("sync: one of %s" % ", ".join(SYNC))
    if pg.is_url(path):
        if not schema:
            return pg.connect(path, sync=sync)
        with open(SCHEMA, encoding="utf-8") as f:
            sql = f.read()
        con = pg.connect(path, sql, migrate.upgrade, sync=sync)
        con.execute("INSERT OR IGNORE INTO event (id) VALUES (1)")
        return con
    con = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
    con.row_factory = sqlite3.Row
    con.execute("PRAGMA journal_mode=WAL")
    # full (default): a record is on disk before it is acknowledged.  normal: committed
    # to the OS only (safe from a crash of the server, not from a power cut of its
    # machine); the WAL is synced at checkpoints.
    con.execute("PRAGMA synchronous=%s" % sync.upper())
    con.execute("PRAGMA foreign_keys=ON")
    if schema:
        with open(SCHEMA, encoding="utf-8") as f:
            sql = f.read()
        # an older database: its tables first get the columns added since (the schema's
        # indexes may name them)
        if con.execute("SELECT 1 FROM sqlite_master WHERE name = 'event'").fetchone():
            migrate.upgrade(con)
        con.executescript(sql)
        con.execute("INSERT OR IGNORE INTO event (id) VALUES (1)")
    return con


class Database:
    def __init__(self, path, sync="full"):
        self.path = path
        self.sync = sync
        self.postgres = pg.is_url(path)
        self.con = connect(path, sync=sync)
        self.lock = threading.RLock()
        self.local = threading.local()       # .writing: inside write(); .reader: its connection
        self.readers = []                    # every reading connection, to close them
        self.readers_lock = threading.Lock()
        self.checkpointer = None

    def start_checkpoints(self, interval=1.0):
        """Checkpoint the WAL from a thread of its own instead of inside a commit: an
        automatic checkpoint copies megabytes while the committing upload (and all that
        wait on it) waits.  A passive checkpoint neither waits for nor blocks writers.
        (PostgreSQL checkpoints on its own.)"""
        if self.checkpointer is not None or self.postgres:
            return
        self.con.execute("PRAGMA wal_autocheckpoint=0")
        stop = threading.Event()
        con = connect(self.path, schema=False)

        def run():
            while not stop.wait(interval):
                try:
                    con.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error:
                    pass                    # busy: the next round will do it
            con.close()
        t = threading.Thread(target=run, name="wal-checkpoint", daemon=True)
        t.start()
        self.checkpointer = (t, stop)

    def stop_checkpoints(self):
        if self.checkpointer is None:
            return
        t, stop = self.checkpointer
        stop.set()
        t.join()
        self.checkpointer = None
        with self.lock:
            self.con.execute("PRAGMA wal_autocheckpoint=1000")

    @contextmanager
    def read(self):
        if getattr(self.local, "writing", False):   # inside a write: read what it wrote
            yield self.con
            return
        con = getattr(self.local, "reader", None)
        if con is None:
            con = connect(self.path, schema=False, sync=self.sync)
            self.local.reader = con
            with self.readers_lock:
                self.readers.append(con)
        yield con

    @contextmanager
    def write(self, pipelined=False):
        """pipelined (PostgreSQL): the transaction's statements sent without waiting for
        each answer (pg.Connection.pipeline); its user calls sync() where a statement's
        error must be raised (the group commit: after each job)."""
        with self.lock:
            con = self.con
            if con.in_transaction:          # nested: part of the outer transaction
                yield con
                return
            con.execute("BEGIN IMMEDIATE")
            self.local.writing = True
            try:
                with (con.pipeline() if pipelined and self.postgres else nullcontext()):
                    try:
                        yield con
                    except BaseException:
                        recover(con)
                        con.execute("ROLLBACK")
                        raise
                    else:
                        con.execute("COMMIT")
            finally:
                self.local.writing = False

    def close(self):
        self.stop_checkpoints()
        with self.lock, self.readers_lock:
            self.con.close()
            for con in self.readers:
                con.close()
            self.readers = []


def snapshot(path):
    """A read-only connection holding one snapshot of the database until closed."""
    if pg.is_url(path):
        return pg.snapshot(path)
    con = sqlite3.connect("file:%s?mode=ro" % path, uri=True, timeout=30)
    con.execute("BEGIN")
    return con


# errors after which a transaction is tried again: another process's transaction held
# what this one needed (PostgreSQL's deadlock or serialization failure)
RETRY = pg.RETRY


def sync(con):
    """Raise the error of any statement still in flight (a pipelined PostgreSQL write;
    SQLite runs each statement at once)."""
    if getattr(con, "pipe", None) is not None:
        con.sync()


def recover(con):
    """After an error in a pipelined write: the statements it skipped passed, so that a
    ROLLBACK (TO) runs."""
    if getattr(con, "pipe", None) is not None:
        con.recover()


def rows(con, sql, args=()):
    """A query's rows as dicts."""
    return [dict(r) for r in con.execute(sql, args)]


def one(con, sql, args=()):
    r = con.execute(sql, args).fetchone()
    return dict(r) if r is not None else None
