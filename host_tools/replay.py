"""The organiser's scoring worker: journals replayed through the table engine.

    python -m host_tools.replay        (the organiser starts it; JSON lines on stdin/stdout)

The organiser imports nothing of the firmware or of these tools: it runs this process
and speaks JSON lines with it (organiser/scoring/replay.py).  Here the same table engine the
boards run (firmware/lib and firmware/rules on CPython, as host_tools.table runs them)
replays what a device entered (each record's `event`: the start, the hand, winner and
from, draws, the ruleset's own events, undos) and gives the organiser's own payments
and state.  Each record's uploaded payments are compared with what the organiser's state
gives for that one event, so one dispute does not spread: the replay always goes on from
the organiser's own state.  The process keeps each journal's engine between requests, so
an upload of two records replays two records.

A request: {"key": "device/journal", "fingerprint": [...], "reset": bool, "rules",
"settings", "records": [{"seq", "body", "late", "past", "corr", "resume", "hold"}]}.  `hold`
names why the organiser keeps a record from the engine (it hung the engine, or ended
this process, before: "engine timeout"): the record is disputed with that reason and
the replay goes on from the state before it.  The answer:
{"key", "seq": the last seq replayed, "rows": [...]} or, when the records do not follow
the ones this process replayed (it was restarted), {"key", "error": "out_of_step"}: the
organiser sends the journal again from its first record.  The process's first line,
{"ready": true}, says its engine is imported.

Record status: ok (the uploaded payments are the organiser's), disputed (they differ, or
a hand came after the round's time_up without the referee's override, or a counter event
set a streak or 荒番 above the event's bound),
refused (the engine refuses the event), late (it arrived after its round's grace),
corrected (a director's correction stands; or the record follows one that amended or
voided an earlier hand of the journal: the device settled it from a state the director
has since changed, and the organiser's settlement counts without holding it)."""

import json
import os
import sys

from host_tools import paths

MAX_POINTS = 10 ** 9  # what a device's payment may be for a director to accept it
OVER_BOUND = "over the event's bound"   # the rulesets' refusal of a counter event above
                                        # its bound (rules/*_events.py, tw_table.py)
KEEP = 512            # journals whose engine is kept (the least recently used goes first:
                      # the organiser then sends that journal again from its start)
_session = None


def engine():
    """The firmware's session module, imported once."""
    global _session
    if _session is None:
        paths.use_firmware()
        import session
        _session = session
    return _session


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
        self.amended = None     # the first record a director amended or voided: from
                                # there the table's state is no longer the device's
        self.no_table = None    # why the session has no table (its start was refused):
                                # the reason its later records are held with
        self.agree = True       # every version-2 digest so far was the organiser's state

    def step(self, rec, rules, settings):
        """One record: the row the organiser keeps for it."""
        ses = self.ses
        body = rec["body"] if isinstance(rec.get("body"), dict) else {}
        corr = rec.get("corr")
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
        if name == "adjust" and not kind:
            return self._adjust(out, ev)
        if rec.get("hold"):
            return self._held(out, rec, body, name, kind, corr)
        dealer = None
        if kind == "event" and name == "start":     # the director's first dealer
            dealer = corr["data"]["event"].get("dealer")
        elif kind == "event":
            ev = dict(corr["data"]["event"])
            name = ev.get("event")
        self.stack.append(ses.state)
        if kind == "void":
            out.update(status="corrected", counted=[0, 0, 0, 0])
            if self.amended is None:
                self.amended = rec["seq"]
            return self._state(out)
        if name == "start":
            if ev.get("rules") != rules:
                ses.state = None        # the session's events have no table to go to
                self.no_table = "ruleset %r: the event plays %s" % (ev.get("rules"), rules)
                out.update(status="refused", error=self.no_table)
                return self._state(out)
            self.no_table = None
            self.agree = True           # a new session: its own digests
            ev = organiser_start(ev, rules, settings, rec.get("resume"), dealer)
        ev = json.loads(json.dumps(ev))
        if name != "start":
            out.update(_where(ses.state, rules))
        if name == "start":             # (a preview answers from a state, and none stands)
            ans = ses.handle(ev)
            ans = dict(ans, payments=ans.get("deltas"))
        else:
            ans = ses.preview(ev)
            if ans.get("ok"):
                ses.save(ans)
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
            if isinstance(err.get("detail"), dict):
                out["why"] = err["detail"]      # a win's reason and counted elements
            if err.get("code") == "no_session" and self.no_table:
                out["error"] = self.no_table    # the true reason: the start's
            if err.get("code") == "time_up" or OVER_BOUND in str(err.get("message")):
                # a hand the device stored after its time_up with no override, or a
                # counter set above the event's bound (a streak, a 荒番): the table's
                # rule says it was not to be; the director decides
                out["status"] = "disputed"
            if name == "start":
                ses.state = None
                self.no_table = out["error"]
        self._digest(out, body)
        if out["status"] == "ok" and rec.get("late"):
            out["status"] = "late"
        elif out["status"] == "ok" and rec.get("past"):
            # stored after the round's clock reached zero, and the table's clock reading
            # does not place it within the grace (organiser/event/pastclock.py)
            out.update(status="disputed", error=str(rec["past"])[:200])
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
        elif (out["status"] == "disputed" and self.amended is not None
              and out["organiser"] is not None and not rec.get("late")):
            # the device settled this hand from a state the director has since amended
            # (who dealt, the streak): the organiser's settlement counts, not held
            out.update(status="corrected", counted=out["organiser"])
        if kind in ("event", "void") and self.amended is None:
            self.amended = rec["seq"]
        return self._state(out)

    def _digest(self, out, body):
        """A version-2 record's digest of the device's state after it, against the
        organiser's: a record whose payments agree but whose state does not (who deals,
        the streak, a score) is held.  Compared only while the two states have agreed so
        far and no director amended the journal: once they part (a record held, a
        correction), every later digest would differ for that one cause.  A start is
        the organiser's to set (organiser_start: its dealer, its settings): one the
        device started otherwise is not held, its session's digests are not compared."""
        dg = body.get("digest")
        if dg is None or not self.agree or self.amended is not None or self.ses.state is None:
            return
        if out["status"] == "ok":
            engine()                    # the firmware on the path (once)
            import record2
            if record2.digest(self.ses.state) != dg:
                if (body.get("event") or {}).get("event") == "start":
                    self.agree = False
                    return
                out.update(status="disputed", error="the table's state differs")
        if out["status"] != "ok":
            self.agree = False

    def _adjust(self, out, ev):
        """A director's correction the device took into its journal (docs/upload.md): the
        correction itself already counts on the record it names, so this one counts
        nothing; the engine takes it as the device did, so both states agree."""
        ses = self.ses
        self.stack.append(ses.state)
        if ses.state is None:
            out.update(status="refused", error=self.no_table or "no session")
            return self._state(out)
        ans = ses.handle(json.loads(json.dumps(ev)))
        ses.stack = []
        if not ans.get("ok"):
            err = ans.get("error") or {}
            out.update(status="refused", error="%s: %s" % (err.get("code"), err.get("message")))
            return self._state(out)
        out.update(status="corrected", counted=[0, 0, 0, 0], organiser=[0, 0, 0, 0],
                   error="correction #%s, taken by the table" % ev.get("id"))
        return self._state(out)

    def _held(self, out, rec, body, name, kind, corr):
        """A record the engine is not asked about (it hung or ended the engine): held as
        disputed, the table left as it stood before it, until the director settles it
        (accept the device's payments, set payments, void; an amended event is tried)."""
        self.stack.append(self.ses.state)
        if name == "start":
            self.ses.state = None       # no table for the session's events to go to
        out.update(status="disputed", error=str(rec["hold"])[:200])
        if kind == "void":
            out.update(status="corrected", counted=[0, 0, 0, 0])
        elif kind == "payments":
            out.update(status="corrected", counted=list(corr["data"]["payments"]))
        elif kind == "accept":
            dev = body.get("payments")
            version = corr["data"].get("version")
            out.update(status="corrected", counted=list(dev) if version == "device" and
                       four_ints(dev, MAX_POINTS) else [0, 0, 0, 0])
        return self._state(out)

    def _state(self, out):
        """Where the table stands after the record, as the organiser keeps it."""
        st = self.ses.state
        if st is None:
            out.update(hand_no=None, dealer=None, streak=None, round=None, over=0, state=None)
            return out
        out.update(hand_no=st["hand_no"], dealer=st["dealer"], streak=st["streak"],
                   round=st["round"], over=1 if st["over"] else 0,
                   state={k: st.get(k) for k in KEPT})
        extras = st.get("extras") if isinstance(st.get("extras"), dict) else {}
        if "passes" in extras:
            out["state"]["extras"] = {"passes": extras["passes"]}
        if isinstance(extras.get("final"), list):
            # a finished Riichi game's result with uma (the standings read it)
            out["state"].setdefault("extras", {})["final"] = list(extras["final"])
        return out


