# The table session's commit side (session.py keeps the part that stays in RAM,
# sessionops.py the event logic): settle a scored win, commit each accepted event to the
# state, the undo stack and the flash journal, and answer.  Apart from sessionops so
# that what a win loads after scoring (this module, the journal, the hook) is small: on
# a board it shares the heap with what the scorer left.

import json
from heap import load, open_file
from errors import HandError

# (23 names at most: the module's globals table 368 bytes in one piece, where 28 made it
# 464; this module is loaded at every event's step: docs/memory.md, "The unix port's
# least heaps, every ruleset")


# The hook modules' names as constants: a str made at run time ("rules." + rid + ...) is
# looked up among every interned name, which on a board with many modules loaded costs
# more than the rest of the call.
_HOOKS = {"mcr": "rules.mcr_table", "hk": "rules.hk_table", "tw": "rules.tw_table",
          "sh": "rules.sh_table", "riichi": "rules.riichi_table"}     # scorers.RULESETS'


def hooks(rid):
    """The settlement hook module of ruleset `rid`."""
    if not isinstance(rid, str) or rid not in _HOOKS:
        raise HandError("bad_field", "unknown ruleset %r (mcr, hk, tw, sh, riichi)" % (rid,))
    try:
        return load(_HOOKS[rid])    # loaded already: from sys.modules, no import machinery
    except ImportError:
        raise HandError("bad_field", "ruleset %r has no table settlement on this device" % rid)


def copy(v, _type=type, _int=int, _str=str, _bool=bool, _dict=dict, _list=list):
    """Deep copy of a JSON-like value (tuples become lists).  A dict or list is copied
    whole in C, then only its members that are not plain leaves (int, str, bool, None)
    are copied again: no call per leaf.  (The defaults are the builtins as locals: each
    builtin looked up by name costs a board two dict lookups.)"""
    t = _type(v)
    if t is _dict:
        out = v.copy()
        for k in out:
            x = out[k]
            t = _type(x)
            if not (t is _int or t is _str or t is _bool or x is None):
                out[k] = copy(x)
        return out
    if isinstance(v, dict):     # a dict of another type: a plain dict of it
        out = {}
        for k in v:
            out[k] = copy(v[k])
        return out
    if isinstance(v, (list, tuple)):
        out = _list(v)
        i = 0
        for x in out:
            t = _type(x)
            if not (t is _int or t is _str or t is _bool or x is None):
                out[i] = copy(x)
            i += 1
        return out
    return v


def answer(st):
    out = {"ok": True, "hand_no": st["hand_no"], "round": ("E", "S", "W", "N")[st["round"]],
           "dealer": st["dealer"], "streak": st["streak"], "huang": st["huang"],
           "scores": list(st["scores"]), "deltas": list(st["deltas"])}
    if hooks(st["rules"]).OUTSIDE:
        out["outside"] = st["outside"]
    return out


# The journal's module is loaded where a record is written or read, not with this module:
# a win's first step (sessionops) loads this one for the ruleset's hook, and the journal
# beside them found no room for Riichi's hook at 64k (docs/memory.md, "The table
# engine's heap").  So is files.py (side(): the files beside the journal, the journal's
# own) where such a file is opened: imported with this module, it cost Taiwan's and
# Riichi's long sessions 1k of least heap (docs/memory.md, "The engine's objects at the
# peak").

def journal_of(ses):
    j = load("journal").Journal(ses.jpath)
    j.seq = ses.jseq
    j.end = ses.jend
    j.v = ses.jv
    return j


def append(ses, rec):
    if ses.jv == 2 or ses.jseq == 0:
        # version 2 keeps a win's total only: the scorer's answer leaves the heap before
        # the journal's code comes in
        res = rec.get("result")
        if res:
            rec["result"] = {"total": res["total"]}
        res = None
    j = journal_of(ses)
    if ses.jseq == 0 or j.v == 0:
        j.v = load("journal").NEW if ses.jseq == 0 else 1
    if j.v == 2:
        # version 2 (record2.py): the event, its payments, the state's digest and what
        # the device knew of the round's clock; the state itself is rebuilt by replay
        import record2
        rec = record2.encode(rec, ses.clock() if ses.clock is not None else None)
        rec = record2.dumps(rec)
    off, _ = j.append(rec)
    ses.jseq = j.seq
    ses.jend = j.end
    ses.jlast = off
    ses.jv = j.v
    return off


def _beside(ses, ext, mode="r"):
    """The file beside the journal named by ext (files.side), opened."""
    return open_file(load("files").side(ses.jpath, ext), mode)


def park(ses):
    """Version 2 (whose records hold no state): the state to a file beside the journal
    while a hand is scored, out of the heap; reload() takes it back.  Where it cannot be
    written it stays in RAM: no room on flash, or none in the heap for the file (a board's
    open file holds its filesystem's cache, 1,148 bytes in one piece on a Pico, which a
    frozen heap cut into small pieces lacked with 6 KB free: docs/memory.md, "The
    engine's objects at the peak")."""
    try:
        f = _beside(ses, ".st", "w")
        try:
            json.dump(ses.state, f)
        finally:
            f.close()
    except (OSError, MemoryError):
        return
    ses.state = None


