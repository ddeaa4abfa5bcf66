"""The live pages' computations, in a process of their own.

The standings and the table grid of a 200-table event take 30 ms of Python each, a whole
56-round event's a few hundred.  Computed on a thread of the organiser's process they
hold the interpreter's lock, and the event loop taking the uploads waits for it after
every read it makes from a socket or the database: an upload's round trip grew from
10 ms to 70 ms and more while a projector refetched.  In a child process (a fresh
interpreter, `python -m organiser.live.pagework FD`: it needs nothing of the organiser's
own process, whatever started that) they take a core's time but never the organiser's
lock; the page's thread waits for the answer with the lock released.  The two talk over
a socket pair with multiprocessing's Connection (pickled messages); the database's
address goes first, over the pair, not on the command line (a PostgreSQL URL may carry a
password, and any user of the machine reads a command line).

The child opens its own reading connection (SQLite's WAL lets it read beside the
writer; or the same PostgreSQL database).  A computation that takes longer than
SECONDS, or a child that dies, costs that one answer (a 503): the child is stopped and
the next computation starts another."""

import os
import socket
import subprocess
import sys
import threading
import weakref
from multiprocessing.connection import Connection

from organiser.results import views
from organiser.store.db import connect

SECONDS = 60                 # a computation past this is stuck: its child is dropped
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # where organiser/ is


class NoAnswer(Exception):
    """The pages' process gave no answer: stuck past SECONDS (it is stopped), or dead.
    The next call starts another."""


def _serve(conn):
    """The child: takes the database's address, then answers (name, version, args) with
    (True, value) or (False, error)."""
    con = connect(conn.recv(), schema=False)
    played = (None, None)         # (version, every game): read once per change

    def hand_log(version, number, show):
        nonlocal played
        if played[0] != version:
            played = (None, None)
            played = (version, views.played(con))
        return views.hand_log(con, number, played[1], show)

    calls = {"standings": lambda version, tround_id: views.standings(con, tround_id),
             "grid": lambda version, stuck: views.table_grid(con, stuck),
             "hand_log": hand_log}
    while True:
        try:
            name, version, args = conn.recv()
        except EOFError:          # the organiser is gone
            return
        try:
            conn.send((True, calls[name](version, *args)))
        except Exception as e:
            conn.send((False, "%s: %s" % (type(e).__name__, e)))


def _stop(held):
    child, conn = held
    held[:] = [None, None]
    if conn is not None:
        conn.close()
    if child is not None:
        child.kill()
        child.wait()


class PageWork:
    """call(name, version, *args): the child's `name` (standings, grid, hand_log) of
    the data at `version` (the pages' Memo's), one at a time, from any thread."""

    def __init__(self, path, seconds=SECONDS):
        self.path, self.seconds = path, seconds
        self.held = [None, None]          # the child and the connection to it, while one runs
        self.lock = threading.Lock()
        # an app dropped without its shutdown (a test's) leaves no child behind
        weakref.finalize(self, _stop, self.held)

    def _start(self):
        ours, theirs = socket.socketpair()
        with theirs:
            child = subprocess.Popen(
                [sys.executable, "-m", __name__, str(theirs.fileno())],
                pass_fds=(theirs.fileno(),), cwd=ROOT, stdin=subprocess.DEVNULL)
        conn = Connection(ours.detach())
        conn.send(self.path)
        self.held[:] = [child, conn]

    def warm(self):
        """Start the child now, from a thread (the first page need not wait a second
        for the start)."""
        threading.Thread(target=self._ready, daemon=True).start()

    def _ready(self):
        with self.lock:
            if self.held[0] is None:
                self._start()

    def call(self, name, version, *args):
        with self.lock:
            if self.held[0] is None:      # none yet, or stopped: one now
                self._start()
            conn = self.held[1]
            try:
                conn.send((name, version, args))
                if not conn.poll(self.seconds):
                    raise NoAnswer("no answer in %g s" % self.seconds)
                ok, value = conn.recv()
            except (NoAnswer, EOFError, OSError) as e:
                _stop(self.held)          # stuck or dead: the next call starts another
                raise NoAnswer("the pages' process: %s" % (e,)) from e
        if not ok:
            raise RuntimeError("the pages' process: " + value)
        return value

    def close(self):
        with self.lock:
            _stop(self.held)


if __name__ == "__main__":
    _serve(Connection(int(sys.argv[1])))
