"""The organiser's own scoring: a device's journal replayed through the table engine.

A device's records are evidence, not truth.  What was entered (each record's `event`:
the start, the hand, winner and from, draws, the ruleset's own events, undos) goes
through the same table engine the boards run (firmware/lib and firmware/rules on
CPython, as host_tools.table runs them); the organiser's own payments and state are
what count.  Each record's uploaded payments are compared with what the organiser's
state gives for that one event, so one dispute does not spread to later hands: the
replay always goes on from the organiser's own state.

Runs in a worker process (the scoring is CPU-bound; organiser.scoring drives it): it
reads the database itself (its own read-only connection) and keeps each journal's
engine between calls, so an upload of two records replays two records.  A director's
hand correction (accept, payments, void, an amended event) changes the fingerprint and
the journal is replayed from its first record.

Record status: ok (the uploaded payments are the organiser's), disputed (they differ),
refused (the engine refuses the event), late (received after its round closed and the
grace passed), corrected (a director's correction stands)."""

import json
import os
import sqlite3

_cache = {}          # (db_path, device, journal) -> Replayer
_engine = None
MAX_POINTS = 10 ** 9  # what a device's payment may be for a director to accept it


def engine():
    """The firmware's session module, imported once per process."""
    global _engine
    if _engine is None:
        from host_tools import paths
        paths.use_firmware()
        import session
        _engine = session
    return _engine


def worker_start():
    """A scoring worker process: below the server in the CPU's favour (the uploads come
    first; the scoring catches up between them), the engine imported."""
    try:
        os.nice(10)
    except (AttributeError, OSError):
        pass
    engine()


def four_ints(v, bound=None):
    ok = (isinstance(v, list) and len(v) == 4 and
          all(isinstance(x, int) and not isinstance(x, bool) for x in v))
    return ok and (bound is None or all(-bound <= x <= bound for x in v))


class Replayer:
    """One journal's engine: the organiser's session state, and one undo entry per
    effective record (the state before it), whatever the engine made of the record."""

    def __init__(self, fingerprint):
        self.fingerprint = fingerprint
        self.seq = 0
        self.ses = engine().Session()
        self.stack = []

    def step(self, rec, rules, settings, corr, resume):
        """One record: the row the organiser keeps for it."""
        ses = self.ses
        body = rec["body"]
        ev = body.get("event") if isinstance(body.get("event"), dict) else {}
        name = ev.get("event")
        out = {"seq": rec["seq"], "status": "ok", "counted": None, "organiser": None,
               "error": None, "result": None, "settlement": None}
        if name == "undo":
            # the top of the organiser's own stack goes, whatever `undoes` claims
            if self.stack:
                ses.state = self.stack.pop()
            return self._state(out)
        kind = corr["kind"] if corr else None
        dealer = None
        if kind == "event" and name == "start":     # the director's first dealer
            dealer = corr["data"]["event"].get("dealer")
        elif kind == "event":
            ev = dict(corr["data"]["event"])
            name = ev.get("event")
        before = ses.state
        self.stack.append(before)
        if kind == "void":
            out.update(status="corrected", counted=[0, 0, 0, 0])
            return self._state(out)
        if name == "start":
            if ev.get("rules") != rules:
                ses.state = None        # the session's events have no table to go to
                out.update(status="refused", error="ruleset %r: the event plays %s"
                           % (ev.get("rules"), rules))
                return self._state(out)
            ev = organiser_start(ev, rules, settings, resume, dealer)
        ev = json.loads(json.dumps(ev))
        if name == "start":             # (a preview answers from a state, and none stands)
            ans = ses.handle(ev)
            ans = dict(ans, payments=ans.get("deltas"))
        else:
            ans = ses.preview(ev)
            if ans.get("ok"):
                ses.confirm()
        ses.stack = []                  # undo is this replayer's, not the engine's
        if ans.get("ok"):
            org = list(ans["payments"])
            out.update(organiser=org, result=ans.get("result"),
                       settlement=ans.get("settlement"))
            dev = body.get("payments")
            if dev is None and name == "start":
                dev = [0, 0, 0, 0]
            if dev != org:
                out["status"] = "disputed"
        else:
            err = ans.get("error") or {}
            out.update(status="refused", error="%s: %s" % (err.get("code"), err.get("message")))
            if name == "start":
                ses.state = None
        if out["status"] == "ok" and rec["late"]:
            out["status"] = "late"
        if kind == "accept":            # the director's word stands, whatever matched
            version = corr["data"].get("version")
            if version == "device" and four_ints(body.get("payments"), MAX_POINTS):
                out["counted"] = list(body["payments"])
            else:
                out["counted"] = out["organiser"] or [0, 0, 0, 0]
            out["status"] = "corrected"
        elif kind == "payments":
            out.update(status="corrected", counted=list(corr["data"]["payments"]))
        elif kind == "event" and out["organiser"] is not None:
            out.update(status="corrected", counted=out["organiser"])
        elif out["status"] == "ok":
            out["counted"] = out["organiser"]
        return self._state(out)

    def _state(self, out):
        st = self.ses.state
        if st is None:
            out.update(hand_no=None, dealer=None, streak=None, round=None, over=0, state=None)
        else:
            out.update(hand_no=st["hand_no"], dealer=st["dealer"], streak=st["streak"],
                       round=st["round"], over=1 if st["over"] else 0, state=st)
        return out


