"""Any phone is a table's terminal (docs/phones.md): the application on MicroPython's
WebAssembly port in headless Chromium at a phone's size, served by the organiser at
/terminal/ on plain HTTP.  Hands of every ruleset (Riichi's with its declarations and dora
counts) typed on the touch keypad are saved in the browser's IndexedDB and read back equal
to CPython's table (host_tools.table); a reload mid-hand loses nothing; a table cut off
the network for several hands uploads every record exactly once when it returns; the
canvas shows the pixels of the MicroPython OLED's frame buffer for the same keys (the unix
port running the simulator's device)."""

import io
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

import pytest

import organiser_fixtures as fx
from host_tools import keys, paths, riichi_play
from host_tools.board import webbundle
from host_tools.sim import organiser_demo as demo
from host_tools.table import host_handler
from uicorpus import legal_session

PASSWORD = "phones-at-the-table"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}

READ_FILE = """async (name) => {
  const db = await new Promise((ok, bad) => {
    const r = indexedDB.open("mahjong-terminal", 1);
    r.onsuccess = () => ok(r.result); r.onerror = () => bad(r.error);
  });
  const v = await new Promise((ok) => {
    const q = db.transaction("files").objectStore("files").get(name);
    q.onsuccess = () => ok(q.result); q.onerror = () => ok(null);
  });
  db.close();
  return v ? Array.from(new Uint8Array(v)) : null;
}"""
CANVAS = """() => {
  const c = document.getElementById("screen");
  const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  const out = [];
  for (let i = 0; i < d.length; i += 4) out.push(d[i] > 127 ? 1 : 0);
  return out;
}"""


@pytest.fixture(scope="module")
def organiser(tmp_path_factory):
    webbundle.build_bundle()
    folder = tmp_path_factory.mktemp("phone-organiser")
    db = str(folder / "o.db")
    ev = fx.setup_event(db, n_tables=2, rules="mcr", open_round=False, password=PASSWORD)
    with fx.serve(db) as url:
        yield dict(ev, url=url, db=db)


@pytest.fixture
def phone(browser):
    ctx = browser.new_context(**PHONE)
    pg = ctx.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    yield pg
    ctx.close()


def wait(pg, expr, timeout=30, arg=None, every=0.03):
    """Poll a page expression until truthy (the page's CSP refuses Playwright's own
    wait_for_function: it evaluates strings)."""
    end = time.time() + timeout
    while True:
        v = pg.evaluate(expr, arg)
        if v:
            return v
        if time.time() > end:
            raise AssertionError("timed out waiting for %s (%r)" % (expr, pg.evaluate(
                "[terminal.failed, terminal.lastKey, terminal.keys]")))
        time.sleep(every)


def open_terminal(pg, url, fragment=""):
    pg.__dict__.pop("key_boxes", None)          # a new load: its buttons looked up again
    pg.goto(url + "/terminal/" + fragment)
    wait(pg, "window.terminal && (terminal.ready || !!terminal.failed)")
    assert pg.evaluate("terminal.failed") is None
    assert not pg.errors, pg.errors


def key_box(pg, key):
    """Where the key's button is on the page, looked up once a page load (the keypad does
    not move on a phone's screen)."""
    boxes = pg.__dict__.setdefault("key_boxes", {})
    if pg.url != boxes.get(""):
        boxes.clear()
        boxes[""] = pg.url
    if key not in boxes:
        loc = pg.locator('#keypad button[data-key="%s"]' % key)
        loc.scroll_into_view_if_needed()
        boxes[key] = loc.bounding_box()
    return boxes[key]


