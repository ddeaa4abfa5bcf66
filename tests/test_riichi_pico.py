"""A Riichi session typed on the emulated Pico's keypad (boards/pico.py, stock MicroPython,
the firmware's .mpy files on its LittleFS flash): riichi declared (the stick), wins with
their dora, ura dora and red fives counted on the from screen, an exhaustive draw with a
seat tenpai; the journal on flash holds what the table engine on CPython gives, the
review on the OLED shows han and fu."""

import json
import os

import pytest

from host_tools import build, keys, paths, riichi_play
from host_tools.board.pico import Pico, image
import pico_app
from test_app_pico import records

STATE = ("hand_no", "dealer", "streak", "scores", "deltas")
SEED = 4            # 4 hands: riichi, a win with dora, ura dora and a red five, a draw;
                    # the last a win


@pytest.fixture(scope="module")
def played():
    device = build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")
    events, answers = riichi_play.session(4, SEED, red_fives=True)
    typed = keys.session_keys(events, "riichi")
    settings = {"rules": "riichi", "table": 3, "settings": {"red_fives": 3}, "lang": "en"}
    # powered on in safe mode (the REPL free, no English boot to interrupt), the key let
    # go, then the application started by hand, held on to, to read the last review's rows
    with Pico(fs=image(device, files={"settings.json": json.dumps(settings)}), hold="*") as pico:
        pico_app.start_held(pico)
        typed = "".join(typed)
        pico.type(typed[:-1], hold_ms=70, gap_ms=70)    # the last win up to its review
        pico.wait(3000)
        # reading the rows stops the application's loop: its save key is pressed on its UI
        review = json.loads(pico.exec("import json\nfrom ui import review\nprint(json.dumps(review.lines(_apps[0].ui)))"))
        pico.exec("_apps[0].ui.key(%r)" % typed[-1])
        fs = pico.read_fs()
    return dict(events=events, answers=answers, fs=fs, review=review)


def test_the_session_typed_on_the_keypad_is_journaled_as_cpython_scores_it(played, tmp_path):
    events, answers = played["events"], played["answers"]
    assert [e["event"] for e in events].count("riichi") >= 1
    wins = [e["hand"] for e in events if e["event"] == "win"]
    assert any(h.get("ura") for h in wins) and any(h.get("aka") for h in wins)
    recs = records(played["fs"], tmp_path)
    assert len(recs) == len(events)
    for rec, ev, want in zip(recs, events, answers):
        assert rec["event"]["event"] == ev["event"]
        if ev["event"] == "win":                # the counts as the from screen keyed them
            for field in ("dora", "ura", "aka"):
                assert rec["event"]["hand"].get(field) == ev["hand"].get(field), (field, ev)
        assert {k: rec["state"][k] for k in STATE} == {k: want[k] for k in STATE}, ev


def test_the_review_shows_han_fu_and_the_payments(played):
    lines = played["review"]
    last = played["answers"][-1]
    assert any(" han " in line and " fu" in line for line in lines), lines
    for s in range(4):                  # who pays, who is paid: the table's deltas
        if last["deltas"][s]:
            assert any(line.startswith(str(s + 1)) and line.endswith("%+d" % last["deltas"][s])
                       for line in lines), (s, lines, last["deltas"])
