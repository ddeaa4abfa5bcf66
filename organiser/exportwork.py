"""Exports and the standings' JSON within bounds, whoever asks and however many at once.

A whole event's hands are megabytes of JSON (8.5 MB for 8 tables x 56 rounds of 16-hand
games) and hundreds of thousands of Python objects while they are built.  Built on each
request, twenty anonymous readers at once took the organiser from 100 MB to 1.3 GB.  So:

- each answer is built once per change of the data, as bytes, and every reader until
  the next change is given those bytes (`Held`): the event's change announcements (the
  broker's, which every upload, scoring and director's change makes) end a result's
  life; a result is also built again after MAX_AGE at most (a change another process
  announced and this one missed);
- after a change a result is rebuilt at most once every max(MIN_GAP, GAP_FACTOR x the
  time it took): meanwhile readers get the one before (the data of a few seconds ago);
- AT_ONCE builds run at a time in the whole process, whatever the export: the others
  wait for theirs;
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

AT_ONCE = 1
HELD_BYTES = 48 << 20
MIN_GAP = 2.0
GAP_FACTOR = 5
MAX_AGE = 30.0


def dumps(v):
    """As Starlette's JSONResponse renders content."""
    return json.dumps(v, ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":")).encode("utf-8")


class Held:
    def __init__(self, at_once=AT_ONCE, held_bytes=HELD_BYTES):
        self.version = 0
        self.held = collections.OrderedDict()   # key: (version, built at, took, bytes)
        self.size = 0
        self.keys = {}                          # key: the lock of whoever builds it
        self.lock = threading.Lock()
        self.work = threading.BoundedSemaphore(at_once)
        self.held_bytes = held_bytes
        self.builds = 0

    def changed(self):
        self.version += 1

    def _usable(self, hit):
        if hit is None:
            return False
        version, at, took, _ = hit
        age = time.monotonic() - at
        if age >= MAX_AGE:
            return False
        return version == self.version or age < max(MIN_GAP, GAP_FACTOR * took)

    def get(self, key, build):
        """The bytes of build() for key: held, or built now (one builder a key, AT_ONCE
        builders in all; the others wait for it)."""
        hit = self.held.get(key)
        if self._usable(hit):
            return hit[3]
        with self.lock:
            mine = self.keys.setdefault(key, threading.Lock())
        with mine:
            hit = self.held.get(key)
            if self._usable(hit):
                return hit[3]           # built while this reader waited
            version = self.version
            with self.work:
                start = time.monotonic()
                value = build()
                end = time.monotonic()
                self.builds += 1
            self._keep(key, (version, end, end - start, value))
            return value

    def _keep(self, key, entry):
        with self.lock:
            old = self.held.pop(key, None)
            if old is not None:
                self.size -= len(old[3])
            if len(entry[3]) > self.held_bytes:
                return                  # larger than the whole bound: given, not held
            self.held[key] = entry
            self.size += len(entry[3])
            while self.size > self.held_bytes:
                _, gone = self.held.popitem(last=False)
                self.size -= len(gone[3])


def setup(app):
    """The application's Held, told of every change the broker announces."""
    held = app.state.exports_held = Held()
    broker = app.state.broker
    publish = broker.publish

    def publish_and_note(topic, data=None):
        held.changed()
        publish(topic, data)
    broker.publish = publish_and_note
    return held


def hands_json(con, tround, each_hand):
    """{"tround_id": ..., "hands": [...]} written a game at a time."""
    out = [b'{"tround_id":', dumps(tround), b',"hands":[']
    first = True
    for h in each_hand(con, tround):
        if not first:
            out.append(b",")
        out.append(dumps(h))
        first = False
    out.append(b"]}")
    return b"".join(out)


def rows_csv(columns, rows, cell):
    """CSV text of rows (dicts), written a row at a time, as UTF-8 bytes; cell: each
    value as the export writes it."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, columns, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for it in rows:
        w.writerow({k: cell(v) for k, v in it.items()})
    return buf.getvalue().encode("utf-8")