KEPT = ("first", "dealer", "round", "hand_no", "streak", "huang", "over")


def _where(st, rules):
    """Where a hand is played, from the state before it: its number in the game (a
    referee's "hand 7"), the prevailing wind and each seat's wind 0..3 (E S W N; MCR
    players change seats between wind rounds: the ruleset's own seat_wind says)."""
    if not isinstance(st, dict) or not isinstance(st.get("hand_no"), int):
        return {}
    engine()
    import commit
    hooks = commit.hooks(rules)
    return {"hand_no_at": st["hand_no"], "wind_at": st.get("round"),
            "winds": [hooks.seat_wind(st, s) for s in range(4)]}


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


def answer(cache, req):
    """One request: the rows of its records (see the module's docstring)."""
    key = req["key"]
    rp = cache.get(key)
    if req.get("reset") or rp is None or rp.fingerprint != req["fingerprint"]:
        if not req.get("reset"):
            cache.pop(key, None)
            return {"key": key, "error": "out_of_step"}
        rp = cache[key] = Replayer(req["fingerprint"])
    rows = []
    for rec in req["records"]:
        if rec["seq"] != rp.seq + 1:
            cache.pop(key, None)
            return {"key": key, "error": "out_of_step"}
        try:
            row = rp.step(rec, req["rules"], req["settings"])
        except Exception as e:       # the engine must never stop the replay
            rp.ses.state = None
            row = rp._state({"seq": rec["seq"], "status": "refused", "counted": None,
                             "organiser": None, "error": "engine: %s" % type(e).__name__,
                             "result": None, "settlement": None})
        rows.append(row)
        rp.seq = rec["seq"]
    cache[key] = cache.pop(key)         # the most recently used last
    while len(cache) > KEEP:
        del cache[next(iter(cache))]
    return {"key": key, "seq": rp.seq, "rows": rows}


def main():
    try:
        os.nice(10)             # the uploads come first; the scoring catches up between them
    except (AttributeError, OSError):
        pass
    engine()
    cache = {}
    out = sys.stdout
    out.write('{"ready": true}\n')     # the engine is imported: requests' time starts now
    out.flush()
    for line in sys.stdin:
        try:
            got = answer(cache, json.loads(line))
        except (ValueError, KeyError, TypeError) as e:
            got = {"error": "bad request: %s" % type(e).__name__}
        out.write(json.dumps(got, ensure_ascii=False) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
