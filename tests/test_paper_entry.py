"""A game entered from a paper score sheet (organiser/pages/admin/paper.py), on a live
organiser (uvicorn in a subprocess): its players, then each hand typed as the device
shows a hand; the organiser's table engine scores each one, refuses a wrong one with the
ruleset's reason as the device does (nothing written), and the game counts in the
standings and the exports like a device's, stored as the organiser's own records (kind
`o`, device `organiser`, one journal a sheet, `by` the director)."""

import csv
import io
import json
import re

import httpx
import pytest

from organiser_fixtures import OrganiserServer, query, scored, setup_event

PW = "director password"
# Chinese Official: 123m 456p 789s 23m 中中, won on 4m (what it pays: the table engine's
# own answer for the same hand, below)
GOOD = dict(kind="win", winner="1", tiles="123m 456p 789s 23m 中中 4m", flowers="",
            words="")
# 門前清 2, 平和 2, 一般高 1: 5 fan, under Chinese Official's 8
UNDER = {"kind": "win", "winner": "1", "from": "0", "tiles": "234m 345p 567s 23m 99s 4m",
         "flowers": "", "words": ""}


def _csrf(client, path):
    return re.search(r'name="csrf" value="([0-9a-f]+)"', client.get(path).text)[1]


def post(client, page, action, data):
    """A director's form sent as its page sends it (its token, its origin)."""
    return client.post(action, data=dict(data, csrf=_csrf(client, page)),
                       headers={"Origin": str(client.base_url).rstrip("/"),
                                "Referer": str(client.base_url).rstrip("/") + page},
                       follow_redirects=True)


def engine_payments(hand_event, players):
    """What the table engine itself pays for a hand after a start (the device's truth)."""
    from organiser_fixtures import play
    recs = play([{"event": "start", "rules": "mcr", "players": players, "dealer": 0},
                 hand_event])
    return recs[-1]["payments"]


@pytest.fixture
def live(db_url):
    ev = setup_event(db_url, password=PW)
    srv = OrganiserServer(db_url).start()
    adm = httpx.Client(base_url=srv.url, timeout=60)
    assert adm.post("/api/admin/login", json={"name": "director", "password": PW}
                    ).status_code == 200
    yield srv, ev, adm
    adm.close()
    srv.stop()


def open_sheet(adm, ev, table=2):
    r = post(adm, "/admin/paper", "/admin/paper", {"tround_id": ev["tround"],
                                                   "table_no": table})
    assert r.status_code == 200 and "sheet opened" in r.text, r.text[-2000:]
    return str(r.url).rsplit("/", 1)[1].split("?")[0]


