"""One run at a time over a simulated board's state: a lock file beside the state
(build/venue.lock beside build/venue/, build/sim/state.lock beside build/sim/state/),
outside it, so that --fresh, which wipes the state, cannot wipe the lock with it.

Two `make run` over one state would share one simulated flash and one organiser
database: a hand shown saved on one can be lost by the other.  So the second is refused
with the reason (who holds it: the pid, what it is, since when).

The exclusion is the kernel's: the holder keeps the file open with flock(2), which ends
with the process however it ends (Ctrl-C, a crash, SIGKILL), so a crashed run's lock is
taken over by the next run without anyone deleting a file.  The file holds the holder's
pid (as JSON, with what it is and since when) for the reason given to the second run and
for a person looking; a pid the file names that is no longer alive is said so (taken
over).  A pid alone would not do: a pid is reused, and a crashed run's number may belong
to another program a day later."""

import errno
import fcntl
import json
import os
import time


class InUse(Exception):
    """The state is held by another live run; str(): the reason, said to the user."""


def path_of(state):
    """The lock file of a state folder: beside it, its name and .lock."""
    return os.path.normpath(os.path.abspath(state)) + ".lock"


def alive(pid):
    """Whether a process with this pid exists (one of another user's counts)."""
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except OSError as e:
        return e.errno == errno.EPERM
    return True


def _read(fd):
    os.lseek(fd, 0, os.SEEK_SET)
    raw = os.read(fd, 4096)
    try:
        got = json.loads(raw.decode("utf-8"))
    except ValueError:
        return None
    return got if isinstance(got, dict) else None


class Lock:
    """Held from take() until release() (or the process's end)."""

    def __init__(self, state, what):
        self.state = state
        self.path = path_of(state)
        self.what = what            # what holds it, in a few words ("make run", "make sim")
        self.fd = None
        self.took_over = None       # the holder before, dead (a crash): its record

    def take(self):
        """Hold the lock, or raise InUse with the reason.  Returns self."""
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            holder = _read(fd) or {}
            os.close(fd)
            if e.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            raise InUse(self.reason(holder)) from None
        before = _read(fd)
        if before and before.get("pid") and before.get("pid") != os.getpid():
            # a run that ended without releasing (a crash, SIGKILL): its lock is ours now
            self.took_over = dict(before, alive=alive(before.get("pid")))
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, json.dumps({"pid": os.getpid(), "what": self.what,
                                 "since": time.strftime("%Y-%m-%d %H:%M:%S")}).encode())
        os.fsync(fd)
        self.fd = fd
        return self

    def reason(self, holder):
        pid = holder.get("pid")
        who = "%s (pid %s%s)" % (holder.get("what") or "another run", pid,
                                 ", since %s" % holder["since"] if holder.get("since") else "")
        if pid is not None and not alive(pid):
            who += " - its pid is gone, yet a child of it still holds the lock"
        return ("%s is in use by %s: one run at a time over a board's state (the other "
                "would share its flash and lose hands); stop that one first, or give "
                "this one another state" % (os.path.relpath(self.state), who))

    def release(self):
        """Give the lock up: the file stays, emptied (removing it would let a run that
        opened it a moment before hold a lock on a file no one else sees)."""
        if self.fd is None:
            return
        try:
            os.ftruncate(self.fd, 0)
        finally:
            os.close(self.fd)       # closing ends the flock
            self.fd = None

    def __enter__(self):
        return self.take()

    def __exit__(self, *exc):
        self.release()
