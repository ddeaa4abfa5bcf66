"""The screens (firmware/ui/ui.py) on CPython with a journal: every refusal path says why
on the screen and loses nothing typed; review before saving; undo asks first."""

import os
import tempfile
import types

import session
from host_tools import keys
import ui.ui as ui_mod
from ui import review
from ui.ui import FIELD, INV, MENU, UI, cells, fit

CFG = {"table": 7, "rules": "mcr", "settings": {}, "players": ["Ann", "Bob", "Cy", "Di"],
       "dealer": 0, "wifi": {"ssid": "", "password": ""}, "organiser": "", "device": "",
       "secret": ""}


def started(rid="mcr"):
    ses = session.Session(os.path.join(tempfile.mkdtemp(), "journal.bin"))
    ui = UI(ses, dict(CFG, rules=rid), 5, 21)
    press(ui, "0#")
    assert ui.msg == "started #1"
    return ui


def press(ui, keys_):
    for k, held in keys.presses(keys_):
        ui.key(k, held)


def text(ui):
    """The screen's rows as one line (a message wraps over rows)."""
    return " ".join(r.lstrip(INV).strip() for r in ui.screen())


def test_a_bad_tile_is_refused_on_the_spot():
    ui = started()
    press(ui, "1D8")
    assert "honours are 1 to 7" in text(ui)
    assert ui.entry.keys == ["D"] and ui.mode == 1


def test_a_fifth_copy_is_refused_and_the_hand_so_far_stays():
    ui = started()
    press(ui, "1" + "5555" + "5")
    assert "a fifth 5m" in text(ui)
    assert ui.entry.show() == "5555m"


def test_an_incomplete_hand_is_refused_on_the_from_screen_with_the_reason():
    ui = started()
    press(ui, "2" + "123456789B12354" + "3")       # 14 tiles, not a whole hand
    assert ui.mode == 2 and "not complete" in text(ui)
    press(ui, "*")                                  # back: the winning tile is taken back
    assert ui.mode == 1 and ui.entry.count == 13


def test_a_hand_below_the_minimum_is_refused_and_nothing_is_saved():
    ui = started()
    press(ui, "2" + "123B345C678D11C555" + "3")     # a plain hand: under 8 fan
    assert ui.mode == 2 and "a win needs 8" in text(ui)
    assert ui.ses.jseq == 1


def test_an_event_the_ruleset_lacks_is_refused():
    ui = started("mcr")
    press(ui, "B")
    assert "no events of its own" in text(ui) and ui.mode == 0


def test_review_lists_the_elements_and_only_the_save_key_writes():
    ui = started()
    ev = {"event": "win", "winner": 1, "from": 2, "hand": {"hand": "1122334455667m", "win": "7m"}}
    ks = keys.event_keys(ev, keys.ruleset("mcr"))
    press(ui, ks[:-1])
    assert ui.mode == 3 and "連七對" in text(ui) and ui.ses.jseq == 1
    title = ui.screen()[0]
    assert title.startswith(INV + "2 Bob") and title.endswith(" 88番")
    press(ui, "*")                                   # back from the review: nothing saved
    assert ui.mode == 2 and ui.ses.jseq == 1
    press(ui, "3#")
    assert ui.ses.jseq == 2 and ui.ses.state["scores"] == [-8, 112, -96, -8]


def test_a_save_short_of_memory_keeps_the_review_and_saves_on_the_next_press(monkeypatch):
    ui = started()
    ev = {"event": "win", "winner": 1, "from": 2, "hand": {"hand": "1122334455667m", "win": "7m"}}
    press(ui, keys.event_keys(ev, keys.ruleset("mcr"))[:-1])
    assert ui.mode == 3
    real = session.Session._event
    def short(self, ev, write):                      # the journal's record finds no room
        monkeypatch.setattr(session.Session, "_event", real)
        raise MemoryError
    monkeypatch.setattr(session.Session, "_event", short)
    press(ui, "#")
    assert ui.mode == 3 and session.UNSAVED in text(ui)     # what to do, whole
    assert ui.ses.jseq == 1 and ui.ses.state["scores"] == [0, 0, 0, 0]
    press(ui, "#")
    assert ui.mode == 0 and ui.ses.jseq == 2 and ui.ses.state["scores"] == [-8, 112, -96, -8]


