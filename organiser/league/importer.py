"""An event run on a venue laptop (its organiser's SQLite file) taken into the league.

The file is copied (SQLite's backup: consistent even beside its -wal file, the venue's
file left as it is) beside the league's folder, checked there, and its rows copied table
by table into a new database of this organiser's own schema (only data comes across:
no trigger, view or other object of the file, and never its director sessions) before
the league knows of it.  The checks:
- a SQLite database at all, and whole (integrity check);
- data only: a trigger or a view (code the file would bring) refuses it;
- the organiser's: its tables (event, players, devices, journals, records, ...) there;
- of a schema this organiser knows: an older file gets the columns added since
  (organiser.store.migrate, as when a venue's organiser opens it), a newer one (columns or
  tables this organiser does not know) is refused rather than half-read;
- its devices' ids unused by the league's other events (an id is unique on the server).
Any refusal says why, and leaves neither the copy nor a trace in the registry.

A league whose events live on PostgreSQL (`import --db postgresql://...`, a new empty
database for the event) takes the checked copy's rows into that database in one
transaction, each table after those it references and with its own ids, then moves each
identity column's sequence past the largest id copied (setval), so that the rows the
event makes afterwards get new ids; the copy is removed.  A refusal there leaves that
database empty again."""

import os
import sqlite3

import psycopg
from psycopg import sql as pgsql

from organiser.store import db as organiser_db
from organiser.store import migrate
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
        code = [(k, n) for k, n in con.execute(
            "SELECT type, name FROM sqlite_master WHERE type NOT IN ('table', 'index')")]
        if code:
            raise ImportRefused("it holds %s: an event file holds data only"
                                % ", ".join("%s %s" % kn for kn in sorted(code)))
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


NEVER_IMPORTED = ("admin_sessions",     # a venue's logins open nothing on the league
                  "game_results", "game_results_basis")     # derived: stored again here


def fresh(checked, dest):
    """The checked file's rows, table by table, into dest: a new database of this
    organiser's own schema.  Only rows come across: whatever else the file's schema held
    (a trigger, a view, a column's default or check) is not copied, and the venue's
    director sessions are left behind.  Raises ImportRefused."""
    con = organiser_db.connect(dest)
    try:
        con.execute("ATTACH DATABASE ? AS src", (checked,))
        have = {r[0] for r in con.execute("SELECT name FROM src.sqlite_master WHERE "
                                          "type = 'table'")}
        con.execute("BEGIN")
        con.execute("DELETE FROM main.event")          # the empty event connect() made
        for t in _tables(con):
            if t not in have or t in NEVER_IMPORTED:
                continue
            cols = [r[1] for r in con.execute("PRAGMA main.table_info(%s)" % t)]
            names = ", ".join('"%s"' % c for c in cols)
            con.execute("INSERT INTO main.%s (%s) SELECT %s FROM src.%s ORDER BY rowid"
                        % (t, names, names, t))
        con.execute("COMMIT")
    except sqlite3.Error as e:
        if con.in_transaction:
            con.execute("ROLLBACK")
        raise ImportRefused("its rows do not fit this organiser's tables: %s" % e)
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