def test_a_paper_game_is_scored_by_the_engine_and_counts(live, db_url):
    srv, ev, adm = live
    names = {v: k for k, v in ev["players"].items()}
    seated = [names[p] for p in ev["seating"][2]]
    journal = open_sheet(adm, ev)
    page = "/admin/paper/" + journal
    sheet = adm.get(page).text
    for n in seated:
        assert n in sheet

    # a hand under the minimum: refused with the ruleset's reason and what it counted,
    # as the device says it, the typed hand kept in the form; nothing written
    r = post(adm, page, page + "/hand", UNDER)
    assert "refused: 5 fan without flowers; a win needs 8; counted: 門前清 2, 平和 2" in r.text
    assert 'value="234m 345p 567s 23m 99s 4m"' in r.text
    # in English the elements are named as an English device names them
    r = post(adm, page, page + "/hand?lang=en", UNDER)
    assert "a win needs 8; counted: Concealed Hand 2, All Chows 2" in r.text
    # a hand that is not whole, and one the notation cannot read: their reasons
    r = post(adm, page, page + "/hand", dict(GOOD, tiles="123m 456p 789s 23m 中中 9m"))
    assert "refused: the hand is not complete with 9m" in r.text
    r = post(adm, page, page + "/hand", dict(GOOD, tiles="(12m) 456p 789s 23m 中中 4m"))
    assert "a set is a chow (three in a row)" in r.text
    r = post(adm, page, page + "/hand", dict(GOOD, words="no such word"))
    assert "is not a context word of this ruleset" in r.text
    assert query(db_url, "SELECT COUNT(*) FROM records WHERE device = 'organiser'"
                 ) == [(1,)]                        # the start only

    # a good hand, on seat 1's discard, and a draw
    good = dict(GOOD, **{"from": "0"})
    r = post(adm, page, page + "/hand", good)
    assert "hand scored:" in r.text, r.text[-1500:]
    want = engine_payments({"event": "win", "winner": 1, "from": 0, "hand": {
        "hand": "123m456p789s23m55z", "win": "4m"}}, seated)
    assert "payments " + " ".join("%+d" % p for p in want) in r.text
    r = post(adm, page, page + "/hand", {"kind": "draw"})
    assert "hand scored:" in r.text
    scored(adm)

    # the organiser's own records: kind o, by the director, one journal
    recs = query(db_url, "SELECT seq, body FROM records WHERE device = 'organiser' AND "
                         "journal = ? ORDER BY seq", (journal,))
    bodies = [json.loads(b) for _, b in recs]
    assert [b["event"]["event"] for b in bodies] == ["start", "win", "draw"]
    assert all(b["k"] == "o" and b["by"] == "director" for b in bodies)
    assert bodies[1]["event"]["hand"] == {"hand": "12233m456p789s55z", "win": "4m"}
    assert bodies[1]["payments"] == want
    status = query(db_url, "SELECT seq, status FROM replayed WHERE device = 'organiser' "
                           "ORDER BY seq")
    assert status == [(1, "ok"), (2, "ok"), (3, "ok")]

    # counted in the standings and the hands export like a device's hands
    by_id = {p["id"]: p["score"] for p in adm.get("/api/v1/standings").json()["players"]}
    assert [by_id[p] for p in ev["seating"][2]] == want
    rows = list(csv.DictReader(io.StringIO(adm.get("/export/hands.csv").text)))
    mine = [x for x in rows if x.get("table") == "2"]
    assert any(x["winner"] == seated[1] and x["from"] == seated[0] for x in mine), mine

    # the hand log says whose they are: a paper sheet, entered by the director
    log = adm.get("/tables/2").text
    assert "paper sheet, entered by director" in log and "/admin/paper/" + journal in log
    assert "device organiser" not in log
    # the sheet's page lists them; the last taken back (asked first) leaves the win
    sheet = adm.get(page).text
    assert "wins on" in sheet and "Take back hand 2" in sheet
    r = post(adm, page, page + "/undo", {})
    assert "the last hand taken back" in r.text
    scored(adm)
    assert query(db_url, "SELECT kind, effective FROM records WHERE device = 'organiser' "
                         "ORDER BY seq") == [("start", 1), ("win", 1), ("draw", 0),
                                             ("undo", 0)]
    # the sheets' list, and the Devices page without the organiser's own device
    listing = adm.get("/admin/paper").text
    assert journal in listing and "director" in listing
    devices = adm.get("/admin/devices").text
    assert '<td class="mono">dev1</td>' in devices
    assert '<td class="mono">organiser</td>' not in devices


def test_a_sheet_entered_after_its_round_closed_counts(live, db_url):
    """The director's entry is never late: a sheet of a round closed longer ago than the
    grace lands at its table and counts (a device's hand then would be held)."""
    srv, ev, adm = live
    assert adm.put("/api/admin/grace", json={"seconds": 0}).status_code == 200
    assert adm.post("/api/admin/trounds/%d/close" % ev["tround"]).status_code == 200
    journal = open_sheet(adm, ev, table=1)
    page = "/admin/paper/" + journal
    r = post(adm, page, page + "/hand", dict(GOOD, **{"from": "0"}))
    assert "hand scored:" in r.text
    scored(adm)
    assert query(db_url, "SELECT seq, status FROM replayed WHERE device = 'organiser'") == [
        (1, "ok"), (2, "ok")]
    assert query(db_url, "SELECT late FROM records WHERE device = 'organiser'") == [(0,), (0,)]
    names = {v: k for k, v in ev["players"].items()}
    by_id = {p["id"]: p["score"] for p in adm.get("/api/v1/standings").json()["players"]}
    assert by_id[ev["seating"][1][1]] > 0, names
    # a sheet whose players sat otherwise than the seating said: its hands go to them
    swapped = list(ev["seating"][2])
    swapped[0], swapped[1] = swapped[1], swapped[0]
    r = post(adm, "/admin/paper", "/admin/paper", dict(
        {"tround_id": ev["tround"], "table_no": 2},
        **{"seat%d" % i: p for i, p in enumerate(swapped)}))
    assert "sheet opened" in r.text
    page = str(r.url).split("?")[0].replace(str(adm.base_url).rstrip("/"), "")
    r = post(adm, page, page + "/hand", dict(GOOD, **{"from": "0"}))
    assert "hand scored:" in r.text
    scored(adm)
    by_id = {p["id"]: p["score"] for p in adm.get("/api/v1/standings").json()["players"]}
    assert by_id[swapped[1]] > 0 > by_id[swapped[0]]
    # a sheet for a table the round did not seat is refused with the reason
    r = post(adm, "/admin/paper", "/admin/paper", {"tround_id": ev["tround"], "table_no": 7})
    assert "table 7 is not seated in that round" in r.text and "sheet opened" not in r.text


def test_no_device_may_take_the_organiser_s_name(tmp_path):
    from organiser.event import tournament
    from organiser.store.db import Database
    db = Database(str(tmp_path / "o.db"))
    with db.write() as con:
        with pytest.raises(tournament.ModelError, match="exists"):
            tournament.register_device(con, device_id="organiser")
    db.close()