def test_a_refusal_for_memory_says_what_to_do_in_the_banner_on_oled_and_e_ink():
    """Three rows of the OLED's banner (the title and a body row stay), fewer on e-ink."""
    for rows, cols, most in ((5, 21, 3), (10, 41, 2)):
        for msg in (session.SHORT, session.UNSAVED):
            ui = UI(None, CFG, rows, cols)
            ui.mode = ui_mod.REVIEW
            body = ["body %d" % i for i in range(rows)]
            ui.part = lambda name, body=body: types.SimpleNamespace(
                show=lambda ui: ("title", body))
            ui.say(msg, 0)
            shown = ui.screen()
            banner = [r[1:].rstrip() for r in shown if r.startswith(INV)][1:]
            assert " ".join(banner) == msg and len(banner) <= most, (cols, shown)
            assert len(shown) == rows and shown[1] == fit("body 0", "", cols)


def test_undo_asks_before_it_takes_back():
    ui = started()
    press(ui, "A#")                                  # a draw, saved
    assert ui.ses.jseq == 2 and ui.ses.state["hand_no"] == 2
    press(ui, "*")
    assert ui.mode == 3 and "takes back #2" in text(ui) and ui.ses.state["hand_no"] == 2
    press(ui, "*")                                   # not confirmed
    assert ui.ses.state["hand_no"] == 2
    press(ui, "*#")
    assert ui.ses.state["hand_no"] == 1 and ui.ses.jseq == 3


def test_a_ruleset_event_asks_its_fields_then_reviews():
    ui = started("tw")
    press(ui, "B")
    menu = [name for name, _ in ui.ruleset()[3]]
    press(ui, str(menu.index("declare") + 1) + "3")
    assert ui.mode == 3 and "眼牌" in text(ui)
    press(ui, "#")
    assert ui.ses.state["extras"]["declared"] == [2]


def test_the_status_screen_shows_seats_scores_and_the_dealer(monkeypatch):
    ui = started()
    rows = ui.screen()
    assert rows[0] == INV + fit("started #1", "", 21)      # the message: in the title row
    assert rows[1].startswith("東*1 Ann") and rows[1].endswith(" 0")
    later = ui_mod.ticks() + ui_mod.BANNER_MS
    monkeypatch.setattr(ui_mod, "ticks", lambda: later)
    assert ui.expired() and not ui.expired()                 # its time is up: once
    rows = ui.screen()
    assert rows[0].startswith(INV + "T7 國標 東1")


def test_saved_never_covers_a_seat_and_a_long_refusal_goes_in_time(monkeypatch):
    ui = started()
    press(ui, "A#")                                  # a draw, saved
    rows = ui.screen()
    seats = ["1 Ann", "2 Bob", "3 Cy", "4 Di"]
    assert "saved #2" in rows[0] and [r[2:7].strip() for r in rows[1:]] == seats
    press(ui, "B")                                   # refused: a banner over the seats ...
    assert "no events of its own" in text(ui)
    ui.say("a reason longer than one row of the screen")
    assert ui.screen()[-1].startswith(INV)
    later = ui_mod.ticks() + ui_mod.BANNER_MS
    monkeypatch.setattr(ui_mod, "ticks", lambda: later)
    rows = ui.screen()                               # ... for a while only
    assert [r[2:7].strip() for r in rows[1:]] == seats


class Counters:
    """The uploader's counters as the status screen reads them (net/uploader.py)."""
    def __init__(self, waiting, ago, error=None):
        self.waiting = waiting
        self.ago = ago
        self.last_error = error

    def since_ok(self):
        return self.ago

    def alert(self):
        return None


def test_the_status_shows_hands_waiting_and_the_last_upload():
    ui = started()
    ui.net = Counters(2, 95, "not registered")
    press(ui, "#")                                   # the status's second page
    assert "up 2 wait ok 95s ago" in text(ui) and "not registered" in text(ui)
    ui.net = Counters(0, 600)
    assert "up all ok 10m ago" in " ".join(ui.status_lines())


def test_an_event_the_table_refuses_stays_on_its_last_field_with_the_reason():
    ui = started("hk")
    menu = [name for name, _ in ui.ruleset()[3]]
    item = str(menu.index("cao") + 1)
    press(ui, "B" + item + "2#")                  # 一台草 to seat 2, reviewed and saved
    assert ui.msg.startswith("saved #2")
    press(ui, "B" + item + "3")                   # once a hand: refused on the spot
    assert "already collected" in text(ui) and ui.mode == FIELD
    assert ui.ses.jseq == 2 and "?" in ui.screen()[0]   # the field is asked again
    press(ui, "*")                                # and backed out of
    assert ui.mode == MENU


def test_an_event_with_no_fields_goes_straight_to_its_review():
    ui = started("sh")
    press(ui, "5B")                                  # 5: no such key on the status screen
    menu = [name for name, _ in ui.ruleset()[3]]
    assert menu[0] == "dice" and dict(ui.ruleset()[3])["dice"] == ()
    press(ui, "0#")                                  # 骰, the first item: no field to ask
    assert ui.mode == 3 and "骰" in ui.screen()[0]
    press(ui, "#")
    assert ui.ses.jseq == 2


