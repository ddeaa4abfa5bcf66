"""An event run on a venue laptop (its organiser's SQLite file) taken into the league.

The file is copied (SQLite's backup: consistent even beside its -wal file, the venue's
file left as it is) into the league's folder, then checked on the copy before the
league knows of it:
- a SQLite database at all, and whole (integrity check);
- the organiser's: its tables (event, players, devices, journals, records, ...) there;
- of a schema this organiser knows: an older file gets the columns added since
  (organiser.migrate, as when a venue's organiser opens it), a newer one (columns or
  tables this organiser does not know) is refused rather than half-read;
- its devices' ids unused by the league's other events (an id is unique on the server).
Any refusal says why, and leaves neither the copy nor a trace in the registry."""

import os
import sqlite3

from organiser import db as organiser_db
from organiser import migrate
from organiser.league.registry import RegistryError

HEADER = b"SQLite format 3\x00"
# the tables without which a file is no organiser's event
CORE = ("event", "players", "devices", "journals", "records", "sessions", "trounds")


class ImportRefused(ValueError):
    """The file is not taken in: the reason in words."""


def expected_schema():
    """{table: [columns]} of this organiser's schema."""
    con = organiser_db.connect(":memory:")
    try:
        return _schema(con)
    finally:
        con.close()


def _schema(con):
    tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                        "AND name NOT LIKE 'sqlite_%'")]
    return {t: [r[1] for r in con.execute("PRAGMA table_info(%s)" % t)] for t in tables}


def check(path):
    """Check (and bring up to date) the organiser database at path; returns its device
    ids.  Raises ImportRefused."""
    want = expected_schema()
    try:
        con = sqlite3.connect(path)
    except sqlite3.Error as e:
        raise ImportRefused("cannot open it: %s" % e)
    try:
        try:
            ok = con.execute("PRAGMA integrity_check").fetchone()[0]
            have = _schema(con)
        except sqlite3.DatabaseError as e:
            raise ImportRefused("not a SQLite database, or damaged: %s" % e)
        if ok != "ok":
            raise ImportRefused("the database is damaged: %s" % ok)
        missing = [t for t in CORE if t not in have]
        if missing:
            raise ImportRefused("not an organiser's event: no table %s" % ", ".join(missing))
        unknown_tables = sorted(t for t in have if t not in want)
        unknown_cols = sorted("%s.%s" % (t, c) for t, cols in have.items() if t in want
                              for c in cols if c not in want[t])
        if unknown_tables or unknown_cols:
            raise ImportRefused("made by a newer organiser (unknown here: %s): update this "
                                "server first" % ", ".join(unknown_tables + unknown_cols))
        migrate.upgrade(con)                     # the columns added since the venue's
        con.commit()
    finally:
        con.close()
    try:
        con = organiser_db.connect(path)         # the schema's indexes and tables since
    except sqlite3.Error as e:
        raise ImportRefused("its schema cannot be brought up to date: %s" % e)
    try:
        have = _schema(con)
        short = sorted("%s.%s" % (t, c) for t, cols in want.items()
                       for c in cols if c not in have.get(t, ()))
        if short:
            raise ImportRefused("columns no migration adds: %s" % ", ".join(short))
        return [r[0] for r in con.execute("SELECT id FROM devices ORDER BY id")]
    finally:
        con.close()


def copy(src, dest):
    """src (the venue's file, read only) into dest, a new file."""
    with open(src, "rb") as f:
        if f.read(16) != HEADER:
            raise ImportRefused("not a SQLite database: %s" % os.path.basename(src))
    try:
        source = sqlite3.connect("file:%s?mode=ro" % src, uri=True)
    except sqlite3.Error as e:
        raise ImportRefused("cannot open it: %s" % e)
    target = sqlite3.connect(dest)
    try:
        source.backup(target)
    except sqlite3.DatabaseError as e:
        raise ImportRefused("cannot read it whole: %s" % e)
    finally:
        source.close()
        target.close()


def import_event(registry, folder, src, slug, league_id):
    """Take the venue's file src in as event slug of league league_id; returns the new
    event's database path (in folder).  Raises ImportRefused or RegistryError."""
    if not os.path.isfile(src):
        raise ImportRefused("no file %s" % src)
    os.makedirs(folder, exist_ok=True)
    dest = os.path.join(folder, "%s.db" % slug)
    if os.path.exists(dest):
        raise ImportRefused("%s exists already: another event of that name?" % dest)
    try:
        copy(src, dest)
        devices = check(dest)
        registry.add_event(slug, league_id, dest, imported_from=os.path.abspath(src),
                           devices=devices)
    except (ImportRefused, RegistryError, sqlite3.Error):
        for f in (dest, dest + "-wal", dest + "-shm"):
            if os.path.exists(f):
                os.remove(f)
        raise
    return dest
