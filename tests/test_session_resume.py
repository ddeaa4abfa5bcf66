"""A spare device continuing a failed one's session: a `start` with `resume` (where the
table stands: dealer of hand 1, prevailing wind, hand number, streak, 荒番, the deal's
passes) goes on exactly as the uninterrupted session would, on CPython and in
MicroPython; a resume out of range is refused."""

import pytest

import sessiongen
from test_session_cli import SESSION_HEAP, run_table


def split(rid, seed, cut):
    """The uninterrupted session's answers, and the resumed one's for the events after
    the cut (its start rebuilt from the state the organiser would hold)."""
    import random
    events = [e for e in sessiongen.random_session(random.Random(seed), rid, 60)
              if e["event"] != "undo"]
    whole = run_table(events)
    k = max(i for i, a in enumerate(whole[:cut]) if a["ok"])
    st = whole[k]
    first = events[0].get("dealer", 0)
    resume = {"first": first, "round": "ESWN".index(st["round"]), "hand_no": st["hand_no"],
              "streak": st["streak"], "huang": st["huang"],
              # each wind starts with its first dealer: the passes since are the distance
              "passes": (st["dealer"] - first) % 4}
    start = dict(events[0], dealer=st["dealer"], resume=resume)
    return events, whole, k, start


@pytest.mark.parametrize("rid,seed", [("mcr", 3), ("hk", 4)])
@pytest.mark.parametrize("where", [(), ("--device", "--heap", SESSION_HEAP)])
def test_resumed_session_goes_on_as_the_whole_one(rid, seed, where):
    events, whole, k, start = split(rid, seed, 14)
    rest = events[k + 1:]
    got = run_table([start] + rest, *where)
    assert got[0]["ok"] and got[0]["hand_no"] == whole[k]["hand_no"]
    assert got[0]["dealer"] == whole[k]["dealer"] and got[0]["round"] == whole[k]["round"]
    n_ok = 0
    for ev, a, b in zip(rest, whole[k + 1:], got[1:]):
        assert a["ok"] == b["ok"], ev
        if a["ok"]:
            n_ok += 1
            for f in ("deltas", "hand_no", "round", "dealer", "streak"):
                assert a[f] == b[f], (ev, f, a, b)
    assert n_ok >= 5


def test_a_resume_out_of_range_is_refused():
    for bad in ({"round": 4}, {"hand_no": 0}, {"streak": -1}, {"first": "E"}, [1]):
        got = run_table([{"event": "start", "rules": "mcr", "resume": bad}])
        assert got[0]["error"]["code"] == "bad_event", bad