def test_a_long_organiser_address_never_freezes_the_settings():
    ui = started()
    ui.cfg["organiser"] = "http://192.168.4.1:8000/" + "x" * 40
    press(ui, "D")
    assert ui.mode == 9 and all(len(r.lstrip(INV)) <= 21 for r in ui.screen())
    press(ui, "B" * (len(ui.items) - 2) + "#")       # the organiser, shown whole for a while
    from ui import setnames
    want = setnames.name("organiser", "zh-Hant") + ": " + ui.cfg["organiser"]  # 主辦方: ...
    assert ui.msg == want
    rows = ui.screen()
    assert "".join(r.lstrip(INV).strip() for r in rows[1:]).replace(" ", "") == want.replace(" ", "")


def test_a_new_session_over_a_running_one_asks_first():
    ui = started()
    press(ui, "0#")                                  # nothing saved yet: starts at once
    assert ui.msg == "started #2"
    press(ui, "A#")                                  # a draw saved: now there is a session
    press(ui, "0#")
    assert ui.mode == 11 and ui.screen()[0].startswith(INV + "end hand 2?")
    assert "2 Bob" in text(ui)                       # the scores it ends
    press(ui, "*")                                   # back: nothing started
    assert ui.mode == 7 and ui.ses.jseq == 3
    press(ui, "##")
    assert ui.ses.jseq == 4 and ui.msg == "started #4" and ui.ses.state["hand_no"] == 1


def test_undo_shows_the_winner_total_and_payments_it_takes_back():
    ui = started()
    ev = {"event": "win", "winner": 1, "from": 2, "hand": {"hand": "1122334455667m", "win": "7m"}}
    press(ui, keys.event_keys(ev, keys.ruleset("mcr")))
    press(ui, "*")
    t = text(ui)
    assert "takes back #2" in t and "和 2 Bob" in t and "88番" in t
    lines = review.lines(ui)
    assert fit("3 Cy", "-96", 21) in lines and fit("2 Bob", "+112", 21) in lines


def test_a_refusal_under_the_minimum_lists_the_elements_counted():
    ui = started()
    press(ui, "2" + "123B345C678D11C555" + "3")     # a plain hand: under 8 fan
    assert ui.mode == 2
    t = text(ui)
    assert "a win needs 8" in t and "counted:" in t
    press(ui, "BBBB")                                # the list scrolls; the rest stays
    assert ui.mode == 2 and ui.why


def test_a_context_word_the_rules_drop_says_so_on_the_review():
    ui = started()
    ev = {"event": "win", "winner": 1, "from": 2, "hand": {"hand": "1122334455667m", "win": "7m"}}
    ks = keys.event_keys(ev, keys.ruleset("mcr"))
    words = ui.ruleset()[2]
    press(ui, ks[:-2] + "C" + "B" * words.index("heavenly") + "0#")   # 天胡 on a discard
    press(ui, "3")
    assert ui.mode == 3 and "天胡: not counted here" in text(ui) + " ".join(review.lines(ui))


def test_the_words_dropped_come_after_the_review_where_the_application_defers_them():
    """The application draws the review first and lists the words the rules drop once it
    is drawn (UI.later, from its display task): the same lines, nothing scored before."""
    ui = started()
    ui.defer = True
    ev = {"event": "win", "winner": 1, "from": 2, "hand": {"hand": "1122334455667m", "win": "7m"}}
    ks = keys.event_keys(ev, keys.ruleset("mcr"))
    words = ui.ruleset()[2]
    press(ui, ks[:-2] + "C" + "B" * words.index("heavenly") + "0#")   # 天胡 on a discard
    asked = []
    real = ui.ses.words_dropped
    ui.ses.words_dropped = lambda pv: asked.append(pv) or real(pv)
    press(ui, "3")
    assert ui.mode == 3 and asked == [] and ui.dropped is None
    first = review.lines(ui)
    assert not any("not counted here" in ln for ln in first)
    assert ui.later() is True and len(asked) == 1
    now = review.lines(ui)
    assert [ln for ln in now if ln in first] == first
    assert " ".join(ln for ln in now if ln not in first) == "天胡: not counted here"
    assert ui.later() is False and len(asked) == 1        # found once
    press(ui, "#")                                          # saved as previewed
    assert ui.mode != 3 and ui.later() is False


def test_history_opens_a_saved_hand_with_its_elements_and_payments():
    ui = started()
    ev = {"event": "win", "winner": 1, "from": 2, "hand": {"hand": "1122334455667m", "win": "7m"}}
    press(ui, keys.event_keys(ev, keys.ruleset("mcr")) + "C")
    assert ui.mode == 8 and "2 和 2 Bob" in text(ui)
    press(ui, "#")
    lines = " ".join(ui.opened[0])
    assert ui.mode == 12 and "連七對" in lines and "-96" in lines and "#2" in ui.screen()[0]
    press(ui, "*")
    assert ui.mode == 8


