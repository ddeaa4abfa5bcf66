"""Scoring speed on the emulated Raspberry Pi Pico (../shared/pico: stock MicroPython v1.28.0
for the RP2040 in rp2040js, cycle-counted at 125 MHz): per ruleset, the emulated time of
scoring one hand (`contract.score_hand`: parse, analyse, score, name) -- median, p99 and
max over the same 300+ hands on every run -- and apart from it the one-time load of the
ruleset (its import) and its first hand (which loads the parts a ruleset keeps apart); and
the table's review step, `session.Session.preview` of a win (score and settle, no journal
write, no drawing) over the same hands.

The firmware runs as the compiled `.mpy` build (build/device) from a LittleFS image made
with MicroPython's own vfs.VfsLfs2 in the unix port; the board times each call with
time.ticks_us.  The hands: each ruleset's random device corpus (tests/test_*_device.py,
tests/corpus.py; mcr: host_tools/mcr_oracle's generator; riichi: host_tools/riichi_oracle's),
one-suit hands with many readings, seven pairs / knitted / orphans shapes where the ruleset
has them, hands with several kongs and host_tools/bench/benchhands; of that pool the hands with the most readings
are all kept, the rest sampled with a fixed seed.

    .venv/bin/python -m host_tools.bench pico [--rules mcr,hk,tw,sh,riichi] [--hands 300] [--top 120]
        [--uf2 build/firmware/pico/firmware.uf2 | --device OTHER/build/device]

The before figures: an earlier commit's build (`git worktree add ../before COMMIT`, its
`make build`) timed with `--device ../before/build/device`.  A table from before the
review step has no preview: a win handled by a fresh session without a journal is timed
instead (the same score and settle).

Writes build/bench_pico/ (the image, the board script, result.json with every time) and
prints the table."""

import argparse
import json
import os
import random
import subprocess
import sys

from host_tools import build, paths
from host_tools.board import pico

OUT = os.path.join(paths.BUILD, "bench_pico")
PICO = os.path.join(paths.SHARED, "pico")
RULESETS = ("mcr", "hk", "tw", "sh", "riichi")
N_SETS = {"mcr": 4, "sh": 4, "hk": 5, "tw": 5, "riichi": 4}

# ---- the hands -----------------------------------------------------------------------


def _tests():
    paths.use_firmware()
    p = os.path.join(paths.ROOT, "tests")
    if p not in sys.path:
        sys.path.insert(0, p)


def one_suit(rng, rid, n):
    """Concealed one-suit hands, chow-heavy and stepping: the most divisions."""
    from corpus import lay_out, random_sets, win_from
    out = []
    for _ in range(n):
        sets, pair, held = random_sets(rng, N_SETS[rid], 0.0, rng.randrange(3),
                                       rng.choice((0.55, 0.8, 0.95)), rng.choice((0.3, 0.6)))
        concealed, melds, _ = lay_out(rng, sets, pair, rng.choice((0, 0, 0, 1)), held)
        out.append(win_from(rng, rid, concealed, melds, 0.0))
    return out


def kongs(rng, rid, n):
    """Pung-heavy hands with two to five kongs."""
    from corpus import text, random_sets, win_from
    out = []
    for _ in range(n):
        sets, pair, held = random_sets(rng, N_SETS[rid], rng.choice((0.0, 0.3)), None, 0.1)
        concealed = [pair, pair]
        melds = []
        want = rng.randrange(2, N_SETS[rid] + 1)
        for kind, t in sets:
            if kind == "pung" and len(melds) < want and held[t] == 3:
                k = rng.choice(("kan", "addkan", "ankan", "ankan"))
                melds.append(k + " " + text([t] * 4))
            elif kind == "chow":
                concealed += [t, t + 1, t + 2]
            else:
                concealed += [t] * 3
        out.append(win_from(rng, rid, concealed, melds, 0.0))
    return out


