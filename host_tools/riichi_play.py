"""Riichi wins with their context in the proportions of real play: the hands the device's
keys per tile are counted over (tests/test_riichi_keys.py, `python -m host_tools.bench
riichi`), and Riichi sessions typed on the emulated Pico's keypad and the phone's.

The tiles are tests/handgen's random hands, as for the other rulesets' figure; a hand
that declares riichi is drawn again until it is concealed (a concealed kong allowed).
The context, per win (docs/rules/riichi.md, "Keys at the table", says where the figures
come from):

    riichi declared              40 % of wins (1 in 100 of them double riichi)
    ippatsu                      17 % of riichi wins
    dora held                    0: 52 %, 1: 28 %, 2: 13 %, 3: 5 %, 4: 2 %   (mean 0.77)
    ura dora (riichi wins)       0: 66 %, 1: 25 %, 2: 7 %, 3: 2 %           (mean 0.45)
    red fives (tables with them) 0: 52 %, 1: 35 %, 2: 11 %, 3: 2 %          (mean 0.63);
                                 none under the EMA's and the WRC's rules
    haitei / houtei              2.5 % of wins; rinshan kaihou 1 % (of the self-drawn
                                 wins with a kong: the only ones it may be)

Dora, ura dora and red fives are counts, as the device keys them (the from screen's 5, 6
and 7, ui/keymap.py's COUNT_KEYS); a red five is counted only where the hand holds a
five of a suit without one already counted.
"""

import os
import random
import sys

from host_tools import paths

RIICHI = 0.40
DOUBLE = 0.01
IPPATSU = 0.17
DORA = (0.52, 0.28, 0.13, 0.05, 0.02)
URA = (0.66, 0.25, 0.07, 0.02)
AKA = (0.52, 0.35, 0.11, 0.02)
LAST_TILE = 0.025
RINSHAN = 0.01


def _tests():
    p = os.path.join(paths.ROOT, "tests")
    if p not in sys.path:
        sys.path.insert(0, p)


def pick(rng, dist):
    """A count drawn from dist (the chance of 0, 1, 2...)."""
    r = rng.random()
    for n, p in enumerate(dist):
        if r < p:
            return n
        r -= p
    return len(dist) - 1


def concealed(h):
    return all(m.startswith("ankan") for m in h.get("melds") or ())


def fives(h):
    """The suits whose five the hand holds (tiles as text)."""
    text = h["hand"] + h["win"] + "".join(m.split()[1] for m in h.get("melds") or ())
    out = 0
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            if ch in "mps" and "5" in digits:
                out += 1
            digits = ""
    return out


def win(rng, red_fives=False):
    """(declared, hand): a contract hand with its context, and the riichi event its winner
    declared first (None, "riichi" or "double_riichi")."""
    _tests()
    import handgen
    declared = None
    if rng.random() < RIICHI:
        declared = "double_riichi" if rng.random() < DOUBLE else "riichi"
    while True:
        h = handgen.random_hand(rng, 4)
        if not declared or concealed(h):
            break
    flags = []
    if declared and rng.random() < IPPATSU:
        flags.append("ippatsu")
    if rng.random() < LAST_TILE:
        flags.append("last_tile")
    elif h["by"] == "self" and any("kan" in m.split()[0] for m in h.get("melds") or ()) \
            and rng.random() < RINSHAN:
        flags.append("kong_replacement")
    if flags:
        h["flags"] = flags
    n = pick(rng, DORA)
    if n:
        h["dora"] = n
    n = pick(rng, URA) if declared else 0
    if n:
        h["ura"] = n
    n = min(pick(rng, AKA), fives(h)) if red_fives else 0
    if n:
        h["aka"] = n
    return declared, h


def hand_tiles(h):
    import tiles            # the firmware's (paths.use_firmware)
    return len(tiles.parse(h["hand"])) + 1 + sum(len(tiles.parse(m.split()[1]))
                                                 for m in h.get("melds") or ())


def keys_per_tile(n=2000, seed=6, red_fives=False):
    """(keys per tile of the wins alone, with their riichi declarations too) over n wins:
    keys from the status screen through the save key, as host_tools/keys.py gives them
    (the declaration: the status screen's 5-8, the save)."""
    from host_tools import keys        # (it puts the firmware on the path)
    info = keys.ruleset("riichi")
    rng = random.Random(seed)
    n_keys = n_tiles = n_declare = 0
    for _ in range(n):
        declared, h = win(rng, red_fives)
        winner = rng.randrange(4)
        ev = {"event": "win", "winner": winner, "hand": h}
        if h["by"] != "self":
            ev["from"] = (winner + 1) % 4
        n_keys += keys.count(keys.event_keys(ev, info))
        n_tiles += hand_tiles(h)
        if declared:
            n_declare += keys.count(keys.event_keys({"event": declared, "seat": winner}, info))
    return n_keys / n_tiles, (n_keys + n_declare) / n_tiles


def session(n, seed, red_fives=False, draws=0.15):
    """(events, answers): a Riichi game's start, then n hands as the table takes them:
    the winner's riichi declared first where it was, now and then an exhaustive draw with
    a seat tenpai; wins the table refuses (no yaku) drawn again; a game over, another."""
    from host_tools import paths as _p
    _p.use_firmware()
    import session as sessionmod
    rng = random.Random(seed)
    ses = sessionmod.Session()
    start = {"event": "start", "rules": "riichi", "dealer": 0, "players": ["1", "2", "3", "4"]}
    if red_fives:
        start["settings"] = {"red_fives": 3}
    events = [start]
    answers = [ses.handle(start)]
    played = 0
    while played < n:
        if rng.random() < draws:
            evs = [{"event": "tenpai", "seat": rng.randrange(4)}, {"event": "draw"}]
        else:
            declared, h = win(rng, red_fives)
            winner = rng.randrange(4)
            ev = {"event": "win", "winner": winner, "hand": h}
            if h["by"] != "self":
                ev["from"] = (winner + rng.randrange(1, 4)) % 4
            evs = ([{"event": declared, "seat": winner}] if declared else []) + [ev]
        # the whole hand, or none of it: a refused win takes its declaration back too
        got = []
        for e in evs:
            a = ses.handle(e)
            if not a["ok"]:
                break
            got.append(a)
        if len(got) < len(evs):
            ses = sessionmod.Session()
            for e in events:
                ses.handle(e)
            continue
        events += evs
        answers += got
        played += 1
        if ses.state.get("over") and played < n:     # the game is over: another
            events.append(start)
            answers.append(ses.handle(start))
    return events, answers
