"""python -m organiser [--db FILE|postgresql://...] [--host 127.0.0.1] [--port 8000] [--workers N]
python -m organiser --db FILE set-password [NAME]   (reads the new password from stdin)

--db: a SQLite file (the default, one process) or a PostgreSQL URL, e.g.
postgresql://organiser@/league?host=/run/postgresql; on PostgreSQL, --workers N runs N
organiser processes on the one address (docs/organiser.md)."""

import argparse
import getpass
import os
import sys

import uvicorn

from organiser import auth
from organiser.app import create_app
from organiser.db import Database, is_postgres


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m organiser", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default="organiser.db",
                    help="SQLite file (created if missing) or postgresql:// URL")
    ap.add_argument("--workers", type=int, default=1,
                    help="organiser processes on the address (PostgreSQL only)")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--log-level", default="warning")
    ap.add_argument("--sync", choices=("full", "normal"), default="full",
                    help="full: every acknowledged record is on disk (default); normal: "
                         "written to the OS, synced at checkpoints (faster on a slow disk)")
    ap.add_argument("command", nargs="?", choices=("serve", "set-password"), default="serve")
    ap.add_argument("name", nargs="?", default="director")
    a = ap.parse_args(argv)
    if a.command == "set-password":
        db = Database(a.db)
        pw = getpass.getpass("new password: ") if sys.stdin.isatty() else sys.stdin.readline()
        pw = pw.rstrip("\n")
        if len(pw) < 6:
            sys.exit("a password of 6 characters or more, please")
        auth.set_password(db, a.name, pw)
        db.close()
        print("password of %s set" % a.name)
        return
    db = Database(a.db)
    pw = auth.ensure_admin(db)
    db.close()
    if pw is not None:
        print("organiser: first run; director login: director / %s "
              "(change it with: python -m organiser --db %s set-password)" % (pw, a.db),
              flush=True)
    print("organiser: http://%s:%d/" % (a.host, a.port), flush=True)
    if a.workers > 1:
        if not is_postgres(a.db):
            sys.exit("--workers: several processes need a PostgreSQL database (--db "
                     "postgresql://...); a SQLite file has one")
        # each worker process builds its own app (organiser.app.from_environment)
        os.environ["ORGANISER_DB"], os.environ["ORGANISER_SYNC"] = a.db, a.sync
        uvicorn.run("organiser.app:from_environment", factory=True, workers=a.workers,
                    host=a.host, port=a.port, log_level=a.log_level)
        return
    uvicorn.run(create_app(a.db, sync=a.sync), host=a.host, port=a.port, log_level=a.log_level)


if __name__ == "__main__":
    main()
