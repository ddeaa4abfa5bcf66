"""`python -m organiser --workers 2` on PostgreSQL: two worker processes on one port take
uploads (new connections spread over both) and count every record once; on a SQLite file
the option is refused with the reason."""

import subprocess
import sys

import httpx
import pytest

from organiser.store.db import Database
from organiser_fixtures import (ROOT, OrganiserServer, journal_id, play, scored,
                                session_events, setup_event)

pytestmark = pytest.mark.pg_only


def test_two_workers_on_one_port_store_every_record_once(db_url, engine):
    ev = setup_event(db_url)
    recs = play(session_events("mcr", seed=31, n=30))
    srv = OrganiserServer(db_url, args=["--workers", "2"]).start(timeout=40)
    try:
        d = ev["devices"][0]
        for n in range(5, len(recs) + 5, 5):
            with httpx.Client(timeout=30) as c:         # a new connection each time
                r = d.upload(c, journal_id(31), recs[:n], srv.url, wait=False)
                assert r.status_code == 200, srv.errors()
                assert r.json()["acked"] == min(n, len(recs))
        with httpx.Client(timeout=30) as c:
            for _ in range(4):                          # both workers done scoring
                scored(c, srv.url)
    finally:
        srv.stop()
    db = Database(db_url)
    try:
        with db.read() as con:
            assert con.execute("SELECT COUNT(*), COUNT(DISTINCT seq) FROM records"
                               ).fetchone()[:] == (len(recs), len(recs))
    finally:
        db.close()


def test_workers_on_a_sqlite_file_are_refused(tmp_path, engine):
    r = subprocess.run([sys.executable, "-m", "organiser", "--db", str(tmp_path / "o.db"),
                        "--workers", "2"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode != 0 and "PostgreSQL" in r.stderr
