"""The organiser's SQLite database: one connection in WAL mode, serialised by a lock.

Every request of this one-process server goes through `Database.read()` (a connection
to query) or `Database.write()` (a transaction: committed on leaving, rolled back on an
exception).  One writer is what SQLite allows anyway; reads are short."""

import os
import sqlite3
import threading
from contextlib import contextmanager

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schema.sql")


def connect(path):
    con = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=30)
    con.row_factory = sqlite3.Row
    con.execute("PRAGMA journal_mode=WAL")
    # FULL: a record is on disk before it is acknowledged (the device may then forget it).
    con.execute("PRAGMA synchronous=FULL")
    con.execute("PRAGMA foreign_keys=ON")
    with open(SCHEMA, encoding="utf-8") as f:
        con.executescript(f.read())
    con.execute("INSERT OR IGNORE INTO event (id) VALUES (1)")
    return con


class Database:
    def __init__(self, path):
        self.path = path
        self.con = connect(path)
        self.lock = threading.RLock()

    @contextmanager
    def read(self):
        with self.lock:
            yield self.con

    @contextmanager
    def write(self):
        with self.lock:
            con = self.con
            if con.in_transaction:          # nested: part of the outer transaction
                yield con
                return
            con.execute("BEGIN IMMEDIATE")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")

    def close(self):
        with self.lock:
            self.con.close()


def rows(con, sql, args=()):
    """A query's rows as dicts."""
    return [dict(r) for r in con.execute(sql, args)]


def one(con, sql, args=()):
    r = con.execute(sql, args).fetchone()
    return dict(r) if r is not None else None
