"""The scoring elements named in Traditional Chinese, Simplified Chinese and English
(firmware/lib/engine/langs.py, firmware/rules/<id>_<lang>.py): every element of every
ruleset in all three, the 81 Chinese Official names as the English rule book spells them,
the short forms within a review row, the answers and the review screen in each language,
on CPython and in the MicroPython unix port's 64 KB heap."""

import json
import os
import tempfile

import pytest

import contract
import langs
import pico_app
import session
import settings
from eltable import rows
from host_tools import keys, paths
from host_tools.gen import font
from rules import hk_names, mcr_data, sh, tw
from ui import keymap as K
from ui.ui import UI, cells

# The 81 fan in English as the European Mahjong Association's English edition of the
# Chinese Official rules names them: "Mahjong Competition Rules" (the "Green Book", the
# English translation of the China State Sports Commission's 1998 rules, the names used at
# EMA MCR tournaments and the European championships), in the order of their numbers
# there, 88 fan down to 1.  Written from that book, not from any library.
GREEN_BOOK = (
    # 88
    "Big Four Winds", "Big Three Dragons", "All Green", "Nine Gates", "Four Kongs",
    "Seven Shifted Pairs", "Thirteen Orphans",
    # 64
    "All Terminals", "Little Four Winds", "Little Three Dragons", "All Honors",
    "Four Concealed Pungs", "Pure Terminal Chows",
    # 48
    "Quadruple Chow", "Four Pure Shifted Pungs",
    # 32
    "Four Pure Shifted Chows", "Three Kongs", "All Terminals and Honors",
    # 24
    "Seven Pairs", "Greater Honors and Knitted Tiles", "All Even Pungs", "Full Flush",
    "Pure Triple Chow", "Pure Shifted Pungs", "Upper Tiles", "Middle Tiles", "Lower Tiles",
    # 16
    "Pure Straight", "Three-Suited Terminal Chows", "Pure Shifted Chows", "All Fives",
    "Triple Pung", "Three Concealed Pungs",
    # 12
    "Lesser Honors and Knitted Tiles", "Knitted Straight", "Upper Four", "Lower Four",
    "Big Three Winds",
    # 8
    "Mixed Straight", "Reversible Tiles", "Mixed Triple Chow", "Mixed Shifted Pungs",
    "Chicken Hand", "Last Tile Draw", "Last Tile Claim", "Out with Replacement Tile",
    "Robbing the Kong",
    # 6
    "All Pungs", "Half Flush", "Mixed Shifted Chows", "All Types", "Melded Hand",
    "Two Concealed Kongs", "Two Dragon Pungs",
    # 4
    "Outside Hand", "Fully Concealed Hand", "Two Melded Kongs", "Last Tile",
    # 2
    "Dragon Pung", "Prevalent Wind", "Seat Wind", "Concealed Hand", "All Chows", "Tile Hog",
    "Double Pung", "Two Concealed Pungs", "Concealed Kong", "All Simples",
    # 1
    "Pure Double Chow", "Mixed Double Chow", "Short Straight", "Two Terminal Chows",
    "Pung of Terminals or Honors", "Melded Kong", "One Voided Suit", "No Honors",
    "Edge Wait", "Closed Wait", "Single Wait", "Self-Drawn", "Flower Tiles",
)

# A review row is the name, a space and the item's value (ui/review.py's lines): at most
# four cells ("花12" for sh's 花, "x16", hk's "300").  Short forms fit what is left.
COLS = 21
VALUE_CELLS = 4
NAME_CELLS = COLS - 1 - VALUE_CELLS


def native(rid):
    """[(id, name)] of every element as the scorer names it, in the scorer's order."""
    if rid == "mcr":
        return [(str(i + 1), n) for i, n in enumerate(mcr_data.NAMES.split())]
    if rid == "hk":
        return [tuple(line.split(" ", 1)) for part in hk_names.NAMES
                for line in part.split("\n") if line]
    if rid == "riichi":
        from rules import riichi_names
        return [tuple(line.split(" ", 1)) for line in riichi_names.NAMES.split("\n") if line]
    return [(r[0], r[1]) for r in rows((tw if rid == "tw" else sh).ELEMENTS)]


