"""Random keys into the screens on CPython, every ruleset (riichi: its dora keys too), odd
settings (tests/uifuzz.py): every screen reached, every key answered within a bound,
nothing raised, no row wider than the screen, the journal what host_tools.table gives.
A failure prints its seed and its keys.  (`make bench` types many more.)"""

import json
import subprocess
import time

import pytest

import journal
import uifuzz
from host_tools import sim

KEYS = 1500             # per ruleset: a few thousand in all keeps `make test` short
SIM_KEYS = 300          # the simulator answers a key at a time over a pipe: fewer


@pytest.mark.parametrize("rid,seed", [("mcr", 1), ("hk", 2), ("tw", 3), ("sh", 4),
                                      ("riichi", 14)])
def test_random_keys_reach_every_screen_and_never_hang(rid, seed, tmp_path):
    f = uifuzz.Fuzz(rid, seed, str(tmp_path)).run(KEYS)
    if f.wide:
        f.fail("rows wider than the screen (after n keys): %r" % f.wide)
    missing = uifuzz.screens_of(rid) - f.seen
    assert not missing, "screens never reached: %s (seed %d)" % (
        sorted(uifuzz.NAMES.get(m, m) for m in missing), seed)
    saved = f.check_journal()
    print("%s: %d keys, %d records saved, slowest key %.0f ms" % (
        rid, len(f.typed), saved, 1000 * f.slowest))
    assert saved > 2


@pytest.mark.parametrize("rid,seed", [("mcr", 5), ("hk", 6), ("tw", 7), ("sh", 8),
                                      ("riichi", 13)])
def test_the_same_keys_on_micropython_save_the_same_journal(rid, seed, tmp_path):
    """The compiled screens in the unix port: the keys of a CPython run, each answered
    within the bound, no exception, no row wider than the screen, the same records."""
    host = uifuzz.Fuzz(rid, seed, str(tmp_path)).run(KEYS)
    text = uifuzz.key_text(host.typed)
    try:
        res = uifuzz.on_unix(host, str(tmp_path / "board"))
    except subprocess.TimeoutExpired:
        pytest.fail("the unix port hung (fuzz %s seed %d): %r" % (rid, seed, text))
    print("%s on micropython: %d keys, slowest %d ms" % (rid, res["keys"], res["slowest_ms"]))
    assert not res["faults"], (res["faults"], res["stderr"][-3000:], seed, text)
    assert not res["wide"], (res["wide"], seed)
    assert res["slowest_ms"] < 1000 * uifuzz.BOUND_S, (res["slowest_at"], seed, text)
    assert set(res["modes"]) == host.seen
    assert res["jseq"] == host.ses.jseq
    assert res["records"] == host.records()


@pytest.mark.parametrize("rid,seed", [("mcr", 9), ("hk", 10), ("tw", 11), ("sh", 12)])
def test_random_keys_in_the_simulator_are_answered_and_never_fault(rid, seed, tmp_path):
    """The whole application (ui/app.py) in the simulator: each key answered within the
    bound, no fault, the journal what the screens on CPython save from the same keys."""
    host = uifuzz.Fuzz(rid, seed, str(tmp_path)).run(SIM_KEYS)
    state = tmp_path / "board"
    state.mkdir()
    (state / "settings.json").write_text(json.dumps(host.cfg_at_start, ensure_ascii=False))
    board = sim.Sim(str(state), timeout=3 * uifuzz.BOUND_S)
    slowest = 0.0
    try:
        for key, long in host.typed:
            t = time.perf_counter()
            board.press(key, long)
            slowest = max(slowest, time.perf_counter() - t)
            rows = board.screen["rows"]
            assert not rows[0].startswith("\x01fault"), (rows, seed, uifuzz.key_text(host.typed))
    except RuntimeError as e:           # the board said nothing for the timeout: hung
        pytest.fail("%s\nfuzz %s seed %d: %r" % (e, rid, seed, uifuzz.key_text(host.typed)))
    end = board.close()
    print("%s in the simulator: %d keys, slowest %.0f ms" % (rid, len(host.typed), 1000 * slowest))
    assert end["faults"] == 0, "".join(board.log[-40:])
    assert slowest < uifuzz.BOUND_S
    got = [(seq, rec) for _, seq, rec in journal.Journal(str(state / "journal.bin")).records()]
    assert got == host.records()
