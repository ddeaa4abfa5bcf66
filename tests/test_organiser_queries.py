"""What the pages read: the table grid (hands, dealer, streak, last upload, tables
stuck behind a gap or silent too long) and a table's hand log with its elements."""

import time
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from organiser.results import queries
from organiser.app import create_app
from organiser_fixtures import journal_id, play, session_events, setup_event


def test_grid_and_log(db_url):
    db_path = db_url
    ev = setup_event(db_path, rules="tw")
    recs = play(session_events("tw", seed=4, n=40))
    names = {v: k for k, v in ev["players"].items()}
    with TestClient(create_app(db_path, pages=False)) as c:
        d1, d2 = ev["devices"]
        d1.upload(c, journal_id(1), recs)
        d2.upload(c, journal_id(2), recs[:3] + recs[5:8])     # a gap: 4 and 5 missing
        db = c.app.state.db
        with db.read() as con:
            grid = {g["table"]: g for g in queries.table_grid(con, stuck_seconds=60)}
            later = {g["table"]: g for g in queries.table_grid(con, stuck_seconds=60,
                                                                now=time.time() + 120)}
            log = queries.table_log(con, 1)
    last = recs[-1]["state"]
    g1, g2 = grid[1], grid[2]
    assert g1["hands"] == last["hand_no"] - 1 and g1["dealer"] == last["dealer"]
    assert g1["streak"] == last["streak"] and g1["round"] == "ESWN"[last["round"]]
    assert g1["players"] == [names[p] for p in ev["seating"][1]]
    assert g1["dealer_name"] == g1["players"][last["dealer"]]
    assert g1["scores"] == last["scores"] and g1["last_upload"] is not None
    assert not g1["stuck"] and g1["pending"] == 0
    assert g2["pending"] == 3 and g2["stuck"]                   # held past the gap
    assert later[1]["stale"] and later[1]["stuck"]              # silent for too long
    # the hand log: every record but undos, those taken back marked, elements listed
    undone = {r["undoes"] for r in recs if r["event"]["event"] == "undo"}
    assert [h["seq"] for h in log] == [r["seq"] for r in recs if r["event"]["event"] != "undo"]
    for h in log:
        assert h["counts"] == (h["seq"] not in undone)
        rec = next(r for r in recs if r["seq"] == h["seq"])
        if h["event"] == "win":
            assert h["total"] == rec["result"]["total"] and h["unit"] == "tai"
            assert [i["name"] for i in h["items"]] == [i["name"] for i in rec["result"]["items"]]
            assert h["winner_name"] == g1["players"][rec["event"]["winner"]]
        assert h["payments"] == rec["payments"]


def test_a_seating_pull_is_a_sign_of_life(db_url):
    """An idle table's device uploads nothing but pulls its seating (the heartbeat): the
    grid does not flag it "no sync" while the pulls come, and does once they stop."""
    db_path = db_url
    ev = setup_event(db_path, rules="tw")
    recs = play(session_events("tw", seed=4, n=5))
    with TestClient(create_app(db_path, pages=False)) as c:
        d1, d2 = ev["devices"]
        d1.upload(c, journal_id(1), recs)
        d2.upload(c, journal_id(2), recs)
        db = c.app.state.db
        with db.read() as con:
            t_upload = max(g["last_upload"] for g in queries.table_grid(con))
        time.sleep(0.05)
        assert d1.pull(c).status_code == 200
        bad = type(d2)(d2.id, "0" * 64)
        assert bad.pull(c).status_code == 401          # unsigned: no sign of life
        with db.read() as con:
            grid = {g["table"]: g for g in queries.table_grid(con, stuck_seconds=60)}
            pulled = grid[1]["last_seen"]
            # a minute after the uploads, less after the pull: table 1 pulled since,
            # table 2 only uploaded
            later = {g["table"]: g for g in queries.table_grid(
                con, stuck_seconds=60, now=(t_upload + pulled) / 2 + 60)}
            much_later = {g["table"]: g for g in queries.table_grid(con, stuck_seconds=60,
                                                                     now=pulled + 61)}
    assert pulled > grid[1]["last_upload"] and grid[2]["last_seen"] == grid[2]["last_upload"]
    assert grid[1]["last_upload"] <= t_upload
    assert not later[1]["stale"] and later[2]["stale"]
    assert much_later[1]["stale"]