def table(rid, lang):
    """[(id, full name, short form or "")] from the module naming rid's elements in lang;
    the scorer's own names where lang is its text's language."""
    name = langs.module(rid, lang)
    if name is None:
        return [(i, n, "") for i, n in native(rid)]
    mod = __import__(name, None, None, ("NAMES",))
    out = []
    for part in mod.NAMES:
        assert part.endswith("\n")
        for line in part[:-1].split("\n"):
            eid, _, rest = line.partition(" ")
            full, _, short = rest.partition("\t")
            out.append((eid, full, short))
    return out


RULESETS = ("mcr", "hk", "tw", "sh", "riichi")


def test_the_81_fan_carry_the_green_book_english_names():
    en = table("mcr", "en")
    assert [e[0] for e in en] == [str(i) for i in range(1, 82)]
    assert [e[1] for e in en] == list(GREEN_BOOK)
    # and an answer says them: 一般高 and 三色三步高 among others
    ans = contract.score_hand({"rules": "mcr", "hand": "123m123m234p345s6s", "win": "6s"})
    names = dict(zip([it["id"] for it in ans["items"]], langs.names(ans["items"], "mcr", "en")))
    assert names[69] == "Pure Double Chow" and names[50] == "Mixed Shifted Chows", ans


@pytest.mark.parametrize("rid", RULESETS)
def test_every_element_has_a_name_in_every_language(rid):
    ids = [i for i, _ in native(rid)]
    for lang in langs.LANGS:
        t = table(rid, lang)
        assert [e[0] for e in t] == ids, lang
        full = [e[1] for e in t]
        assert all(n.strip() == n and n for n in full), lang
        assert len(set(full)) == len(full), (lang, [n for n in full if full.count(n) > 1])
    hant, hans = table(rid, "zh-Hant"), table(rid, "zh-Hans")
    # the two scripts write the same words character for character, and differ somewhere
    assert all(len(a[1]) == len(b[1]) for a, b in zip(hant, hans))
    assert [a[1] for a in hant] != [b[1] for b in hans]
    # English names are English
    assert all(n.isascii() for _, n, s in table(rid, "en"))


@pytest.mark.parametrize("rid", RULESETS)
def test_the_device_shows_a_short_form_where_the_full_name_does_not_fit(rid):
    shown = []
    for _, full, short in table(rid, "en"):
        assert bool(short) == (cells(full) > NAME_CELLS), full
        assert short.isascii() and cells(short) <= NAME_CELLS, short
        shown.append(short or full)
    assert len(set(shown)) == len(shown), [n for n in shown if shown.count(n) > 1]


def test_the_settings_file_and_the_engine_know_the_same_languages():
    assert settings.LANGS == langs.LANGS and settings.defaults()["lang"] == langs.DEFAULT
    assert settings.complete({"lang": "en"})["lang"] == "en"
    bad = settings.complete({"lang": "fr", "table": 3})
    assert bad["lang"] == "zh-Hant" and bad["table"] == 3 and "lang" in bad["_error"]


def test_the_font_holds_every_glyph_the_device_names_show():
    chars = set(font.firmware_chars())
    for rid in RULESETS:
        for lang in ("zh-Hant", "zh-Hans"):
            for _, name, _ in table(rid, lang):
                missing = {c for c in name if ord(c) >= font.HALF_END} - chars
                assert not missing, (rid, lang, name, missing)
    blob = font.build(sorted(chars))
    n_wide = font.HEADER.unpack(blob[:font.HEADER.size])[5]
    assert n_wide == len(chars)             # none of them drawn as a box
    print("font: %d wide glyphs, %d bytes" % (n_wide, len(blob)))


