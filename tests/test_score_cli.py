"""host_tools.score end to end: a large random corpus on the device, its incomplete
mutations, and every kind of malformed input answered with the contract's code."""

import json
import os
import random
import subprocess
import sys

import pytest

import handgen
from host_tools import paths

CORPUS = int(os.environ.get("CORPUS_HANDS", "100000"))


def run_cli(lines, *args):
    out = subprocess.run([sys.executable, "-m", "host_tools.score"] + list(args),
                         input="\n".join(lines) + "\n", capture_output=True, text=True,
                         cwd=paths.ROOT, check=True)
    return [json.loads(ln) for ln in out.stdout.splitlines()]


def corpus(seed, n):
    rng = random.Random(seed)
    hands = []
    for i in range(n):
        sets = 4 if i < n // 2 else 5   # grouped by ruleset, as a table plays
        h = handgen.random_hand(rng, sets, one_suit=rng.random() < 0.1)
        h["rules"] = "mcr" if sets == 4 else "tw"
        hands.append(h)
    return hands


def mutation(rng, h):
    """The hand with one concealed tile swapped for another, or None if that breaks a limit."""
    c = handgen.counts_of(h)
    tiles_in_hand = [t for t in range(34) for _ in range(c[t])]
    out = rng.choice(tiles_in_hand)
    new = rng.randrange(34)
    c[out] -= 1
    c[new] += 1
    win = new if rng.random() < 0.5 else rng.choice([t for t in range(34) if c[t]])
    c[win] -= 1
    mutated = dict(h, hand=handgen.text([t for t in range(34) for _ in range(c[t])]), win=handgen.tile(win))
    return mutated


def incomplete(h):
    c = handgen.counts_of(h)
    if handgen.standard_complete(c):
        return False
    if h["rules"] == "mcr" and handgen.mcr_special_complete(c, len(h["melds"])):
        return False
    return True


