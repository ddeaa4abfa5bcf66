"""Exports and the standings' JSON within bounds, whoever asks and however many at once.

A whole event's hands are megabytes of JSON (8.5 MB for 8 tables x 56 rounds of 16-hand
games) and hundreds of thousands of Python objects while they are built.  Built on each
request, twenty anonymous readers at once took the organiser from 100 MB to 1.3 GB.  So:

- each answer is built once per change of the data, as bytes, and every reader until
  the next change is given those bytes (`Held`): the event's change announcements (the
  broker's, which every upload, scoring and director's change makes) end a result's
  life; a result is also built again after MAX_AGE at most (a change another process
  announced and this one missed).  A reader is given data at least as new as its
  request: readers that arrive while it is built wait for that build, not one each;
- HEAVY builds (the hands) run AT_ONCE at a time in the whole process, the light ones
  (standings, the EMA file) LIGHT_AT_ONCE, so a standings' reader never waits behind a
  whole event's hands.  They run on threads of their own (`builders`), not on the
  reader's: each thread reads the database with its own connection and allocates from
  its own malloc arena, and builds made by whichever of forty request threads came
  first left many page caches and arenas of a whole event's freed rows behind (the
  organiser's peak RSS under twenty readers: 1.9x its idle; 1.15x on builder threads,
  docs/bench.md);
- the hands are written one game at a time (`queries.each_hand`), never held as one list
  of rows: a build holds one game's rows and the bytes written so far;
- the results held are bounded in bytes (HELD_BYTES, the least recently used dropped).

The bytes are the ones JSONResponse would have sent (the same separators, UTF-8)."""

import collections
import csv
import io
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from starlette.responses import Response, StreamingResponse

AT_ONCE = 1
LIGHT_AT_ONCE = 2
HELD_BYTES = 48 << 20
MAX_AGE = 30.0


CHUNK = 64 << 10


def response(data, media_type, headers=None):
    """An answer of held bytes: a large one sent a CHUNK at a time as the reader takes it
    (each chunk a view of the one held copy), so that twenty slow readers do not hold
    twenty copies in the server's send buffers."""
    if len(data) <= 4 * CHUNK:
        return Response(data, media_type=media_type, headers=headers)
    view = memoryview(data)

    async def chunks():
        for i in range(0, len(view), CHUNK):
            yield view[i:i + CHUNK]
    return StreamingResponse(chunks(), media_type=media_type, headers=dict(
        headers or {}, **{"Content-Length": str(len(data))}))


def dumps(v):
    """As Starlette's JSONResponse renders content."""
    return json.dumps(v, ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":")).encode("utf-8")


class Held:
    def __init__(self, at_once=AT_ONCE, light_at_once=LIGHT_AT_ONCE, held_bytes=HELD_BYTES):
        self.version = 0
        self.held = collections.OrderedDict()   # key: (version, built at, bytes)
        self.size = 0
        self.keys = {}                          # key: the lock of whoever builds it
        self.lock = threading.Lock()
        self.at_once = {True: at_once, False: light_at_once}
        self.work = self._builders()
        self.held_bytes = held_bytes
        self.builds = 0

    def changed(self):
        self.version += 1

    def _usable(self, hit, since):
        """A result of data no older than version `since`, and not past MAX_AGE."""
        return (hit is not None and hit[0] >= since
                and time.monotonic() - hit[1] < MAX_AGE)

    def get(self, key, build, heavy=False):
        """The bytes of build() for key: held, or built now (one builder a key; AT_ONCE
        heavy and LIGHT_AT_ONCE light builders in all; the others wait for theirs)."""
        since = self.version
        hit = self.held.get(key)
        if self._usable(hit, since):
            return hit[2]
        with self.lock:
            mine = self.keys.setdefault(key, threading.Lock())
        with mine:
            hit = self.held.get(key)
            if self._usable(hit, since):
                return hit[2]           # built while this reader waited
            version, value = self.work[heavy].submit(self._build, build).result()
            self.builds += 1
            self._keep(key, (version, time.monotonic(), value))
            return value

    def _build(self, build):
        """On a builder's thread: (the version it starts from, build())."""
        version = self.version
        return version, build()

    def _builders(self):
        """The builders' threads (started at the first build)."""
        return {heavy: ThreadPoolExecutor(n, "export-" + ("heavy" if heavy else "light"))
                for heavy, n in self.at_once.items()}

    def close(self):
        """The builders' threads ended (the application's shutdown); new ones if it
        serves again."""
        old, self.work = self.work, self._builders()
        for pool in old.values():
            pool.shutdown(wait=False)

    def _keep(self, key, entry):
        with self.lock:
            old = self.held.pop(key, None)
            if old is not None:
                self.size -= len(old[2])
            if len(entry[2]) > self.held_bytes:
                return                  # larger than the whole bound: given, not held
            self.held[key] = entry
            self.size += len(entry[2])
            while self.size > self.held_bytes:
                _, gone = self.held.popitem(last=False)
                self.size -= len(gone[2])


def setup(app):
    """The application's Held, told of every change the broker announces."""
    held = app.state.exports_held = Held()
    app.state.broker.watch(lambda topic, data: held.changed())     # a subscriber of its
    return held


def hands_json(con, tround, each_hand):
    """{"tround_id": ..., "hands": [...]} written a game at a time."""
    out = io.BytesIO()          # one growing buffer: its bytes handed over, not joined
    out.write(b'{"tround_id":' + dumps(tround) + b',"hands":[')
    first = True
    for h in each_hand(con, tround):
        if not first:
            out.write(b",")
        out.write(dumps(h))
        first = False
    out.write(b"]}")
    return out.getvalue()


def rows_csv(columns, rows, cell):
    """CSV text of rows (dicts), written a row at a time, as UTF-8 bytes; cell: each
    value as the export writes it."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, columns, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for it in rows:
        w.writerow({k: cell(v) for k, v in it.items()})
    return buf.getvalue().encode("utf-8")
