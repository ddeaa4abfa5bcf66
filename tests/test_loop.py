"""The table knows what the organiser knows (docs/upload.md, "Version 2"): the application
(firmware compiled, in the MicroPython unix port with the sim board) against the real
organiser (uvicorn, SQLite).  A session of the wrong ruleset is asked first, and once
started it shows as held, with the true reason, on the first status page within one
pull; a revoked device says so in words; an organiser stopped shows as unreachable, then
clears with every record once."""

import json
import threading
import time

import pytest

import device_script
from organiser.store.db import Database
from organiser_fixtures import OrganiserServer, query, setup_event
from test_seating_pull import board_folder

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
out = {"asked": []}


def first_page():
    return app.ui.status_lines()[:app.ui.rows - 1]


async def keys(ks):
    for k in ks:
        app.keypad.feed(k, False)
        await asyncio.sleep_ms(30)
        if app.ui.msg:
            out["asked"].append(app.ui.msg)


async def driver():
    out["pulled"] = await until(lambda: seat.pulls >= 1 or seat.fails >= 2, 15000)
    seat.every_ms = seat.free_ms = 1000         # the heartbeat, shortened for the test
    seat.soon()
    if %(keys)r:
        n = app.session.jseq
        await keys(%(keys)r)
        out["records"] = app.session.jseq - n
    if %(keys)r and %(upload)r:
        out["uploaded"] = await until(lambda: net.waiting == 0 and net.acked >= app.session.jseq,
                                      %(wait_ms)d)
    if %(until_alert)r:
        out["alerted"] = await until(lambda: %(until_alert)r in (net.alert() or ""), %(wait_ms)d)
        out["first_page"] = first_page()
        if %(mark)r:                            # said: the test may bring the organiser back
            open(%(mark)r, "w").close()
        out["at_alert"] = {"players": app.cfg.get("players"), "tround": app.cfg.get("tround"),
                           "rules": app.cfg.get("rules"), "table": app.cfg.get("table"),
                           "event_rules": app.cfg.get("event_rules"),
                           "clock": app.clock.left if app.clock else None,
                           "pulls": seat.pulls, "error": seat.last_error,
                           "verdict": net.verdict}
    if %(held)r:
        # the organiser scores after it stores: its verdict on the last records comes with
        # a later answer (a seating pull, nudged here)
        out["held_all"] = await until(lambda: (net.verdict or {}).get("held") == %(held)r
                                      or seat.soon(), %(wait_ms)d)
    if %(then_clear)r:
        out["cleared"] = await until(lambda: net.waiting == 0 and net.alert() is None,
                                     %(wait_ms)d)
        out["first_page_after"] = first_page()

