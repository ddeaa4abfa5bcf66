"""A program in the middle on the venue's Wi-Fi: a loopback proxy in front of the
organiser that forges its answers.  Each connection takes the next of `modes` (cycled):

  pass          the request forwarded whole, the answer forwarded whole; both kept
                (`exchanges`: [(request bytes, answer bytes)])
  forge         not forwarded; answered 200 with a body of the right shape (an upload's
                ack far ahead, or a seating with the forger's players, clock and ruleset)
                and no answer MAC
  forge_mac     the same with a MAC of the right length, made up
  replay        not forwarded; answered with the last genuine answer of the same path (its
                MAC is the organiser's, over another request)
  store_forge   forwarded (the organiser stores the records), its answer dropped and a
                forged ack sent instead
  revoked       not forwarded; answered 403 revoked, unsigned
counts: connections per mode."""

import itertools
import json
import os
import socket
import threading


def read_request(c):
    """The whole HTTP request (headers and Content-Length body) from socket c."""
    buf = bytearray()
    while b"\r\n\r\n" not in buf:
        data = c.recv(4096)
        if not data:
            return bytes(buf)
        buf.extend(data)
    head, _, body = bytes(buf).partition(b"\r\n\r\n")
    n = 0
    for line in head.split(b"\r\n")[1:]:
        k, _, v = line.partition(b":")
        if k.strip().lower() == b"content-length":
            n = int(v)
    body = bytearray(body)
    while len(body) < n:
        data = c.recv(4096)
        if not data:
            break
        body.extend(data)
    return head + b"\r\n\r\n" + bytes(body)


def path_of(request):
    parts = request.split(b"\r\n", 1)[0].split()
    return parts[1].decode() if len(parts) > 1 else ""


def http_answer(status, body, mac=None):
    heads = ["HTTP/1.1 %d X" % status, "content-type: application/json",
             "content-length: %d" % len(body), "connection: close"]
    if mac is not None:
        heads.append("x-answer-signature: " + mac)
    return ("\r\n".join(heads) + "\r\n\r\n").encode() + body


FORGED_PLAYERS = ["Mallory", "Mallory", "Mallory", "Mallory"]


def forged_body(path):
    if path.endswith("/api/v1/seating"):
        return json.dumps({"ok": True, "table": 9, "tround": 999, "rules": "tw",
                           "settings": {}, "players": FORGED_PLAYERS, "dealer": 3,
                           "resume": None, "clock": {"left": 7, "running": True},
                           "verdict": {"held": 0, "scores": [1, 2, 3, 4]}}).encode()
    return json.dumps({"ok": True, "acked": 9999, "verdict": {"held": 0}}).encode()


class ForgingProxy:
    def __init__(self, upstream_port, modes=("pass",)):
        self.upstream = upstream_port
        self.modes = itertools.cycle(modes)
        self.counts = {}
        self.exchanges = []
        self.last = {}              # path -> the last genuine answer's bytes
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
            threading.Thread(target=self._serve, args=(c, mode), daemon=True).start()

    def _forward(self, req):
        u = socket.create_connection(("127.0.0.1", self.upstream), timeout=30)
        try:
            u.sendall(req)
            out = bytearray()
            while True:
                data = u.recv(4096)
                if not data:
                    break
                out.extend(data)
            return bytes(out)
        finally:
            u.close()

    def _serve(self, c, mode):
        c.settimeout(30)
        try:
            req = read_request(c)
            path = path_of(req)
            with self.lock:
                self.counts[mode] = self.counts.get(mode, 0) + 1
            if mode == "pass":
                ans = self._forward(req)
                with self.lock:
                    self.exchanges.append((req, ans))
                    self.last[path] = ans
            elif mode == "replay" and path in self.last:
                ans = self.last[path]
            elif mode == "revoked":
                ans = http_answer(403, b'{"ok":false,"error":"revoked"}')
            else:
                if mode == "store_forge":
                    self._forward(req)          # stored; its answer never reaches the device
                mac = os.urandom(32).hex() if mode == "forge_mac" else None
                ans = http_answer(200, forged_body(path), mac)
            c.sendall(ans)
        except OSError:
            pass
        finally:
            try:
                c.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            c.close()


def split_answer(raw):
    """(status, headers with lowercase names, body) of a raw HTTP answer."""
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    hdrs = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        hdrs[k.strip().lower()] = v.strip()
    return int(lines[0].split()[1]), hdrs, body
