"""Whole-event exports under anonymous readers: the organiser's memory and its pages.

The event `host_tools.bench.pages` builds (8 tables x 56 tournament rounds, every table
playing a 16-hand Hong Kong game each round) is served by `python -m organiser`.
Printed: its idle RSS (after the pages and one export warmed up), then, while PARALLEL
anonymous readers each fetch the whole event's exports (hands.json, hands.csv,
standings.json) ROUNDS times and for SECONDS at least, the organiser's peak RSS (VmHWM)
against the idle one (the bound: at most 2x) and the standings page's latency
(/api/v1/standings, fetched by one more reader all along: p95, bound 500 ms).  The data
changes meanwhile: a device uploads a hand's record every UPLOAD_GAP seconds, each one
scored and announced (so the exports are built again, not only read from a cache).

    python -m host_tools.bench exports
"""

import hashlib
import hmac
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from host_tools import paths
from host_tools.bench import organiser, pages
from host_tools.sim.organiser_demo import free_port

PARALLEL = 20
ROUNDS = 3
SECONDS = 30
UPLOAD_GAP = 1.0
EXPORTS = ("/export/hands.json", "/export/hands.csv", "/export/standings.json")


def status(pid, field):
    with open("/proc/%d/status" % pid) as f:
        return int(re.search(field + r":\s+(\d+)", f.read()).group(1)) / 1024


def fetch(url, timeout=300):
    t = time.perf_counter()
    with urllib.request.urlopen(url, timeout=timeout) as r:
        n = len(r.read())
    return n, time.perf_counter() - t


def main():
    folder = tempfile.mkdtemp(prefix="bench-exports-")
    proc = None
    try:
        recs = pages.game_records(folder)
        path = os.path.join(folder, "event.db")
        devs = pages.build(path, recs)
        port = free_port()
        url = "http://127.0.0.1:%d" % port
        log = open(os.path.join(folder, "organiser.log"), "w")
        proc = subprocess.Popen([sys.executable, "-m", "organiser", "--db", path, "--port",
                                 str(port)], cwd=paths.ROOT, stdout=log, stderr=log)
        end = time.time() + 60
        while True:
            try:
                fetch(url + "/api/v1/tables", 5)
                break
            except OSError:
                if time.time() > end or proc.poll() is not None:
                    raise SystemExit("the organiser did not start (%s)" % log.name)
                time.sleep(0.2)
        # the organiser scores the event at its start: measured once that is done
        end = time.time() + 600
        while json.loads(urllib.request.urlopen(url + "/api/v1/scoring").read())["busy"]:
            if time.time() > end:
                raise SystemExit("the organiser is still scoring after 600 s")
            time.sleep(0.5)
        # warm: the pages, the standings, one export of each kind
        for p in ("/", "/tables", "/api/v1/standings") + EXPORTS:
            fetch(url + p)
        time.sleep(2)
        idle = status(proc.pid, "VmRSS")
        sizes = {p: fetch(url + p)[0] for p in EXPORTS}
        print("organiser exports: an event of %d tables x %d rounds x %d hands; %s"
              % (pages.TABLES, pages.ROUNDS, pages.HANDS,
                 ", ".join("%s %.1f MB" % (p.rsplit("/", 1)[1], n / 1e6)
                           for p, n in sizes.items())))
        lat, errors, done = [], [], threading.Event()

        stop = time.monotonic() + SECONDS
        uploads = []

        def reader(i):
            try:
                k = 0
                while k < ROUNDS or time.monotonic() < stop:
                    fetch(url + EXPORTS[(i + k) % len(EXPORTS)])
                    k += 1
            except Exception as e:
                errors.append(repr(e))

        def device():
            dev, secret = devs[0]
            key = bytes.fromhex(secret)
            for rec in recs:
                if done.is_set():
                    break
                raw = json.dumps({"device": dev, "journal": "%016x" % (10 ** 10),
                                  "records": [rec]}, separators=(",", ":")).encode()
                req = urllib.request.Request(url + "/api/v1/upload", data=raw, headers={
                    "Content-Type": "application/json",
                    "X-Signature": hmac.new(key, raw, hashlib.sha256).hexdigest()})
                try:
                    with urllib.request.urlopen(req, timeout=30) as r:
                        uploads.append(r.status)
                except Exception as e:
                    errors.append(repr(e))
                time.sleep(UPLOAD_GAP)

        def standings():
            while not done.is_set():
                try:
                    lat.append(fetch(url + "/api/v1/standings", 60)[1])
                except Exception as e:
                    errors.append(repr(e))
                time.sleep(0.1)

        watcher = threading.Thread(target=standings)
        watcher.start()
        uploader = threading.Thread(target=device)
        uploader.start()
        t = time.perf_counter()
        readers = [threading.Thread(target=reader, args=(i,)) for i in range(PARALLEL)]
        for r in readers:
            r.start()
        for r in readers:
            r.join()
        took = time.perf_counter() - t
        done.set()
        watcher.join()
        uploader.join()
        peak = status(proc.pid, "VmHWM")
        after = status(proc.pid, "VmRSS")
        lat.sort()
        p95 = lat[max(0, int(len(lat) * 0.95) - 1)] if lat else float("nan")
        print("  %d anonymous readers, whole-event exports for %.1f s (%d uploads meanwhile, "
              "each a change); errors %d" % (PARALLEL, took, len(uploads), len(errors)))
        print("  organiser RSS: idle %.0f MB, peak %.0f MB (%.2fx, bound 2x), after %.0f MB"
              % (idle, peak, peak / idle, after))
        print("  /api/v1/standings meanwhile: %d fetches, median %.0f ms, p95 %.0f ms "
              "(bound 500 ms)" % (len(lat), statistics.median(lat) * 1000 if lat else 0,
                                  p95 * 1000))
        if errors:
            print("  first error: %s" % errors[0])
    finally:
        organiser.stop(proc)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
