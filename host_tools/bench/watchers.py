"""`python -m host_tools.bench watchers`: the organiser with its devices and its watchers.

200 devices upload as in `host_tools.bench.organiser` (60 real records each, one every
0.5-1 s, a new signed connection per request) while 500 live pages hold the server-sent
events stream `/live` and a projector refetches its changing part whenever it is told
(at most once a second, as static/live.js does); `--refetch N`: N of the watchers are
phones on the standings that refetch its part too.  One organiser process, SQLite, on
127.0.0.1.  The watchers run in a process of their own (at a lower priority: at a venue
they are phones, here they share the two cores), so the devices' client loop is not
slowed by 500 sockets.

Prints upload latency (p50 / p99; target p99 <= 50 ms), and how late the live updates
reach the watchers: for each flush of the broker, from its oldest change (the time the
server noted it) to its arrival at each watcher (p50 / p99 / max; target: 99% of
watchers within 1 s), how many flushes each watcher got a second (the coalescing bound),
and whether every watcher got every flush.  Run twice, first the same devices with no
watcher (the reference: the machine's load moves every figure), and the two upload
latencies printed side by side.  About two and a half minutes."""

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

from host_tools import paths
from host_tools.bench import organiser as load

WATCHERS = 500
EVENT = re.compile(rb"data: (\{[^\n]*\})\n")


