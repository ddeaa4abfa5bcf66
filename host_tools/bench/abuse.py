"""`make bench` (python -m host_tools.bench abuse): the organiser under floods, on loopback (docs/security.md).

The organiser runs as `python -m organiser` with a fresh event; a bystander (its own
loopback address) times a page and a device upload, quiet and during each flood:
- 2000 half-sent requests from 40 addresses (each within its share of connections);
- 1000 live pages from 50 addresses, then 100 more (refused 503);
- 60 logins at once from 60 addresses;
- a 200 MB body to the login (the server's memory before and after).
Figures: p50 and p99 of the bystander's requests, and what each flood got."""

import os
import re
import socket
import statistics
import sys
import subprocess
import tempfile
import time

import httpx

from host_tools import paths

sys.path.insert(0, os.path.join(paths.ROOT, "tests"))

from organiser_fixtures import (OrganiserServer, body, headers, play,  # noqa: E402
                                session_events, setup_event)

BYSTANDER = "127.0.0.3"
GUESSERS = """
import sys, threading, httpx
url, stop, answered = sys.argv[1], threading.Event(), {}
def guess(i):
    t = httpx.HTTPTransport(local_address="127.0.10.%d" % i)
    with httpx.Client(transport=t, timeout=30) as c:
        while not stop.is_set():
            r = c.post(url + "/api/admin/login", json={"name": "u%d" % i, "password": "x"})
            answered[r.status_code] = answered.get(r.status_code, 0) + 1
threads = [threading.Thread(target=guess, args=(i,)) for i in range(1, 61)]
for t in threads:
    t.start()
sys.stdin.readline()
stop.set()
for t in threads:
    t.join()
print(dict(sorted(answered.items())))
"""


def timings(url, dev, recs, n=40):
    pages, uploads = [], []
    with httpx.Client(transport=httpx.HTTPTransport(local_address=BYSTANDER), timeout=30) as c:
        for i in range(n):
            t = time.perf_counter()
            c.get(url + "/api/v1/tables")
            pages.append(time.perf_counter() - t)
            raw = body(dev.id, "%016x" % (0xbe00 + i % 8), recs)
            t = time.perf_counter()
            c.post(url + "/api/v1/upload", content=raw, headers=headers(dev.secret, raw))
            uploads.append(time.perf_counter() - t)
    return pages, uploads


def ms(xs):
    xs = sorted(xs)
    return "p50 %6.1f ms  p99 %6.1f ms" % (1000 * statistics.median(xs),
                                         1000 * xs[min(len(xs) - 1, int(len(xs) * 0.99))])


def report(label, url, dev, recs, note=""):
    pages, uploads = timings(url, dev, recs)
    print("  %-34s page %s   upload %s  %s" % (label, ms(pages), ms(uploads), note))


def sockets(port, addresses, n, what):
    out = []
    for a in addresses:
        for _ in range(n):
            try:
                s = socket.create_connection(("127.0.0.1", port), source_address=(a, 0),
                                             timeout=5)
                s.sendall(what)
                out.append(s)
            except OSError:
                pass
    return out


def rss_mb(pid):
    with open("/proc/%d/status" % pid) as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) / 1024


def main():
    folder = tempfile.mkdtemp(prefix="bench-abuse-")
    db = os.path.join(folder, "organiser.db")
    ev = setup_event(db)
    srv = OrganiserServer(db).start()
    dev = ev["devices"][0]
    recs = play(session_events("mcr", seed=1, n=8))
    print("organiser under floods (bystander on %s; docs/security.md):" % BYSTANDER)
    try:
        report("quiet", srv.url, dev, recs)
        half = sockets(srv.port, ["127.0.8.%d" % i for i in range(1, 41)], 50,
                       b"POST /api/v1/upload HTTP/1.1\r\nHost: x\r\n")
        report("2000 half-sent requests", srv.url, dev, recs, "(%d held)" % len(half))
        for s in half:
            s.close()
        live = sockets(srv.port, ["127.0.9.%d" % i for i in range(1, 51)], 22,
                       b"GET /live HTTP/1.1\r\nHost: x\r\n\r\n")
        answers = []
        for s in live:
            s.settimeout(5)
            try:
                answers.append(s.recv(16))
            except OSError:
                answers.append(b"")
        ok = sum(a.startswith(b"HTTP/1.1 200") for a in answers)
        full = sum(a.startswith(b"HTTP/1.1 503") for a in answers)
        report("%d live pages" % len(live), srv.url, dev, recs,
               "(%d streaming, %d refused 503)" % (ok, full))
        for s in live:
            s.close()
        # the guessers in a process of their own: their threads would otherwise take
        # the bystander's share of this process's interpreter, not the server's
        guessers = subprocess.Popen([sys.executable, "-c", GUESSERS, srv.url],
                                    stdout=subprocess.PIPE, stdin=subprocess.PIPE, text=True)
        time.sleep(1.0)
        report("60 logins at once", srv.url, dev, recs, "")
        out, _ = guessers.communicate("stop\n", timeout=60)
        print("  %-34s answers %s" % ("", out.strip()))
        before = rss_mb(srv.proc.pid)
        s = socket.create_connection(("127.0.0.1", srv.port), source_address=("127.0.0.2", 0))
        s.sendall(b"POST /api/admin/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked"
                  b"\r\n\r\n")
        sent = 0
        chunk = b"100000\r\n" + b"x" * 0x100000 + b"\r\n"
        try:
            while sent < 200:
                s.sendall(chunk)
                sent += 1
        except OSError:
            pass
        s.close()
        print("  %-34s refused after %d MB sent; server memory %.0f -> %.0f MB"
              % ("a 200 MB body", sent, before, rss_mb(srv.proc.pid)))
    finally:
        srv.stop()


if __name__ == "__main__":
    main()
