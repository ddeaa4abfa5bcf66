"""python -m organiser.league --registry FILE COMMAND ...

    serve [--host H] [--port P]            the league: / (leagues), /league/<id>, /e/<event>/
    add-league NAME [--measure score|table_points] [--best N]
    add-event SLUG --league NAME [--name TEXT] [--rules mcr|hk|tw|sh] [--db LOCATION]
    import FILE SLUG --league NAME [--db postgresql://...]
                                           a venue laptop's event (its organiser's SQLite file),
                                           into events/ or a new PostgreSQL database
    set-password SLUG [DIRECTOR]           an event's director (the password read from stdin)

The events' databases go beside the registry, in events/ (add-event's --db: elsewhere).
A director's login is one event's: each event keeps its own directors."""

import argparse
import getpass
import os
import sys

from organiser.guard import auth
from organiser.event import tournament
from organiser.store.db import Database
from organiser.league.importer import ImportRefused, import_event
from organiser.league.registry import Registry, RegistryError


def folder(registry_path):
    return os.path.join(os.path.dirname(os.path.abspath(registry_path)), "events")


def new_event(reg, a):
    league = reg.league_by_name(a.league)
    if any(e["slug"] == a.slug for e in reg.events()):
        raise RegistryError("an event %r exists" % a.slug)
    db_path = a.db or os.path.join(folder(a.registry), "%s.db" % a.slug)
    if "://" not in db_path:                # a file: one name for it, wherever run from
        db_path = os.path.abspath(db_path)
    if a.db is None:
        os.makedirs(folder(a.registry), exist_ok=True)
        if os.path.exists(db_path):
            raise RegistryError("%s exists already" % db_path)
    db = Database(db_path)
    try:
        with db.read() as con:
            devices = [r[0] for r in con.execute("SELECT id FROM devices")]
            fresh = not devices and not con.execute("SELECT 1 FROM players LIMIT 1").fetchone()
        # an existing event (--db) is taken as it is, its devices' ids claimed with it
        reg.add_event(a.slug, league["id"], db_path, devices=devices)
        if fresh:
            with db.write() as con:
                tournament.set_event(con, name=a.name or a.slug, rules=a.rules)
        pw = auth.ensure_admin(db)
    finally:
        db.close()
    print("event %s: /e/%s/ (%s)" % (a.slug, a.slug, db_path))
    if pw is not None:
        print("its director's login: director / %s (change it: set-password %s)"
              % (pw, a.slug))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m organiser.league", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--registry", default="league.db", help="the league's registry (SQLite)")
    sub = ap.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=8000)
    s.add_argument("--log-level", default="warning")
    s = sub.add_parser("add-league")
    s.add_argument("name")
    s.add_argument("--measure", choices=("score", "table_points"), default="score")
    s.add_argument("--best", type=int, default=None, help="count each player's best N events")
    s = sub.add_parser("add-event")
    s.add_argument("slug")
    s.add_argument("--league", required=True)
    s.add_argument("--name")
    s.add_argument("--rules", default="mcr", choices=("mcr", "hk", "tw", "sh", "riichi"))
    s.add_argument("--db", help="the event's database location (default: events/SLUG.db)")
    s = sub.add_parser("import")
    s.add_argument("file")
    s.add_argument("slug")
    s.add_argument("--league", required=True)
    s.add_argument("--db", help="a new, empty PostgreSQL database for the event (default: "
                                "a copy of the file in events/)")
    s = sub.add_parser("set-password")
    s.add_argument("slug")
    s.add_argument("director", nargs="?", default="director")
    a = ap.parse_args(argv)

    if a.command == "serve":
        from organiser import server
        from organiser.league.server import create_league_app
        print("league: http://%s:%d/" % (a.host, a.port), flush=True)
        # served as one event is: the connection bounds of organiser.server
        server.run(create_league_app(a.registry), a.host, a.port, log_level=a.log_level)
        return
    reg = Registry(a.registry)
    try:
        if a.command == "add-league":
            lid = reg.add_league(a.name, a.measure, a.best)
            print("league %d: %s" % (lid, a.name))
        elif a.command == "add-event":
            new_event(reg, a)
        elif a.command == "import":
            league = reg.league_by_name(a.league)
            dest = import_event(reg, folder(a.registry), a.file, a.slug, league["id"],
                                db=a.db)
            print("imported %s as event %s: /e/%s/ (%s); served from the next start"
                  % (a.file, a.slug, a.slug, dest))
        elif a.command == "set-password":
            ev = reg.event(a.slug)
            pw = getpass.getpass("new password: ") if sys.stdin.isatty() else \
                sys.stdin.readline()
            pw = pw.rstrip("\n")
            if len(pw) < 6:
                sys.exit("a password of 6 characters or more, please")
            db = Database(ev["db"])
            try:
                auth.set_password(db, a.director, pw)
            finally:
                db.close()
            print("password of %s at %s set" % (a.director, a.slug))
    except (RegistryError, ImportRefused) as e:
        sys.exit("refused: %s" % e)
    finally:
        reg.close()


if __name__ == "__main__":
    main()
