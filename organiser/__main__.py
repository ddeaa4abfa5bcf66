"""python -m organiser [--db FILE|URL] [--host 127.0.0.1] [--port 8000] [--tls [--tls-port N]]
                     [--workers N]
python -m organiser --db FILE set-password [NAME]   (reads the new password from stdin)

--db: a SQLite file (the default, one process) or a PostgreSQL URL, e.g.
postgresql://organiser@/league?host=/run/postgresql; on PostgreSQL, --workers N runs N
organiser processes on the one address (docs/organiser.md)."""

import argparse
import getpass
import json
import os
import shlex
import sys

import uvicorn

from organiser.guard import auth, tls
from organiser.scoring import replay
from organiser import server
from organiser.app import MAX_BODY, MAX_LIVE, REFUSED_PER_SOURCE, create_app
from organiser.store.db import Database, is_postgres


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m organiser", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default="organiser.db",
                    help="SQLite file (created if missing) or postgresql:// URL")
    ap.add_argument("--workers", type=int, default=1,
                    help="organiser processes on the port (PostgreSQL only; no --tls)")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--log-level", default="warning")
    ap.add_argument("--sync", choices=("full", "normal"), default="full",
                    help="full: every acknowledged record is on disk (default); normal: "
                         "written to the OS, synced at checkpoints (faster on a slow disk)")
    ap.add_argument("--tls", action="store_true",
                    help="the director's pages over HTTPS on --tls-port (devices keep plain "
                         "HTTP on --port): a self-signed certificate made beside the database "
                         "on the first run, or --cert/--key")
    ap.add_argument("--tls-port", type=int, help="HTTPS port (default: --port + 443)")
    ap.add_argument("--cert", help="the director's own certificate (PEM), with --key")
    ap.add_argument("--key", help="its private key (PEM)")
    bounds = ap.add_argument_group("bounds (docs/security.md)")
    bounds.add_argument("--max-body", type=int, default=MAX_BODY,
                        help="bytes of one device upload")
    bounds.add_argument("--header-timeout", type=float, default=server.HEADER_TIMEOUT,
                        help="seconds a client may take to send a request's head")
    bounds.add_argument("--per-address", type=int, default=server.PER_ADDRESS,
                        help="connections one address may hold")
    bounds.add_argument("--max-connections", type=int, default=server.MAX_CONNECTIONS,
                        help="open connections and running requests; past it: 503")
    bounds.add_argument("--max-live", type=int, default=MAX_LIVE,
                        help="live pages open at once; past it: 503")
    bounds.add_argument("--refused-per-source", type=int, default=REFUSED_PER_SOURCE,
                        help="refused requests kept per address")
    scoring = ap.add_argument_group("the organiser's own scoring (organiser/scoring/replay.py)")
    scoring.add_argument("--engine-timeout", type=float, default=replay.TIMEOUT,
                         help="seconds the table engine's process may take to answer (%.2f s "
                              "more a record): past it, the record it stalls on is held as "
                              "disputed, the process restarted" % replay.RECORD_SECONDS)
    scoring.add_argument("--engine-command",
                         help="the table engine's process, a command line speaking JSON lines "
                              "(default: %s -m host_tools.replay)" % os.path.basename(
                                  sys.executable))
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
    if a.workers > 1 and not is_postgres(a.db):
        sys.exit("--workers: several processes need a PostgreSQL database (--db "
                 "postgresql://...); a SQLite file has one")
    if a.workers > 1 and (a.tls or a.cert):
        sys.exit("--workers with --tls: serve HTTPS from nginx in front (docs/organiser.md)")
    if bool(a.cert) != bool(a.key):
        sys.exit("--cert and --key go together")
    use_tls = a.tls or bool(a.cert)
    cert = None
    tls_port = a.tls_port or a.port + 443
    if use_tls:
        cert = (a.cert, a.key) if a.cert else tls.self_signed(
            os.path.join(os.getcwd() if is_postgres(a.db) else
                         os.path.dirname(os.path.abspath(a.db)), "organiser-tls"), a.host)
    db = Database(a.db)
    pw = auth.ensure_admin(db)
    db.close()
    if pw is not None:
        print("organiser: first run; director login: director / %s "
              "(change it with: python -m organiser --db %s set-password)" % (pw, a.db),
              flush=True)
    print("organiser: http://%s:%d/" % (a.host, a.port), flush=True)
    if use_tls:
        print("organiser: director's pages at https://%s:%d/admin (certificate SHA-256 %s)"
              % (a.host, tls_port, tls.fingerprint(cert[0])), flush=True)
    args = dict(db_path=a.db, sync=a.sync, max_body=a.max_body, max_live=a.max_live,
                refused_per_source=a.refused_per_source,
                https_port=tls_port if use_tls else None,
                http_port=a.port if use_tls else None,
                engine_command=shlex.split(a.engine_command) if a.engine_command else None,
                engine_timeout=a.engine_timeout)
    if a.workers > 1:
        # each worker process builds its own app from the same arguments
        # (organiser.app.from_environment); the same bounds on each connection
        os.environ["ORGANISER_APP"] = json.dumps(args)
        os.environ["ORGANISER_BOUNDS"] = json.dumps({"header_timeout": a.header_timeout,
                                                     "per_address": a.per_address})
        server.open_files(2 * a.max_connections + 256)
        uvicorn.run("organiser.app:from_environment", factory=True, workers=a.workers,
                    host=a.host, port=a.port, log_level=a.log_level,
                    http="organiser.server:GuardedHttp", limit_concurrency=a.max_connections,
                    timeout_keep_alive=server.KEEP_ALIVE)
        return
    app = create_app(**args)
    server.run(app, a.host, a.port, tls=cert, tls_port=tls_port, log_level=a.log_level,
               header_timeout=a.header_timeout, per_address=a.per_address,
               max_connections=a.max_connections)


if __name__ == "__main__":
    main()
