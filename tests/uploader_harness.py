"""Helpers for the uploader's tests: a table device (the firmware's session and upload
task in the MicroPython unix port, tests/mpy_uploader.py) as a process that can be
killed and started again, and a loopback proxy that breaks connections on purpose."""

import itertools
import json
import os
import random
import socket
import subprocess
import threading
import time

from host_tools import build, paths

RUNNER = os.path.join(paths.ROOT, "tests", "mpy_uploader.py")
HEAP = "160k"


class DeviceProcess:
    """One table device.  state: its flash (journal, id, mark); cfg: the runner's config.
    status: the last status line it printed; lines: everything it printed."""

    def __init__(self, state, cfg, heap=HEAP):
        self.state = state
        self.cfg = cfg
        self.heap = heap
        self.proc = None
        self.lines = []
        self.status = {}
        self.final = None
        os.makedirs(state, exist_ok=True)

    def start(self, **more):
        cfg = dict(self.cfg, **more)
        self.final = None
        self.status = {}
        conf = self.state + ".json"         # beside the device's flash, not on it
        with open(conf, "w") as f:
            json.dump(cfg, f)
        self.proc = subprocess.Popen(
            [paths.tool("micropython"), "-X", "heapsize=" + self.heap, RUNNER,
             build.build_device(), self.state, conf],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        threading.Thread(target=self._read, args=(self.proc,), daemon=True).start()
        return self

    def _read(self, proc):
        for line in proc.stdout:
            try:
                msg = json.loads(line)
            except ValueError:
                msg = {"text": line.rstrip()}
            self.lines.append(msg)
            if "status" in msg:
                self.status = msg["status"]
            if "done" in msg:
                self.final = msg

    def until(self, pred, timeout=30):
        """Wait until pred(status) holds; the status."""
        end = time.time() + timeout
        while time.time() < end:
            if pred(self.status):
                return self.status
            if self.proc.poll() is not None and self.final is not None:
                break
            time.sleep(0.02)
        raise AssertionError("device never reached the state: %r\n%s" % (
            self.status, self.stderr_tail()))

    def wait(self, timeout=60):
        """Wait for the process to end; its last line ({"done", "status", "free"})."""
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError("device did not finish: %r" % self.status)
        end = time.time() + 5
        while self.final is None and time.time() < end:
            time.sleep(0.01)
        assert self.proc.returncode == 0, self.stderr_tail()
        return self.final

    def kill(self):
        """Power off: SIGKILL, nothing flushed but what the firmware synced."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stderr_tail(self):
        if self.proc is None or self.proc.poll() is None:
            return ""
        return self.proc.stderr.read()[-2000:]

    def logs(self):
        return [m["log"] for m in self.lines if "log" in m]


class Proxy:
    """A loopback TCP proxy in front of the organiser.  Each connection takes the next
    of `modes` (cycled):
      pass          forwarded both ways
      cut_request   the request cut after a few hundred bytes (the organiser never
                    gets a whole body)
      cut_response  the request forwarded whole (the organiser stores the batch), the
                    answer dropped and the connection closed (the device never sees
                    the ack)
      stall         the connection held open, nothing forwarded, nothing answered
    counts: connections per mode (those that reached the organiser, and stalls)."""

    def __init__(self, upstream_port, modes=("pass",), seed=1):
        self.upstream = upstream_port
        self.modes = itertools.cycle(modes)
        self.rng = random.Random(seed)
        self.counts = {}
        self.requests = []          # the raw requests forwarded whole (pass mode)
        self.lock = threading.Lock()
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self):
        return "http://127.0.0.1:%d" % self.port

    def set_modes(self, modes):
        with self.lock:
            self.modes = itertools.cycle(modes)

    def close(self):
        self.closed = True
        self.sock.close()

    def _accept(self):
        while not self.closed:
            try:
                c, _ = self.sock.accept()
            except OSError:
                return
            with self.lock:
                mode = next(self.modes)
                cut = self.rng.randrange(20, 600)
            threading.Thread(target=self._serve, args=(c, mode, cut), daemon=True).start()

    def _count(self, mode):
        with self.lock:
            self.counts[mode] = self.counts.get(mode, 0) + 1

    def _serve(self, c, mode, cut):
        c.settimeout(30)
        if mode == "stall":
            self._count(mode)
            try:
                while c.recv(4096):
                    pass
            except OSError:
                pass
            c.close()
            return
        try:
            u = socket.create_connection(("127.0.0.1", self.upstream), timeout=30)
        except OSError:                 # the organiser is down: the device sees a cut
            c.close()
            return
        self._count(mode)
        got = bytearray()

        def up():
            sent = 0
            try:
                while True:
                    data = c.recv(4096)
                    if not data:
                        break
                    if mode == "cut_request" and sent + len(data) >= cut:
                        u.sendall(data[:cut - sent])
                        break
                    # kept before it is forwarded: the organiser's answer (after which
                    # the request is recorded) cannot come before it is (a loaded
                    # machine once recorded a request as empty)
                    got.extend(data)
                    u.sendall(data)
                    sent += len(data)
            except OSError:
                pass
            if mode == "cut_request":
                for s in (u, c):
                    try:
                        s.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass

        t = threading.Thread(target=up, daemon=True)
        t.start()
        try:
            while True:
                data = u.recv(4096)
                if not data:
                    break
                if mode == "cut_response":
                    break               # the organiser answered: drop it
                c.sendall(data)
        except OSError:
            pass
        if mode == "pass":
            with self.lock:
                self.requests.append(bytes(got))
        for s in (u, c):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()


def split_request(raw):
    """(headers dict with lowercase names, body bytes) of a raw HTTP request."""
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    hdrs = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        hdrs[k.strip().lower()] = v.strip()
    return lines[0], hdrs, body
