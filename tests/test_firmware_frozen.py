"""The Pico image with the application frozen into flash (make firmware BOARD=pico; built
once and cached under build/firmware/): it boots in the emulator with nothing on its
filesystem but the settings, runs the application from flash (keys through the keypad's
GPIO pins, the screen read from the OLED on I2C), and its answers for every ruleset are
CPython's: a hand typed on the keypad and read back from the journal on flash, then the
ruleset's sample hands scored by the frozen modules over the REPL."""

import json

import pytest

from host_tools import keys
from host_tools.board import firmware
from host_tools.board.pico import Pico, image, journal_records, list_files
from uicorpus import legal_session

import contract
import sessiongen
import tiles

STATE = ("hand_no", "dealer", "streak", "huang", "scores", "deltas")
HANDS = 1           # typed per ruleset here (tests/test_sim_corpus.py types 1,000 on the host)


@pytest.fixture(scope="module")
def uf2():
    return firmware.build_firmware("pico")


@pytest.mark.parametrize("rid", ["mcr", "hk", "tw", "sh"])
def test_frozen_application_scores_like_cpython(uf2, rid, tmp_path):
    events, answers = legal_session(rid, HANDS, seed=5)
    typed = "".join(keys.session_keys(events, rid))
    reqs = [dict(h, rules=rid) for h in sessiongen.HANDS[rid]]
    want = [json.loads(json.dumps(contract.score_hand(r))) for r in reqs]
    fs = image(files={"settings.json": json.dumps({"table": 2, "rules": rid})})
    assert not [p for p in list_files(fs) if p.endswith(".mpy")]     # the code is in flash
    with Pico(uf2=uf2, fs=fs) as pico:
        pico.wait_serial("app: ready", timeout_ms=10000)
        pico.type(typed, hold_ms=50, gap_ms=50)          # ten keys a second
        for _ in range(20):                 # the last save: scored, reviewed, journalled
            recs = journal_records(pico.read_fs())
            if len(recs) >= len(events):
                break
            pico.wait(250)
        screen = pico.screen(png=str(tmp_path / ("%s.png" % rid)))
        got = [json.loads(pico.exec("import json, contract\nprint(json.dumps(contract.score_hand(%s)))"
                                    % json.dumps(r), timeout_ms=20000)) for r in reqs]
        where = pico.exec("import sys\nprint(sys.modules['contract'].__file__)").strip()
    assert [seq for seq, _ in recs] == list(range(1, len(events) + 1))
    from host_tools import journalview     # version 2's records, their states replayed
    recs = journalview.whole(recs)
    for (_, rec), ev, ans in zip(recs, events, answers):
        assert rec["event"]["event"] == ev["event"]
        assert {k: rec["state"][k] for k in STATE} == {k: ans[k] for k in STATE}
        if ev["event"] == "win":
            assert sorted(tiles.parse(rec["event"]["hand"]["hand"])) == sorted(tiles.parse(ev["hand"]["hand"]))
            assert rec["event"]["winner"] == ev["winner"] and rec["event"].get("from") == ev.get("from")
    assert screen["state"]["on"] and "#" in screen["text"]
    assert got == want
    assert "/" not in where                 # a frozen module, not a file on the filesystem