def test_long_names_leave_the_count_and_the_total_in_their_titles():
    ui = started()
    ui.ses.state["players"][1] = "歐陽鋒歐陽克黃藥師洪七公"
    ev = {"event": "win", "winner": 1, "from": 2, "hand": {"hand": "1122334455667m", "win": "7m"}}
    ks = keys.event_keys(ev, keys.ruleset("mcr"))
    press(ui, ks[:4])
    assert ui.screen()[0].endswith("和 3/14 萬")
    press(ui, ks[4:-1])
    assert ui.mode == 3 and ui.screen()[0].endswith("88番")


def test_a_held_hash_edits_a_typed_set_and_the_hand_goes_on():
    ui = started()
    press(ui, "2" + "1#" + "B40")                    # 碰 111m, 吃 456p
    ui.key("#", True)                                # held: the cursor on 吃 456p
    assert ui.screen()[0].startswith(INV + "edit: # done") and ">(456)p" in text(ui)
    press(ui, "A")
    press(ui, "9")                                   # 碰 111m becomes 碰 999m
    assert "(999)m" in text(ui)
    press(ui, "#")                                   # typing goes on after the last set
    assert ui.entry.cur is None and "和 6/14" in ui.screen()[0]
    press(ui, "7")
    assert ui.entry.tokens[-1] == (15, 0)            # 7p: the suit typed last


def test_the_review_names_the_total_s_unit_in_the_settings_language():
    """English: the answer's unit word (fan, tai, points); Chinese: 番, 台, 分.  A long name
    is cut before the figure on the OLED's 21 cells; the e-ink panel's 41 hold it whole."""
    long_name = "Christopher Montgomery-Smith"
    hands = {"mcr": ({"hand": "1122334455667m", "win": "7m"}, "番", "fan"),
             "tw": ({"hand": "1112223334445556m", "win": "6m"}, "台", "tai"),
             "sh": ({"hand": "123m456m789m23s11p", "win": "1s"}, "分", "points")}
    for rid, (hand, zh, en) in hands.items():
        for lang, unit in (("zh-Hant", zh), ("zh-Hans", zh), ("en", " " + en)):
            for rows, cols in ((5, 21), (10, 41)):
                ses = session.Session(os.path.join(tempfile.mkdtemp(), "journal.bin"))
                ui = UI(ses, dict(CFG, rules=rid, lang=lang), rows, cols)
                press(ui, "0#")
                ui.ses.state["players"][1] = long_name
                info = keys.ruleset(rid)
                if rid == "sh":                      # 必须先听牌: seat 2's 敲 first
                    press(ui, keys.event_keys({"event": "ready", "seat": 1}, info))
                ev = {"event": "win", "winner": 1, "hand": hand}
                press(ui, keys.event_keys(ev, info)[:-1])
                assert ui.mode == 3, (rid, lang, ui.screen())
                title = ui.screen()[0]
                res = ui.pv["saves"][2]["result"]    # what the save key journals
                shown = "%d%s" % (res["total"], unit)
                assert title.endswith(" " + shown) and cells(title[1:]) == cols, (rid, lang, title)
                assert (zh in title) != (lang == "en") and res["unit"] == en
                name = title[1:-len(shown)].rstrip()
                assert name == ("2 " + long_name)[:len(name)] and len(name) >= (9 if cols == 21 else 30)


def old_wrap(s, cols):
    """ui.wrap as it was: the rows a word starts made a character at a time."""
    out = []
    row = ""
    for word in s.split(" "):
        if row and cells(row) + 1 + cells(word) <= cols:
            row += " " + word
            continue
        if row and cells(word) > cols and cells(row) + 2 <= cols:
            row += " "
        else:
            if row:
                out.append(row)
            row = ""
        for ch in word:
            if row and cells(row) + cells(ch) > cols:
                out.append(row)
                row = ""
            row += ch
    out.append(row)
    return out


def test_wrap_takes_a_word_that_fits_a_new_row_whole_and_cuts_as_before():
    """wrap() puts a word that fits on a new row there whole (no string made a character
    at a time: each costs a loaded Pico a qstr lookup); the rows are those it cut before."""
    import random
    rng = random.Random(26)
    alphabet = "ab1m2p9s" + "  " + "中發白清一色" + "éŁ"
    for _ in range(3000):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 60)))
        for cols in (1, 2, 3, 5, 8, 13, 21, 41):
            assert ui_mod.wrap(s, cols) == old_wrap(s, cols), (s, cols)
