"""The tests' organisers forked from one process that has imported the organiser once.

`python -m organiser` spends about 0.9 s of CPU importing FastAPI, uvicorn, pydantic,
psycopg and the organiser before it serves (more on a loaded machine), and the suite
starts a server a test in most organiser files.  Here a process of the test run (one an
xdist worker) imports `organiser.__main__` once and forks a child a server; the child
is the same program (`organiser.__main__.main(ARGS)` with the same arguments, in the
project's folder, stdout to /dev/null, stderr to the test's log), only its imports were
done before the fork.  The test process holds the child through `Forked`, which answers
as subprocess.Popen does (pid, poll, wait, send_signal, terminate, kill, returncode).

    python tests/organiser_forkserver.py      (started by start(); its socket on stdout)

Protocol on a unix socket: the test sends the arguments (JSON) with its log's file
descriptor (stderr; a second one: stdout, else /dev/null); the fork server answers the child's pid, then, when the child has ended,
"exit N" (N as Popen's returncode) and closes the connection.  The fork server ends
when its stdin closes (the test process is gone).

The organiser's own children are forked too: its table engine (`python -m
host_tools.replay`) and its pages' process (`python -m organiser.live.pagework FD`), each
a new interpreter importing its modules at every server start (0.3 s and 0.6 s of CPU).
A forked organiser's interpreter (sys.executable, and its --engine-command unless the
test gives one) is tests/forkshim.py, which asks for `-m MODULE` to be forked: the
pages' process from this server (the organiser imported), the engine from a second one
that has imported the engine (the firmware on its sys.path, which the organiser's must
not have).  The same protocol with a JSON object (the module's arguments, folder,
environment, the numbers of the descriptors sent); the child is ended when its shim
ends."""

import atexit
import fcntl
import json
import os
import runpy
import select
import shlex
import signal
import socket
import subprocess
import sys
import tempfile

if __name__ == "__main__":          # as `python -m organiser` would: the project first
    sys.path[0] = os.getcwd()

_server = None                      # this test process's fork server: (Popen, socket path)


def start_server(root):
    global _server
    if _server is None or _server[0].poll() is not None:
        proc = subprocess.Popen([sys.executable, os.path.abspath(__file__)], cwd=root,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        path = proc.stdout.readline().decode().strip()
        if not path:
            raise RuntimeError("the organiser's fork server did not start")
        _server = (proc, path)
        atexit.register(_stop_server, proc)
    return _server[1]


def _stop_server(proc):
    """Its stdin closed, the fork server ends; waited for (its CPU, its children's, then
    count in this process's)."""
    proc.stdin.close()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Forked:
    """An organiser forked by the fork server, held as a subprocess.Popen is."""

    def __init__(self, root, args, stderr, stdout=None):
        self.args = args
        self.returncode = None
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(start_server(root))
        fds = [stderr.fileno()] + ([stdout.fileno()] if stdout is not None else [])
        socket.send_fds(self.sock, [json.dumps(args).encode()], fds)
        self.pid = int(self._line())

    def _line(self):
        data = b""
        while not data.endswith(b"\n"):
            got = self.sock.recv(64)
            if not got:                 # the fork server is gone: the child with it
                return "exit -9\n" if data == b"" else data.decode()
            data += got
        return data.decode()

    def poll(self):
        if self.returncode is None and select.select([self.sock], [], [], 0)[0]:
            self._ended()
        return self.returncode

    def _ended(self):
        self.returncode = int(self._line().split()[1])
        self.sock.close()

    def wait(self, timeout=None):
        if self.returncode is None:
            if not select.select([self.sock], [], [], timeout)[0]:
                raise subprocess.TimeoutExpired(self.args, timeout)
            self._ended()
        return self.returncode

    def send_signal(self, sig):
        if self.poll() is None:
            os.kill(self.pid, sig)

    def terminate(self):
        self.send_signal(signal.SIGTERM)

    def kill(self):
        self.send_signal(signal.SIGKILL)


# -- the fork server -------------------------------------------------------------------------

SHIM = """#!%s -IS
import sys
sys.path.insert(0, %r)
import forkshim
forkshim.main(%r, %r)
"""


def _exit_with(run):
    """A forked child's end: run(), then exit as the interpreter would (0, SystemExit's
    code, or 1 and the traceback), the standard streams flushed."""
    code = 1
    try:
        run()
        code = 0
    except SystemExit as e:
        if e.code is None or isinstance(e.code, int):
            code = e.code or 0
        else:
            print(e.code, file=sys.stderr)
    except BaseException:
        import traceback
        traceback.print_exc()
    finally:
        for f in (sys.stdout, sys.stderr):
            try:
                f.flush()
            except Exception:
                pass
        os._exit(code)


def _child(args, log_fds, closing, shim=None):
    def run():
        for s in closing:
            s.close()
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(log_fds[1] if len(log_fds) > 1 else null, 1)      # stdout: a log, or none
        os.dup2(log_fds[0], 2)
        os.close(null)
        for fd in log_fds:
            os.close(fd)
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGCHLD):
            signal.signal(sig, signal.SIG_DFL)
        cmd = args
        if shim is not None:            # its own children forked as well
            sys.executable = shim
            if "--engine-command" not in cmd:
                cmd = cmd + ["--engine-command", shlex.join([shim, "-m", "host_tools.replay"])]
        sys.argv = [sys.argv[0]] + cmd
        from organiser.__main__ import main
        main(cmd)
    _exit_with(run)