HANDS = [
    {"rules": "mcr", "hand": "123m456m789m123p5s", "win": "5s", "by": "self"},
    {"rules": "hk", "hand": "123m456m789m123p456p5s", "win": "5s", "by": "self"},
    {"rules": "tw", "hand": "123m456m789m123p456p5s", "win": "5s", "by": "self"},
    {"rules": "sh", "hand": "123m456m789m123p5s", "win": "5s", "by": "self"},
    {"rules": "riichi", "hand": "234m456p678s2355s", "win": "1s", "by": "self", "dora": "4s"},
]


def test_the_names_follow_the_items_in_every_language():
    """The scorer's answer is the same in every language (names as its text spells them);
    names() gives the items' names in a language, in the items' order."""
    for h in HANDS:
        ans = contract.score_hand(dict(h))
        assert ans["ok"], ans
        its = ans["items"]
        for lang in langs.LANGS:
            t = table(h["rules"], lang)
            full = dict((e[0], e[1]) for e in t)
            short = dict((e[0], e[2] or e[1]) for e in t)
            got = langs.names(its, h["rules"], lang)
            if langs.module(h["rules"], lang) is None:
                assert got is None and [it["name"] for it in its] == [full[str(it["id"])] for it in its]
                continue
            assert got == [full[str(it["id"])] for it in its]
            assert langs.names(its, h["rules"], lang, True) == [short[str(it["id"])] for it in its]
            pv = {"ok": True, "result": ans}
            kept = json.dumps(pv)
            seen = langs.review(pv, lang)["result"]
            assert [it["name"] for it in seen["items"]] == [short[str(it["id"])] for it in its]
            # the title's unit: the answer's word after a space in English (92 fan)
            assert seen["unit"] == (" " + ans["unit"] if lang == "en" else ans["unit"])
            assert json.dumps(pv) == kept           # what the save key journals
    assert langs.names([], "hk", "en") is None


def test_micropython_reads_the_same_names():
    """Every element of every ruleset, named in each language by the unix port at the
    scorers' 64 KB heap (the names modules' UTF-8 read in bytes) as by CPython."""
    from host_tools.board.device import Device
    reqs = []
    for rid in RULESETS:
        ids = [i if rid != "mcr" else int(i) for i, _ in native(rid)]
        for lang in langs.LANGS:
            for k in range(0, len(ids), 40):    # a review's items are fewer: chunks of 40
                reqs.append({"rules": rid, "lang": lang, "items": [{"id": i} for i in ids[k:k + 40]]})
    dev = Device("import devloop, langs; devloop.run(lambda r: "
                 "langs.names(r['items'], r['rules'], r['lang'], True))", "64k")
    try:
        got = [dev.ask(r) for r in reqs]
    finally:
        dev.close()
    assert got == [langs.names(r["items"], r["rules"], r["lang"], True) for r in reqs]
    assert all((g is None) == (langs.module(r["rules"], r["lang"]) is None)
               for g, r in zip(got, reqs))
    assert all(None not in g for g in got if g)


CFG = {"table": 7, "rules": "mcr", "settings": {}, "players": ["Ann", "Bob", "Cy", "Di"],
       "dealer": 0, "wifi": {"ssid": "", "password": ""}, "organiser": "", "device": "",
       "secret": ""}


@pytest.mark.parametrize("lang,shown", [("en", "7 Shifted Pairs"), ("zh-Hans", "连七对"),
                                        ("zh-Hant", "連七對")])
