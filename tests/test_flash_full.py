"""A flash that fills up at a long event: the application (firmware compiled, MicroPython
unix port, sim board) on a small LittleFS v2 image (tests/mpy_ramfs.py) uploading to the
real organiser.  Hands typed on the keys until one no longer fits: the status screen
warned first ("flash low"), the save is refused on the review screen with the reason and
what to do (the hand stays on screen), and every hand saved before is in the journal
whole, as CPython's table has it, and acknowledged by the organiser.  Then the last
blocks filled: a settings save is refused with its reason too."""

import json

import device_script
from host_tools import keys
from organiser_fixtures import OrganiserServer, query, setup_event
from uicorpus import legal_session

RID = "hk"
BLOCKS = 30                     # of 512 bytes: a few version-2 hands beside the files
#                                 kept with the journal (64 held about twenty version-1 hands)

SCRIPT = r"""
import sys, json, gc
sys.path[:0] = [%(tests)r]
import mpy_app
from mpy_app import until
mpy_app.firmware(%(folder)r)
import mpy_ramfs as ramfs
ramfs.NBLOCKS = %(blocks)d
dev = ramfs.mount("/fs", fresh=True)
f = open("/fs/settings.json", "w")
f.write(%(settings)r)
f.close()
import asyncio
from ui import app as application
application.LOW_SPACE = %(low)d

app, shown = mpy_app.boot("/fs/", fresh=True, max_ms=500)
net = app.status["net"]
out = {"hands": [], "refused": None}


async def driver():
    for ks in %(hands)r:
        n = app.session.jseq
        held = False
        for k in ks:
            if k == "~":                # the next key held (the key encoder's notation)
                held = True
                continue
            app.keypad.feed(k, held)
            held = False
            await asyncio.sleep_ms(2)
        await until(lambda: app.session.jseq > n or "NOT saved" in app.ui.msg, 5000)
        await asyncio.sleep_ms(30)
        if app.session.jseq == n:
            out["refused"] = {"msg": app.ui.msg, "shown": shown[-1], "mode": app.ui.mode,
                              "pending": app.ui.pv is not None}
            break
        out["hands"].append({"seq": app.session.jseq, "status": app.ui.status_lines()})
    app.keypad.feed("*", True)          # back to the status screen
    await asyncio.sleep_ms(50)
    out["status"] = app.ui.status_lines()
    out["uploaded"] = await until(
        lambda: net.waiting == 0 and net.acked == app.session.jseq, 20000)
    # the blocks kept in reserve taken by another file: a settings save is refused
    # (small files, each closed: LittleFS drops a file whose write failed)
    for i in range(200):
        try:
            f = open("/fs/filler%%d" %% i, "wb")
            try:
                f.write(b"x" * 400)
            finally:
                f.close()
        except OSError:
            break
    try:
        application.save_settings(app.cfg)
        out["settings"] = "saved"
    except Exception as e:
        out["settings"] = [type(e).__name__, str(e)]

mpy_app.run(app, driver)
import journal
gc.collect()
out["records"] = [[seq, rec] for _, seq, rec in journal.Journal("/fs/journal.bin").records()]
out["jseq"] = app.session.jseq
out["faults"] = app.faults
print("RESULT " + json.dumps(out))
"""


def test_a_full_flash_refuses_the_save_with_its_reason_and_loses_nothing(tmp_path):
    db = str(tmp_path / "organiser.db")
    ev = setup_event(db, n_tables=1, rules=RID)
    dev = ev["devices"][0]
    srv = OrganiserServer(db).start()
    try:
        events, answers = legal_session(RID, 60, seed=8, plain=True)
        info = keys.ruleset(RID)
        wins = [e for e in events[1:]]
        hands = [keys.event_keys(e, info, RID) for e in wins]
        settings = {"table": 1, "rules": RID, "organiser": srv.url, "device": dev.id,
                    "secret": dev.secret}
        out = device_script.run(SCRIPT, "2m", 180, blocks=BLOCKS, settings=json.dumps(settings),
                                low=8 * 1024, hands=hands)
        held = query(db, "SELECT seq FROM records WHERE device = ? ORDER BY seq", (dev.id,))
    finally:
        srv.stop()
    saved = out["hands"]
    assert len(saved) >= 5, out                   # hands were saved before the flash filled
    # the status screen warned while hands still fitted
    warned = [h for h in saved if any(line.startswith("flash low") for line in h["status"])]
    assert warned and warned[0]["seq"] < saved[-1]["seq"], saved
    # the hand that did not fit: refused with the reason and what to do, on the screen;
    # the review stays with the hand (nothing lost), and the status screen says why
    ref = out["refused"]
    assert ref is not None, out
    assert ref["msg"].startswith("flash full: NOT saved") and "director" in ref["msg"]
    assert any("flash full" in row for row in ref["shown"]), ref["shown"]
    assert ref["mode"] == 3 and ref["pending"]
    status = out["status"]
    assert any(line.startswith(("FLASH FULL", "flash low")) for line in status), status
    # every hand saved before is whole in the journal, as CPython's table has it
    from host_tools import journalview     # version 2's records, their states replayed
    recs = [[seq, rec["state"]["scores"], rec["state"]["hand_no"]]
            for seq, rec in journalview.whole(out["records"])]
    n = out["jseq"]
    assert [r[0] for r in recs] == list(range(1, n + 1)) and n == len(saved) + 1
    assert [r[1:] for r in recs] == [[a["scores"], a["hand_no"]] for a in answers[:n]]
    assert out["faults"] == 0
    # and the organiser acknowledged every one
    assert out["uploaded"]
    # a settings save the full flash refuses is said, with what to do
    assert out["settings"][0] == "Refused" and "NOT saved (flash full)" in out["settings"][1]
    assert [s for (s,) in held] == list(range(1, n + 1))
