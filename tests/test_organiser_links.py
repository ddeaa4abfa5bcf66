"""The organiser's rooms linked in the open: the pages' memo hears of changes as a
subscriber of the broker (a refused request leaves the standings it holds standing), and
a director's correction on the pages is scored by the scoring's one path."""

import re
import warnings

import pytest

from organiser.app import create_app
from organiser_fixtures import Device, journal_id, play, session_events, setup_event

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

J = journal_id(5)


@pytest.fixture(scope="module")
def recs():
    return play(session_events("mcr", seed=5, n=30))


def test_a_refused_upload_keeps_the_memo_and_a_stored_one_moves_it(db_url, recs):
    ev = setup_event(db_url)
    app = create_app(db_url)
    heard = []
    app.state.broker.watch(lambda topic, data: heard.append(topic))
    memo = app.state.pages_memo
    with TestClient(app) as c:
        d = ev["devices"][0]
        before = memo.version
        forged = Device(d.id, "00" * 32, d.table)            # signed with the wrong secret
        assert forged.upload(c, J, recs[:5]).status_code == 401
        assert heard == ["refused"] and memo.version == before
        assert d.upload(c, J, recs[:5]).status_code == 200
        assert heard[1:] == ["upload", "standings"]
        assert memo.version == before + 2


def test_a_correction_on_the_pages_is_scored_before_the_answer(db_url, recs):
    """The director's form posts a correction; the answer comes once the correction's
    journal has been replayed and stored again, by the scoring's one path (the engine
    called from the scoring's drain, as for an upload)."""
    ev = setup_event(db_url, password="s3cret-pw")
    app = create_app(db_url)
    scoring = app.state.scoring
    replayed = []
    engine_replay = scoring.engine.replay_journals

    def watched(path, keys):
        replayed.append(list(keys))
        return engine_replay(path, keys)

    scoring.engine.replay_journals = watched
    with TestClient(app) as c:
        d = ev["devices"][0]
        assert d.upload(c, J, recs).status_code == 200
        assert replayed == [[(d.id, J)]]
        r = c.post("/admin/login", data={"name": "director", "password": "s3cret-pw",
                                         "next": "/admin"}, follow_redirects=False)
        assert r.status_code == 303
        token = re.search(r'name="csrf" value="([0-9a-f]+)"', c.get("/admin").text).group(1)
        win = next(i for i, x in enumerate(recs) if x["event"]["event"] == "win")
        r = c.post("/admin/corrections/payments", data={
            "csrf": token, "target": "%s/%s/%d" % (d.id, J, recs[win]["seq"]),
            "p0": "8", "p1": "-8", "p2": "0", "p3": "0", "why": "miscounted"},
            follow_redirects=False)
        assert r.status_code == 303 and "ok=" in r.headers["location"], r.headers
        assert replayed == [[(d.id, J)], [(d.id, J)]] and not scoring.busy
