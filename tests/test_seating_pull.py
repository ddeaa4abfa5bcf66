"""The seating pull end to end on loopback: the application (firmware compiled, in the
MicroPython unix port with the sim board) against the real organiser.  The device pulls
its table's seating for the open tournament round into its settings file; a new session
typed on the keys (`0#` on the status screen) journals a start with those players and the
organiser's tag, and the organiser files the uploaded session under that round and table.
A running session keeps its players when the next round's seating arrives (and takes the
event's device language the director set at once); a refused
secret is shown on the status screen and changes nothing."""

import json

import pytest

import device_script
import journal
from host_tools.build import build_info
from organiser.event import tournament
from organiser.store.db import Database
from organiser_fixtures import OrganiserServer, query, setup_event

SCRIPT = r"""
import sys, json, gc
sys.path[:0] = [%(tests)r]
import mpy_app
from mpy_app import until
mpy_app.firmware(%(folder)r)
import asyncio

app, shown = mpy_app.boot(%(root)r)
net = app.status["net"]
seat = app.status["seating"]
logs = []
net.log = logs.append
out = {}


async def driver():
    out["pulled"] = await until(lambda: seat.pulls >= 1 or (seat.tries >= 2 and seat.fails >= 2), 15000)
    await asyncio.sleep_ms(50)                  # the redraw the pull asked for
    out["drawn"] = shown[-1]
    out["status"] = app.ui.status_lines()
    out["players_shown"] = [app.ui.name(s) for s in range(4)]
    if %(keys)r:
        n = app.session.jseq
        for k in %(keys)r:
            app.keypad.feed(k, False)
        out["started"] = await until(lambda: app.session.jseq > n, 5000)
        if %(upload)r:
            out["uploaded"] = await until(lambda: net.waiting == 0 and net.acked > n, 15000)
        await asyncio.sleep_ms(50)
        out["drawn_after"] = shown[-1]
        out["status_after"] = app.ui.status_lines()

mpy_app.run(app, driver)
out["seating"] = {"pulls": seat.pulls, "tries": seat.tries, "fails": seat.fails, "changes": seat.changes,
                  "error": seat.last_error}
out["upload_error"] = net.last_error
out["logs"] = logs
out["cfg"] = dict((k, v) for k, v in app.cfg.items() if k != "_path")
gc.collect()
out["free"] = gc.mem_free()
print("RESULT " + json.dumps(out))
"""


def run_device(root, keys="", upload=True):
    """Boot the application on the board folder `root`; wait for a pull, type `keys`,
    wait for the upload; the script's findings."""
    return device_script.run(SCRIPT, "256k", root=str(root) + "/", keys=list(keys),
                             upload=upload)


def seated(db, tround, table):
    return [r[0] for r in query(db, "SELECT p.name FROM seating s JOIN players p ON "
                                    "p.id = s.player_id WHERE s.tround_id = ? AND "
                                    "s.table_no = ? ORDER BY s.seat", (tround, table))]


def starts(state):
    """The journal's start events, in order (version 2's records under version 1's names)."""
    import record2
    recs = [record2.v1_view(rec) if "e" in rec else rec
            for _, _, rec in journal.Journal(str(state / "journal.bin")).records()]
    return [rec["event"] for rec in recs if rec["event"]["event"] == "start"]


@pytest.fixture
def event(tmp_path):
    db = str(tmp_path / "organiser.db")
    ev = setup_event(db, n_tables=2, rules="hk")
    with OrganiserServer(db) as srv:
        yield srv, ev, db


def board_folder(tmp_path, settings):
    root = tmp_path / "board"
    root.mkdir()
    (root / "settings.json").write_text(json.dumps(settings))
    return root