def seven_pairs(rng, rid, n):
    """14 concealed tiles in seven pairs, often one suit in steps (many standard readings too)."""
    from corpus import text
    out = []
    for _ in range(n):
        if rng.random() < 0.6:
            s = rng.randrange(3) * 9
            start = rng.randrange(3)
            ts = [s + start + i for i in range(7)]
        else:
            ts = rng.sample(range(34), 7)
        c = sorted(ts + ts)
        rng.shuffle(c)
        win = c.pop()
        out.append({"rules": rid, "hand": text(sorted(c)), "win": text([win]), "melds": [],
                    "by": rng.choice(("self", "discard"))})
    return out


def knitted(rng, rid, n):
    """Knitted shapes of the Chinese Official rules: 全不靠 / 七星不靠 / 组合龙 with a set and a pair."""
    from corpus import text
    knits = [(a, b, 3 - a - b) for a in range(3) for b in range(3) if a != b]
    out = []
    for _ in range(n):
        k = rng.choice(knits)
        dragon = [k[pos] * 9 + pos + 3 * i for pos in range(3) for i in range(3)]
        if rng.random() < 0.5:
            tiles = rng.sample(dragon, rng.choice((7, 8, 9)))
            tiles += rng.sample(range(27, 34), 14 - len(tiles))
        else:
            t = rng.randrange(34)
            p = rng.randrange(34)
            s = [t] * 3 if t >= 27 or t % 9 > 6 or rng.random() < 0.4 else [t, t + 1, t + 2]
            tiles = dragon + s + [p, p]
            if max(tiles.count(x) for x in tiles) > 4:
                continue
        rng.shuffle(tiles)
        win = tiles.pop()
        out.append({"rules": rid, "hand": text(sorted(tiles)), "win": text([win]), "melds": [],
                    "by": rng.choice(("self", "discard"))})
    return out


def fixed(rid):
    """host_tools/bench/benchhands' hands of this ruleset's size."""
    from host_tools.bench import benchhands
    out = []
    for req, n_sets in benchhands.parsed():
        if n_sets == N_SETS[rid]:
            h = dict(req)
            h["rules"] = rid
            h["by"] = "self"
            out.append(h)
    return out


def heaviest(rid, hands, n, by_readings=False):
    """The n hands slowest in the last full run (build/bench_pico/result.json), else (or
    by_readings) the n with the most readings; in their order."""
    key = lambda i: (-(weight(hands[i]) or 0), i)   # noqa: E731
    try:
        if by_readings:
            raise OSError
        with open(os.path.join(OUT, "result.json")) as f:
            last = json.load(f)[rid]["times"]
        if len(last) == len(hands):
            key = lambda i: (-last[i], i)   # noqa: E731
    except (OSError, KeyError, ValueError):
        pass
    w = sorted(range(len(hands)), key=key)[:n]
    return [hands[i] for i in sorted(w)]


def pool(rid, seed):
    _tests()
    rng = random.Random(seed)
    if rid == "mcr":
        from host_tools import mcr_oracle
        hands = mcr_oracle.hands(1200, seed)
    elif rid == "riichi":           # the oracle's hands: every yaku, dora, ura dora, red fives
        from host_tools import riichi_oracle
        hands = [dict(h, rules=rid) for h in riichi_oracle.hands(seed, 1200)]
    else:
        mod = __import__("test_%s_device" % rid)
        hands = [mod.random_hand(rng) for _ in range(1200)]
    hands += one_suit(rng, rid, 400) + kongs(rng, rid, 100)
    if rid in ("mcr", "sh", "riichi"):
        hands += seven_pairs(rng, rid, 80)
    if rid == "mcr":
        hands += knitted(rng, rid, 80)
    return hands


def weight(h):
    """The hand's readings (the scorers' work grows with them), or None if it does not score."""
    import contract
    import engine
    import hand as handmod
    req = dict(h)
    rid = req.pop("rules")
    if not contract.score_hand(dict(h))["ok"]:
        return None
    rules = contract.ruleset(rid)
    parsed = handmod.parse(req, rules.N_SETS, rules.FLAGS, True, getattr(rules, "FIELDS", ()))
    return len(engine.analyse(parsed, rules.SHAPES).readings)