mpy_app.run(app, driver)
out["alert"] = net.alert()
out["verdict"] = net.verdict
out["acked"] = net.acked
out["jseq"] = app.session.jseq
out["logs"] = logs
out["cfg_event_rules"] = app.cfg.get("event_rules")
print("RESULT " + json.dumps(out))
"""


def run_device(root, keys="", until_alert=None, then_clear=False, wait_ms=20000,
               upload=True, held=None, mark=None):
    return device_script.run(SCRIPT, "256k", timeout=120, root=str(root) + "/",
                             keys=list(keys), until_alert=until_alert,
                             then_clear=then_clear, wait_ms=wait_ms, upload=upload, held=held,
                             mark=mark)


@pytest.fixture
def event(tmp_path):
    db = str(tmp_path / "organiser.db")
    ev = setup_event(db, n_tables=2, rules="mcr")
    with OrganiserServer(db) as srv:
        yield srv, ev, db


def settings_for(srv, dev, **more):
    return dict({"table": dev.table, "organiser": srv.url, "device": dev.id,
                 "secret": dev.secret}, **more)


def test_a_wrong_ruleset_is_asked_first_and_then_shown_held_with_its_reason(tmp_path, event):
    srv, ev, db = event
    dev = ev["devices"][0]
    root = board_folder(tmp_path, settings_for(srv, dev))
    # status 0: the new session; 0 0: the ruleset mcr -> hk -> tw; # asks; # starts it;
    # then two draws (A, # to confirm each)
    out = run_device(root, keys="000##A#A#", until_alert="session held", held=3)
    assert out["cfg_event_rules"] == "mcr"
    assert "the event plays Chinese Official: # again starts tw" in out["asked"]
    assert out["records"] == 3 and out["uploaded"], out
    assert out["alerted"], out
    page = " ".join(out["first_page"])
    assert page.startswith("session held: call the director: ruleset 'tw': the event"), page
    assert "plays mcr" in page
    v = out["verdict"]
    assert v["held"] == 3 and v["counted"] == 0 and v["session"] == 1
    assert [w[1] for w in v["why"]] == ["ruleset 'tw': the event plays mcr"] * 3
    # the organiser's hand log holds the same reason for every record of the session
    # (not "no session"), as the disputes do
    got = query(db, "SELECT seq, status, error FROM replayed WHERE device = ? ORDER BY seq",
                (dev.id,))
    assert [(s, st) for s, st, _ in got] == [(1, "refused"), (2, "refused"), (3, "refused")]
    assert {e for _, _, e in got} == {"ruleset 'tw': the event plays mcr"}


def test_the_event_ruleset_starts_without_asking_and_counts(tmp_path, event):
    srv, ev, db = event
    dev = ev["devices"][1]
    root = board_folder(tmp_path, settings_for(srv, dev))
    out = run_device(root, keys="0#A#")
    assert out["asked"] == ["started #1"] or not any("event plays" in a for a in out["asked"])
    assert out["records"] == 2 and out["uploaded"], out


def test_a_revoked_device_says_so_in_words(tmp_path, event):
    srv, ev, db = event
    dev = ev["devices"][0]
    d = Database(db)
    with d.write() as con:
        con.execute("UPDATE devices SET revoked_at = ? WHERE id = ?", (time.time(), dev.id))
    d.close()
    root = board_folder(tmp_path, settings_for(srv, dev))
    out = run_device(root, until_alert="revoked", wait_ms=10000)
    assert out["alerted"], out
    assert out["first_page"][0].startswith("revoked: call"), out["first_page"]


def test_an_organiser_stopped_shows_unreachable_then_clears_with_every_record_once(
        tmp_path, event):
    srv, ev, db = event
    dev = ev["devices"][1]
    root = board_folder(tmp_path, settings_for(srv, dev, unreachable_s=3))
    srv.stop()
    # back once the device has said so (its mark file), not after a fixed time a loaded
    # machine might not have reached the alert by
    mark = tmp_path / "alerted"
    ended = threading.Event()           # the device's run over (a device that never said so)

    def back():
        while not mark.exists() and not ended.is_set():
            time.sleep(0.05)
        if mark.exists():
            srv.start()
    timer = threading.Thread(target=back)
    timer.start()
    try:
        out = run_device(root, keys="0#A#A#", until_alert="unreachable", then_clear=True,
                         wait_ms=40000, upload=False, mark=str(mark))
    finally:
        ended.set()
        timer.join()
    assert out["alerted"], out
    assert mark.exists()
    page = " ".join(out["first_page"])
    assert page.startswith("organiser unreachable ") and "hands kept" in page, page
    assert out["cleared"], out
    assert not any("unreachable" in line for line in out["first_page_after"])
    # every record once, as the journal holds it
    got = query(db, "SELECT seq FROM records WHERE device = ? ORDER BY seq", (dev.id,))
    assert [s for s, in got] == list(range(1, out["jseq"] + 1))


def test_a_forged_seating_pull_moves_nothing(tmp_path, event):
    from forging_proxy import FORGED_PLAYERS, ForgingProxy
    srv, ev, db = event
    dev = ev["devices"][0]
    proxy = ForgingProxy(srv.port, ["forge", "forge_mac"])
    root = board_folder(tmp_path, dict(settings_for(srv, dev), organiser=proxy.url,
                                       players=["A", "B", "C", "D"]))
    before = (root / "settings.json").read_bytes()
    # the program in the middle forges every answer for a while: players, round, table,
    # ruleset, dealer, resume, clock and verdict; then steps aside
    timer = threading.Timer(8, proxy.set_modes, (["pass"],))
    timer.start()
    try:
        out = run_device(root, until_alert="not verified", then_clear=True, wait_ms=30000)
    finally:
        timer.join()
        proxy.close()
    assert out["alerted"], out
    assert out["first_page"][0].startswith("organiser answers"), out["first_page"]
    at = out["at_alert"]
    # nothing of the forgeries was taken: the settings as they were, no clock, no verdict
    assert at == {"players": ["A", "B", "C", "D"], "tround": None, "rules": "mcr",
                  "table": 1, "event_rules": None, "clock": None, "pulls": 0,
                  "error": "answer not verified", "verdict": None}, at
    assert proxy.counts.get("forge", 0) + proxy.counts.get("forge_mac", 0) >= 3
    # the genuine pull afterwards: the organiser's seating, and the alert gone
    assert out["cleared"], out
    saved = json.loads((root / "settings.json").read_text())
    assert saved["players"] != FORGED_PLAYERS and saved["players"] != ["A", "B", "C", "D"]
    assert saved["tround"] == ev["tround"] and saved["event_rules"] == "mcr"
    assert before != (root / "settings.json").read_bytes()


CORRECTED = r"""
import sys, json, gc
sys.path[:0] = [%(tests)r]
import mpy_app
from mpy_app import until
mpy_app.firmware(%(folder)r)
import asyncio

