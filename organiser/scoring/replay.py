"""The organiser's own scoring, its side: what a journal's replay needs, read from the
database, sent to the table engine's process, and what comes back.

A device's records are evidence, not truth: the table engine the boards run replays what
was entered, in a process of its own (`python -m host_tools.replay`, started here at
`nice` 10; the organiser imports nothing of the firmware or the host's tools, it speaks
JSON lines with that process).  The engine keeps each journal's state between requests,
so only the records it has not seen are read and sent; a director's correction or a
change of the event's ruleset or settings changes the fingerprint, and the journal is
sent again from its first record.  A process that dies is started again, and the
journals are sent again whole.

A record must not stall the scoring: an answer that does not come within the timeout
(TIMEOUT seconds a request, RECORD_SECONDS more for each record in it), or a process
that ends while it works, stops the process.  The journal is then sent again one record
a request from its start to a new process, and the record it hangs on (or ends the
process on) again is held: disputed, with the reason "engine timeout" (or "engine
stopped"), never shown to the engine again (a director's amended event is tried once
more); the replay goes on past it from the organiser's state before it.

Record status (host_tools/replay.py): ok, disputed, refused, late, corrected."""

import json
import os
import queue
import subprocess
import sys
import threading

from organiser.event import binding
from organiser.store import db, stored
from organiser.store.record_model import MAX_PAYMENT

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMMAND = (sys.executable, "-m", "host_tools.replay")
TIMEOUT = 10.0              # seconds for one request's answer...
RECORD_SECONDS = 0.05       # ...and this more for each record in it (a hand takes ms)
START_TIMEOUT = 120.0       # for a new process to import the engine and say it is ready
TIMED_OUT = "engine timeout"
STOPPED = "engine stopped"
HELD_REASONS = (TIMED_OUT, STOPPED)


class EngineDied(Exception):
    pass