def hands_for(rid, n, top, seed=2611):
    """n hands or a few more: benchhands, the `top` heaviest of the pool, a fixed sample of the rest."""
    cand = pool(rid, seed)
    scored = []
    for i, h in enumerate(cand):
        w = weight(h)
        if w is not None:
            scored.append((-w, i))
    scored.sort()
    chosen = [i for _, i in scored[:top]]
    rest = sorted(i for _, i in scored[top:])
    chosen += random.Random(seed).sample(rest, max(0, n - top))
    return fixed(rid) + [cand[i] for i in sorted(chosen)]


# ---- the board -----------------------------------------------------------------------

# Runs on the board: per ruleset, its load, its first hand, then every hand timed.
BOARD = """
import gc, json, time, sys
ticks_us = time.ticks_us
diff = time.ticks_diff
PHASES = %r


def phases(rid, req):
    # parse, analyse, score (the scorer alone), in us
    import hand, engine
    rules = contract.ruleset(rid)
    body = {}
    for k in req:
        if k != 'rules':
            body[k] = req[k]
    gc.collect()
    t0 = ticks_us()
    h = hand.parse(body, rules.N_SETS, rules.FLAGS, True, getattr(rules, 'FIELDS', ()))
    t1 = ticks_us()
    a = engine.analyse(h, rules.SHAPES)
    t2 = ticks_us()
    rules.score(h, a)
    t3 = ticks_us()
    return diff(t1, t0), diff(t2, t1), diff(t3, t2), len(a.readings)

gc.collect()
t0 = ticks_us()
import contract, scorers, dtable
dtable.default()
print('boot', diff(ticks_us(), t0), gc.mem_free())
for rid in %r:
    scorers.unload()
    gc.collect()
    free0 = gc.mem_free()
    t0 = ticks_us()
    contract.ruleset(rid)
    dt = diff(ticks_us(), t0)
    gc.collect()
    print('load', rid, dt, free0 - gc.mem_free())
    first = True
    low = gc.mem_free()
    f = open('hands_' + rid + '.jsonl')
    i = 0
    for line in f:
        req = json.loads(line)
        gc.collect()
        t0 = ticks_us()
        ans = contract.score_hand(req)
        dt = diff(ticks_us(), t0)
        if first:
            print('first', rid, dt)
            first = False
            gc.collect()
            t0 = ticks_us()
            ans = contract.score_hand(req)
            dt = diff(ticks_us(), t0)
        if not ans['ok']:
            raise ValueError(line)
        low = min(low, gc.mem_free())
        print('hand', rid, i, dt)
        if PHASES:
            print('phases', rid, i, ' '.join(str(x) for x in phases(rid, req)))
        i += 1
    f.close()
    print('low', rid, low)
# the table's review step: session.preview(win event): score and settle, no journal write
# (the first win loads the ruleset's modules; with room to spare they stay)
import session
for rid in %r:
    try:
        f = open('previews_' + rid + '.jsonl')
    except OSError:
        continue
    scorers.unload()
    ses = session.Session(None)
    ses.handle({'event': 'start', 'rules': rid})
    preview = getattr(ses, 'preview', None)
    i = 0
    for line in f:
        ev = json.loads(line)
        if preview is None:     # a table from before the review step (--device): handle()
            ses = session.Session(None)     # without a journal scores and settles alike,
            ses.handle({'event': 'start', 'rules': rid})    # a fresh session each hand
        gc.collect()            # as the application does between key presses
        t0 = ticks_us()
        ans = preview(ev) if preview else ses.handle(ev)
        dt = diff(ticks_us(), t0)
        print('pfirst' if i == 0 else 'preview', rid, i, dt,
              1 if ans['ok'] else 0, '' if ans['ok'] else ans['error']['code'])
        i += 1
    f.close()
    ses = None
print('done')
"""

def win_event(h):
    """The table's win event for a benchmark hand: player 0 wins, from player 1 unless
    self-drawn; the table supplies the seat, round, dealer and streak."""
    body = {}
    for k in h:
        if k not in ("rules", "seat", "round", "dealer", "streak"):
            body[k] = h[k]
    if h.get("rules") == "riichi":
        # the table takes riichi (so ippatsu and ura dora) only after its declaration, and
        # red fives only where it has them (the EMA's has none): the win leaves them out
        flags = [f for f in body.get("flags", ()) if f not in ("riichi", "double_riichi",
                                                                "ippatsu")]
        body.pop("ura", None)
        body.pop("aka", None)
        body.pop("flags", None)
        if flags:
            body["flags"] = flags
    ev = {"event": "win", "winner": 0, "hand": body}
    if h.get("by", "self") != "self":
        ev["from"] = 1
    return ev


