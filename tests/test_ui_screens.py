"""The screens (firmware/ui/ui.py) on CPython with a journal: every refusal path says why
on the screen and loses nothing typed; review before saving; undo asks first."""

import os
import tempfile

import session
from host_tools import keys
from ui.ui import FIELD, INV, MENU, UI

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
    for k in keys_:
        ui.key(k)


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
    assert "2 Bob 88番" in ui.screen()[0]
    press(ui, "*")                                   # back from the review: nothing saved
    assert ui.mode == 2 and ui.ses.jseq == 1
    press(ui, "3#")
    assert ui.ses.jseq == 2 and ui.ses.state["scores"] == [-8, 112, -96, -8]


def test_a_save_short_of_memory_keeps_the_review_and_saves_on_the_next_press(monkeypatch):
    ui = started()
    ev = {"event": "win", "winner": 1, "from": 2, "hand": {"hand": "1122334455667m", "win": "7m"}}
    press(ui, keys.event_keys(ev, keys.ruleset("mcr"))[:-1])
    assert ui.mode == 3
    real = session.Session._commit
    def short(self, pending):                        # the journal's record finds no room
        monkeypatch.setattr(session.Session, "_commit", real)
        raise MemoryError
    monkeypatch.setattr(session.Session, "_commit", short)
    press(ui, "#")
    assert ui.mode == 3 and "press save again" in text(ui) and "2 Bob 88番" in ui.screen()[0]
    assert ui.ses.jseq == 1 and ui.ses.state["scores"] == [0, 0, 0, 0]
    press(ui, "#")
    assert ui.mode == 0 and ui.ses.jseq == 2 and ui.ses.state["scores"] == [-8, 112, -96, -8]


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


def test_the_status_screen_shows_seats_scores_and_the_dealer():
    ui = started()
    rows = ui.screen()
    assert rows[0].startswith(INV + "T7 國標 東1")
    assert rows[1].startswith("東*1 Ann") and rows[1].endswith(" 0")


class Counters:
    """The uploader's counters as the status screen reads them (net/uploader.py)."""
    def __init__(self, waiting, ago, error=None):
        self.waiting = waiting
        self.ago = ago
        self.last_error = error

    def since_ok(self):
        return self.ago


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
