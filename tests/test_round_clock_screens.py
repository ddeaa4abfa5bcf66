"""The round clock on the screens (firmware/ui on CPython, the device's roundclock): the
time left at the status title's right within the OLED's 21 columns and the e-paper's 41
(by the second on the one, by the minute on the slow other), what time up means for the
table on the status screen, the refusal before a hand is typed, the override's review."""

import os
import tempfile

import roundclock
import session
from ui.ui import INV, UI, cells

CFG = {"table": 12, "rules": "mcr", "settings": {}, "dealer": 0, "organiser": "http://o",
       "players": ["Alexandra Long-Name", "Bob", "Cy", "Di"], "device": "", "secret": "",
       "wifi": {"ssid": "", "password": ""}}


def table(rows, cols, step):
    ses = session.Session(os.path.join(tempfile.mkdtemp(), "journal.bin"))
    ui = UI(ses, dict(CFG), rows, cols)
    ui.clock = roundclock.Clock()
    ui.clock_step = step
    for k in "0#":
        ui.key(k)
    return ui


def shown(ui):
    return " ".join(r.lstrip(INV).strip() for r in ui.screen())


def test_the_clock_in_the_title_within_both_panels():
    for rows, cols, step, want in ((5, 21, 1, ("1:59:59", "59:59", "0:05", "0:00")),
                                   (10, 41, 60, ("2h00m", "1h00m", "1m", "0m"))):
        ui = table(rows, cols, step)
        ui.msg = ""
        assert ":" not in ui.screen()[0] and "m" not in ui.screen()[0][-3:]  # no clock yet
        for left, text in zip((7199, 3599, 5, 0), want):
            ui.clock.take({"left": left, "running": True})
            left = ui.clock.ms()
            title = ui.screen()[0]
            assert title.startswith(INV + "T12 ") and title.endswith(" " + text), (title, left)
            assert all(cells(r.lstrip(INV)) <= cols for r in ui.screen())
        ui.clock.take({"left": 600, "running": False})
        ui.key("#")                                 # the status's next page
        assert "clock paused" in shown(ui)
        ui.clock.take(None)                         # the round closed: no clock
        assert ui.screen()[0].rstrip().endswith("1")


def test_time_up_on_the_status_screen_refusal_and_override():
    ui = table(5, 21, 1)
    ses = ui.ses
    assert ses.handle({"event": "time_up"})["ok"]
    assert "time up: hand 1 is the last" in " ".join(ui.status_lines())
    for k in "A#":                                  # the hand in play: a draw
        ui.key(k)
    assert ses.state["hand_no"] == 2
    n = ses.jseq
    for k in ("1", "A", "B"):                       # refused before anything is typed
        ui.key(k)
        assert ui.mode == 0 and "time is up: no new hand" in shown(ui), shown(ui)
    assert ses.jseq == n
    assert "9 referee override" in " ".join(ui.status_lines())
    assert all(cells(r) <= 21 for r in ui.status_lines())
    ui.key("9")                                     # the override's review, then save
    assert ui.mode == 3 and "no payments" in shown(ui)
    ui.key("#")
    assert ses.state["override"] is True and "referee override" in " ".join(ui.status_lines())
    ui.key("1")
    assert ui.mode == 1                             # a hand may be typed again


def test_nine_before_time_is_up_says_so():
    ui = table(5, 21, 1)
    ui.key("9")
    assert "only once the round's time is up" in shown(ui) and ui.mode == 0