def tap(pg, key, held=False):
    last = getattr(pg, "last_tap", None)
    if last and last[0] == key:         # the key's own debounce (20 ms) before it comes again
        time.sleep(max(0.0, last[1] + 0.025 - time.time()))
    n = pg.evaluate("terminal.keys")
    box = key_box(pg, key)
    if held:                            # a long press, as a thumb holds it
        pg.mouse.move(box["x"] + 10, box["y"] + 10)
        pg.mouse.down()
        # held until the keypad has reported it long (at 600 ms; its release then says
        # nothing), then let go
        wait(pg, "(n) => terminal.keys > n", arg=n, every=0.01)
        assert pg.evaluate("terminal.lastKey") == "~" + key
        pg.mouse.up()
    else:                               # a touch at the button's middle, as pg.tap's
        pg.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        wait(pg, "(n) => terminal.keys > n", arg=n, every=0.005)
    pg.last_tap = (key, time.time())


def saved(pg):
    """The screens say saved (or started), and IndexedDB has every write before it."""
    wait(pg, "terminal.app.ui.mode === 0 && /^(saved|started)/.test(terminal.app.ui.msg || '')"
             " && terminal.unsynced === 0")


def type_event(pg, ks):
    for k, held in keys.presses(ks):
        tap(pg, k, held)
    saved(pg)


def stored_state(pg, folder):
    """The session resumed on CPython from the journal read out of the browser's storage."""
    import session
    raw = pg.evaluate(READ_FILE, "journal.bin")
    assert raw, "no journal in IndexedDB"
    path = os.path.join(folder, "journal.bin")
    with open(path, "wb") as f:
        f.write(bytes(raw))
    return session.Session(path).state


def table_answer(events):
    handle = host_handler()
    ans = None
    for ev in events:
        ans = handle(ev)
        assert ans.get("ok"), ans
    return ans


def same_table(state, ans):
    for k in ("scores", "deltas", "hand_no", "dealer", "streak"):
        assert state[k] == ans[k], (k, state[k], ans[k])


@pytest.mark.parametrize("rid", ["mcr", "hk", "tw", "sh"])
def test_hands_typed_on_the_touch_keypad_are_stored_as_the_table_scores_them(rid, organiser,
                                                                             phone, tmp_path):
    events, _ = legal_session(rid, 2, seed=21)
    open_terminal(phone, organiser["url"])
    for ks in keys.session_keys(events, "mcr"):
        type_event(phone, ks)
    same_table(stored_state(phone, str(tmp_path)), table_answer(events))


def test_riichi_hands_typed_on_the_touch_keypad_are_stored_as_the_table_scores_them(
        organiser, phone, tmp_path):
    """Riichi: declarations (the stick), a draw with a seat tenpai, wins with their dora and
    ura dora counted on the from screen (host_tools/riichi_play)."""
    events, _ = riichi_play.session(3, seed=15)
    assert [e["event"] for e in events].count("riichi") == 2
    assert any(e["event"] == "win" and e["hand"].get("ura") for e in events)
    open_terminal(phone, organiser["url"])
    for ks in keys.session_keys(events, "mcr"):
        type_event(phone, ks)
    state = stored_state(phone, str(tmp_path))
    same_table(state, table_answer(events))
    assert state["rules"] == "riichi"