def run_board(rids, hand_sets, phases=False, previews=None, uf2=None, device=None):
    """uf2: a firmware image with the application frozen in (make firmware): the
    filesystem then holds only the hands.  device: another build's device folder."""
    os.makedirs(OUT, exist_ok=True)
    folder = device or build.build_device()
    files = []
    for top, _, names in ([] if uf2 else os.walk(folder)):
        for name in sorted(names):
            if top == folder and name in ("boot.py", "main.py"):
                continue   # the scorers alone: the application does not start
            src = os.path.join(top, name)
            files.append((src, "/" + os.path.relpath(src, folder).replace(os.sep, "/")))
    for rid in rids:
        path = os.path.join(OUT, "hands_%s.jsonl" % rid)
        with open(path, "w") as f:
            for h in hand_sets[rid]:
                f.write(json.dumps(h, ensure_ascii=False) + "\n")
        files.append((path, "/hands_%s.jsonl" % rid))
        if previews:
            path = os.path.join(OUT, "previews_%s.jsonl" % rid)
            with open(path, "w") as f:
                chosen = hand_sets[rid] if previews < 0 else heaviest(
                    rid, hand_sets[rid], previews, by_readings=True)
                for h in chosen:
                    f.write(json.dumps(win_event(h), ensure_ascii=False) + "\n")
            files.append((path, "/previews_%s.jsonl" % rid))
    image = os.path.join(OUT, "fs.img")
    blobs = {}
    for src, dest in files:
        with open(src, "rb") as f:
            blobs[dest] = f.read()
    pico.image(files=blobs, out=image)
    script = os.path.join(OUT, "board.py")
    with open(script, "w") as f:
        f.write(BOARD % (phases, tuple(rids), tuple(rids)))
    run = subprocess.run(["node", os.path.join(PICO, "run.mjs"), "--fs", image,
                          "--timeout-emu", "900", "--timeout-host", "7200"]
                         + (["--uf2", uf2] if uf2 else []) + [script],
                         capture_output=True, text=True)
    with open(os.path.join(OUT, "board.out"), "w") as f:
        f.write(run.stdout + run.stderr)
    if run.returncode or "done" not in run.stdout:
        sys.exit("board run failed (%d):\n%s\n%s" % (run.returncode, run.stdout[-2000:], run.stderr[-2000:]))
    return parse(run.stdout), run.stderr.strip().splitlines()[-1:]


def parse(text):
    res = {}
    for line in text.splitlines():
        w = line.split()
        if not w:
            continue
        if w[0] == "boot":
            res["boot"] = {"us": int(w[1]), "free": int(w[2])}
        elif w[0] == "load":
            res.setdefault(w[1], {"times": []}).update(load_us=int(w[2]), load_bytes=int(w[3]))
        elif w[0] == "first":
            res[w[1]]["first_us"] = int(w[2])
        elif w[0] == "hand":
            res[w[1]]["times"].append(int(w[3]))
        elif w[0] == "phases":
            res[w[1]].setdefault("phases", []).append([int(x) for x in w[3:]])
        elif w[0] == "preview":
            res[w[1]].setdefault("previews", []).append(int(w[3]))
        elif w[0] == "pfirst":
            res[w[1]]["preview_first_us"] = int(w[3])
        if w[0] in ("preview", "pfirst") and w[4] != "1":   # timed all the same
            why = res[w[1]].setdefault("refused", {})
            why[w[5]] = why.get(w[5], 0) + 1
        elif w[0] == "low":
            res[w[1]]["low_free"] = int(w[2])
    return res