def test_device_accepts_a_random_corpus_and_refuses_its_incomplete_mutations():
    hands = corpus(2026, CORPUS)
    rng = random.Random(7)
    mutants = []
    for h in hands[: CORPUS // 5]:
        m = mutation(rng, h)
        if incomplete(m):
            mutants.append(m)
    answers = run_cli([json.dumps(h) for h in hands + mutants], "--device")
    assert len(answers) == len(hands) + len(mutants)
    refused = [(h, a) for h, a in zip(hands, answers) if not a["ok"]]
    assert refused == []
    codes = [a for a in answers[len(hands):]]
    wrong = [(m, a) for m, a in zip(mutants, codes)
             if a.get("error", {}).get("code") not in ("not_winning", "too_many_copies")]
    assert wrong == []
    assert sum(1 for a in codes if a["error"]["code"] == "not_winning") > len(mutants) * 0.8
    assert len(mutants) > CORPUS // 10


MALFORMED = [
    ("not json at all", "bad_json"),
    ("", "bad_json"),
    ("   ", "bad_json"),
    ("[1, 2, 3]", "bad_json"),
    ('"a string"', "bad_json"),
    ('{"rules": "xx", "hand": "1112345678999m", "win": "5m"}', "bad_field"),
    ('{"hand": "1112345678999m", "win": "5m"}', "bad_field"),
    ('{"rules": "mcr", "hand": "1112345678999m", "win": "5m", "colour": "red"}', "bad_field"),
    ('{"rules": "mcr", "hand": "1112345678999m", "win": "5m", "flags": ["lucky"]}', "bad_field"),
    ('{"rules": "mcr", "hand": "1112345678999m", "win": "5m", "flags": "last_tile"}', "bad_field"),
    ('{"rules": "mcr", "hand": "1112345678999m", "win": "5m", "by": "magic"}', "bad_field"),
    ('{"rules": "mcr", "hand": "1112345678999m", "win": "5m", "seat": "X"}', "bad_field"),
    ('{"rules": "mcr", "hand": "1112345678999m", "win": "5m", "dealer": "yes"}', "bad_field"),
    ('{"rules": "mcr", "hand": "1112345678999m", "win": "5m", "streak": -1}', "bad_field"),
    ('{"rules": "mcr", "hand": 1112345, "win": "5m"}', "bad_field"),
    ('{"rules": "mcr", "hand": "1112345678999m", "win": "5m", "melds": "pon 111z"}', "bad_field"),
    ('{"rules": "mcr", "hand": "1112345678999q", "win": "5m"}', "bad_tile"),
    ('{"rules": "mcr", "hand": "0112345678999m", "win": "5m"}', "bad_tile"),
    ('{"rules": "mcr", "hand": "1112345678999m", "win": "8z"}', "bad_tile"),
    ('{"rules": "mcr", "hand": "1112345678999m", "win": "55m"}', "bad_tile"),
    ('{"rules": "mcr", "hand": "1112345678999", "win": "5m"}', "bad_tile"),
    ('{"rules": "mcr", "hand": "1112345678999m", "win": "5m", "flowers": "9f"}', "bad_tile"),
    ('{"rules": "mcr", "hand": "11123456m", "win": "5m", "melds": ["chi 135m"]}', "bad_meld"),
    ('{"rules": "mcr", "hand": "11123456m", "win": "5m", "melds": ["pon 123m"]}', "bad_meld"),
    ('{"rules": "mcr", "hand": "11123456m", "win": "5m", "melds": ["chi 123z"]}', "bad_meld"),
    ('{"rules": "mcr", "hand": "11123456m", "win": "5m", "melds": ["grab 111m"]}', "bad_meld"),
    ('{"rules": "mcr", "hand": "11123456m", "win": "5m", "melds": ["kan 111m"]}', "bad_meld"),
    ('{"rules": "mcr", "hand": "111234567m", "win": "5m"}', "tile_count"),
    ('{"rules": "tw", "hand": "1112345678999m", "win": "5m"}', "tile_count"),
    ('{"rules": "mcr", "hand": "1111123456789m", "win": "5m"}', "too_many_copies"),
    ('{"rules": "mcr", "hand": "1112345678999m", "win": "5m", "flowers": "1f1f"}', "too_many_copies"),
    ('{"rules": "mcr", "hand": "1112345678999m", "win": "1z"}', "not_winning"),
]


@pytest.mark.parametrize("device", [False, True], ids=["cpython", "device"])
def test_malformed_input_gets_the_contract_code_and_nothing_is_skipped(device):
    lines = [ln for ln, _ in MALFORMED]
    good = '{"rules": "mcr", "hand": "1112345678999m", "win": "5m"}'
    answers = run_cli(lines + [good], *(["--device"] if device else []))
    assert [a["error"]["code"] if not a["ok"] else "ok" for a in answers] == \
        [code for _, code in MALFORMED] + ["ok"]
    assert all(a["error"]["message"] for a in answers[:-1])


def test_device_and_cpython_give_the_same_answers():
    hands = corpus(99, 1500)
    lines = [json.dumps(h) for h in hands] + [ln for ln, _ in MALFORMED]
    assert run_cli(lines) == run_cli(lines, "--device")


FAILING_HANDLER = r'''
from host_tools import jsonl, score


def failing_on_boom():
    real = score.host_handler()

    def handle(req):
        if req.get("boom"):
            raise ZeroDivisionError("a firmware bug")
        return real(req)
    return handle


jsonl.main("test", failing_on_boom, score.DEVICE_ENTRY, [])
'''


def test_a_line_the_firmware_fails_on_is_answered_and_the_stream_goes_on():
    good = '{"rules": "mcr", "hand": "1112345678999m", "win": "5m"}'
    out = subprocess.run([sys.executable, "-c", FAILING_HANDLER], input='{"boom": 1}\n' + good + "\n",
                         capture_output=True, text=True, cwd=paths.ROOT, check=True)
    first, second = [json.loads(ln) for ln in out.stdout.splitlines()]
    assert first == {"ok": False, "error": {"code": "bad_field",
                                            "message": "the device could not process this line"}}
    assert second["ok"] and second["total"] > 0
    assert "ZeroDivisionError" in out.stderr