app, shown = mpy_app.boot(%(root)r)
net = app.status["net"]
seat = app.status["seating"]
out = {}


async def driver():
    await until(lambda: seat.pulls >= 1, 15000)
    seat.every_ms = seat.free_ms = 1000         # the heartbeat, shortened for the test
    seat.soon()
    for k in "0#A#A#":
        app.keypad.feed(k, False)
        await asyncio.sleep_ms(30)
    out["uploaded"] = await until(lambda: net.waiting == 0 and net.acked == 3, 15000)
    out["before"] = list(app.session.state["scores"])
    # the director corrects record 3 meanwhile (the test's other thread): the next
    # verified answer carries it, the table journals it and sends it up
    out["adjusted"] = await until(lambda: "3" in (app.session.state.get("adj") or {})
                                  and net.waiting == 0, 40000)
    out["after"] = list(app.session.state["scores"])
    out["jseq"] = app.session.jseq
    out["verdict"] = net.verdict
    out["first_page"] = app.ui.status_lines()[:app.ui.rows - 1]
    out["said"] = app.ui.msg
    # the history: the newest record first, the correction explained
    app.keypad.feed("C", False)
    await asyncio.sleep_ms(50)
    out["history"] = shown[-1]
    app.keypad.feed("*", False)
    # the table cannot take the director's word back
    out["undo"] = app.session.preview({"event": "undo"})

mpy_app.run(app, driver)
print("RESULT " + json.dumps(out))
"""


def test_a_directors_correction_reaches_the_device_and_both_replays_agree(tmp_path):
    import httpx
    import journal as jmod
    from organiser.api import answers as answers_mod
    from organiser_fixtures import play  # noqa: F401  (the firmware on the path)
    db = str(tmp_path / "organiser.db")
    ev = setup_event(db, n_tables=2, rules="mcr", password="s3cret-pw")
    dev = ev["devices"][0]
    with OrganiserServer(db) as srv:
        root = board_folder(tmp_path, settings_for(srv, dev))
        fixed = {}

        def director():
            # once the organiser holds and has scored the table's third record, the
            # director sets its payments
            end = time.time() + 60
            while time.time() < end:
                got = query(db, "SELECT journal FROM replayed WHERE device = ? AND seq = 3",
                            (dev.id,))
                if got:
                    break
                time.sleep(0.2)
            with httpx.Client(base_url=srv.url, timeout=10) as c:
                r = c.post("/api/admin/login", json={"name": "director",
                                                     "password": "s3cret-pw"})
                assert r.status_code == 200
                target = "%s/%s/3" % (dev.id, got[0][0])
                r = c.post("/api/admin/corrections", json={
                    "kind": "payments", "target": target, "data": {"payments": [8, -8, 0, 0]},
                    "why": "a false win's penalty, missed at the table"})
                fixed["answer"] = (r.status_code, r.json())

        t = threading.Thread(target=director)
        t.start()
        try:
            out = device_script.run(CORRECTED, "256k", timeout=120, root=str(root) + "/")
        finally:
            t.join()
        assert fixed["answer"][0] == 200, fixed
        assert out["uploaded"] and out["before"] == [0, 0, 0, 0], out
        assert out["adjusted"], out
        # the device's scores are the organiser's
        assert out["after"] == [8, -8, 0, 0]
        d = Database(db)
        with d.read() as con:
            v = answers_mod.verdict(con, dev.id)
        d.close()
        assert v["scores"] == out["after"] and v["held"] == 0
        assert v["adjust"] == []                # the table holds it: nothing more to send
        assert out["jseq"] == 4                 # one adjust record, journaled once
        assert out["history"][1].startswith(">4 裁判更正"), out["history"]    # the director's
        assert out["said"] == "#3 corrected by the director"
        assert out["undo"]["ok"] is False
        # the organiser holds the adjust record and counts nothing from it
        (status, pays), = query(db, "SELECT x.status, r.payments FROM records r JOIN replayed "
                                    "x USING (device, journal, seq) WHERE r.device = ? AND "
                                    "r.seq = 4", (dev.id,))
        assert status == "corrected" and json.loads(pays) == [0, 0, 0, 0]
        # both sides replay the journal to the same scores: the device's journal replayed
        # on CPython by the firmware's own session
        path = str(root / "journal.bin")
        import session as ses_mod
        replayed = ses_mod.Session(path)
        assert replayed.state["scores"] == v["scores"] and replayed.replay_errors == 0
        recs = [rec for _, _, rec in jmod.Journal(path).records()]
        assert [rec["e"] for rec in recs] == ["start", "draw", "draw", "adjust"]
        # version 2 (docs/upload.md): the organiser's adjustment is a record of kind "a"
        assert recs[3]["k"] == "a" and recs[3]["of"] == 3 and "state" not in recs[3]
