"""The tests' organisers forked from a process that imported the organiser once
(tests/organiser_forkserver.py) answer as `python -m organiser` in a subprocess does:
the server serves, a SIGTERM ends it as it ends `python -m organiser` (uvicorn shuts
down gracefully, then raises the signal again: -15), a SIGKILL as a crash (-9), a refused
command line with argparse's 2 and its message in the test's log; each start is a new
process, and the one fork server is shared by them."""

import signal
import subprocess
import tempfile
import urllib.request

import pytest

import organiser_forkserver
from organiser_fixtures import ROOT, OrganiserServer, setup_event


def test_a_forked_organiser_serves_and_ends_as_a_subprocess_does(tmp_path):
    db = str(tmp_path / "o.db")
    setup_event(db)
    srv = OrganiserServer(db).start()
    assert isinstance(srv.proc, organiser_forkserver.Forked)
    first = srv.proc.pid
    assert urllib.request.urlopen(srv.url + "/api/v1/tables", timeout=10).status == 200
    assert srv.proc.poll() is None
    with pytest.raises(subprocess.TimeoutExpired):
        srv.proc.wait(0.1)
    proc = srv.proc
    srv.stop()                                   # SIGTERM: uvicorn's graceful end
    assert proc.returncode == -signal.SIGTERM
    srv.start()
    assert srv.proc.pid != first                 # a new process each start
    proc = srv.proc
    srv.stop(kill=True)
    assert proc.returncode == -signal.SIGKILL
    assert len({organiser_forkserver.start_server(ROOT)}) == 1     # one fork server


def test_a_refused_command_line_exits_2_with_its_message_in_the_log():
    log = tempfile.TemporaryFile()
    proc = organiser_forkserver.Forked(ROOT, ["--port", "not-a-number"], log)
    assert proc.wait(60) == 2
    log.seek(0)
    assert b"invalid int value: 'not-a-number'" in log.read()
    proc.kill()                                  # ended: nothing is signalled
