"""A random corpus of complete hands for host_tools.score, with its incomplete mutations:
what the device must accept, and what it must refuse with the contract's code.  The test
(tests/test_score_cli.py) runs a seeded sample; `python -m host_tools.bench corpus` the
100,000 hands, with their rate."""

import json
import random
import subprocess
import sys
import time

import handgen
from host_tools import paths


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


def on_device(n, seed=2026):
    """n random hands (seeded) and the incomplete mutations of their first fifth, through
    `host_tools.score --device`: {hands, mutants, refused (complete hands the device
    refused), wrong (mutants not refused as not_winning/too_many_copies), not_winning,
    seconds}."""
    hands = corpus(seed, n)
    rng = random.Random(7)
    mutants = []
    for h in hands[: n // 5]:
        m = mutation(rng, h)
        if incomplete(m):
            mutants.append(m)
    t0 = time.monotonic()
    answers = run_cli([json.dumps(h) for h in hands + mutants], "--device")
    seconds = time.monotonic() - t0
    assert len(answers) == len(hands) + len(mutants)
    codes = answers[len(hands):]
    return dict(
        hands=len(hands), mutants=len(mutants), seconds=seconds,
        refused=[(h, a) for h, a in zip(hands, answers) if not a["ok"]],
        wrong=[(m, a) for m, a in zip(mutants, codes)
               if a.get("error", {}).get("code") not in ("not_winning", "too_many_copies")],
        not_winning=sum(1 for a in codes if a["error"]["code"] == "not_winning"))
