"""The venue on one computer (`make run`, host_tools/sim/venue.py): one run at a time over
a board's state (a second is refused with the reason; the lock beside the state is
released when a run ends, and taken over after a crash), and the organiser keeping its
port when it is started again at once after a stop, while the port still holds the last
run's closed connections (TIME_WAIT)."""

import http.client
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from host_tools import paths
from host_tools.sim import lock, venue
from organiser_fixtures import free_port, setup_event

HOLD = r"""
import sys
sys.path.insert(0, %(root)r)
from host_tools.sim import lock
with lock.Lock(%(state)r, "a test's run"):
    print("held", flush=True)
    sys.stdin.read()
"""


def holder(state):
    """A live process holding the lock of state, once it says so."""
    p = subprocess.Popen([sys.executable, "-c", HOLD % dict(root=paths.ROOT, state=state)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "held"
    return p


# -- the lock ---------------------------------------------------------------------------

def test_a_state_held_by_a_live_run_is_refused_with_the_reason(tmp_path):
    state = str(tmp_path / "state")
    p = holder(state)
    try:
        with pytest.raises(lock.InUse) as e:
            lock.Lock(state, "make run").take()
        said = str(e.value)
        assert "in use by a test's run (pid %d, since " % p.pid in said
        assert "stop that one first" in said
        assert os.path.exists(state + ".lock")      # beside the state, not in it
    finally:
        p.stdin.close()
        p.wait(10)
    # released when that run ended: the next takes it, and says nothing was taken over
    with lock.Lock(state, "make run") as held:
        assert held.took_over is None
        with pytest.raises(lock.InUse):             # this process's own second take too
            lock.Lock(state, "make sim").take()
    with lock.Lock(state, "make run"):              # released again on release()
        pass


def test_a_crashed_runs_lock_is_taken_over(tmp_path):
    state = str(tmp_path / "state")
    p = holder(state)
    p.send_signal(signal.SIGKILL)                   # a crash: nothing released by hand
    p.wait(10)
    with open(state + ".lock") as f:
        assert '"pid": %d' % p.pid in f.read()      # the dead run's pid still in the file
    held = lock.Lock(state, "make run").take()
    try:
        assert held.took_over["pid"] == p.pid and held.took_over["alive"] is False
    finally:
        held.release()
    # a pid the file names that is alive but holds no lock (a number reused by another
    # program after a crash) does not keep the state locked
    with open(state + ".lock", "w") as f:
        f.write('{"pid": %d, "what": "make run"}' % os.getppid())
    with lock.Lock(state, "make run") as held:
        assert held.took_over["pid"] == os.getppid() and held.took_over["alive"] is True


# -- two venues over one state ----------------------------------------------------------

def test_a_second_venue_over_one_state_is_refused_and_leaves_it_as_it_is(tmp_path):
    home = str(tmp_path / "venue")
    first = subprocess.Popen([sys.executable, "-m", "host_tools.sim.venue", "--home", home,
                              "--port", str(free_port())], cwd=paths.ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        url = None
        for line in first.stdout:               # up: the organiser answers, the board next
            if line.startswith("organiser http://"):
                url = line.split()[1].rstrip("/")
                break
        assert url, first.stderr.read()[-2000:]
        db = os.path.join(home, "organiser.db")
        before = os.stat(db).st_ino
        with open(os.path.join(home, "mark"), "w") as f:    # what --fresh would wipe
            f.write("kept")
        # the second, even asked to start the venue over, touches nothing
        second = subprocess.run([sys.executable, "-m", "host_tools.sim.venue", "--home", home,
                                 "--fresh", "--port", str(free_port())], cwd=paths.ROOT,
                                capture_output=True, text=True, timeout=120)
        assert second.returncode != 0
        assert "make run refused" in second.stderr
        assert "in use by make run (pid %d" % first.pid in second.stderr, second.stderr
        assert os.path.exists(os.path.join(home, "mark")) and os.stat(db).st_ino == before
        assert "organiser" not in second.stdout     # no organiser of its own started
    finally:
        first.stdin.close()                     # no keys: the board ends, then the venue
        try:
            first.wait(60)
        except subprocess.TimeoutExpired:
            first.kill()
            first.wait()
    assert first.returncode == 0, first.stderr.read()[-2000:]
    with lock.Lock(home, "make run"):           # released by the first as it ended
        pass


# -- the organiser's port after a restart ---------------------------------------------

def time_wait_on(port):
    """Sockets in TIME_WAIT whose local port is port (Linux: /proc/net/tcp)."""
    n = 0
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not os.path.exists(name):
            continue
        with open(name) as f:
            for row in f.read().splitlines()[1:]:
                cols = row.split()
                if int(cols[1].rsplit(":", 1)[1], 16) == port and cols[3] == "06":
                    n += 1
    return n


def test_the_organiser_restarted_at_once_keeps_its_port(tmp_path):
    db = str(tmp_path / "organiser.db")
    setup_event(db, n_tables=1)
    want = free_port()
    for attempt in range(10):
        port, why = venue.free_port(want)
        assert (port, why) == (want, None), (attempt, why)
        server = venue.start_organiser(port, db, log=str(tmp_path / "organiser.log"))
        # pages left open (a browser's kept-alive connections): the organiser closes
        # them as it stops, so its side of each waits in TIME_WAIT
        pages = []
        for _ in range(3):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            c.request("GET", "/api/v1/tables")
            assert c.getresponse().read()
            pages.append(c)
        venue.stop_organiser(server)
        for c in pages:
            c.close()
        end = time.time() + 10
        while not time_wait_on(port) and time.time() < end:
            time.sleep(0.05)
        assert time_wait_on(port), "no TIME_WAIT left on the port: the test tests nothing"
        if attempt == 0:
            # what moved the venue before: a bind without address reuse is refused now
            s = socket.socket()
            try:
                with pytest.raises(OSError):
                    s.bind(("127.0.0.1", port))
            finally:
                s.close()
    # a port another program listens on moves the organiser, and the venue says why
    other = socket.socket()
    try:
        other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        other.bind(("127.0.0.1", want))
        other.listen()
        port, why = venue.free_port(want)
        assert port != want and "port %d is in use by another program" % want in why
    finally:
        other.close()


def test_the_organiser_says_why_when_another_program_holds_its_port(tmp_path):
    db = str(tmp_path / "organiser.db")
    setup_event(db, n_tables=1)
    other = socket.socket()
    try:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        run = subprocess.run([sys.executable, "-m", "organiser", "--db", db, "--host",
                              "127.0.0.1", "--port", str(port)], cwd=paths.ROOT,
                             capture_output=True, text=True, timeout=120)
    finally:
        other.close()
    assert run.returncode != 0
    assert "address already in use" in run.stderr and str(port) in run.stderr, run.stderr


# -- the demo event ---------------------------------------------------------------------

@pytest.mark.parametrize("rules", venue.RULESETS)
def test_the_demo_event_is_set_up_in_every_ruleset(tmp_path, rules):
    """`make run ARGS="--fresh --rules R"`: the organiser's event and table 1's board both
    play R (Riichi among them)."""
    import json
    from organiser.store.db import Database
    assert venue.options(["--fresh", "--rules", rules]).rules == rules
    venue.use_home(str(tmp_path))
    try:
        venue.set_up(rules, "http://127.0.0.1:1")
    finally:
        venue.use_home(os.path.join(paths.BUILD, "venue"))
    with open(tmp_path / "board" / "settings.json", encoding="utf-8") as f:
        cfg = json.load(f)
    assert cfg["rules"] == rules and len(cfg["players"]) == 4
    assert (tmp_path / "board" / "names.bin").exists() == any(
        ord(c) >= 0x180 for name in cfg["players"] for c in name)   # the names' glyphs
    db = Database(str(tmp_path / "organiser.db"))
    try:
        with db.read() as con:
            assert con.execute("SELECT rules FROM event").fetchone()[0] == rules
    finally:
        db.close()
