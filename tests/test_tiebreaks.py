"""The standings' tie-breaks the director picks (organiser/event/tiebreaks.py): the ruleset's
default, another order through the admin API and the page, refused names."""

import re

import pytest
from fastapi.testclient import TestClient

from organiser.event import tiebreaks
from organiser.app import create_app
from organiser_fixtures import journal_id, play, session_events, setup_event

PASSWORD = "east-wind-2026"


@pytest.fixture(scope="module")
def games_recs():
    return [play(session_events("mcr", seed=s, n=40)) for s in (21, 22)]


@pytest.fixture
def env(db_url, games_recs):
    ev = setup_event(db_url, password=PASSWORD)
    with TestClient(create_app(db_url)) as c:
        c.post("/admin/login", data={"name": "director", "password": PASSWORD})
        for i, dev in enumerate(ev["devices"]):
            assert dev.upload(c, journal_id(i + 1), games_recs[i]).status_code == 200
        yield c, ev


def players(c):
    return c.get("/api/v1/standings").json()["players"]


def test_default_then_the_directors_order(env):
    c, ev = env
    got = c.get("/api/admin/tiebreaks").json()
    assert got["order"] == got["default"] == ["table_points", "score"]
    ps = players(c)
    assert [(-p["table_points"], -p["total"]) for p in ps] == \
        sorted((-p["table_points"], -p["total"]) for p in ps)
    r = c.put("/api/admin/tiebreaks", json={"order": ["score", "table_points"]})
    assert r.status_code == 200 and r.json()["order"] == ["score", "table_points"]
    ps = players(c)
    assert [(-p["total"], -p["table_points"]) for p in ps] == \
        sorted((-p["total"], -p["table_points"]) for p in ps)
    ranks = [p["rank"] for p in ps]
    assert ranks == sorted(ranks) and ranks[0] == 1
    # one game each: the best game's score is the score
    c.put("/api/admin/tiebreaks", json={"order": ["best_game"]})
    ps = players(c)
    assert [-p["total"] for p in ps] == sorted(-p["total"] for p in ps)
    # back to the ruleset's
    assert c.put("/api/admin/tiebreaks", json={"order": []}).json()["order"] == \
        ["table_points", "score"]


def test_refused(env):
    c, ev = env
    assert c.put("/api/admin/tiebreaks", json={"order": ["luck"]}).status_code == 400
    assert c.put("/api/admin/tiebreaks", json={"order": ["score", "score"]}).status_code == 400
    assert c.put("/api/admin/tiebreaks", json={"order": "score"}).status_code == 400
    assert c.get("/api/admin/tiebreaks").json()["order"] == ["table_points", "score"]


def test_the_page(env):
    c, ev = env
    page = c.get("/admin/tiebreaks").text
    assert 'name="c0"' in page and "table points" in page
    token = re.search(r'name="csrf" value="([^"]*)"', page)
    data = {"c0": "score", "c1": "games", "c2": "", "c3": ""}
    if token:
        data["csrf"] = token.group(1)
    r = c.post("/admin/tiebreaks", data=data, follow_redirects=False)
    assert r.status_code == 303 and "error" not in r.headers["location"]
    assert c.get("/api/admin/tiebreaks").json()["order"] == ["score", "games"]
    r = c.post("/admin/tiebreaks", data=dict(data, c1="score"), follow_redirects=False)
    assert "error" in r.headers["location"]


def test_key_orders_higher_first():
    rows = [{"name": "b", "total": 5, "table_points": 2}, {"name": "a", "total": 5,
                                                           "table_points": 4},
            {"name": "c", "total": 9, "table_points": 0}]
    assert [r["name"] for r in sorted(rows, key=tiebreaks.key(["score", "table_points"]))] \
        == ["c", "a", "b"]
    assert [r["name"] for r in sorted(rows, key=tiebreaks.key(["table_points"]))] \
        == ["a", "b", "c"]
