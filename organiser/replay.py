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

Record status (host_tools/replay.py): ok, disputed, refused, late, corrected."""

import json
import os
import subprocess
import sys
import threading

from organiser import db

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMAND = (sys.executable, "-m", "host_tools.replay")


class EngineDied(Exception):
    pass


class Engine:
    """The table engine's process and what it holds: {journal key: (fingerprint, last
    seq replayed)}.  One request at a time (a lock): the scoring's thread and a
    director's correction may both ask."""

    def __init__(self, command=COMMAND):
        self.command = list(command)
        self.proc = None
        self.held = {}
        self.lock = threading.Lock()

    def _start(self):
        self.proc = subprocess.Popen(self.command, cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, encoding="utf-8",
                                     bufsize=1)
        self.held = {}

    def start(self):
        with self.lock:
            if self.proc is None or self.proc.poll() is not None:
                self._start()

    def _ask(self, req):
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        try:
            self.proc.stdin.write(json.dumps(req, ensure_ascii=False) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except (OSError, ValueError):
            line = ""
        if not line:
            self._stop()
            raise EngineDied("the table engine's process ended")
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

    def replay_journals(self, db_path, keys):
        """Replay each (device, journal) of keys, from one snapshot of the database:
        [{"fingerprint", "rows"}] for organiser.scoring to store."""
        with self.lock:
            con = db.snapshot(db_path)          # one snapshot for every read below
            try:
                fp = fingerprint(con)
                return [self._journal(con, fp, d, j) for d, j in keys]
            finally:
                con.close()

    def _journal(self, con, fp, device, journal):
        key = "%s/%s" % (device, journal)
        for _ in range(2):
            held = self.held.get(key)
            reset = held is None or held[0] != list(fp)
            after = 0 if reset else held[1]
            got = self._ask(request(con, fp, device, journal, key, after, reset))
            if got.get("error") == "out_of_step":
                self.held.pop(key, None)
                continue
            if "rows" not in got:
                raise EngineDied("the table engine answered %r" % (got,))
            self.held[key] = (list(fp), got["seq"])
            return {"fingerprint": fp, "rows": got["rows"]}
        raise EngineDied("the table engine is out of step with journal %s" % key)


def request(con, fp, device, journal, key, after, reset):
    """The records of a journal past `after` (contiguous, acknowledged), with what the
    engine needs for each: its standing hand correction, whether it came late, and for a
    start continuing another device's session the organiser's state to resume from."""
    acked = con.execute("SELECT acked FROM journals WHERE device = ? AND journal = ?",
                        (device, journal)).fetchone()
    acked = acked[0] if acked else 0
    corr = _hand_corrections(con, device, journal)
    recs = []
    for seq, body, late, sid in con.execute(
            "SELECT seq, body, late, session_id FROM records WHERE device = ? AND "
            "journal = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (device, journal, after, acked)).fetchall():
        if seq != after + len(recs) + 1:
            break
        try:
            body = json.loads(body)
        except ValueError:
            body = {}
        body = body if isinstance(body, dict) else {}
        ev = body.get("event") if isinstance(body.get("event"), dict) else {}
        rec = {"seq": seq, "body": body, "late": bool(late)}
        if seq in corr:
            rec["corr"] = corr[seq]
        if ev.get("event") == "start" and sid:
            rec["resume"] = _resume_of(con, sid)
        recs.append(rec)
    return {"key": key, "fingerprint": list(fp), "reset": reset, "rules": fp[0],
            "settings": json.loads(fp[1] or "{}"), "records": recs}


def fingerprint(con):
    """What the replay depends on besides the records: the event's ruleset and settings,
    and the latest correction."""
    e = con.execute("SELECT rules, settings FROM event WHERE id = 1").fetchone()
    c = con.execute("SELECT MAX(id) FROM corrections").fetchone()
    return (e[0], e[1], c[0])


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
        except ValueError:
            continue
        out[seq] = {"id": cid, "kind": kind, "data": json.loads(data)}
    return out


def _resume_of(con, session_id):
    """The organiser's state to resume from, for a session continuing another."""
    r = con.execute("SELECT continues FROM sessions WHERE id = ?", (session_id,)).fetchone()
    if not r or r[0] is None:
        return None
    s = con.execute("SELECT x.state FROM replayed x JOIN records r ON r.device = x.device AND "
                    "r.journal = x.journal AND r.seq = x.seq WHERE r.session_id = ? AND "
                    "r.effective = 1 AND x.state IS NOT NULL ORDER BY r.seq DESC LIMIT 1",
                    (r[0],)).fetchone()
    return json.loads(s[0]) if s else None