def _module_child(req, fds, closing):
    """`python -m MODULE ARGS` as a shim asked (forkshim.py), its descriptors at their
    numbers."""
    def run():
        for s in closing:
            s.close()
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 256) for fd in fds]    # out of the way first
        for fd in fds:
            os.close(fd)
        for fd, want in zip(high, req["fds"]):
            os.dup2(fd, want)
            os.close(fd)
        os.chdir(req["cwd"])
        os.environ.clear()
        os.environ.update(req["env"])
        signal.signal(signal.SIGINT, signal.default_int_handler)    # as a new interpreter
        for sig in (signal.SIGTERM, signal.SIGCHLD):
            signal.signal(sig, signal.SIG_DFL)
        sys.stdin = open(0, closefd=False)
        sys.stdout = open(1, "w", closefd=False)
        sys.stderr = open(2, "w", buffering=1, closefd=False)
        module = req["argv"][1]
        sys.argv = [None] + req["argv"][2:]
        sys.modules.pop(module, None)   # run afresh as __main__, its imports done before
        runpy.run_module(module, run_name="__main__", alter_sys=True)
    _exit_with(run)


def _loop(listener, shim=None):
    """Fork a child for each request until stdin closes; tell each requester its
    child's pid and exit code; a shim gone (killed) takes its child with it."""
    children = {}                   # pid -> the connection its requester holds
    shims = {}                      # a shim's connection -> its child's pid
    while True:
        ready = select.select([listener, sys.stdin] + list(shims), [], [], 0.05)[0]
        if sys.stdin in ready and not os.read(sys.stdin.fileno(), 1):
            return                  # the test process is gone
        for conn in [c for c in ready if c in shims]:
            try:
                gone = not conn.recv(1)
            except OSError:
                gone = True
            if gone:                # the shim was killed: so is its child
                try:
                    os.kill(shims.pop(conn), signal.SIGKILL)
                except OSError:
                    pass
        if listener in ready:
            conn, _ = listener.accept()
            msg, fds, _, _ = socket.recv_fds(conn, 1 << 16, 64)
            req = json.loads(msg)
            pid = os.fork()
            if pid == 0:
                closing = [listener, conn] + list(children.values())
                if isinstance(req, dict):
                    _module_child(req, fds, closing)
                _child(req, fds, closing, shim)
            for fd in fds:
                os.close(fd)
            conn.sendall(b"%d\n" % pid)
            children[pid] = conn
            if isinstance(req, dict):
                shims[conn] = pid
        while children:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                break
            conn = children.pop(pid, None)
            if conn is not None:
                shims.pop(conn, None)
                try:
                    conn.sendall(b"exit %d\n" % os.waitstatus_to_exitcode(status))
                except OSError:
                    pass
                conn.close()


def _listen(path):
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(16)
    return listener


def serve():
    folder = tempfile.mkdtemp(prefix="organiser-fork-")
    path = os.path.join(folder, "socket")
    engine_path = os.path.join(folder, "engine")
    engine_listener = _listen(engine_path)
    zygote = os.fork()
    if zygote == 0:                 # the table engine's fork server: the firmware imported
        try:
            import host_tools.replay
            host_tools.replay.engine()
            _loop(engine_listener)
        finally:
            os._exit(0)
    engine_listener.close()
    import organiser.__main__  # noqa: F401  (the imports every child then has)
    import organiser.live.pagework  # noqa: F401
    import organiser.server  # noqa: F401
    import uvicorn.protocols.http.h11_impl  # noqa: F401
    shim = os.path.join(folder, "python")
    with open(shim, "w") as f:
        f.write(SHIM % (sys.executable, os.path.dirname(os.path.abspath(__file__)),
                        {"host_tools.replay": engine_path, "": path}, sys.executable))
    os.chmod(shim, 0o755)
    listener = _listen(path)
    print(path, flush=True)
    try:
        _loop(listener, shim)
    finally:
        listener.close()
        try:
            os.waitpid(zygote, 0)       # (it ends as its stdin closes too)
        except OSError:
            pass
        for name in ("socket", "engine", "python"):
            os.remove(os.path.join(folder, name))
        os.rmdir(folder)


if __name__ == "__main__":
    serve()
