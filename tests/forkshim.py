"""The interpreter a forked test organiser starts its own children with (its table engine,
`-m host_tools.replay`, and its pages' process, `-m organiser.live.pagework FD`): a
`python -m MODULE ARGS` that asks a fork server (tests/organiser_forkserver.py), which has
imported the module's dependencies once, to fork the child instead of a new interpreter
importing them (0.3-0.6 s of CPU a child, two a server start).

The shim runs in a bare interpreter (`-IS`: the standard library only, a few ms to
start).  It hands its open file descriptors (stdin, stdout, stderr and any other it was
given, at their numbers), its arguments, folder and environment to the fork server, then
stands for the child as the process its parent started: a SIGTERM or SIGINT is passed
on, its end (a SIGKILL too) ends the child, and it exits with the child's code (a child
ended by a signal: the same signal).  Anything but `-m MODULE` runs the real interpreter."""

import json
import os
import signal
import socket
import sys


def _open_fds():
    out = []
    for name in os.listdir("/proc/self/fd"):     # (the listing's own descriptor is closed
        fd = int(name)                          # by now: fstat leaves it out)
        try:
            os.fstat(fd)
        except OSError:
            continue
        out.append(fd)
    return sorted(out)


def main(sockets, python):
    """sockets: {module: the fork server's socket for it, "": for any other}."""
    argv = sys.argv[1:]
    if len(argv) < 2 or argv[0] != "-m":
        os.execv(python, [python] + argv)
    fds = _open_fds()
    req = {"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ), "fds": fds}
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(sockets.get(argv[1]) or sockets[""])
    socket.send_fds(sock, [json.dumps(req).encode()], fds)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in fds:                  # the child holds them now (a pipe's end is its alone)
        if fd <= 2:
            os.dup2(null, fd)
        else:
            os.close(fd)
    got = b""
    while b"\n" not in got:
        part = sock.recv(64)
        if not part:
            sys.exit(1)
        got += part
    pid = int(got.split(b"\n")[0])
    got = got.split(b"\n", 1)[1]

    def passed(sig, _frame):
        try:
            os.kill(pid, sig)
        except OSError:
            pass
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, passed)
    while b"\n" not in got:
        part = sock.recv(64)
        if not part:
            sys.exit(1)
        got += part
    code = int(got.split()[1])
    if code < 0:                    # ended by a signal: so is its stand-in
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    sys.exit(code)