async def watch(port, got, stop, connected, path="/live"):
    """One live page: holds the stream, appends (arrival time, flush number, time of the
    flush's oldest change) to got for each flush; sets connected[0] once answered."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        # HTTP/1.0: the stream comes unchunked, events as they are written
        writer.write(("GET %s HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
                      % path).encode())
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        connected.append(status)
        if status != 200:
            return
        buf, last = b"", None
        while not stop.is_set():
            chunk = await reader.read(65536)
            if not chunk:
                break
            now = time.time()
            buf += chunk
            end = 0
            for m in EVENT.finditer(buf):
                end = m.end()
                data = json.loads(m.group(1))
                if data.get("flush") != last:            # a flush's several events: once
                    last = data.get("flush")
                    got.append((now, last, data.get("at")))
            buf = buf[end:]
    finally:
        writer.close()


async def refetching(port, got, stop, reads, errors, part):
    """A live page's script: refetches its part when told, at most once a second (as
    static/live.js does)."""
    seen, last = 0, 0.0
    while not stop.is_set():
        await asyncio.sleep(0.05)
        if len(got) > seen and time.monotonic() - last >= 1.0:
            seen, last = len(got), time.monotonic()
            t = time.perf_counter()
            status = await load.get(port, part)
            reads.append(time.perf_counter() - t)
            if status != 200:
                errors.append("%s: %d" % (part, status))


async def projector(port, stop, reads, errors):
    """The projector page: its own stream, its part refetched when told."""
    got, connected = [], []
    task = asyncio.ensure_future(watch(port, got, stop, connected))
    await refetching(port, got, stop, reads, errors, "/projector/part")
    task.cancel()


async def watchers_main(port, n, ready, done, out, projecting=True, refetch=0):
    stop = asyncio.Event()
    got = [[] for _ in range(n)]
    connected, reads, errors, page_reads = [], [], [], []
    tasks = []
    for i in range(n):
        tasks.append(asyncio.ensure_future(watch(port, got[i], stop, connected)))
        if i < refetch:                                 # a phone on the standings
            tasks.append(asyncio.ensure_future(refetching(
                port, got[i], stop, page_reads, errors, "/standings/part")))
        if i % 50 == 49:
            await asyncio.sleep(0.05)                   # not all in one accept burst
    proj = asyncio.ensure_future(projector(port, stop, reads, errors) if projecting
                                 else stop.wait())
    while len(connected) < n:
        await asyncio.sleep(0.05)
    ready.set()
    while not done.is_set():
        await asyncio.sleep(0.1)
    await asyncio.sleep(2.0)                            # the last flushes in
    stop.set()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await proj
    with open(out, "w") as f:
        json.dump({"got": got, "refused": [s for s in connected if s != 200],
                   "reads": reads, "page_reads": page_reads, "errors": errors}, f)


def watchers_process(port, n, ready, done, out, projecting=True, refetch=0):
    # at a venue the watchers are phones: here they share the machine, behind the server
    os.nice(10)
    load.run(watchers_main(port, n, ready, done, out, projecting, refetch))


def start_server(db_path, port):
    # its errors to a file beside the database: a pipe nobody reads would fill and stop it
    log = os.path.join(os.path.dirname(db_path), "organiser.log")
    with open(log, "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "organiser", "--db", db_path, "--host",
                                 "127.0.0.1", "--port", str(port)], cwd=paths.ROOT,
                                stdout=subprocess.DEVNULL, stderr=err)
    for _ in range(200):
        try:
            urllib.request.urlopen("http://127.0.0.1:%d/api/v1/tables" % port, timeout=1)
            return proc
        except OSError:
            if proc.poll() is not None:
                sys.exit("organiser did not start: " + server_errors(db_path))
            time.sleep(0.1)
    proc.kill()
    sys.exit("organiser did not start")


def server_errors(db_path):
    with open(os.path.join(os.path.dirname(db_path), "organiser.log"), "rb") as f:
        return f.read()[-2000:].decode(errors="replace")


async def devices_main(port, devices, sessions, seed):
    rng = random.Random(seed)
    lat, inner, errors = [], [], []
    jobs = []
    for k, (dev_id, secret) in enumerate(devices):
        journal = "%016x" % rng.getrandbits(64)
        jobs.append(load.device(port, dev_id, secret, journal, sessions[k % len(sessions)],
                                lat, inner, errors, random.Random(rng.random())))
    lags, stop = [], asyncio.Event()
    lagger = asyncio.ensure_future(load.loop_lag(lags, stop))
    t = time.perf_counter()
    acks = await asyncio.gather(*jobs)
    wall = time.perf_counter() - t
    stop.set()
    await lagger
    return wall, lat, errors, acks, lags, inner


def report(a, wall, lat, errors, acks, w, lags, inner):
    tag = "live watchers" if a.watchers else "no watchers"
    p50, p99 = load.pct(lat, 50) * 1000, load.pct(lat, 99) * 1000
    print("%s: %d devices x %d records, %d uploads in %.1f s, %d watchers%s (load "
          "average %.1f)" % (tag, a.devices, a.hands, len(lat), wall, a.watchers,
                             "" if a.no_projector else " + a projector", os.getloadavg()[0]))
    print("%s: server CPU %.0f%% of one core (%.2f ms per upload, the watchers' streams "
          "included)" % (tag, 100 * a.cpu / wall, 1000 * a.cpu / max(1, len(lat))))
    print("%s: upload latency p50 %.1f ms, p99 %.1f ms, max %.1f ms (target p99 <= 50 ms: "
          "%s)" % (tag, p50, p99, max(lat) * 1000, "met" if p99 <= 50 else "MISSED"))
    if inner:
        print("%s: inside the upload handler (verify, store, commit to disk): p50 %.1f ms, "
              "p99 %.1f ms" % (tag, load.pct(inner, 50) * 1000, load.pct(inner, 99) * 1000))
    print("%s: the devices' client loop lag p50 %.1f ms, p99 %.1f ms (part of the upload "
          "latencies above)" % (tag, load.pct(lags, 50) * 1000, load.pct(lags, 99) * 1000))
    got = w["got"]
    bad = errors + w["errors"]
    if any(x != a.hands for x in acks) or bad or w["refused"]:
        print("\n".join(bad[:10]))
        sys.exit("live watchers: uploads not all acknowledged, or watchers refused")
    if not a.watchers:
        print("%s: nothing lost" % tag, flush=True)
        return p50, p99, None
    flushes = {}                                    # seq -> its oldest change's time
    for g in got:
        for _, seq, at in g:
            flushes[seq] = at
    late = sorted(t - flushes[seq] for g in got for t, seq, _ in g if flushes[seq])
    missed = sum(len(flushes) - len({s for _, s, _ in g}) for g in got)
    # per flush: the share of watchers told within 1 s of its oldest change
    within = {}
    for g in got:
        for t, seq, _ in g:
            if flushes[seq] and t - flushes[seq] <= 1.0:
                within[seq] = within.get(seq, 0) + 1
    share = sorted(within.get(s, 0) / max(1, len(got)) for s in flushes)
    rates = []
    for g in got:
        if len(g) > 1:
            rates.append((len(g) - 1) / max(1e-9, g[-1][0] - g[0][0]))
    l50, l99 = load.pct(late, 50), load.pct(late, 99)
    print("%s: %d flushes; from a change to a watcher told: p50 %.0f ms, p99 %.0f ms, "
          "max %.0f ms (target: 99%% within 1 s: %s)" % (
              tag, len(flushes), l50 * 1000, l99 * 1000, late[-1] * 1000,
              "met" if l99 <= 1.0 else "MISSED"))
    print("%s: flushes reaching 99%% of the watchers within 1 s: %d of %d; the worst "
          "flush reached %.1f%% in time" % (tag, sum(1 for s in share if s >= 0.99),
                                            len(share), 100 * share[0]))
    print("%s: flushes a watcher got per second: at most %.2f (bound %.1f); flushes "
          "missed by a watcher: %d; watchers refused: %d" % (
              tag, max(rates) if rates else 0, 1 / a.gap, missed, len(w["refused"])))
    if w["reads"]:
        print("%s: the projector refetched its part %d times: p50 %.1f ms, p99 %.1f ms" % (
            tag, len(w["reads"]), load.pct(w["reads"], 50) * 1000,
            load.pct(w["reads"], 99) * 1000))
    if w["page_reads"]:
        print("%s: %d watchers refetched the standings' part %d times: p50 %.1f ms, p99 "
              "%.1f ms" % (tag, a.refetch, len(w["page_reads"]),
                           load.pct(w["page_reads"], 50) * 1000,
                           load.pct(w["page_reads"], 99) * 1000))
    print("%s: nothing lost" % tag, flush=True)
    return p50, p99, l99


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--devices", type=int, default=load.DEVICES)
    ap.add_argument("--hands", type=int, default=load.HANDS)
    ap.add_argument("--watchers", type=int, default=WATCHERS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-projector", action="store_true", help="the watchers alone")
    ap.add_argument("--refetch", type=int, default=0, metavar="N",
                    help="N of the watchers also refetch the standings' part when told")
    ap.add_argument("--no-reference", dest="reference", action="store_false",
                    help="skip the first run, the same devices without watchers")
    a = ap.parse_args(argv)
    from organiser.live.live import GAP
    a.gap = GAP
    print("live watchers: generating %d real %s sessions of %d records ..."
          % (load.SESSIONS, load.RULES, a.hands), flush=True)
    sessions = load.real_records(load.SESSIONS, a.hands)
    runs = [(0, True), (a.watchers, a.no_projector)] if a.reference else \
        [(a.watchers, a.no_projector)]
    got = []
    for n, alone in runs:
        got.append(one_run(argparse.Namespace(**dict(vars(a), watchers=n, no_projector=alone)),
                           sessions))
    if len(got) == 2:
        (r50, r99, _), (w50, w99, l99) = got
        print("live watchers: upload latency p50 / p99 at %d devices: %.1f / %.1f ms with %d "
              "watchers%s, %.1f / %.1f ms without (same run; target p99 <= 50 ms: %s); "
              "a change reaches 99%% of the watchers within %.0f ms (target 1 s: %s)" % (
                  a.devices, w50, w99, a.watchers, "" if a.no_projector else
                  " and a projector", r50, r99, "met" if w99 <= 50 else "MISSED",
                  l99 * 1000, "met" if l99 <= 1.0 else "MISSED"), flush=True)


def one_run(a, sessions):
    """One organiser, the devices and a.watchers live pages: prints the figures, returns
    (upload p50, p99 in ms, the watchers' p99 in s or None)."""
    folder = tempfile.mkdtemp(prefix="bench-watchers-")
    db_path = os.path.join(folder, "organiser.db")
    out = os.path.join(folder, "watchers.json")
    proc = watchers = None
    try:
        devices = load.setup(db_path, a.devices)
        port = load.free_port()
        proc = start_server(db_path, port)
        ctx = multiprocessing.get_context("spawn")
        ready, done = ctx.Event(), ctx.Event()
        watchers = ctx.Process(target=watchers_process, args=(
            port, a.watchers, ready, done, out, not a.no_projector, a.refetch))
        watchers.start()
        if not ready.wait(60):
            sys.exit("live watchers: the watchers did not all connect")
        cpu0 = load.cpu_seconds(proc.pid)
        wall, lat, errors, acks, lags, inner = load.run(devices_main(port, devices, sessions,
                                                              a.seed))
        a.cpu = load.cpu_seconds(proc.pid) - cpu0
        done.set()
        watchers.join(60)
        with open(out) as f:
            w = json.load(f)
        errors += ["organiser: " + line for line in server_errors(db_path).splitlines()
                   if line.startswith(("ERROR", "Traceback"))]
        return report(a, wall, lat, errors, acks, w, lags, inner)
    finally:
        if watchers is not None and watchers.is_alive():
            watchers.kill()
        load.stop(proc)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
