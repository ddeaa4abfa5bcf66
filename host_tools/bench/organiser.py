"""`make bench-organiser`: the organiser under a venue's upload load, on loopback.

200 devices (asyncio clients signing like the firmware: HMAC-SHA256 of the raw body under
each device's secret, one new connection per request as a device makes it) each upload
60 records, one every 0.5-1 s with jitter, to the organiser served by uvicorn in a
subprocess on 127.0.0.1 with a fresh SQLite database.  The records are real journal
records of the table engine (a few long sessions, each device under its own journal id).
Two pages read the standings and the table grid every 2 s meanwhile (--watchers).
Prints throughput, upload latency (p50 / p99 / max; target p99 <= 50 ms), the time inside
the upload handler, the pages' read times, and checks that every record arrived exactly
once.  Run twice: with the organiser's own replay scoring of every journal (a worker
process; how long after the last upload every record is scored, none held as disputed)
and without it, the two latencies printed side by side.  Then once more on PostgreSQL (a
private server from Debian's packages, as the tests start it) with two organiser
processes on the one port (--workers 2): its figures beside SQLite's; on two cores they
show the cost of the second engine, not scaling.  Bounded: 3 x 12,000 uploads, about
three minutes (--engines sqlite: the first two only; --engines postgresql: the third
only)."""

import argparse
import asyncio
import hashlib
import hmac
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from host_tools import paths

DEVICES = 200
HANDS = 60
RULES = "hk"                   # no end of game: a session as long as the bench needs
SESSIONS = 4                   # distinct real sessions, shared out among the devices


def real_records(n_sessions, n):
    """n_sessions journals of at least n records each, from the table engine on CPython."""
    sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
    from organiser_fixtures import play, session_events
    out = []
    for s in range(n_sessions):
        seed, recs = 1000 * s, []
        while len(recs) < n:
            seed += 1
            recs = play(session_events(RULES, seed=seed, n=3 * n))
        out.append(recs[:n])
    return out


def setup(db_path, n_devices):
    """An event with n_devices tables, each with its device, seated, round open."""
    from organiser.event import tournament
    from organiser.store.db import Database
    db = Database(db_path)
    devices = []
    with db.write() as con:
        tournament.set_event(con, name="Bench", rules=RULES)
        ids = [tournament.add_player(con, "P%04d" % i) for i in range(4 * n_devices)]
        t = tournament.add_tround(con)
        seats = {}
        for no in range(1, n_devices + 1):
            tournament.add_table(con, no)
            devices.append(tournament.register_device(con, no, device_id="bench%03d" % no))
            seats[no] = ids[4 * (no - 1):4 * no]
        tournament.set_seating(con, t, seats)
        tournament.open_round(con, t)
    db.close()
    return devices


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


async def post(port, path, body, secret):
    """One signed POST on a new connection: (status, answer dict, the server's own time
    from its Server-Timing header or None)."""
    sig = hmac.new(bytes.fromhex(secret), body, hashlib.sha256).hexdigest()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(("POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      "Content-Length: %d\r\nX-Signature: %s\r\nConnection: close\r\n\r\n"
                      % (path, len(body), sig)).encode() + body)
        await writer.drain()
        data = await reader.read()
    finally:
        writer.close()
    head, _, payload = data.partition(b"\r\n\r\n")
    inside = None
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"server-timing:") and b"dur=" in line:
            inside = float(line.split(b"dur=")[1]) / 1000
    return int(head.split(b" ", 2)[1]), json.loads(payload), inside


async def device(port, dev_id, secret, journal, recs, lat, inner, errors, rng):
    acked = 0
    for i in range(len(recs)):
        await asyncio.sleep(rng.uniform(0.5, 1.0))
        batch = recs[acked:i + 1]
        body = json.dumps({"device": dev_id, "journal": journal, "records": batch},
                          separators=(",", ":")).encode()
        t = time.perf_counter()
        try:
            status, ans, inside = await post(port, "/api/v1/upload", body, secret)
        except OSError as e:
            errors.append("%s: %s" % (dev_id, e))
            continue
        lat.append(time.perf_counter() - t)
        if inside is not None:
            inner.append(inside)
        if status == 200:
            acked = ans["acked"]
        else:
            errors.append("%s: %d %s" % (dev_id, status, ans))
    return acked


def run(coro):
    """asyncio.run, on uvloop where it is installed (as the server runs)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


def stop(proc):
    """An organiser process the bench started, stopped (killed if it does not stop)."""
    if proc is not None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def cpu_seconds(pid, children=False):
    """User + system CPU time of a process (Linux /proc); with children, of the worker
    processes it started too."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    t = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    if children:
        try:
            with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
                kids = [int(k) for k in f.read().split()]
        except OSError:
            kids = []
        for k in kids:
            try:
                t += cpu_seconds(k)
            except OSError:
                pass
    return t


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


async def get(port, path):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                      % path).encode())
        await writer.drain()
        data = await reader.read()
    finally:
        writer.close()
    return int(data.split(b" ", 2)[1])