def test_the_review_screen_names_in_the_settings_language(lang, shown):
    ses = session.Session(os.path.join(tempfile.mkdtemp(), "journal.bin"))
    ui = UI(ses, dict(CFG, lang=lang), 5, 21)
    for k in "0#":
        ui.key(k)
    ev = {"event": "win", "winner": 1, "from": 2, "hand": {"hand": "1122334455667m", "win": "7m"}}
    for k, held in keys.presses(keys.event_keys(ev, keys.ruleset("mcr"))[:-1]):
        ui.key(k, held)
    rows_ = ui.screen()
    assert any(r.startswith(shown + " ") for r in rows_), rows_
    assert all(cells(r.lstrip("\x01")) <= 21 for r in rows_)
    # what the save key journals (and the organiser receives) keeps the scorer's names
    assert ui.pv["saves"][2]["result"]["items"][0]["name"] == "連七對"


def test_the_board_s_review_in_english_in_the_unix_port(tmp_path):
    """The application on MicroPython, its settings file in English: the review shows the
    short English forms."""
    from test_app_unix import boot
    ev = {"event": "win", "winner": 1, "from": 2, "hand": {"hand": "1122334455667m", "win": "7m"}}
    burst = [k + ("~" if held else "")          # test_app_unix's notation: "k~" held
             for k, held in keys.presses(keys.event_keys(ev, keys.ruleset("mcr"))[:-1])]
    r = boot(tmp_path, json.dumps({"rules": "mcr", "lang": "en"}), fresh=True, burst=burst)
    assert r["faults"] == 0
    assert any(row.startswith("7 Shifted Pairs ") for row in r["now"]), r["now"]


def test_the_new_session_screen_names_hk_as_the_16_tile_table():
    ses = session.Session(os.path.join(tempfile.mkdtemp(), "journal.bin"))
    ui = UI(ses, dict(CFG, rules="hk"), 5, 21)
    ui.key("0")                     # the status screen's new-session key
    rows_ = ui.screen()
    assert "0 rules: hk 港式16張" in [r.rstrip() for r in rows_], rows_
    assert all(cells(r.lstrip("\x01")) <= 21 for r in rows_)


def test_the_settings_screen_cycles_the_language_and_saves_it():
    saved = []
    ses = session.Session(os.path.join(tempfile.mkdtemp(), "journal.bin"))
    ui = UI(ses, dict(CFG, lang="zh-Hant"), 5, 21, save_cfg=lambda c: saved.append(c["lang"]))
    ui.key("D")                             # the settings screen
    labels = [it[0] for it in ui.items]
    for _ in range(labels.index("lang")):
        ui.key(K.DOWN)
    for _ in langs.LANGS:
        ui.key(K.OK)
    assert saved == ["zh-Hans", "en", "zh-Hant"] and ui.cfg["lang"] == "zh-Hant"
    assert any(r.startswith(">語言") and r.endswith("zh-Hant") for r in ui.screen())


def test_the_organiser_s_copy_of_the_names_is_up_to_date():
    from host_tools.gen import elnames
    with open(elnames.OUT, encoding="utf-8") as f:
        assert f.read() == elnames.text(), "python -m host_tools.gen.elnames"


def test_the_hand_log_names_the_elements_in_the_visitor_s_language(tmp_path):
    """A table's page with ?lang=: the elements in that language, kept by a cookie for the
    next pages; without a choice, the names the organiser's scorer gives (version 2: no
    device uploads them); a bad value is ignored."""
    import re
    import warnings
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    from fastapi.testclient import TestClient
    from host_tools.sim import organiser_demo as demo
    from organiser.app import create_app
    from test_organiser_pages import ClientDevice
    import random
    db = str(tmp_path / "o.db")
    ev = demo.setup_event(db, name="Lang Cup", rules="hk",
                          teams={"A": ["a1", "a2", "a3", "a4"]}, rounds=1)
    with TestClient(create_app(db)) as client:     # its lifespan: the organiser scores
        dev_id, secret = ev["devices"][1]
        t = demo.Table(ClientDevice(client, dev_id, secret), str(tmp_path))
        status, pulled = t.device.seating()
        t.handle(demo.start_event(t, pulled))
        demo.play(t, "hk", random.Random(3), 3)
        t.sync()
        # version 2's records carry no elements: the hand log names the organiser's own (its
        # scoring runs after the acknowledgement)
        from organiser_fixtures import scored
        scored(client)
        item = re.compile(r'<span class="item"><b>(.*?)</b>')

        def shown(path):
            return item.findall(client.get(path).text)

        native = shown("/tables/1")
        assert native and all(not n.isascii() for n in native)
        en = shown("/tables/1?lang=en")
        assert len(en) == len(native) and all(n.isascii() for n in en)
        assert set(en) <= {n for _, n, _ in table("hk", "en")}
        assert shown("/tables/1") == en                         # the cookie keeps it
        hans = shown("/tables/1?lang=zh-Hans")
        assert set(hans) <= {n for _, n, _ in table("hk", "zh-Hans")} and hans != native
        assert shown("/tables/1?lang=xx") == hans               # ignored: the cookie's stands
        client.cookies.clear()
        assert shown("/tables/1") == native


