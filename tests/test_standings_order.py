"""The standings' shape: an event without teams shows no team table (one with teams
does)."""

from fastapi.testclient import TestClient

from organiser.event import tournament
from organiser.app import create_app
from organiser.store.db import Database


def standings_page(db_url, teams):
    db = Database(db_url)
    with db.write() as con:
        tournament.set_event(con, name="Open", rules="mcr", settings={})
        team = tournament.add_team(con, "Nord") if teams else None
        for i in range(4):
            tournament.add_player(con, "P%d" % i, team)
    db.close()
    with TestClient(create_app(db_url)) as c:
        return c.get("/").text


def test_no_team_table_without_teams(db_url):
    page = standings_page(db_url, teams=False)
    assert 'id="player-standings"' in page and 'id="team-standings"' not in page


def test_team_table_with_teams(db_url):
    page = standings_page(db_url, teams=True)
    assert 'id="team-standings"' in page and "Nord" in page