async def watcher(port, times, errors, stop, every=2.0):
    """A director's or projector's page: the standings and the table grid every few
    seconds while the devices upload."""
    while not stop.is_set():
        for path in ("/api/v1/standings", "/api/v1/tables"):
            t = time.perf_counter()
            status = await get(port, path)
            times.append(time.perf_counter() - t)
            if status != 200:
                errors.append("%s: %d" % (path, status))
        try:
            await asyncio.wait_for(stop.wait(), every)
        except asyncio.TimeoutError:
            pass


async def loop_lag(lags, stop):
    """How late the client's own event loop wakes (its share of a latency figure)."""
    while not stop.is_set():
        t = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(time.perf_counter() - t - 0.01)


async def load(port, devices, sessions, seed, watchers):
    rng = random.Random(seed)
    lat, inner, errors, lags, reads = [], [], [], [], []
    stop = asyncio.Event()
    lagger = asyncio.ensure_future(loop_lag(lags, stop))
    watching = [asyncio.ensure_future(watcher(port, reads, errors, stop))
                for _ in range(watchers)]
    jobs = []
    for k, (dev_id, secret) in enumerate(devices):
        journal = "%016x" % rng.getrandbits(64)
        jobs.append(device(port, dev_id, secret, journal, sessions[k % len(sessions)], lat,
                           inner, errors, random.Random(rng.random())))
    t = time.perf_counter()
    acks = await asyncio.gather(*jobs)
    wall = time.perf_counter() - t
    stop.set()
    await lagger
    await asyncio.gather(*watching)
    return wall, lat, inner, errors, acks, lags, reads


# The organiser without its own scoring (replay.py): the figure the scoring is compared to.
NO_SCORING = ("import sys, uvicorn; from organiser.app import create_app; "
              "uvicorn.run(create_app(sys.argv[1], sync=sys.argv[3], scoring='off'), "
              "host='127.0.0.1', port=int(sys.argv[2]), log_level='warning')")


def wait_scored(port, timeout=600):
    """Seconds until the organiser has scored every acknowledged upload, and its
    /api/v1/scoring answer then."""
    t0 = time.time()
    while time.time() - t0 < timeout:
        with urllib.request.urlopen("http://127.0.0.1:%d/api/v1/scoring" % port,
                                    timeout=10) as r:
            got = json.loads(r.read())
        if not got["busy"]:
            return time.time() - t0, got
        time.sleep(0.05)
    return None, {}


def replayed_count(db_path):
    from organiser.store.db import Database
    db = Database(db_path)
    try:
        with db.read() as con:
            return con.execute("SELECT COUNT(*) FROM replayed").fetchone()[0]
    finally:
        db.close()


