"""The tests' organisers forked from a process that imported the organiser once
(tests/organiser_forkserver.py) answer as `python -m organiser` in a subprocess does:
the server serves, a SIGTERM ends it as it ends `python -m organiser` (uvicorn shuts
down gracefully, then raises the signal again: -15), a SIGKILL as a crash (-9), a refused
command line with argparse's 2 and its message in the test's log; each start is a new
process, and the one fork server is shared by them.  The organiser's own children (its
table engine, its pages' process) are forked too, through tests/forkshim.py."""

import os
import signal
import subprocess
import tempfile
import time
import urllib.request

import httpx
import pytest

import organiser_forkserver
from organiser_fixtures import (ROOT, OrganiserServer, journal_id, play, scored,
                                session_events, setup_event)


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


def _children(pid):
    """{pid: command line} of pid's living children (Linux /proc)."""
    out = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] != "Z":
                with open("/proc/%s/cmdline" % name, "rb") as f:
                    out[int(name)] = f.read().replace(b"\0", b" ").decode()
        except (OSError, ValueError, IndexError):
            pass
    return out


def _until(what, seconds=30):
    end = time.time() + seconds
    while True:
        got = what()
        if got:
            return got
        assert time.time() < end, "still not so after %d s" % seconds
        time.sleep(0.05)


def test_the_organisers_engine_and_pages_process_are_forked_and_end_with_their_shims(tmp_path):
    """A forked organiser's table engine and pages' process: each started as the shim
    (tests/forkshim.py, a bare interpreter), whose child is forked by a fork server (the
    engine's by the second one, which has the engine imported), not a new interpreter
    of its own; the engine scores an upload; a shim killed (as the organiser kills a
    stuck engine) takes its child with it, and the server's end ends the other."""
    db = str(tmp_path / "o.db")
    ev = setup_event(db)
    organiser_forkserver.start_server(ROOT)
    server = organiser_forkserver._server[0].pid
    before = set(_children(server))                 # (an earlier test's, still ending)
    srv = OrganiserServer(db).start()
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as c:
            recs = play(session_events("mcr", 1, n=4))
            r = ev["devices"][0].upload(c, journal_id(1), recs)
            assert r.json()["acked"] == len(recs)
            assert scored(c)["disputed"] == 0
        modules = ("host_tools.replay", "organiser.live.pagework")
        shims = _until(lambda: {m: (pid, cmd) for pid, cmd in _children(srv.proc.pid).items()
                                for m in modules if " -m " + m in cmd}
                       if len(_children(srv.proc.pid)) >= 2 else None)
        assert set(shims) == set(modules), shims
        for pid, cmd in shims.values():
            assert " -IS " in cmd and _children(pid) == {}      # a bare interpreter, no child
        others = {p: cmd for p, cmd in _children(server).items()
                  if p != srv.proc.pid and (p not in before or _children(p))}
        zygote = [p for p in others if _children(p)]
        assert len(zygote) == 1, others                         # the engine's fork server
        engine = _children(zygote[0])
        assert len(engine) == 1 and all("organiser_forkserver.py" in c for c in engine.values())
        pages = [p for p in others if p != zygote[0]]
        assert len(pages) == 1 and "organiser_forkserver.py" in others[pages[0]]
        os.kill(shims["host_tools.replay"][0], signal.SIGKILL)
        _until(lambda: not _children(zygote[0]))                # the engine went with it
    finally:
        srv.stop()
    _until(lambda: pages[0] not in _children(server))
