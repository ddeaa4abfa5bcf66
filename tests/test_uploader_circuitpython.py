"""The Wi-Fi board's network adapters on CircuitPython against the real organiser on
loopback: CircuitPython's unix port (with a socket module: host_tools.board.circuitpython
.unix_net) runs the cp_feather_esp32s3 bundle's firmware, whose cpy/runtime.py installs
network.WLAN over wifi.radio and asyncio.open_connection over socketpool as on the board;
`wifi` and `socketpool` are stand-ins over the port's sockets (tests/cpnet/: the port has
no radio).  The device joins the venue's Wi-Fi from its settings, the upload task sends
a few hands, signed with the port's hashlib, and the organiser stores each record once;
the seating pull brings the table's players into the settings.  A wrong secret is
refused and stores nothing; an organiser that does not answer is shown, and the records
wait; a password the radio refuses leaves the link down (no fault)."""

import json
import os
import subprocess

import pytest

import journal
from host_tools import paths
from host_tools.board import circuitpython, cpbundle
from organiser_fixtures import OrganiserServer, query, setup_event

BOARD = "cp_feather_esp32s3"
RUNNER = os.path.join(paths.ROOT, "tests", "cp_uploader.py")
SHIMS = os.path.join(paths.ROOT, "tests", "cpnet")
PLAYERS = ["東", "南", "西", "北"]
EVENTS = [{"event": "start", "rules": "tw", "dealer": 0, "players": PLAYERS},
          {"event": "win", "winner": 0, "from": 1, "hand": {"hand": "123456789m123456p5s", "win": "5s"}},
          {"event": "draw"},
          {"event": "win", "winner": 2, "from": 3, "hand": {"hand": "1112223334445556m", "win": "6m"}},
          {"event": "win", "winner": 3, "from": 0, "hand": {"hand": "123m456p789s1112223z", "win": "3z"}}]


@pytest.fixture
def event(tmp_path):
    db = str(tmp_path / "organiser.db")
    ev = setup_event(db, n_tables=2, rules="tw")
    with OrganiserServer(db) as srv:
        yield srv, ev, db


def run_device(state, settings, run_ms=20000):
    os.makedirs(state, exist_ok=True)
    conf = str(state) + ".json"
    with open(conf, "w") as f:
        json.dump({"settings": settings, "events": EVENTS, "run_ms": run_ms}, f)
    out = subprocess.run([circuitpython.unix_net(), "-X", "heapsize=1M", RUNNER,
                          cpbundle.build_bundle(BOARD), SHIMS, str(state), conf],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_hands_uploaded_once_and_seating_pulled_through_the_adapters(tmp_path, event):
    srv, ev, db = event
    dev = ev["devices"][0]
    state = tmp_path / "device"
    res = run_device(state, {"table": dev.table, "rules": "tw", "organiser": srv.url,
                             "device": dev.id, "secret": dev.secret,
                             "wifi": {"ssid": "venue", "password": "mahjong88"}})
    assert res["adapters"] == [True, True]          # the board's stand-ins, not the port's
    assert res["joins"][0][:2] == ["venue", "mahjong88"]
    assert res["done"], res
    # every record of the journal held once, as the journal holds it (version 2's under
    # version 1's names, as the organiser stores them: organiser/store/records2.py)
    from organiser.store import records2
    path = str(state / "journal.bin")
    recs = [records2.v1(dict({"seq": seq}, **rec))
            for _, seq, rec in journal.Journal(path).records()]
    assert len(recs) == len(EVENTS) == res["jseq"] == res["acked"]
    rows = query(db, "SELECT seq, body FROM records WHERE device = ? AND journal = ?",
                 (dev.id, journal.journal_id(path)))
    assert sorted(seq for seq, _ in rows) == [r["seq"] for r in recs]
    assert {seq: json.loads(body) for seq, body in rows} == {r["seq"]: r for r in recs}
    assert query(db, "SELECT status, error FROM refused") == []
    # the seating pull: the table's players for the open round, into the settings
    want = [r[0] for r in query(db, "SELECT p.name FROM seating s JOIN players p ON "
                                    "p.id = s.player_id WHERE s.tround_id = ? AND "
                                    "s.table_no = ? ORDER BY s.seat", (ev["tround"], dev.table))]
    assert res["pulls"] >= 1 and res["seating_error"] is None
    assert res["settings"]["players"] == want and res["changes"] >= 1


def test_a_wrong_secret_is_refused_and_stores_nothing(tmp_path, event):
    srv, ev, db = event
    dev = ev["devices"][1]
    res = run_device(tmp_path / "device", {
        "table": dev.table, "rules": "tw", "organiser": srv.url, "device": dev.id,
        "secret": "00" * 32, "wifi": {"ssid": "venue", "password": "mahjong88"}}, run_ms=3000)
    assert not res["done"] and res["acked"] == 0
    assert res["upload_error"] == "signature refused"
    assert query(db, "SELECT COUNT(*) FROM records") == [(0,)]
    assert query(db, "SELECT COUNT(*) FROM refused WHERE device = ?", (dev.id,))[0][0] >= 1


def test_an_organiser_not_answering_is_shown_and_the_journal_waits(tmp_path):
    from organiser_fixtures import free_port
    res = run_device(tmp_path / "device", {
        "table": 1, "rules": "tw", "organiser": "http://127.0.0.1:%d" % free_port(),
        "device": "dev1", "secret": "00" * 32,
        "wifi": {"ssid": "venue", "password": "mahjong88"}}, run_ms=3000)
    assert not res["done"] and res["acked"] == 0 and res["jseq"] == len(EVENTS)
    assert res["upload_error"] == "cannot reach organiser"
    assert res["posts"] >= 2                        # tried again after the back-off


def test_a_password_the_radio_refuses_leaves_the_link_down_not_the_task(tmp_path, event):
    srv, ev, db = event
    dev = ev["devices"][0]
    res = run_device(tmp_path / "device", {
        "table": dev.table, "rules": "tw", "organiser": srv.url, "device": dev.id,
        "secret": dev.secret, "wifi": {"ssid": "venue", "password": "short"}}, run_ms=3000)
    assert res["joins"] == [] and res["acked"] == 0
    assert res["upload_error"] == "no Wi-Fi" and not any("fault" in s for s in res["logs"])
    assert query(db, "SELECT COUNT(*) FROM records") == [(0,)]