def one_load(a, sessions, scoring, pg=None, workers=1):
    """One run against a fresh organiser (a SQLite file, or a new database on the
    PostgreSQL server pg, served by `workers` processes): prints its figures, returns
    (p50, p99) in ms."""
    folder = tempfile.mkdtemp(prefix="bench-organiser-")
    db_path = pg.new_database() if pg else os.path.join(folder, "organiser.db")
    proc = None
    tag = "organiser load (%s)" % ("replay scoring" if scoring else "no replay scoring")
    if pg:
        tag = "organiser load (PostgreSQL, %d processes, replay scoring)" % workers
    try:
        devices = setup(db_path, a.devices)
        port = free_port()
        cmd = [sys.executable, "-m", "organiser", "--db", db_path, "--host", "127.0.0.1",
               "--port", str(port), "--sync", a.sync, "--workers", str(workers)]
        if not scoring:
            cmd = [sys.executable, "-c", NO_SCORING, db_path, str(port), a.sync]
        if os.environ.get("BENCH_SERVER"):          # another server script: SCRIPT DB PORT
            cmd = [sys.executable, os.environ["BENCH_SERVER"], db_path, str(port)]
        proc = subprocess.Popen(cmd, cwd=paths.ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(200):
            try:
                urllib.request.urlopen("http://127.0.0.1:%d/api/v1/tables" % port, timeout=1)
                break
            except OSError:
                if proc.poll() is not None:
                    sys.exit("organiser did not start: " + proc.stderr.read().decode()[-2000:])
                time.sleep(0.1)
        if scoring:
            wait_scored(port)                       # the scoring worker up
        cpu0 = cpu_seconds(proc.pid, workers > 1)
        wall, lat, inner, errors, acks, lags, reads = run(
            load(port, devices, sessions, a.seed, a.watchers))
        cpu = cpu_seconds(proc.pid, workers > 1) - cpu0
        lag, scored = wait_scored(port) if scoring else (None, {})
        if workers > 1:         # each process scores what it took: until every row is in
            t0 = time.time() - (lag or 0)
            while replayed_count(db_path) < a.devices * a.hands and time.time() - t0 < 600:
                time.sleep(0.1)
            lag = time.time() - t0
        proc.terminate()
        proc.wait(10)
        sys.stderr.write(proc.stderr.read().decode()[-2000:])
        proc = None
        from organiser.store.db import Database
        db = Database(db_path)
        with db.read() as con:
            held = con.execute("SELECT COUNT(*) FROM records").fetchone()[0]
            journals = con.execute("SELECT COUNT(*), MIN(acked), MAX(acked) FROM journals"
                                   ).fetchone()
            refused = con.execute("SELECT COUNT(*) FROM refused").fetchone()[0]
            replayed = con.execute("SELECT COUNT(*) FROM replayed").fetchone()[0]
        db.close()
        want = a.devices * a.hands
        p50, p99 = pct(lat, 50) * 1000, pct(lat, 99) * 1000
        print("%s (--sync %s): %d devices x %d records, %d uploads in %.1f s: "
              "%.0f uploads/s" % (tag, a.sync, a.devices, a.hands, len(lat), wall,
                                  len(lat) / wall))
        print("%s: server CPU %.2f ms per upload (%.0f%% of one core; the scoring workers' "
              "and PostgreSQL's own processes not counted)" % (tag, cpu / max(1, len(lat)) * 1000,
                                            100 * cpu / wall))
        print("%s: upload latency p50 %.1f ms, p99 %.1f ms, max %.1f ms "
              "(target p99 <= 50 ms: %s)" % (tag, p50, p99, max(lat) * 1000,
                                             "met" if p99 <= 50 else "MISSED"))
        if inner:
            print("%s: inside the upload handler (verify, store, commit to disk): "
                  "p50 %.1f ms, p99 %.1f ms" % (tag, pct(inner, 50) * 1000,
                                                pct(inner, 99) * 1000))
        if reads:
            print("%s: %d pages reading standings and grid meanwhile: p50 %.1f ms, "
                  "p99 %.1f ms per read" % (tag, a.watchers, pct(reads, 50) * 1000,
                                            pct(reads, 99) * 1000))
        print("%s: the client's own loop lag p50 %.1f ms, p99 %.1f ms (part of the "
              "latencies above; machine load average %.1f)"
              % (tag, pct(lags, 50) * 1000, pct(lags, 99) * 1000, os.getloadavg()[0]))
        if scoring:
            print("%s: every record scored by the organiser %.1f s after the last upload "
                  "(%d of %d rows, %d held as disputed)" % (
                      tag, lag if lag is not None else -1, replayed, want,
                      scored.get("disputed", -1)))
        print("%s: records held %d of %d, journals %d (acked %d..%d), "
              "refused %d, client errors %d" % (tag, held, want, journals[0], journals[1] or 0,
                                                journals[2] or 0, refused, len(errors)))
        lost = held != want or journals[1] != a.hands or any(x != a.hands for x in acks)
        if errors:
            print("\n".join(errors[:10]))
        if lost or refused:
            sys.exit("organiser load: records lost or refused")
        if scoring and (replayed != want or scored.get("disputed")):
            sys.exit("organiser load: records not scored, or real records held as disputed")
        print("%s: nothing lost" % tag, flush=True)
        return p50, p99
    finally:
        if proc is not None:
            proc.kill()
        shutil.rmtree(folder, ignore_errors=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--devices", type=int, default=DEVICES)
    ap.add_argument("--hands", type=int, default=HANDS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--watchers", type=int, default=2,
                    help="pages reading the standings and the table grid every 2 s meanwhile")
    ap.add_argument("--sync", choices=("full", "normal"), default="full",
                    help="the organiser's --sync (full: an fsync before each ack)")
    ap.add_argument("--engines", choices=("sqlite", "both", "postgresql"), default="both",
                    help="both: a third run on PostgreSQL with two organiser processes; "
                         "postgresql: that run only")
    a = ap.parse_args(argv)
    print("organiser load: generating %d real %s sessions of %d records ..."
          % (SESSIONS, RULES, a.hands), flush=True)
    sessions = real_records(SESSIONS, a.hands)
    if a.engines == "postgresql":
        with_ = None
    else:
        without = one_load(a, sessions, False)
        with_ = one_load(a, sessions, True)
        print("organiser load: upload latency p50 / p99 at %d devices: %.1f / %.1f ms with the "
              "organiser's replay scoring, %.1f / %.1f ms without (target p99 <= 50 ms: %s)"
              % (a.devices, with_[0], with_[1], without[0], without[1],
                 "met" if with_[1] <= 50 else "MISSED"))
    if a.engines != "sqlite":
        from pgserver import PostgresServer         # tests/ (real_records put it on the path)
        pg = PostgresServer(durable=True).start()
        try:
            two = one_load(a, sessions, True, pg=pg, workers=2)
        finally:
            pg.stop()
        if with_ is not None:
            print("organiser load: upload latency p50 / p99 at %d devices with the replay "
                  "scoring: SQLite one process %.1f / %.1f ms, PostgreSQL two processes "
                  "%.1f / %.1f ms (correctness gate: every record once, every one scored)"
                  % (a.devices, with_[0], with_[1], two[0], two[1]))


if __name__ == "__main__":
    main()