def pct(sorted_values, p):
    return sorted_values[min(len(sorted_values) - 1, (len(sorted_values) * p) // 100)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default=",".join(RULESETS))
    ap.add_argument("--hands", type=int, default=300, help="pool hands per ruleset (benchhands come on top)")
    ap.add_argument("--top", type=int, default=120, help="of which the heaviest by readings")
    ap.add_argument("--worst", type=int, default=0, help="also list the N slowest hands per ruleset")
    ap.add_argument("--phases", action="store_true",
                    help="also time parse / analyse / score apart (with --worst: per hand)")
    ap.add_argument("--only", type=int, default=0,
                    help="time only the N hands slowest last time per ruleset (a quick look)")
    ap.add_argument("--previews", type=int, default=-1,
                    help="time session.preview of the N hands with the most readings "
                         "(default: of every hand; 0: none)")
    ap.add_argument("--uf2", help="firmware with the application frozen in (make firmware "
                                  "BOARD=pico): time the frozen modules instead of the .mpy")
    ap.add_argument("--device", help="time another build's device folder, e.g. an earlier "
                                     "commit's build/device (the before figures)")
    args = ap.parse_args(argv)
    rids = [r for r in args.rules.split(",") if r]
    hand_sets = {rid: hands_for(rid, args.hands, args.top) for rid in rids}
    if args.only:
        hand_sets = {rid: heaviest(rid, hand_sets[rid], args.only) for rid in rids}
    res, stats = run_board(rids, hand_sets, args.phases, args.previews, args.uf2, args.device)
    if not args.only and not args.uf2 and not args.device:
        with open(os.path.join(OUT, "result.json"), "w") as f:
            json.dump(res, f)
    print("Emulated Pico (MicroPython v1.28.0, RP2040 at 125 MHz, %s), "
          "contract.score_hand per hand, ticks_us:"
          % ("frozen application" if args.uf2 else ".mpy on LittleFS" + (
              " from " + args.device if args.device else "")))
    print("  %-4s %6s %9s %9s %9s %9s   %9s %9s %10s" % ("", "hands", "median", "p99", "max", "mean",
                                                       "load", "1st hand", "load heap"))
    for rid in rids:
        r = res[rid]
        t = sorted(r["times"])
        print("  %-4s %6d %6.1f ms %6.1f ms %6.1f ms %6.1f ms   %6.1f ms %6.1f ms %8d B"
              % (rid, len(t), pct(t, 50) / 1e3, pct(t, 99) / 1e3, t[-1] / 1e3,
                 sum(t) / len(t) / 1e3, r["load_us"] / 1e3, r["first_us"] / 1e3, r["load_bytes"]))
        if args.worst:
            order = sorted(range(len(r["times"])), key=lambda i: -r["times"][i])
            for i in order[:args.worst]:
                ph = ""
                if args.phases:
                    ph = "parse %.1f analyse %.1f score %.1f (%d readings)  " % tuple(
                        x / 1e3 if k < 3 else x for k, x in enumerate(r["phases"][i]))
                print("      %7.1f ms  %s%s" % (r["times"][i] / 1e3, ph,
                                               json.dumps(hand_sets[rid][i], ensure_ascii=False)))
        if args.phases:
            ph = r["phases"]
            print("       mean: parse %.1f ms, analyse %.1f ms, score %.1f ms"
                  % tuple(sum(p[k] for p in ph) / len(ph) / 1e3 for k in range(3)))
    if args.previews:
        print("session.preview(win) (score and settle, no journal write, no drawing), %s; the "
              "first win, which loads the ruleset's table and names, apart:"
              % ("every hand" if args.previews < 0 else
                 "the %d hands with the most readings" % args.previews))
        print("  %-4s %6s %9s %9s %9s %9s   %9s" % ("", "hands", "median", "p99", "max", "mean",
                                                 "1st win"))
        for rid in rids:
            r = res[rid]
            t = sorted(r.get("previews", ()))
            if t:
                print("  %-4s %6d %6.1f ms %6.1f ms %6.1f ms %6.1f ms   %6.1f ms%s" % (
                    rid, len(t), pct(t, 50) / 1e3, pct(t, 99) / 1e3, t[-1] / 1e3,
                    sum(t) / len(t) / 1e3, r["preview_first_us"] / 1e3,
                    "  (refused by the table, timed all the same: %s)" % ", ".join(
                        "%d %s" % (n, code) for code, n in sorted(r["refused"].items()))
                    if r.get("refused") else ""))
    print("  (board: %s)" % " ".join(stats))


if __name__ == "__main__":
    main()
