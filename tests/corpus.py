"""Shared pieces of the random-corpus tests: tile text, laying sets out as a hand with
melds, running the score CLI, and measuring a scorer's heap on the device."""

import json
import subprocess
import sys

from host_tools import build, paths
from host_tools.board import device

SUITS = "mps"


def tile(t):
    return "%d%s" % (t % 9 + 1, SUITS[t // 9]) if t < 27 else "%dz" % (t - 26)


def text(ts):
    return "".join(tile(t) for t in ts)


def random_sets(rng, n_sets, honours=0.0, suit=None, chow_p=0.55, step_p=0.0):
    """n_sets sets [(kind 'chow'|'pung', tile)] and a pair, at most four of a tile, and the
    tile counts.  honours: the chance a tile is an honour; suit: one suit only (None: any);
    chow_p: the chance a suited tile starts a chow; step_p: the chance a set repeats or
    steps from an earlier one (so that 同順 / 步高 / 連刻 families come up)."""
    while True:
        held = [0] * 34
        sets = []

        def pick():
            if rng.random() < honours:
                return 27 + rng.randrange(7)
            s = suit if suit is not None else rng.randrange(3)
            return s * 9 + rng.randrange(9)

        for _ in range(n_sets):
            for _try in range(40):
                t = pick()
                if sets and rng.random() < step_p:
                    _, u = rng.choice(sets)
                    t = u + rng.choice((0, 0, 1, 2, 3, 9, 10, 18, 19)) if u < 27 else u
                    if t >= 27 and u < 27:
                        continue
                if t < 27 and t % 9 <= 6 and rng.random() < chow_p \
                        and all(held[t + i] < 4 for i in range(3)):
                    sets.append(("chow", t))
                    for i in range(3):
                        held[t + i] += 1
                    break
                if held[t] == 0:
                    sets.append(("pung", t))
                    held[t] += 3
                    break
        pair = pick()
        if len(sets) == n_sets and held[pair] <= 2:
            held[pair] += 2
            return sets, pair, held


def lay_out(rng, sets, pair, n_open, held=None):
    """(concealed tiles, melds, meld kinds) for sets [(kind 'chow'|'pung', tile)] and a pair:
    the first n_open sets melded (a pung as pon or as a kong), a later pung now and then a
    concealed kong.  held: tile counts, so that a kong is laid only where the fourth tile is
    free (None: anywhere)."""
    concealed = [pair, pair]
    melds = []
    kinds = []
    for i, (kind, t) in enumerate(sets):
        if i < n_open:
            if kind == "chow":
                melds.append("chi " + text([t, t + 1, t + 2]))
                kinds.append("chi")
            else:
                k = rng.choice(("pon", "pon", "kan", "addkan", "ankan"))
                if held is not None and held[t] > 3:
                    k = "pon"
                melds.append(k + " " + text([t] * (3 if k == "pon" else 4)))
                kinds.append(k)
        elif kind == "chow":
            concealed += [t, t + 1, t + 2]
        elif rng.random() < 0.1 and (held is None or held[t] == 3):
            melds.append("ankan " + text([t] * 4))
            kinds.append("ankan")
        else:
            concealed += [t] * 3
    return concealed, melds, kinds


def win_from(rng, rid, concealed, melds, contradict=0.1):
    """The hand request: a concealed tile drawn as the winning tile, won by self-draw, on a
    discard or by robbing a kong.  A robbed kong's tile is nowhere else in the hand, but
    for a share `contradict` of such hands, so that their refusal is exercised too."""
    rng.shuffle(concealed)
    win = concealed.pop()
    concealed.sort()
    h = {"rules": rid, "hand": text(concealed), "melds": melds, "win": tile(win)}
    h["by"] = rng.choice(("self", "self", "discard", "discard", "robkong"))
    if h["by"] == "robkong" and (win in concealed or any(tile(win) in m for m in melds)) \
            and rng.random() >= contradict:
        h["by"] = "discard"
    return h


def first_turn(rng, h, flags, p):
    """With chance p, for a hand without melds, a win on the first turn: 天胡 for the
    dealer, else 地胡 (self-drawn) or 人胡 (on a discard)."""
    if h["melds"] or rng.random() >= p:
        return
    if h.get("dealer"):
        h["by"] = "self"
        flags.append("heavenly")
    elif rng.random() < 0.5:
        h["by"] = "self"
        flags.append("earthly")
    else:
        h["by"] = "discard"
        flags.append("human")


def has_kong(kinds):
    return any(k in ("kan", "addkan", "ankan") for k in kinds)


def score_cli(reqs, *args):
    """Answers of `host_tools.score` (args e.g. "--device", "--heap", "64k") to reqs."""
    out = subprocess.run([sys.executable, "-m", "host_tools.score"] + list(args),
                         input="".join(json.dumps(r, ensure_ascii=False) + "\n" for r in reqs),
                         capture_output=True, text=True, cwd=paths.ROOT, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def host_equals_device(hands, heap="64k"):
    """The CPython answers to hands, after checking the device (compiled firmware in the
    unix port, heap limited) gives the same JSON values for every one."""
    import contract
    host = [json.loads(json.dumps(contract.score_hand(h))) for h in hands]
    dev = score_cli(hands, "--device", "--heap", heap)
    assert len(dev) == len(hands)
    bad = [(h, a, b) for h, a, b in zip(hands, host, dev) if a != b]
    assert not bad, bad[:3]
    return host


MEASURE = (
    "import gc, json, contract\n"
    "gc.collect()\n"
    "before = gc.mem_free()\n"
    "contract.ruleset(%r)\n"
    "gc.collect()\n"
    "loaded = gc.mem_free()\n"
    "worst = loaded\n"
    "for line in open(%r):\n"
    "    ans = contract.score_hand(json.loads(line))\n"
    "    assert ans['ok'], ans\n"
    "    gc.collect()\n"
    "    worst = min(worst, gc.mem_free())\n"
    "print(json.dumps([before, loaded, worst]))\n")


def heap_figures(rid, hands, folder, heap="64k"):
    """(free before the ruleset loads, free once loaded, least free after any hand) on the
    device, scoring hands (all must score) from a file in folder."""
    path = folder / "hands.jsonl"
    path.write_text("".join(json.dumps(h) + "\n" for h in hands))
    cmd = device.command(MEASURE % (rid, str(path)), heap, build.build_device())
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=paths.ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])
