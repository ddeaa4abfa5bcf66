"""Driving the organiser's own scoring (replay.py) off the event loop.

An upload is acknowledged once its records are committed, as before; then its journal
is marked for scoring and a worker process replays what is new through the table engine
(CPU-bound: a process of its own, so neither the event loop nor the uploads wait for
it).  What the replay gives is stored in the shared write transaction: the `replayed`
row of each record (status, the organiser's payments, result, state) and, on the record
itself, what counts (payments; hand number, dealer, streak, wind, over of the
organiser's state).  A journal marked again while it is replayed is replayed again
after; a director's correction awaits its journal's new scoring, so the pages show it
at once."""

import asyncio
import json
import sys
import threading

from organiser.scoring import replay
from organiser.event import tournament

BATCH = 64          # journals scored in one call to the worker and stored in one commit
RETRIES = 3         # tries in a row that fail before the journals wait for their next upload


class Scoring:
    def __init__(self, db, commits, broker, kind="process", engine=None, results=None):
        self.db, self.commits, self.broker = db, commits, broker
        # results(con, journals): the scored journals' games stored, in the transaction
        # that stores their records (organiser.results.gameresults.refresh, given by the
        # application: the results' room is above this one)
        self.results = results
        self.kind = kind                # process; off: no scoring (the benchmark's reference)
        self.engine = engine or replay.Engine()
        self.dirty = {}          # (device, journal) -> [futures waiting for its scoring]
        self.task = None
        self.running = False
        self.failures = 0        # tries in a row that failed
        self.seen = None         # the last correction whose journal was marked again
        self.lock = threading.Lock()

    def mark(self, device, journal):
        """Score the journal's new records soon; a future done once they are stored."""
        fut = asyncio.get_running_loop().create_future()
        if self.kind == "off":          # (the load benchmark's reference figure only)
            fut.set_result(0)
            return fut
        self.dirty.setdefault((device, journal), []).append(fut)
        if self.task is None:
            self.task = asyncio.ensure_future(self._drain())
        return fut

    def mark_all(self):
        """Every journal scored again, from its first record (the event's ruleset or
        settings changed, and the replay's fingerprint with them: a record held over a
        bound the director has since raised counts)."""
        with self.db.read() as con:
            keys = con.execute("SELECT device, journal FROM journals").fetchall()
        return [self.mark(d, j) for d, j in keys]

    async def rescore(self, device, journal):
        await self.mark(device, journal)

    @property
    def busy(self):
        return bool(self.dirty) or self.running

    def _touched(self):
        """The journals that corrections appended since the last look touch."""
        with self.lock, self.db.read() as con:
            if self.seen is None:
                self.seen = con.execute("SELECT COALESCE(MAX(id), 0) FROM corrections"
                                        ).fetchone()[0]
                return []
            got = con.execute("SELECT id, kind, target FROM corrections WHERE id > ? "
                              "ORDER BY id", (self.seen,)).fetchall()
            keys = set()
            for cid, kind, target in got:
                self.seen = cid
                target = target if isinstance(target, str) else ""
                if target.startswith("session:"):
                    try:
                        sid = int(target.split(":", 1)[1])
                    except ValueError:
                        continue
                    r = con.execute("SELECT device, journal FROM sessions WHERE id = ?",
                                    (sid,)).fetchone()
                    if r:
                        keys.add((r[0], r[1]))
                else:
                    parts = target.rsplit("/", 2)
                    if len(parts) == 3:
                        keys.add((parts[0], parts[1]))
        return sorted(keys)

    async def settle_corrections(self):
        """Re-derive what the latest corrections touch (accepting or correcting a record
        re-derives the hands after it); return once it is stored."""
        for f in [self.mark(d, j) for d, j in self._touched()]:
            await f

    def catch_up(self):
        """At start: the worker started (its engine imported before the first upload
        needs it), and every journal with records the organiser has not scored yet."""
        if self.kind == "off":
            return
        self.engine.start()
        self._touched()
        if self.results is not None:        # an older database: its games stored now
            with self.db.write() as con:
                self.results(con, ())
        with self.db.read() as con:
            keys = con.execute(
                "SELECT DISTINCT r.device, r.journal FROM records r JOIN journals j ON "
                "j.device = r.device AND j.journal = r.journal WHERE r.seq <= j.acked AND "
                "NOT EXISTS (SELECT 1 FROM replayed x WHERE x.device = r.device AND "
                "x.journal = r.journal AND x.seq = r.seq)").fetchall()
        for d, j in keys:
            self.mark(d, j)

    async def _drain(self):
        loop = asyncio.get_running_loop()
        try:
            while self.dirty:
                # every journal marked meanwhile, in one call and one commit: under load a
                # batch holds many uploads' journals
                # stored in one order (another organiser process on the same PostgreSQL
                # database storing some of the same journals takes their rows in the
                # same order: no deadlock between the two)
                keys = sorted(list(self.dirty)[:BATCH])
                futs = {k: self.dirty.pop(k) for k in keys}
                self.running = True
                try:
                    got = await loop.run_in_executor(None, self.engine.replay_journals,
                                                     self.db.path, keys)
                    done = await self.commits.run(
                        lambda con: store_all(con, keys, got, self.results))
                except Exception as e:
                    # a worker that died, a database busy beyond its timeout: a new worker
                    # (its engines replay the journals from their start) and another try
                    # a moment later; after a few, the journals wait for their next upload
                    sys.stderr.write("organiser scoring: %r\n" % (e,))
                    self.engine.forget(keys)
                    self.failures += 1
                    for k, fs in futs.items():
                        if self.failures <= RETRIES:
                            self.dirty.setdefault(k, []).extend(fs)
                        else:
                            for f in fs:
                                if not f.done():
                                    f.set_result(None)
                    if self.failures > RETRIES:
                        self.failures = 0
                    await asyncio.sleep(0.5)
                    continue
                finally:
                    self.running = False
                self.failures = 0
                moved = False
                for k, g, closed in zip(keys, got, done):
                    if closed is None:              # scored before a correction: once more
                        self.dirty.setdefault(k, []).extend(futs[k])
                        continue
                    moved = moved or bool(g["rows"]) or closed
                    for f in futs[k]:
                        if not f.done():
                            f.set_result(len(g["rows"]))
                if moved:
                    self.broker.publish("standings", {"scored": len(keys)})
        finally:
            self.task = None

    def close(self):
        task, self.task = self.task, None
        if task is not None:
            task.cancel()
        self.engine.close()


