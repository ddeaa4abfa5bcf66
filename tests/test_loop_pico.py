"""The loop on the emulated Pico (boards/pico.py: stock MicroPython, the firmware's .mpy
files on its flash, keys on its GPIO keypad, the OLED): the organiser's verdict on a
journal, with a director's correction in it (from the organiser's own code, over its API),
taken by the firmware's Uploader as a verified answer gives it; the application journals
the correction as an `adjust` event on the board's heap, its scores become the
organiser's, and the screen says so.  (The board has no network: the answer's way there
is the unix port's tests', tests/test_loop.py.)"""

import json
import os

import pytest
from fastapi.testclient import TestClient

from host_tools import build, paths
from host_tools.board.pico import Pico, image, journal_records
from organiser.guard import auth
from organiser.app import create_app
from organiser_fixtures import journal_id, play, scored, setup_event

HOOKS = """import ui.app, json, asyncio
def h(app):
    import uploader
    app.on_show = lambda rows: print('S ' + json.dumps(rows))
    up = uploader.Uploader(app.cfg, app.journal_path)
    ans = json.loads(%r)
    up.jid = ans["verdict"]["journal"]      # the journal the organiser holds is this one
    up.heard_now(ans)                       # as a verified answer gives it
    app.status["net"] = app.ui.net = up
    async def later():
        while app.session.jseq < 3:
            await asyncio.sleep_ms(100)
        await asyncio.sleep_ms(500)
        up.acked = app.session.jseq         # the organiser holds them (as its answer says)
        app.adjust()
        print('ADJUSTED', json.dumps(app.session.state["scores"]), app.session.jseq)
        app.dirty.set()
    asyncio.create_task(later())
ui.app.main(hooks=h)"""


@pytest.fixture(scope="module")
def device():
    return build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")


def corrected_answer(tmp_path):
    """The organiser's answer to table 1's pull (v 2) once the director set the payments of
    record 3 of its journal (start, draw, draw) to 8 / -8."""
    db = str(tmp_path / "o.db")
    ev = setup_event(db, rules="mcr")
    dev = ev["devices"][0]
    recs = play([{"event": "start", "rules": "mcr", "dealer": 0, "players": ["1", "2", "3", "4"]},
                 {"event": "draw"}, {"event": "draw"}])
    app = create_app(db)
    auth.set_password(app.state.db, "director", "s3cret-pw")
    with TestClient(app) as c:
        assert dev.upload(c, journal_id(5), recs).status_code == 200
        assert c.post("/api/admin/login", json={"name": "director",
                                                "password": "s3cret-pw"}).status_code == 200
        r = c.post("/api/admin/corrections", json={
            "kind": "payments", "target": "%s/%s/3" % (dev.id, journal_id(5)),
            "data": {"payments": [8, -8, 0, 0]}, "why": "a penalty missed at the table"})
        assert r.status_code == 200
        scored(c)
        raw = json.dumps({"device": dev.id, "nonce": "ab" * 8, "v": 2}).encode()
        from organiser_fixtures import headers
        return c.post("/api/v1/seating", content=raw, headers=headers(dev.secret, raw)).json()


def screens(text):
    return [json.loads(ln[2:]) for ln in text.splitlines() if ln.startswith("S ")]


def test_a_directors_correction_taken_on_the_emulated_pico(device, tmp_path):
    answer = corrected_answer(tmp_path)
    v = answer["verdict"]
    assert v["adjust"] == [{"of": 3, "id": v["adjust"][0]["id"], "p": [8, -8, 0, 0],
                            "was": [0, 0, 0, 0]}] and v["scores"] == [8, -8, 0, 0]
    with Pico(fs=image(device, files={"settings.json": json.dumps({"table": 1})})) as pico:
        pico.wait_serial(r"app: ready", timeout_ms=20000)
        pico.exec("print(1)")                   # stop main.py's app; run it with the hooks
        pico.launch(HOOKS % json.dumps(answer))
        pico.wait_serial(r"app: ready", timeout_ms=20000)
        pico.type("0#A#A#", hold_ms=70, gap_ms=70)      # a session, two draws
        got = pico.wait_serial(r"ADJUSTED (\[[-0-9, ]+\]) (\d+)", timeout_ms=30000)
        pico.wait(1500)
        out = pico.serial()
        fs = pico.read_fs()
    assert "Traceback" not in out
    assert json.loads(got["groups"][0]) == [8, -8, 0, 0] and got["groups"][1] == "4"
    recs = [rec for _, rec in journal_records(fs)]
    # version 2 (docs/upload.md): the organiser's adjustment a record of kind "a"; the
    # board's journal replayed by the firmware's session on CPython gives its scores
    assert [r["e"] for r in recs] == ["start", "draw", "draw", "adjust"]
    assert recs[-1]["k"] == "a" and recs[-1]["delta"] == [8, -8, 0, 0]
    import session
    import tempfile
    from host_tools.board.pico import read_file
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "journal.bin"), "wb") as f:
            f.write(read_file(fs, "/journal.bin"))
        replayed = session.Session(os.path.join(tmp, "journal.bin"))
        assert replayed.state["scores"] == [8, -8, 0, 0] and replayed.replay_errors == 0
    # the screen said it (a banner over two rows) over the scores the organiser counts
    last = [r.replace("\x01", "").strip() for r in screens(out)[-1]]
    assert " ".join(last[-2:]) == "#3 corrected by the director", last
    assert last[1].endswith(" 8") and last[2].endswith(" -8"), last