def test_a_reload_mid_hand_loses_nothing(organiser, phone, tmp_path):
    events, _ = legal_session("hk", 3, seed=5)
    per = keys.session_keys(events, "mcr")
    open_terminal(phone, organiser["url"])
    for ks in per[:3]:
        type_event(phone, ks)
    for k, held in keys.presses(per[3][:len(per[3]) // 2]):   # half a hand, then a reload
        tap(phone, k, held)
    open_terminal(phone, organiser["url"])
    assert phone.evaluate("terminal.app.session.state.hand_no") == \
        table_answer(events[:3])["hand_no"]
    type_event(phone, per[3])
    same_table(stored_state(phone, str(tmp_path)), table_answer(events))
    # the tab closed after the save, the terminal opened again: all there
    ctx = phone.context
    phone.close()
    again = ctx.new_page()
    again.errors = []
    open_terminal(again, organiser["url"])
    assert again.evaluate("terminal.app.session.state.hand_no") == table_answer(events)["hand_no"]
    same_table(stored_state(again, str(tmp_path)), table_answer(events))


def test_a_long_press_is_the_keypads_own(organiser, phone):
    open_terminal(phone, organiser["url"])
    # plain HTTP: neither the manifest nor the service worker is offered
    assert phone.evaluate("document.querySelector('link[rel=manifest]') === null "
                          "&& !navigator.serviceWorker.controller")
    box = phone.locator('#keypad button[data-key="#"]').bounding_box()
    n = phone.evaluate("terminal.keys")
    phone.mouse.move(box["x"] + 10, box["y"] + 10)
    phone.mouse.down()
    time.sleep(0.8)
    phone.mouse.up()
    wait(phone, "(n) => terminal.keys > n", arg=n)
    assert phone.evaluate("terminal.lastKey") == "~#"


def organiser_records(db, device):
    return fx.query(db, "SELECT journal, seq FROM records WHERE device = ? ORDER BY journal, seq",
                    (device,))


def test_offline_hands_reach_the_organiser_exactly_once(organiser, browser, tmp_path):
    dev = organiser["devices"][0]
    ctx = browser.new_context(**PHONE)
    pg = ctx.new_page()
    pg.errors = []
    try:
        open_terminal(pg, organiser["url"], "#device=%s&secret=%s&table=1" % (dev.id, dev.secret))
        assert "secret" not in pg.url                   # off the address bar once stored
        events, _ = legal_session("mcr", 5, seed=9)
        per = keys.session_keys(events, "mcr")
        type_event(pg, per[0])
        type_event(pg, per[1])
        ctx.set_offline(True)                           # the venue's Wi-Fi drops
        for ks in per[2:5]:
            type_event(pg, ks)
        ctx.set_offline(False)
        type_event(pg, per[5])
        jseq = pg.evaluate("terminal.app.session.jseq")
        end = time.time() + 60
        while time.time() < end:
            got = organiser_records(organiser["db"], dev.id)
            if len(got) >= jseq:
                break
            time.sleep(0.3)
        assert len(got) == len(set(got)) == jseq, got
        assert sorted(s for _, s in got) == list(range(1, jseq + 1))
        same_table(stored_state(pg, str(tmp_path)), table_answer(events))
    finally:
        ctx.close()


def device_frames(keys_typed):
    """The MicroPython OLED's frame buffers for the keys (the unix port, the simulator's
    device: host_tools/sim/simdev.py), the last one drawn."""
    state = tempfile.mkdtemp(prefix="phone-oled-")
    try:
        out = subprocess.run(
            [paths.tool("micropython"), "-X", "heapsize=4M",
             os.path.join(paths.ROOT, "host_tools", "sim", "simdev.py"), paths.DEVICE, state, "fb"],
            input=keys_typed.encode(), capture_output=True, timeout=120, check=True).stdout.decode()
    finally:
        shutil.rmtree(state, ignore_errors=True)
    fbs = [json.loads(line[4:]) for line in out.splitlines() if line.startswith("SIM ")]
    return [m for m in fbs if "fb" in m]


def pixels(fb_hex, w=128, h=64):
    fb = bytes.fromhex(fb_hex)
    return [(fb[(y >> 3) * w + x] >> (y & 7)) & 1 for y in range(h) for x in range(w)]


def test_the_canvas_shows_the_oleds_pixels(organiser, phone):
    """The status screen, a hand's review, the status after its save and the history."""
    from host_tools import build
    build.build_device()
    events, _ = legal_session("mcr", 1, seed=3)
    start, hand = keys.session_keys(events, "mcr")
    open_terminal(phone, organiser["url"])
    typed = ""
    for step in ("", start, hand[:-1], hand[-1], "C"):
        for k, held in keys.presses(step):
            tap(phone, k, held)
        typed += step
        if step == start or step == hand[-1]:
            saved(phone)
        want = device_frames(typed)[-1]
        wait(phone, "terminal.unsynced === 0")
        time.sleep(0.1)                           # the last redraw painted
        assert phone.evaluate(CANVAS) == pixels(want["fb"]), (typed, want["rows"])


def test_the_registrations_qr_code_opens_a_terminal_bound_to_the_device(organiser, phone, browser):
    import httpx
    from PIL import Image
    from pyzbar import pyzbar
    from urllib.parse import parse_qs, urlsplit
    with httpx.Client(base_url=organiser["url"], follow_redirects=True) as client:
        client.post("/admin/login", data={"name": "director", "password": PASSWORD,
                                          "next": "/admin"})
        token = re.search(r'name="csrf" value="([0-9a-f]+)"', client.get("/admin/devices").text)
        r = client.post("/admin/devices", data={"table_no": "2", "label": "phone",
                                                "csrf": token.group(1) if token else ""})
        assert r.status_code == 200, r.text[:500]
    dev = re.search(r'id="secret">([0-9a-f]+)<', r.text).group(1)
    dev_id = re.search(r"Device id:.*?<span class=\"mono\">([^<]+)<", r.text, re.S).group(1)
    svg = re.search(r'<div class="qr" id="terminal-qr">(.*?)</div>', r.text, re.S).group(1)
    # the code drawn by the browser, read by ZBar: the terminal's address, the device's id
    # and secret in its fragment
    phone.set_content("<body style='margin:0;background:#fff'>%s</body>" % svg)
    png = phone.locator("svg").screenshot()
    found = pyzbar.decode(Image.open(io.BytesIO(png)))
    assert len(found) == 1
    link = found[0].data.decode()
    parts = urlsplit(link)
    assert link.startswith(organiser["url"] + "/terminal/#")
    assert parse_qs(parts.fragment) == {"device": [dev_id], "secret": [dev], "table": ["2"]}
    # opened on a phone: the terminal keeps the registration, the address bar does not
    open_terminal(phone, organiser["url"], "#" + parts.fragment)
    assert "#" not in phone.url
    stored = json.loads(bytes(phone.evaluate(READ_FILE, "settings.json")).decode())
    assert (stored["device"], stored["secret"], stored["table"]) == (dev_id, dev, 2)
    assert stored["organiser"] == organiser["url"]
    # the first request it signs is accepted: its seating pull marks it seen
    end = time.time() + 30
    while not fx.query(organiser["db"], "SELECT at FROM device_seen WHERE device = ?",
                       (dev_id,)):
        assert time.time() < end, "the phone's signed requests never reached the organiser"
        time.sleep(0.3)
    with open(organiser["db"] + ".log") as f:
        assert dev not in f.read()                  # the secret never reached the server


def test_the_terminal_is_served_under_a_strict_policy(organiser):
    import httpx
    with httpx.Client(base_url=organiser["url"]) as client:
        assert client.get("/terminal").headers["location"] == "/terminal/"
        r = client.get("/terminal/")
        assert r.status_code == 200 and "terminal.js" in r.text
        csp = r.headers["content-security-policy"]
        assert "script-src 'self' 'wasm-unsafe-eval';" in csp and "'unsafe-eval'" not in csp
        assert "connect-src 'self'" in csp and "frame-ancestors 'none'" in csp
        wasm = client.get("/terminal/micropython.wasm")
        assert wasm.headers["content-type"] == "application/wasm" and wasm.content[:4] == b"\0asm"
        pack = webbundle.unpack(client.get("/terminal/app.pack").content)
        assert {"board.mpy", "session.mpy", "ui/app.mpy", "web/main.mpy", "dtable.bin",
                "font.bin"} <= set(pack)
        assert client.get("/terminal/..%2Fbundle.json").status_code == 404
        assert client.get("/terminal/settings.json").status_code == 404


def test_over_https_the_terminal_installs_and_reloads_with_no_network(organiser, browser, tmp_path):
    """The organiser with --tls (its self-signed certificate, which this Chromium is told to
    accept as a phone trusts the director's own): the manifest and the service worker are
    offered, a reload with the network cut brings the terminal back with its hands."""
    from conftest import CHROMIUM
    db = str(tmp_path / "tls.db")
    fx.setup_event(db, n_tables=1, rules="mcr", open_round=False)
    tls_port = fx.free_port()
    srv = fx.OrganiserServer(db, args=["--tls", "--tls-port", str(tls_port)]).start()
    https = "https://127.0.0.1:%d" % tls_port
    try:
        # a Chromium of its own (the module's, by its Playwright), told to accept the certificate
        b = browser.browser_type.launch(executable_path=CHROMIUM, headless=True,
                                        args=["--ignore-certificate-errors"])
        try:
            ctx = b.new_context(ignore_https_errors=True, **PHONE)
            pg = ctx.new_page()
            pg.errors = []
            open_terminal(pg, https)
            assert pg.evaluate("document.querySelector('link[rel=manifest]').href") == \
                https + "/terminal/manifest.webmanifest"
            wait(pg, "navigator.serviceWorker.ready.then(() => true)")
            pg.reload()                                 # now under the worker's control
            wait(pg, "window.terminal && terminal.ready && !!navigator.serviceWorker.controller")
            events, _ = legal_session("sh", 2, seed=4)
            per = keys.session_keys(events, "mcr")
            for ks in per:
                type_event(pg, ks)
            ctx.set_offline(True)
            pg.reload()
            wait(pg, "window.terminal && terminal.ready")
            assert pg.evaluate("terminal.app.session.state.hand_no") == \
                table_answer(events)["hand_no"]
            same_table(stored_state(pg, str(tmp_path)), table_answer(events))
        finally:
            b.close()
    finally:
        srv.stop()


def test_the_bundle_is_a_folder_any_web_server_serves(organiser, phone, tmp_path):
    """build/bundle/browser served by a plain static server (Python's): the terminal starts
    and scores on its own (no organiser there: nothing to upload to)."""
    import functools
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
    handler = functools.partial(SimpleHTTPRequestHandler, directory=webbundle.build_bundle())
    srv = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        url = "http://127.0.0.1:%d" % srv.server_address[1]
        phone.goto(url + "/index.html")
        wait(phone, "window.terminal && (terminal.ready || !!terminal.failed)")
        assert phone.evaluate("terminal.failed") is None
        events, _ = legal_session("tw", 1, seed=2)
        for ks in keys.session_keys(events, "mcr"):
            type_event(phone, ks)
        same_table(stored_state(phone, str(tmp_path)), table_answer(events))
    finally:
        srv.shutdown()
        srv.server_close()


def test_a_phone_continues_the_session_of_a_failed_board(browser, tmp_path):
    """The spare-device flow with a phone: table 1's board uploads part of a game and
    fails; the director registers a phone for table 1 and revokes the board; the phone's
    seating pull brings the organiser's state of the game, its start continues it, and the
    organiser counts one game, its scores those of the uninterrupted session."""
    import httpx
    webbundle.build_bundle()
    db = str(tmp_path / "o.db")
    ev = fx.setup_event(db, n_tables=1, rules="mcr", password=PASSWORD)
    board = ev["devices"][0]
    events, _ = legal_session("mcr", 6, seed=31)
    cut = 4                                          # the start and three hands on the board
    tag = {"table": 1, "tround": ev["tround"]}
    ctx = browser.new_context(**PHONE)
    pg = ctx.new_page()
    pg.errors = []
    with fx.serve(db) as url, httpx.Client(base_url=url, timeout=30) as adm, \
            httpx.Client(base_url=url, timeout=30) as dev:
        part = fx.play([dict(events[0], tag=tag)] + events[1:cut])
        assert board.upload(dev, fx.journal_id(41), part, url).json()["acked"] == len(part)
        assert adm.post("/api/admin/login", json={"name": "director", "password": PASSWORD}
                        ).status_code == 200
        got = adm.post("/api/admin/devices", json={"table": 1, "label": "phone"}).json()
        assert adm.post("/api/admin/devices/%s/revoke" % board.id, json={}).status_code == 200
        try:
            open_terminal(pg, url, "#device=%s&secret=%s&table=1" % (got["id"], got["secret"]))
            end = time.time() + 30
            while "resume" not in json.loads(bytes(pg.evaluate(READ_FILE, "settings.json"))):
                assert time.time() < end, "the phone's seating pull brought no resume"
                time.sleep(0.3)
            dealer = table_answer(events[:cut])["dealer"]
            per = keys.session_keys([dict(events[0], dealer=dealer)] + events[cut:], "mcr")
            for ks in per:
                type_event(pg, ks)
            jseq = pg.evaluate("terminal.app.session.jseq")
            end = time.time() + 60
            while len(organiser_records(db, got["id"])) < jseq:
                assert time.time() < end, "the phone's records never all reached the organiser"
                time.sleep(0.3)
        finally:
            ctx.close()
        whole = table_answer(events)
        # the organiser stores a record before its engine has replayed it: under load the
        # grid counts the hands a moment after the records are in
        end = time.time() + 30
        while True:
            grid = dev.get("/api/v1/tables").json()["tables"][0]
            if grid["hands"] == whole["hand_no"] - 1 or time.time() > end:
                break
            time.sleep(0.3)
        assert got["id"] in grid["devices"]
        assert grid["hands"] == whole["hand_no"] - 1
        assert dev.get("/api/v1/scoring").json()["disputed"] == 0
        by_id = {p["id"]: p for p in dev.get("/api/v1/standings").json()["players"]}
        seats = ev["seating"][1]
        assert [by_id[p]["score"] for p in seats] == whole["scores"]
        assert [by_id[p]["games"] for p in seats] == [1, 1, 1, 1]


def test_a_phone_draws_its_players_chinese_names(phone, tmp_path):
    """The seating a phone pulls names its players in Chinese: the glyphs it carries are
    kept in the browser's storage beside the settings and drawn (organiser/text/glyphs.py,
    the same path as a board's)."""
    import base64
    from organiser.store.db import Database
    from organiser.text import glyphs
    webbundle.build_bundle()
    db = str(tmp_path / "o.db")
    ev = fx.setup_event(db, n_tables=1, rules="hk", password=PASSWORD)
    chinese = ["何佩儀", "林志明", "陳大文", "周星馳"]
    store = Database(db)
    with store.write() as con:
        ids = [r[0] for r in con.execute("SELECT player_id FROM seating WHERE table_no = 1 "
                                          "ORDER BY seat").fetchall()]
        for pid, name in zip(ids, chinese):
            con.execute("UPDATE players SET name = ? WHERE id = ?", (name, pid))
    store.close()
    dev = ev["devices"][0]
    with fx.serve(db) as url:
        open_terminal(phone, url, "#device=%s&secret=%s&table=1" % (dev.id, dev.secret))
        end = time.time() + 30
        while phone.evaluate(READ_FILE, "names.bin") is None:
            assert time.time() < end, "no glyphs kept"
            time.sleep(0.3)
        kept = bytes(phone.evaluate(READ_FILE, "names.bin"))
        assert kept == base64.b64decode(glyphs.names_font(tuple(chinese)))
        type_event(phone, "0#")                    # a session of the pulled players
        time.sleep(0.2)
        shown = phone.evaluate(CANVAS)
    # "東*1 何佩儀": the name's first character from its 5th cell on, the first player's row
    cell = bytearray(24)
    for y in range(12):
        for x in range(12):
            if shown[(12 + y) * 128 + 30 + x]:
                cell[2 * y + (x >> 3)] |= 0x80 >> (x & 7)
    assert bytes(cell) == base64.b64decode(glyphs.names_font(("何",)))[-24:]