def states(ses, new):
    """Version 2: beside the journal, the record just written's seq, the state before it
    and the state after it (journal.prev: a line each; null before a first start).  Undo
    takes the state before back without a replay (prior(); an undo of an undo replays),
    and a boot finds the state after its last record without one (now()).  Written for
    every record, so what it holds is never another journal's; a failure costs a replay
    only (the record is written)."""
    try:
        f = _beside(ses, ".prev", "w")
        try:
            f.write("%d\n" % ses.jseq)
            json.dump(ses.state, f)
            f.write("\n")
            json.dump(new, f)
        finally:
            f.close()
    except (OSError, MemoryError):
        pass


def prior(ses, seq, after=False):
    """The state before record seq (after: after it), as states() kept it; None where it
    is not kept."""
    try:
        f = _beside(ses, ".prev")
    except OSError:
        return None
    try:
        if f.readline().strip() != str(seq):
            return None
        line = f.readline()
        if after:
            line = f.readline()
        return json.loads(line)
    except ValueError:
        return None
    finally:
        f.close()


def reload(ses):
    """The current state after a hand was scored without it: version 1, the one in the
    record at the top of the undo stack; version 2, the one park() put aside."""
    if ses.state is None and ses.stack:
        if ses.jv != 2:
            ses.state = load("journal").Journal(ses.jpath).read(ses.stack[-1])["state"]
            return
        path = load("files").side(ses.jpath, ".st")
        try:
            f = open_file(path)
        except OSError:
            return          # none put aside: the state was not parked
        try:
            ses.state = json.load(f)
        finally:
            f.close()
        load("os").remove(path)


def commit(ses, ev, new, rec):
    """Write an accepted event's outcome (sessionops.prepare's, or settle_win's): the
    journal record (on a board), the undo stack, the state."""
    if ev.get("event") == "undo":
        if ses.jpath is not None:
            append(ses, {"event": ev, "undoes": rec["undoes"], "state": new})
            if ses.jv == 2:
                states(ses, new)
        ses.stack.pop()
        ses.state = new
        return
    rec["event"] = ev
    rec["payments"] = new["deltas"]
    rec["state"] = new
    if ses.jpath is not None:
        # the stack's slot made before the write: nothing after it allocates (a
        # MemoryError after the record is written would refuse a saved event)
        ses.stack.append(None)
        try:
            ses.stack[-1] = append(ses, rec)
        except BaseException:
            ses.stack.pop()
            raise
        if ses.jv == 2:
            states(ses, new)
    else:
        ses.stack.append(ses.state)
    ses.state = new


def settle_win(state, ev, result):
    """Settle a scored win: (the state after, the journal record's extras)."""
    if not result.get("ok"):
        err = result.get("error") or {}
        raise HandError(err.get("code", "not_winning"), err.get("message", "the hand does not score"))
    if result.get("legal") is False:
        e = HandError("not_legal", refusal(result))
        # what the refusal is made of, for a screen naming it in another language
        e.detail = {"rules": result.get("rules"), "reason": result.get("reason"),
                    "items": result.get("items") or []}
        raise e
    st = copy(state)
    hk = hooks(st["rules"])
    winner = ev["winner"]
    frm = ev.get("from")
    deltas, outside, detail = hk.win(st, winner, frm, result)
    rec = {"result": result}
    settle(st, hk, deltas, outside, detail, rec, True, winner)
    return st, rec


def write_failed(e):
    """The answer to a save the filesystem refused (nothing was written: the journal cuts
    a torn tail): a full flash (ENOSPC), or another write error."""
    from errors import error_result
    n = e.args[0] if e.args else "?"
    if n == 28:
        return error_result("no_space", HandError("no_space", 29).message)
    return error_result("write_failed", HandError("write_failed", 30, n).message)


def refusal(result):
    """Why a scored win is not allowed, with the elements counted (the referee shows the
    players): "6 fan without flowers; a win needs 8; counted: 平和 2, ..."."""
    why = result.get("reason") or "the ruleset does not allow this win"
    items = result.get("items") or ()
    if not items:
        return why
    out = []
    for it in items:
        if "value" in it:
            out.append("%s %d" % (it["name"], it["value"] * it.get("count", 1)))
        else:
            out.append(it["name"])
    return why + "; counted: " + ", ".join(out)


def keep_or_pass(st, winner):
    """The deal as the 16-tile games and Shanghai play it, after a hook's advance that
    answers True: the dealer keeps it on his own win, else it passes to the next seat,
    and after four passes the prevailing wind moves on.  Here, not in the hooks, so that
    the hooks never import the table (commit loads them)."""
    if winner == st["dealer"]:
        st["streak"] += 1
        return
    ex = st["extras"]
    st["dealer"] = (st["dealer"] + 1) % 4
    st["streak"] = 0
    ex["passes"] += 1
    if ex["passes"] == 4:
        ex["passes"] = 0
        st["round"] = (st["round"] + 1) % 4


def settle(st, hk, deltas, outside, detail, rec, ends, winner):
    if sum(deltas) + outside != 0:
        raise HandError("bad_event", "payments do not balance; refused")
    rec["settlement"] = detail
    st["deltas"] = deltas
    st["outside"] = outside
    sc = st["scores"]
    for s in range(4):
        sc[s] += deltas[s]
    if ends:
        st["hand_no"] += 1
        if hk.advance(st, winner):
            keep_or_pass(st, winner)