def test_the_pico_reviews_in_english_and_journals_the_scorer_s_names(tmp_path):
    """The application on the emulated Pico (its 64k-class heap), hk (the heaviest names)
    and the settings in English: the review shows English, the journal holds what the
    table engine on CPython gives, names included."""
    import journal
    from host_tools import build
    from host_tools.board.pico import Pico, image, read_file
    from uicorpus import legal_session
    events, answers = legal_session("hk", 2, seed=7)
    typed = keys.session_keys(events, "hk")
    device = build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")
    settings = {"rules": "hk", "table": 7, "lang": "en"}
    # powered on in safe mode (the REPL free, no application to interrupt), the key let
    # go, then the application started by hand, held on to, to read its screen's rows
    with Pico(fs=image(device, files={"settings.json": json.dumps(settings)}), hold="*") as pico:
        pico_app.start_held(pico)
        keys_ = "".join(typed)
        pico.type(keys_[:-1], hold_ms=70, gap_ms=70)         # the last hand up to its review
        pico.wait(3000)
        # reading the rows stops the application's loop: its save key is pressed on its UI
        review = json.loads(pico.exec("import json\nprint(json.dumps(_apps[0].ui.screen()))"))
        pico.exec("_apps[0].ui.key(%r)" % keys_[-1])
        fs = pico.read_fs()
    body = [r.strip() for r in review[1:] if r.strip()]
    path = tmp_path / "journal.bin"
    path.write_bytes(read_file(fs, "/journal.bin") or b"")
    from host_tools import journalview     # version 2's records, their states replayed
    recs = [rec for _, rec in journalview.whole(
        [(seq, rec) for _, seq, rec in journal.Journal(str(path)).records()])]
    assert len(recs) == len(events)
    for rec, want in zip(recs, answers):
        assert rec["state"]["scores"] == want["scores"]
    hant = dict(native("hk"))
    items = recs[-1]["result"]["items"]
    assert items and [it["name"] for it in items] == [hant[it["id"]] for it in items]
    # the review showed the first of them in its short English form
    shown = {eid: short or full for eid, full, short in table("hk", "en")}
    assert body[0].startswith(shown[items[0]["id"]] + " "), (review, items[0])