def test_pulled_names_start_the_next_session_and_the_organiser_files_it(tmp_path, event):
    srv, ev, db = event
    dev = ev["devices"][1]                              # registered for table 2
    r1 = ev["tround"]
    names1 = seated(db, r1, 2)
    assert len(names1) == 4
    # a board set up with the wrong table number and the default ruleset
    root = board_folder(tmp_path, {"table": 1, "organiser": srv.url, "device": dev.id,
                                   "secret": dev.secret})

    out = run_device(root, keys="0#")
    assert out["pulled"] and out["seating"]["error"] is None, out
    saved = json.loads((root / "settings.json").read_text())
    # the seating of its table, the round, and (no session yet) the event's ruleset
    assert saved["players"] == names1 and saved["tround"] == r1
    assert saved["table"] == 2 and saved["rules"] == "hk" and saved["dealer"] == 0
    assert saved["device"] == dev.id and saved["secret"] == dev.secret   # the rest kept
    # the screen was redrawn with no key pressed: the table the organiser named
    assert out["drawn"][0].startswith("\x01T2 ")
    assert out["players_shown"] == ["%d %s" % (i + 1, n[:8]) for i, n in enumerate(names1)]
    # 0# on the status screen: the new session's start, journaled and uploaded
    assert out["started"] and out["uploaded"], out
    start, = starts(root)
    assert start["players"] == names1 and start["rules"] == "hk"
    assert start["tag"] == {"table": 2, "tround": r1}
    rows = query(db, "SELECT table_no, tround_id, rules, players FROM sessions WHERE device = ?",
                 (dev.id,))
    assert rows == [(2, r1, "hk", json.dumps(names1, ensure_ascii=False))]
    # the device told the organiser its firmware build and ruleset data version
    info = build_info("sim")
    (build, data), = query(db, "SELECT build, data FROM devices WHERE id = ?", (dev.id,))
    assert 'BUILD = "%s"' % build in info and 'DATA = "%s"' % data in info
    import urllib.request
    grid = json.loads(urllib.request.urlopen(srv.url + "/api/v1/tables", timeout=10).read())
    shown = [d for t in grid["tables"] for d in t["device_info"] if d["id"] == dev.id]
    assert shown == [{"id": dev.id, "build": build, "data": data, "revoked": False}]
    assert "build %s" % build in urllib.request.urlopen(srv.url + "/tables", timeout=10
                                                        ).read().decode()

    # the director closes the round and opens the next (another seating, another ruleset)
    srv.stop()
    d = Database(db)
    with d.write() as con:
        tournament.close_round(con, r1)
        r2 = tournament.add_tround(con)
        tournament.generate_seating(con, r2, seed=7)
        tournament.open_round(con, r2)
        tournament.set_event(con, rules="tw", device_lang="en")
    d.close()
    srv.start()
    names2 = seated(db, r2, 2)
    assert names2 != names1

    # the board boots with its round-1 session running: the new names are stored for the
    # next session, the running one keeps its players and the ruleset stays
    out = run_device(root)
    assert out["pulled"] and out["seating"]["changes"] == 1, out
    saved = json.loads((root / "settings.json").read_text())
    assert saved["players"] == names2 and saved["tround"] == r2 and saved["rules"] == "hk"
    # the event's device language, set by the director, reaches the running table at once
    assert saved["lang"] == saved["event_lang"] == "en"
    assert out["players_shown"] == ["%d %s" % (i + 1, n[:8]) for i, n in enumerate(names1)]
    assert not any(n[:8] in line for n in names2 if n not in names1 for line in out["status"])

    # the next new session starts with them and lands in round 2
    out = run_device(root, keys="0#")
    assert out["started"] and out["uploaded"], out
    assert out["seating"]["changes"] == 0               # nothing new: the file left alone
    assert [s["players"] for s in starts(root)] == [names1, names2]
    assert starts(root)[-1]["tag"] == {"table": 2, "tround": r2}
    rows = query(db, "SELECT tround_id, table_no, players FROM sessions WHERE device = ? "
                     "ORDER BY id", (dev.id,))
    assert rows == [(r1, 2, json.dumps(names1, ensure_ascii=False)),
                    (r2, 2, json.dumps(names2, ensure_ascii=False))]


def test_a_refused_secret_is_shown_and_changes_nothing(tmp_path, event):
    srv, ev, db = event
    dev = ev["devices"][0]
    wrong = ("0" if dev.secret[0] != "0" else "1") + dev.secret[1:]
    settings = {"table": 1, "organiser": srv.url, "device": dev.id, "secret": wrong,
                "players": ["A", "B", "C", "D"]}
    root = board_folder(tmp_path, settings)
    before = (root / "settings.json").read_bytes()
    out = run_device(root, keys="0#", upload=False)
    assert out["seating"]["pulls"] == 0 and out["seating"]["tries"] >= 2
    assert out["seating"]["error"] == "signature refused"
    assert "seating: signature refused" in out["logs"]
    # the status screen of the session started on the keys says so (its lines)
    assert out["started"]
    assert "seating: signature refused" in " ".join(out["status_after"])    # wrapped rows
    # the session starts with the names the settings held, no round of the organiser's
    start, = starts(root)
    assert start["players"] == ["A", "B", "C", "D"] and start["tag"] == {"table": 1}
    # nothing changed: the file, the names, the ruleset
    assert (root / "settings.json").read_bytes() == before
    assert out["cfg"]["players"] == ["A", "B", "C", "D"] and out["cfg"]["rules"] == "mcr"
    assert "tround" not in out["cfg"]
    # the organiser logged each refused pull (and the session's refused upload), and
    # holds nothing of the device
    got = query(db, "SELECT status, error, device, path FROM refused")
    pulls = [g for g in got if g[3] == "/api/v1/seating"]
    assert 2 <= out["seating"]["fails"] <= len(pulls) <= out["seating"]["tries"]
    assert set(got) <= {(401, "bad_signature", dev.id, "/api/v1/seating"),
                        (401, "bad_signature", dev.id, "/api/v1/upload")}
    assert query(db, "SELECT COUNT(*) FROM records WHERE device = ?", (dev.id,)) == [(0,)]
