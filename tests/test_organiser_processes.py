"""Two organiser processes on one PostgreSQL database, as behind one address: the same
batch sent to both at the same moment is stored once (and derived once: the standings
add up), and a page watching one process hears of an upload to the other (LISTEN/NOTIFY)."""

import json
import threading
import time

import httpx
import pytest

from organiser.store.db import Database
from organiser_fixtures import (OrganiserServer, journal_id, play, scored, session_events,
                                setup_event)

pytestmark = [pytest.mark.pg_only, pytest.mark.pg_core]

COPIES = 3          # each batch sent this many times to each process at once
LIMITS = httpx.Limits(max_connections=16)


@pytest.fixture(scope="module")
def games():
    # with undos: a record derived twice would take back one hand too many
    return [play(session_events("mcr", seed=s, n=40)) for s in (21, 22)]


@pytest.fixture(scope="module")
def two(module_db_url, engine):
    """Two organiser processes on one database; three tables (the watcher's test uploads
    at table 3, apart from the tables the counting test checks)."""
    ev = setup_event(module_db_url, n_tables=3)
    a, b = OrganiserServer(module_db_url).start(), OrganiserServer(module_db_url).start()
    try:
        yield ev, a, b
    finally:
        for srv in (a, b):              # both told at once, then waited for
            if srv.proc is not None:
                srv.proc.terminate()
        a.stop()
        b.stop()


def at_once(calls):
    """Run the calls in threads released together; their results."""
    gate = threading.Barrier(len(calls))
    out = [None] * len(calls)

    def run(i, f):
        gate.wait()
        out[i] = f()
    ts = [threading.Thread(target=run, args=(i, f)) for i, f in enumerate(calls)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return out


def test_the_same_batch_at_two_processes_at_once_is_stored_once(two, games):
    ev, a, b = two
    undos = sum(r["event"]["event"] == "undo" for g in games for r in g)
    assert undos > 0
    jids = [journal_id(100 + i) for i in range(len(games))]
    with httpx.Client(timeout=30, limits=LIMITS) as ca, httpx.Client(timeout=30, limits=LIMITS) as cb:
        step = 0
        while step < max(len(g) for g in games):
            step += 5
            calls = []
            for dev, jid, recs in zip(ev["devices"][:2], jids, games):
                batch = recs[max(0, step - 8):step]       # overlapping the last batch
                if not batch:
                    continue
                for client, srv in ((ca, a), (cb, b)) * COPIES:
                    calls.append(lambda d=dev, c=client, s=srv, j=jid, r=batch:
                                 d.upload(c, j, r, s.url, wait=False))
            answers = at_once(calls)
            for r in answers:
                assert r.status_code == 200, a.errors() + b.errors()
            # both processes acknowledge the same mark for each journal
            acks = [r.json()["acked"] for r in answers]
            assert len(set(acks[:2 * COPIES])) == 1 and len(set(acks[2 * COPIES:])) <= 1
        scored(ca, a.url)
        scored(cb, b.url)
        st_a = ca.get(a.url + "/api/v1/standings").json()
        st_b = cb.get(b.url + "/api/v1/standings").json()
    db = Database(a.db_path)
    try:
        with db.read() as con:
            mine = "journal IN (?, ?)"
            n, distinct = con.execute("SELECT COUNT(*), COUNT(DISTINCT device || journal || "
                                      "seq) FROM records WHERE " + mine, jids).fetchone()
            starts = con.execute("SELECT COUNT(*) FROM sessions WHERE " + mine,
                                 jids).fetchone()[0]
            replayed = con.execute("SELECT COUNT(*) FROM replayed WHERE " + mine,
                                   jids).fetchone()[0]
    finally:
        db.close()
    total = sum(len(g) for g in games)
    assert n == distinct == total == replayed
    assert starts == sum(r["event"]["event"] == "start" for g in games for r in g)
    assert st_a["players"] == st_b["players"]
    by_id = {p["id"]: p["score"] for p in st_a["players"]}
    for table, recs in zip((1, 2), games):
        assert [by_id[p] for p in ev["seating"][table]] == recs[-1]["state"]["scores"]


def test_a_watcher_of_one_process_hears_of_an_upload_to_the_other(two, games):
    ev, a, b = two
    d = ev["devices"][2]                # table 3: no other test uploads there
    heard = []
    listening = threading.Event()
    sent = []

    def watch():
        with httpx.Client(timeout=httpx.Timeout(15, read=15)) as c:
            with c.stream("GET", b.url + "/live") as r:
                for line in r.iter_lines():
                    listening.set()             # its first line: subscribed on b
                    if line.startswith("data:") and sent:
                        heard.append((time.monotonic(), json.loads(line[5:])))
                        return                  # (the stream closed: the server stops soon)
    t = threading.Thread(target=watch, daemon=True)
    t.start()
    assert listening.wait(60)
    with httpx.Client(timeout=30) as c:
        sent.append(time.monotonic())
        assert d.upload(c, journal_id(7), games[0][:3], a.url, wait=False).status_code == 200
        sent.append(time.monotonic())   # answered (on a loaded machine the upload is slow)
    t.join(30)
    assert heard, "the watcher of the other process heard nothing: " + b.errors()
    at, data = heard[0]
    # the upload's table, or (with the scoring's news in the same flush) everything
    assert data.get("table") in (d.table, None) and at - sent[1] < 2