def store_all(con, keys, got, results=None):
    """store() of each journal scored together: what they all depend on read once (each
    read a round trip to a PostgreSQL server); then results(con, the journals stored):
    their games' results stored beside them."""
    fp = tuple(replay.fingerprint(con))
    closes = tournament.closes_rounds(con)
    done = [store(con, k, g, fp, closes) for k, g in zip(keys, got)]
    if results is not None:
        results(con, [k for k, d in zip(keys, done) if d is not None])
    return done


def store(con, key, got, fp=None, closes=True):
    """Store a journal's scored rows (in the shared transaction); True if the open round
    closed (its tables have played the event's hands, as the organiser counts them);
    None, storing nothing, if a correction or the event's settings changed since the
    rows were scored (they are scored again).  fp: the fingerprint now, if read already;
    closes: False if the event closes no round by itself (nothing to check)."""
    device, journal = key
    if tuple(got["fingerprint"]) != (fp if fp is not None else tuple(replay.fingerprint(con))):
        return None
    rows = got["rows"]
    for r in rows:
        detail = {"result": r["result"], "settlement": r["settlement"]}
        # where the hand was played: its number in the game, the prevailing wind, each
        # seat's wind (the hand log, the exports and a referee's naming of a hand)
        for k in ("hand_no_at", "wind_at", "winds"):
            if k in r:
                detail[k] = r[k]
        con.execute("INSERT OR REPLACE INTO replayed (device, journal, seq, status, organiser, "
                    "error, detail, state) VALUES (?,?,?,?,?,?,?,?)",
                    (device, journal, r["seq"], r["status"],
                     json.dumps(r["organiser"]) if r["organiser"] is not None else None,
                     r["error"], json.dumps(detail, ensure_ascii=False),
                     json.dumps(r["state"]) if r["state"] is not None
                     else None))
        con.execute("UPDATE records SET payments = ?, hand_no = ?, dealer = ?, streak = ?, "
                    "round = ?, over = ? WHERE device = ? AND journal = ? AND seq = ?",
                    (json.dumps(r["counted"]) if r["counted"] is not None else None,
                     r["hand_no"], r["dealer"], r["streak"], r["round"], r["over"],
                     device, journal, r["seq"]))
    if not rows or not closes:
        return False
    dev = con.execute("SELECT table_no FROM devices WHERE id = ?", (device,)).fetchone()
    return tournament.autoclose(con, dev[0] if dev else None)
