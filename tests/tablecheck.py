"""Driving a table session in tests: start it, send events that must be accepted (their
payments zero-sum, a penalty out of the table included) or refused (the state untouched,
compared as JSON so that a change in place is caught too), send a win."""

import json

import session


def start(rid, **fields):
    s = session.Session()
    ev = {"event": "start", "rules": rid}
    ev.update(fields)
    ok(s, ev)
    return s


def ok(s, ev):
    ans = s.handle(ev)
    assert ans["ok"], (ev, ans)
    assert sum(ans["deltas"]) + ans.get("outside", 0) == 0
    return ans


def refused(s, ev, code="bad_event"):
    before = json.dumps(s.state, sort_keys=True)
    ans = s.handle(ev)
    assert not ans["ok"] and ans["error"]["code"] == code, (ev, ans)
    assert json.dumps(s.state, sort_keys=True) == before
    return ans


def win(s, winner, hand, frm=None):
    ev = {"event": "win", "winner": winner, "hand": hand}
    if frm is not None:
        ev["from"] = frm
    return ok(s, ev)
