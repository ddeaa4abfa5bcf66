"""What the screens keep resident while a win is scored (docs/memory.md, "The resident
application"): on a tight heap the typed hand is plain data while the preview runs, the
entry's module out of the heap, and the from screen makes it anew as it was typed."""

import heap
from host_tools import keys
import ui.ui as ui_mod
from test_ui_screens import press, started, text

WIN = {"event": "win", "winner": 1, "from": 2,
       "hand": {"hand": "1122334455667m", "win": "7m"}}


def watched(ui, seen):
    """The session's preview, noting whether the screens held an Entry while it ran."""
    real = ui.ses.preview

    def look(ev):
        seen.append(ui.entry)
        return real(ev)
    ui.ses.preview = look


def test_the_typed_hand_is_plain_data_while_a_win_is_scored(monkeypatch):
    monkeypatch.setattr(heap, "roomy", lambda: False)      # a board's tight heap
    seen = []
    ui = started()
    ks = keys.event_keys(WIN, keys.ruleset("mcr"))
    press(ui, ks[:-2])                                  # typed, on the from screen
    assert ui.mode == ui_mod.FROM and ui.entry is not None
    typed = list(ui.entry.keys)
    from_screen = text(ui)
    watched(ui, seen)
    press(ui, ks[-2])                                   # paid in by seat 3: the review
    assert ui.mode == ui_mod.REVIEW and "88" in text(ui)
    assert seen == [None]                               # no Entry while it was scored
    assert ui.entry is None and ui.stash is not None
    press(ui, "*")                                      # back: the hand as it was typed
    assert ui.mode == ui_mod.FROM and text(ui) == from_screen
    assert ui.entry.keys == typed and ui.stash is None
    press(ui, "*")                                      # and its last key taken back
    assert ui.mode == ui_mod.ENTRY and ui.entry.keys == typed[:-1]
    press(ui, typed[-1][-1] + ks[-2:])                  # typed again, reviewed, saved
    assert ui.mode == ui_mod.STATUS and ui.ses.jseq == 2
    assert ui.entry is None and ui.stash is None


def test_a_refused_win_keeps_the_typed_hand_on_the_from_screen(monkeypatch):
    monkeypatch.setattr(heap, "roomy", lambda: False)
    ui = started()
    press(ui, "2" + "123B345C678D11C555")               # a plain hand: under 8 fan
    typed = list(ui.entry.keys)
    press(ui, "3")
    assert ui.mode == ui_mod.FROM and ui.why and "a win needs 8" in text(ui)
    assert ui.hand().keys == typed


def test_the_from_screen_goes_on_while_the_state_is_on_flash():
    """A win refused for memory on a board can leave the session's state on flash until
    its next event takes it back (Session._reload): the from screen still draws and
    takes its keys meanwhile (it once raised TypeError at every key)."""
    ui = started()
    ks = keys.event_keys(WIN, keys.ruleset("mcr"))
    press(ui, ks[:-2])
    shown = text(ui)
    st, ui.ses.state = ui.ses.state, None           # parked, no room to take it back
    assert text(ui) == shown
    press(ui, "0")                                  # robbed kong: yes
    assert ui.rob and "robbed kong: yes" in text(ui)
    press(ui, "0")
    ui.ses.state = st                               # taken back by the next event
    press(ui, ks[-2])
    assert ui.mode == ui_mod.REVIEW and "88" in text(ui)


def test_the_words_screen_keeps_the_typed_hand_as_data_only_from_mpy_files(monkeypatch):
    """From `.mpy` files the entry's module leaves the heap while the context words are
    set (its code is heap there); frozen (no files) it stays: its code is in flash, and
    loading it back cut a 24 KB heap too fine for the import (docs/memory.md)."""
    monkeypatch.setattr(heap, "roomy", lambda: False)
    ks = keys.event_keys(WIN, keys.ruleset("mcr"))
    for files, kept in ((False, True), (True, False)):
        monkeypatch.setattr(heap, "FILES", files)
        ui = started()
        press(ui, ks[:-2])
        typed = list(ui.entry.keys)
        press(ui, "C")                                  # the context words
        assert ui.mode == ui_mod.WORDS and "[ ]" in text(ui)
        assert (ui.entry is not None) == kept and (ui.stash is None) == kept
        press(ui, "#")                                  # back on the from screen
        assert ui.mode == ui_mod.FROM and ui.hand().keys == typed