def _tables(con):
    """The SQLite file's tables, each after those it references (rows copied in this
    order meet PostgreSQL's foreign keys, which are checked at each insert)."""
    names = sorted(r[0] for r in con.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
    refs = {t: {r[2] for r in con.execute("PRAGMA foreign_key_list(%s)" % t)} for t in names}
    order, done = [], set()

    def visit(t, path=()):
        if t in done or t in path:
            return
        for r in sorted(refs[t]):
            if r in refs:
                visit(r, path + (t,))
        done.add(t)
        order.append(t)
    for t in names:
        visit(t)
    return order


CHUNK = 1000            # rows sent at once (psycopg pipelines them: one round trip)


def to_postgres(path, url):
    """The checked SQLite copy at path into the new PostgreSQL database at url (its
    schema made if need be): every row, then every identity sequence past its largest
    id.  Raises ImportRefused (the database untouched) if it holds an event already or
    a row does not fit."""
    try:
        target = organiser_db.connect(url)
    except psycopg.Error as e:
        raise ImportRefused("cannot open %s: %s" % (url, str(e).strip().splitlines()[0]))
    src = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    try:
        tables = _tables(src)
        for t in tables:
            if t != "event" and target.execute("SELECT 1 FROM %s LIMIT 1" % t).fetchone():
                raise ImportRefused("that database holds an event already (its %s has rows):"
                                    " import into a new, empty database" % t)
        target.execute("BEGIN")
        try:
            target.execute("DELETE FROM event")        # the empty event connect() made
            for t in tables:
                cols = [r[1] for r in src.execute("PRAGMA table_info(%s)" % t)]
                names = ", ".join('"%s"' % c for c in cols)
                insert = "INSERT INTO %s (%s) VALUES (%s)" % (t, names,
                                                           ", ".join("?" * len(cols)))
                cur = src.execute("SELECT %s FROM %s ORDER BY rowid" % (names, t))
                while True:
                    chunk = cur.fetchmany(CHUNK)
                    if not chunk:
                        break
                    target.executemany(insert, chunk)
            set_sequences(target.raw)
            target.execute("COMMIT")
        except psycopg.Error as e:
            target.execute("ROLLBACK")
            raise ImportRefused("a row does not fit PostgreSQL's columns: %s"
                                % str(e).strip().splitlines()[0])
    finally:
        src.close()
        target.close()


def set_sequences(raw):
    """Each identity column's sequence past the largest id its table holds (rows copied
    with their own ids leave the sequence where it was: the next insert would collide)."""
    for table, column in raw.execute(
            "SELECT table_name, column_name FROM information_schema.columns WHERE "
            "table_schema = current_schema() AND is_identity = 'YES'").fetchall():
        raw.execute(pgsql.SQL("SELECT setval(pg_get_serial_sequence(%s, %s), "
                              "COALESCE((SELECT MAX({c}) FROM {t}), 0) + 1, false)").format(
            c=pgsql.Identifier(column), t=pgsql.Identifier(table)), (table, column))


def empty(url):
    """Every row of the event's PostgreSQL database removed (an import undone)."""
    target = organiser_db.connect(url, schema=False)
    try:
        target.execute("BEGIN")
        src_order = [r[0] for r in target.raw.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = "
            "current_schema() AND table_type = 'BASE TABLE'").fetchall()]
        target.raw.execute(pgsql.SQL("TRUNCATE {} RESTART IDENTITY").format(
            pgsql.SQL(", ").join(pgsql.Identifier(t) for t in src_order)))
        target.execute("INSERT INTO event (id) VALUES (1)")
        target.execute("COMMIT")
    finally:
        target.close()


def _remove(dest):
    for f in (dest, dest + "-wal", dest + "-shm"):
        if os.path.exists(f):
            os.remove(f)


def import_event(registry, folder, src, slug, league_id, db=None):
    """Take the venue's file src in as event slug of league league_id; returns the new
    event's database location: a SQLite file in folder, or db, the URL of a new, empty
    PostgreSQL database for it.  Raises ImportRefused or RegistryError."""
    if not os.path.isfile(src):
        raise ImportRefused("no file %s" % src)
    if db is not None and not organiser_db.is_postgres(db):
        raise ImportRefused("--db: a postgresql:// URL (without it the event is a SQLite "
                            "file in the league's folder)")
    os.makedirs(folder, exist_ok=True)
    dest = os.path.join(folder, ("%s.db" if db is None else ".%s.import.db") % slug)
    if os.path.exists(dest):
        raise ImportRefused("%s exists already: another event of that name?" % dest)
    checked = dest + ".check"
    try:
        copy(src, checked)
        devices = check(checked)
        fresh(checked, dest)
        _remove(checked)
        if db is not None:
            to_postgres(dest, db)
            try:
                registry.add_event(slug, league_id, db, imported_from=os.path.abspath(src),
                                   devices=devices)
            except (RegistryError, sqlite3.Error):
                empty(db)
                raise
        else:
            registry.add_event(slug, league_id, dest, imported_from=os.path.abspath(src),
                               devices=devices)
    except (ImportRefused, RegistryError, sqlite3.Error):
        _remove(checked)
        _remove(dest)
        raise
    if db is not None:
        _remove(dest)
        return db
    return dest
