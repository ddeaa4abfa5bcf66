"""host_tools.score end to end: a random corpus on the device, its incomplete
mutations, and every kind of malformed input answered with the contract's code."""

import json
import os
import subprocess
import sys

import pytest

from host_tools import paths
from scorecorpus import corpus, on_device, run_cli

# a seeded sample: the mcr half and the tw half each go through the device's scoring and
# its refusals; the 100,000 hands are a benchmark (python -m host_tools.bench corpus)
CORPUS = int(os.environ.get("CORPUS_HANDS", "4000"))


def test_device_accepts_a_random_corpus_and_refuses_its_incomplete_mutations():
    got = on_device(CORPUS)
    assert got["refused"] == []
    assert got["wrong"] == []
    assert got["not_winning"] > got["mutants"] * 0.8
    assert got["mutants"] > CORPUS // 10


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
