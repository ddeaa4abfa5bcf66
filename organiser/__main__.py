"""python -m organiser [--db FILE] [--host 127.0.0.1] [--port 8000]
python -m organiser --db FILE set-password [NAME]   (reads the new password from stdin)"""

import argparse
import getpass
import sys

import uvicorn

from organiser import auth
from organiser.app import create_app
from organiser.db import Database


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m organiser", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default="organiser.db", help="SQLite file (created if missing)")
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
    uvicorn.run(create_app(a.db, sync=a.sync), host=a.host, port=a.port, log_level=a.log_level)


if __name__ == "__main__":
    main()
