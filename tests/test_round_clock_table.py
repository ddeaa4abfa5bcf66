"""The round clock's rule in the table engine (firmware/lib/table): a time_up event lets
the hand in play be entered, then refuses new hands with the reason until the referee's
override; the organiser's replay (host_tools/replay.py) applies the same rule to what a
device uploads, and holds a hand stored against it as disputed."""

import json

import session
from host_tools import replay
from organiser_fixtures import play

WIN = {"event": "win", "winner": 1, "from": 2,
       "hand": {"hand": "123456789m11p45s", "melds": ["chi 789p"], "win": "6s"}}
START = {"event": "start", "rules": "tw", "players": ["A", "B", "C", "D"]}


def fresh(*events):
    ses = session.Session()
    for ev in (START,) + events:
        ans = ses.handle(json.loads(json.dumps(ev)))
        assert ans["ok"], (ev, ans)
    return ses


def test_time_up_lets_the_hand_in_play_end_then_refuses_until_override():
    ses = fresh(WIN, {"event": "draw"})
    before = dict(ses.state, scores=list(ses.state["scores"]))
    ans = ses.handle({"event": "time_up"})
    assert ans["ok"] and ans["deltas"] == [0, 0, 0, 0]
    assert ses.state["time_up"] == before["hand_no"] == 3
    assert ses.state["scores"] == before["scores"]            # it pays nothing
    assert ses.handle({"event": "time_up"})["error"]["code"] == "bad_event"
    # one more result: the hand in play
    assert ses.handle(dict(WIN))["ok"]
    # then every new hand is refused, the reason said; nothing changes
    st = json.dumps(ses.state)
    for ev in (WIN, {"event": "draw"}):
        ans = ses.handle(json.loads(json.dumps(ev)))
        assert ans["error"]["code"] == "time_up", ans
        assert "hand 3 was the last" in ans["error"]["message"]
        assert "referee" in ans["error"]["message"]
    assert ses.preview(dict(WIN))["error"]["code"] == "time_up"
    assert json.dumps(ses.state) == st
    # the referee overrides: play goes on
    assert ses.handle({"event": "override"})["ok"] and ses.state["override"] is True
    assert ses.handle({"event": "override"})["error"]["code"] == "bad_event"
    assert ses.handle(dict(WIN))["ok"] and ses.state["hand_no"] == 5
    # undo takes back the override like any event: refused again
    assert ses.handle({"event": "undo"})["ok"] and ses.handle({"event": "undo"})["ok"]
    assert ses.handle(dict(WIN))["error"]["code"] == "time_up"


def test_override_needs_time_up_and_clock_events_take_no_fields():
    ses = fresh()
    assert ses.handle({"event": "override"})["error"]["code"] == "bad_event"
    assert ses.handle({"event": "time_up", "at": 3})["error"]["code"] == "bad_event"
    assert "time_up" not in ses.state


def records(events):
    return [{"seq": r["seq"], "body": r, "late": False} for r in play(events)]


def replayed(recs):
    got = replay.answer({}, {"key": "d/j", "fingerprint": [1], "reset": True, "rules": "tw",
                             "settings": {}, "records": recs})
    return got["rows"]


def test_the_replay_applies_the_rule_and_disputes_a_hand_past_it():
    honest = [START, WIN, {"event": "time_up"}, WIN, {"event": "override"}, WIN]
    recs = records(honest)
    rows = replayed(recs)
    assert [r["status"] for r in rows] == ["ok"] * 6
    assert [r["organiser"] for r in rows] == [r["body"]["payments"] for r in recs]
    assert rows[-1]["organiser"] != [0, 0, 0, 0]
    # a journal whose device stored a hand after time_up with no override (its engine
    # did not refuse it): the records as it uploads them, the override taken out
    recs = records(honest)
    del recs[4]
    for i, r in enumerate(recs):
        r["seq"] = r["body"]["seq"] = i + 1
    rows = replayed(recs)
    assert [r["status"] for r in rows] == ["ok", "ok", "ok", "ok", "disputed"]
    assert rows[-1]["error"].startswith("time_up: ") and rows[-1]["counted"] is None
    assert rows[-1]["hand_no"] == 3                 # the organiser's table stands still