class EngineStuck(EngineDied):
    """No answer in time (reason TIMED_OUT), or the process ended while it worked
    (STOPPED): the process is stopped already."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


class Engine:
    """The table engine's process and what it holds: {journal key: (fingerprint, last
    seq replayed)}; the records held from it ({journal key: {seq: (reason, the id of
    the record's correction then)}}).  One request at a time (a lock): the scoring's
    thread and a director's correction may both ask."""

    def __init__(self, command=COMMAND, timeout=TIMEOUT):
        self.command = list(command)
        self.timeout = timeout
        self.proc = None
        self.answers = None         # the lines the process writes (read by a thread)
        self.ready = False
        self.held = {}
        self.hung = {}
        self.restarts = 0           # processes stopped for a timeout or an end mid-request
        self.lock = threading.Lock()

    def _start(self):
        self.proc = subprocess.Popen(self.command, cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, encoding="utf-8",
                                     bufsize=1)
        self.answers = queue.Queue()
        # a thread per process reads its answers, so that waiting for one can time out
        threading.Thread(target=_read_lines, args=(self.proc.stdout, self.answers),
                         daemon=True).start()
        self.ready = False          # its first line says the engine is imported
        self.held = {}

    def _wait_ready(self):
        """The process's first line, once its engine is imported: a slow start (a busy
        machine) is not a record's fault, and is not counted in a request's time."""
        try:
            line = self.answers.get(timeout=START_TIMEOUT)
        except queue.Empty:
            line = ""
        try:
            ready = bool(line) and json.loads(line).get("ready") is True
        except (ValueError, AttributeError):
            ready = False
        if not ready:
            self._stop()
            raise EngineDied("the table engine's process did not start")
        self.ready = True

    def start(self):
        with self.lock:
            if self.proc is None or self.proc.poll() is not None:
                self._start()

    def _ask(self, req):
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        if not self.ready:
            self._wait_ready()
        try:
            self.proc.stdin.write(json.dumps(req, ensure_ascii=False) + "\n")
            self.proc.stdin.flush()
            line = self.answers.get(
                timeout=self.timeout + RECORD_SECONDS * len(req.get("records", ())))
        except (OSError, ValueError):
            line = ""
        except queue.Empty:
            self._stop()
            self.restarts += 1
            raise EngineStuck(TIMED_OUT)
        if not line:
            self._stop()
            self.restarts += 1
            raise EngineStuck(STOPPED)
        return json.loads(line)

    def _stop(self):
        if self.proc is not None:
            try:
                self.proc.kill()
                self.proc.wait(5)
            except (OSError, subprocess.TimeoutExpired):
                pass
            for f in (self.proc.stdin, self.proc.stdout):
                try:
                    f.close()
                except (OSError, ValueError):
                    pass
        self.proc = None
        self.held = {}

    def close(self):
        with self.lock:
            self._stop()

    def check(self, req):
        """One request answered apart from the journals' scoring (a paper sheet's hand
        tried before it is written: organiser.scoring.papercheck)."""
        with self.lock:
            return self._ask(req)

    def forget(self, keys):
        """The scoring could not store these journals' rows: they are replayed from their
        start next time (the process's state of them ran ahead of what is stored).  No
        lock: called on the event loop, which must not wait for a replay (a dict's pop is
        atomic)."""
        for d, j in keys:
            self.held.pop("%s/%s" % (d, j), None)

    def replay_journals(self, db_path, keys):
        """Replay each (device, journal) of keys, from one snapshot of the database:
        [{"fingerprint", "rows"}] for organiser.scoring.scoring to store."""
        with self.lock:
            con = db.snapshot(db_path)          # one snapshot for every read below
            try:
                fp = fingerprint(con)
                return [self._journal(con, fp, d, j) for d, j in keys]
            finally:
                con.close()

    def _journal(self, con, fp, device, journal):
        key = "%s/%s" % (device, journal)
        for _ in range(MAX_HELD):
            try:
                return self._replay(con, fp, device, journal, key)
            except EngineStuck:
                found = self._culprit(con, fp, device, journal, key)
                if isinstance(found, list):     # it did not stall again: its whole replay
                    return {"fingerprint": fp, "rows": found}
                if found is None:
                    raise EngineDied("the table engine does not answer for %s" % key)
                seq, reason = found
                corr = _hand_corrections(con, device, journal).get(seq)
                self.hung.setdefault(key, {})[seq] = (reason, corr["id"] if corr else None)
        raise EngineDied("the table engine stalls on more than %d records of %s"
                         % (MAX_HELD, key))

    def _holds(self, con, device, journal, key, stored_too=True):
        """{seq: reason} of the journal's records kept from the engine: found here, or
        by the scoring before (stored); an event the director amended since is tried."""
        mine = self.hung.get(key, {})
        if not mine and not stored_too:
            return {}
        corr = _hand_corrections(con, device, journal)
        out = {}
        for seq, err in () if not stored_too else con.execute(
                "SELECT seq, error FROM replayed WHERE device = ? AND journal = ? AND "
                "error IN (%s)" % ",".join("?" * len(HELD_REASONS)),
                (device, journal) + HELD_REASONS):
            c = corr.get(seq)
            if c is None or c["kind"] != "event":
                out[seq] = err
        for seq, (reason, cid) in mine.items():
            c = corr.get(seq)
            if c is None or c["kind"] != "event" or c["id"] == cid:
                out[seq] = reason
            else:
                out.pop(seq, None)
        return out

    def _culprit(self, con, fp, device, journal, key):
        """After a request stalled: the journal sent again from its start, one record a
        request, to a new process: (seq, reason) of the record it stalls on; else the
        rows of the whole journal (it did not stall again: a process that died of
        something else); None if the process answers nonsense."""
        holds = self._holds(con, device, journal, key)
        self.held.pop(key, None)
        after, reset, rows = 0, True, []
        while True:
            req = request(con, fp, device, journal, key, after, reset, holds, limit=1)
            if not req["records"]:
                self.held[key] = (list(fp), after)      # (only once its rows go back)
                return rows
            seq = req["records"][0]["seq"]
            try:
                got = self._ask(req)
            except EngineStuck as e:
                return seq, e.reason
            if "rows" not in got:
                return None
            rows += got["rows"]
            after, reset = got["seq"], False

    def _replay(self, con, fp, device, journal, key):
        for _ in range(2):
            held = self.held.get(key)
            reset = held is None or held[0] != list(fp)
            after = 0 if reset else held[1]
            # (only a replay from the start can meet a record held before this process)
            holds = self._holds(con, device, journal, key, stored_too=reset)
            got = self._ask(request(con, fp, device, journal, key, after, reset, holds))
            if got.get("error") == "out_of_step":
                self.held.pop(key, None)
                continue
            if "rows" not in got:
                raise EngineDied("the table engine answered %r" % (got,))
            self.held[key] = (list(fp), got["seq"])
            return {"fingerprint": fp, "rows": got["rows"]}
        raise EngineDied("the table engine is out of step with journal %s" % key)


def _read_lines(stream, answers):
    try:
        for line in stream:
            answers.put(line)
    except (OSError, ValueError):
        pass
    answers.put("")                 # the process ended


MAX_HELD = 8                # records of one journal held from the engine in one scoring


def request(con, fp, device, journal, key, after, reset, holds=None, limit=None):
    """The records of a journal past `after` (contiguous, acknowledged; at most `limit`),
    with what the engine needs for each: its standing hand correction, whether it came
    late, for a start continuing another device's session the organiser's state to
    resume from, and why it is kept from the engine (holds: {seq: reason})."""
    acked = con.execute("SELECT acked FROM journals WHERE device = ? AND journal = ?",
                        (device, journal)).fetchone()
    acked = acked[0] if acked else 0
    if limit is not None:
        acked = min(acked, after + limit)
    corr = _hand_corrections(con, device, journal)
    holds = holds or {}
    # hands held past the round's clock, judged on arrival (organiser/event/pastclock.py)
    past = dict(con.execute("SELECT seq, reason FROM past_clock WHERE device = ? AND "
                            "journal = ? AND seq > ? AND seq <= ?",
                            (device, journal, after, acked)).fetchall())
    recs = []
    for seq, body, late, sid in con.execute(
            "SELECT seq, body, late, session_id FROM records WHERE device = ? AND "
            "journal = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (device, journal, after, acked)).fetchall():
        if seq != after + len(recs) + 1:
            break
        body = stored.loads(body)
        body = body if isinstance(body, dict) else {}
        ev = body.get("event") if isinstance(body.get("event"), dict) else {}
        rec = {"seq": seq, "body": body, "late": bool(late)}
        if seq in past:
            rec["past"] = past[seq]
        if seq in corr:
            rec["corr"] = corr[seq]
        if ev.get("event") == "start" and sid:
            rec["resume"] = _resume_of(con, sid)
        if seq in holds:
            rec["hold"] = holds[seq]
        recs.append(rec)
    return {"key": key, "fingerprint": list(fp), "reset": reset, "rules": fp[0],
            "settings": _settings(fp[1]), "records": recs}


def _settings(text):
    """The event's table settings (stored: an object, else none)."""
    v = stored.loads(text or "{}")
    return v if isinstance(v, dict) else {}


def fingerprint(con):
    """What the replay depends on besides the records: the event's ruleset and settings,
    and the latest correction."""
    e = con.execute("SELECT rules, settings, (SELECT MAX(id) FROM corrections) FROM event "
                    "WHERE id = 1").fetchone()
    return (e[0], e[1], e[2])


def _hand_corrections(con, device, journal):
    """{seq: the standing hand correction} for this journal's records."""
    out = {}
    prefix = "%s/%s/" % (device, journal)
    for cid, kind, target, data in con.execute(
            "SELECT id, kind, target, data FROM corrections WHERE kind IN "
            "('payments', 'void', 'accept', 'event') AND substr(target, 1, ?) = ? ORDER BY id",
            (len(prefix), prefix)):
        try:
            seq = int(target[len(prefix):])
            data = json.loads(data)
        except (ValueError, TypeError, RecursionError):
            continue
        if _well_formed(kind, data):
            out[seq] = {"id": cid, "kind": kind, "data": data}
    return out


def _well_formed(kind, data):
    """Whether a stored hand correction has the shape corrections.add gives it (one that
    does not, written by other means, is not replayed)."""
    if not isinstance(data, dict):
        return False
    if kind == "payments":
        p = data.get("payments")
        return isinstance(p, list) and len(p) == 4 and all(
            isinstance(x, int) and not isinstance(x, bool) and abs(x) <= MAX_PAYMENT for x in p)
    if kind == "accept":
        return data.get("version") in ("organiser", "device")
    if kind == "event":
        return isinstance(data.get("event"), dict) and isinstance(data["event"].get("event"), str)
    return True


def _resume_of(con, session_id):
    """The organiser's state to resume from, for a session continuing another."""
    r = con.execute("SELECT continues FROM sessions WHERE id = ?", (session_id,)).fetchone()
    if not r or r[0] is None:
        return None
    s = con.execute("SELECT x.state FROM replayed x JOIN records r ON r.device = x.device AND "
                    "r.journal = x.journal AND r.seq = x.seq WHERE r.session_id = ? AND "
                    "r.effective = 1 AND x.state IS NOT NULL ORDER BY r.seq DESC LIMIT 1",
                    (r[0],)).fetchone()
    return binding.resume_state(s[0]) if s else None


