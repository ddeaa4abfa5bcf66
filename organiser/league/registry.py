"""The league's registry (a SQLite file of its own): the leagues with their ranking
rule, the events of each (a slug for the URL, the event's database location: a SQLite
file, or whatever `organiser.store.db.Database` takes, kept as an opaque string) and every
event's device ids, so that an id is unique across the server."""

import re
import sqlite3
import threading
import time

from organiser.text.reasons import Reason

SCHEMA = """
CREATE TABLE IF NOT EXISTS leagues (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    measure TEXT NOT NULL CHECK (measure IN ('score', 'table_points')),
    best INTEGER CHECK (best IS NULL OR best >= 1)   -- NULL: every event counts
);
CREATE TABLE IF NOT EXISTS events (
    slug TEXT PRIMARY KEY,
    league_id INTEGER NOT NULL REFERENCES leagues(id),
    db TEXT NOT NULL UNIQUE,
    added_at REAL NOT NULL,
    imported_from TEXT                              -- the venue's file, when imported
);
CREATE TABLE IF NOT EXISTS devices (
    id TEXT PRIMARY KEY,
    event TEXT NOT NULL REFERENCES events(slug)
);
"""

SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
MEASURES = ("score", "table_points")


class RegistryError(ValueError):
    """A request the registry refuses, with the reason in words."""


class Registry:
    def __init__(self, path):
        self.path = path
        self.con = sqlite3.connect(path, isolation_level=None, check_same_thread=False,
                                   timeout=30)
        self.con.row_factory = sqlite3.Row
        self.con.execute("PRAGMA journal_mode=WAL")
        self.con.execute("PRAGMA foreign_keys=ON")
        self.con.executescript(SCHEMA)
        self.lock = threading.RLock()       # one connection, used from the server's threads

    def close(self):
        self.con.close()

    # -- leagues ---------------------------------------------------------------------------
    def add_league(self, name, measure="score", best=None):
        if measure not in MEASURES:
            raise RegistryError("a league ranks by one of: %s" % ", ".join(MEASURES))
        if best is not None and (not isinstance(best, int) or best < 1):
            raise RegistryError("best: a number of events, 1 or more")
        name = (name or "").strip()
        if not 1 <= len(name) <= 100:
            raise RegistryError("a league's name: 1 to 100 characters")
        try:
            cur = self.con.execute("INSERT INTO leagues (name, measure, best) VALUES (?, ?, ?)",
                                   (name, measure, best))
        except sqlite3.IntegrityError:
            raise RegistryError("a league named %r exists" % name)
        return cur.lastrowid

    def leagues(self):
        return [dict(r) for r in self.con.execute("SELECT * FROM leagues ORDER BY id")]

    def league(self, league_id):
        r = self.con.execute("SELECT * FROM leagues WHERE id = ?", (league_id,)).fetchone()
        return dict(r) if r else None

    def league_by_name(self, name):
        r = self.con.execute("SELECT * FROM leagues WHERE name = ?", (name,)).fetchone()
        if r is None:
            raise RegistryError("no league named %r" % name)
        return dict(r)

    # -- events ----------------------------------------------------------------------------
    def add_event(self, slug, league_id, db, imported_from=None, devices=()):
        """Register an event and claim its devices' ids, all or nothing."""
        if not isinstance(slug, str) or not SLUG.fullmatch(slug):
            raise RegistryError("an event's slug: 1-40 lower-case letters, digits or '-'")
        if self.league(league_id) is None:
            raise RegistryError("no league %s" % league_id)
        # every event's paper sheets have the organiser's own journals: no device's id
        devices = [d for d in devices if d != "organiser"]
        with self._tx():
            if self.con.execute("SELECT 1 FROM events WHERE slug = ?", (slug,)).fetchone():
                raise RegistryError("an event %r exists" % slug)
            if self.con.execute("SELECT 1 FROM events WHERE db = ?", (db,)).fetchone():
                raise RegistryError("that database is another event's already")
            self.con.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?)",
                             (slug, league_id, db, time.time(), imported_from))
            taken = self._taken(devices, slug)
            if taken:
                raise RegistryError("device ids already used by other events of this server: "
                                    + ", ".join("%s (%s)" % t for t in taken))
            self.con.executemany("INSERT OR IGNORE INTO devices VALUES (?, ?)",
                                 [(d, slug) for d in devices])

    def events(self, league_id=None):
        sql, args = "SELECT * FROM events", ()
        if league_id is not None:
            sql, args = sql + " WHERE league_id = ?", (league_id,)
        return [dict(r) for r in self.con.execute(sql + " ORDER BY added_at, slug", args)]

    def event(self, slug):
        r = self.con.execute("SELECT * FROM events WHERE slug = ?", (slug,)).fetchone()
        if r is None:
            raise RegistryError("no event %r" % slug)
        return dict(r)

    # -- devices ---------------------------------------------------------------------------
    def _taken(self, ids, slug):
        out = []
        for d in ids:
            r = self.con.execute("SELECT event FROM devices WHERE id = ?", (d,)).fetchone()
            if r is not None and r["event"] != slug:
                out.append((d, r["event"]))
        return out

    def claim_device(self, device_id, slug):
        """Note a new device of event slug; RegistryError when another event has it."""
        with self._tx():
            taken = self._taken([device_id], slug)
            if taken:
                raise RegistryError(Reason("device id %s is used by another event of this "
                                           "server (%s): choose another", *taken[0]))
            self.con.execute("INSERT OR IGNORE INTO devices VALUES (?, ?)", (device_id, slug))

    def devices(self, slug):
        return [r[0] for r in self.con.execute("SELECT id FROM devices WHERE event = ? "
                                               "ORDER BY id", (slug,))]

    def _tx(self):
        reg = self

        class Tx:
            def __enter__(self):
                reg.lock.acquire()
                reg.con.execute("BEGIN IMMEDIATE")

            def __exit__(self, kind, value, tb):
                try:
                    reg.con.execute("COMMIT" if kind is None else "ROLLBACK")
                finally:
                    reg.lock.release()
        return Tx()