def test_the_director_sets_the_devices_language_and_the_seating_pull_carries_it(tmp_path):
    """The event page's device language: in every seating answer once set, absent when
    the devices keep their own; a language the devices do not know is refused and the
    event keeps the one it had; the admin API sets it too."""
    import re
    from test_registration_deploy import director
    from test_organiser_pages import ClientDevice
    from organiser.store.db import Database
    from organiser.event import tournament
    client = director(tmp_path)
    d = Database(str(tmp_path / "organiser.db"))
    with d.write() as con:
        dev_id, secret = tournament.register_device(con, 1, "t1")
    d.close()
    dev = ClientDevice(client, dev_id, secret)

    def pulled():
        status, ans = dev.seating()
        assert status == 200 and ans["ok"], ans
        return ans

    def save(**form):
        page = client.get("/admin").text
        token = re.search(r'name="csrf" value="([0-9a-f]+)"', page)[1]
        data = dict(name="Reg Cup", rules="hk", settings="{}", csrf=token)
        data.update(form)
        return client.post("/admin/event", data=data, follow_redirects=False)

    assert "lang" not in pulled()
    page = client.get("/admin").text
    for lang in langs.LANGS:
        assert '<option value="%s">' % lang in page
    assert save(device_lang="en").status_code == 303
    assert pulled()["lang"] == "en"
    assert '<option value="en" selected>' in client.get("/admin").text
    r = save(device_lang="fr")
    assert r.status_code == 303 and "device+language" in r.headers["location"]
    assert pulled()["lang"] == "en"
    assert save(device_lang="zh-Hans").status_code == 303 and pulled()["lang"] == "zh-Hans"
    assert save(device_lang="").status_code == 303 and "lang" not in pulled()
    r = client.put("/api/admin/event", json={"device_lang": "zh-Hant"})
    assert r.status_code == 200 and r.json()["event"]["device_lang"] == "zh-Hant", r.text
    assert pulled()["lang"] == "zh-Hant"
    assert client.put("/api/admin/event", json={"device_lang": ["en"]}).status_code == 400
    assert pulled()["lang"] == "zh-Hant"
    # whatever the database holds, the pull and the page carry a known language or none
    d = Database(str(tmp_path / "organiser.db"))
    with d.write() as con:
        con.execute("UPDATE event SET device_lang = ? WHERE id = 1", ("<b>x</b>",))
    d.close()
    assert "lang" not in pulled()
    page = client.get("/admin")
    assert page.status_code == 200 and "<b>x</b>" not in page.text


def test_the_projector_speaks_the_language_of_its_address(tmp_path):
    """/projector?lang=zh-Hant: its words and page titles in Traditional Chinese (the pages'
    navigation too),
    its live parts asked for in the same language (not the cookie's); without ?lang=, a
    fresh browser's pages are in English; a bad value is ignored."""
    import re
    import warnings
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    from fastapi.testclient import TestClient
    from host_tools.sim import organiser_demo as demo
    from organiser.text import words
    from organiser.app import create_app
    db = str(tmp_path / "o.db")
    demo.setup_event(db, name="Lang Cup", rules="hk", teams={"A": ["a1", "a2", "a3", "a4"]},
                     rounds=1)
    client = TestClient(create_app(db))
    page = client.get("/projector").text
    assert "<th>Player</th>" in page and "尚無" not in page
    for lang, col in (("zh-Hant", 0), ("zh-Hans", 1)):
        client.cookies.clear()
        page = client.get("/projector?lang=" + lang).text
        for w in ("Player", "Team", "Score"):
            assert "<th>%s</th>" % words.WORDS[w][col] in page or \
                '<th class="num">%s</th>' % words.WORDS[w][col] in page, (lang, w)
        title = re.findall(r'data-title="([^"]*)"', page)
        assert title and title[0].startswith(words.WORDS["Teams"][col]), title
        # the other pages' navigation
        assert ">%s</a>" % words.WORDS["Standings"][col] in client.get("/tables?lang=" + lang).text
        part = re.search(r'id="proj-pages" data-live="([^"]*)"', page)[1]
        assert "lang=" + lang in part
        client.cookies.set("lang", "en")                # another page's choice
        assert "<th>%s</th>" % words.WORDS["Player"][col] in client.get(part).text
        assert "<th>Player</th>" in client.get("/projector/part").text
    client.cookies.clear()
    assert "<th>Player</th>" in client.get("/projector?lang=xx").text
    # every word the pages look up has both scripts, of the same length
    assert all(len(a) == len(b) and a and not a.isascii() for a, b in words.WORDS.values())