def organiser_start(ev, rules, settings, resume, dealer=None):
    """The start as the organiser plays it: the event's ruleset and settings, the names
    the device was given, dealer 0 (the seat the organiser's seating puts East) or the
    director's amended dealer; for a session continuing another device's at the same
    table, the dealer, wind, hand number, streak of the organiser's own state of that
    session (the engine's `resume`), whatever the device's start says."""
    players = ev.get("players")
    out = {"event": "start", "rules": rules, "settings": dict(settings)}
    if isinstance(players, list):
        out["players"] = players
    out["dealer"] = dealer if dealer is not None else 0
    if resume:
        out["dealer"] = resume["dealer"]
        out["resume"] = {k: resume[k] for k in ("first", "round", "hand_no", "streak", "huang")
                         if isinstance(resume.get(k), int)}
        extras = resume.get("extras") if isinstance(resume.get("extras"), dict) else {}
        if isinstance(extras.get("passes"), int):
            out["resume"]["passes"] = extras["passes"]
    return out


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


def replay_journals(db_path, keys):
    """replay_journal for each (device, journal) of keys, from one snapshot."""
    con = sqlite3.connect("file:%s?mode=ro" % db_path, uri=True, timeout=30)
    try:
        con.execute("BEGIN")            # one snapshot for every read below
        return [_replay(con, db_path, d, j) for d, j in keys]
    finally:
        con.close()


def replay_journal(db_path, device, journal):
    """Replay the journal's records not replayed yet (all of them when a correction or the
    event's settings changed): {"fingerprint", "rows"} for organiser.scoring to store."""
    return replay_journals(db_path, [(device, journal)])[0]


def _replay(con, db_path, device, journal):
    fp = fingerprint(con)
    key = (db_path, device, journal)
    rp = _cache.get(key)
    if rp is None or rp.fingerprint != fp:
        rp = _cache[key] = Replayer(fp)
    rules, settings = fp[0], json.loads(fp[1] or "{}")
    acked = con.execute("SELECT acked FROM journals WHERE device = ? AND journal = ?",
                        (device, journal)).fetchone()
    acked = acked[0] if acked else 0
    corr = _hand_corrections(con, device, journal)
    out = []
    for seq, body, late, sid in con.execute(
            "SELECT seq, body, late, session_id FROM records WHERE device = ? AND "
            "journal = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (device, journal, rp.seq, acked)).fetchall():
        if seq != rp.seq + 1:
            break
        try:
            body = json.loads(body)
        except ValueError:
            body = {}
        if not isinstance(body, dict):
            body = {}
        rec = {"seq": seq, "body": body, "late": bool(late)}
        ev = body.get("event") if isinstance(body.get("event"), dict) else {}
        resume = _resume_of(con, sid) if ev.get("event") == "start" and sid else None
        try:
            row = rp.step(rec, rules, settings, corr.get(seq), resume)
        except Exception as e:       # the engine must never stop the replay
            rp.ses.state = None
            row = rp._state({"seq": seq, "status": "refused", "counted": None,
                             "organiser": None, "error": "engine: %s" % type(e).__name__,
                             "result": None, "settlement": None})
        out.append(row)
        rp.seq = seq
    return {"fingerprint": fp, "rows": out}


def forget(db_path=None):
    """Drop the kept engines (all, or one database's)."""
    for k in list(_cache):
        if db_path is None or k[0] == db_path:
            del _cache[k]
