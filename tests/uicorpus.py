"""Random legal table sessions for the application's tests: win events (with winner and
from) drawn from tests/handgen's random hands or from each ruleset's richer device corpus
(flowers, context words, robbed kongs), kept where the table on CPython accepts them,
with the table's answer to each; a fresh session every 16 hands (mcr)."""

import random

import handgen

from host_tools import mcr_oracle, riichi_oracle
from hand import TABLE_FIELDS
import session

import test_hk_device
import test_sh_device
import test_tw_device

GENERATORS = {"mcr": mcr_oracle.random_hand, "hk": test_hk_device.random_hand,
              "tw": test_tw_device.random_hand, "sh": test_sh_device.random_hand,
              "riichi": lambda rng: riichi_oracle.context(rng, riichi_oracle.build(rng) or
                                                          {"hand": "234m456p678s2355s", "win": "1s"})}
GAME = {"mcr": 16, "riichi": 8}   # hands in a game, where the ruleset ends one (riichi: at
                                  # the earliest, eight passes of the deal)
N_SETS = {"mcr": 4, "sh": 4, "tw": 5, "hk": 5, "riichi": 4}


def plain_hand(rid):
    """tests/handgen's random hands, as the keys-per-tile target counts them."""
    return lambda rng: handgen.random_hand(rng, N_SETS[rid])


def start(rid, dealer):
    return {"event": "start", "rules": rid, "dealer": dealer,
            "players": ["1", "2", "3", "4"]}


def win_event(rng, h):
    """The table's win event for a contract hand (the table supplies seat, round...)."""
    body = {k: v for k, v in h.items() if k not in TABLE_FIELDS and k != "rules"}
    winner = rng.randrange(4)
    ev = {"event": "win", "winner": winner, "hand": body}
    if body.get("by", "self") != "self":
        ev["from"] = (winner + rng.randrange(1, 4)) % 4
    return ev


def legal_session(rid, n, seed, dealer=0, plain=False):
    """(events, answers): a start, then n accepted wins (and a start every GAME hands);
    plain: hands from tests/handgen, else from the ruleset's device corpus."""
    rng = random.Random(seed)
    gen = plain_hand(rid) if plain else GENERATORS[rid]
    ses = session.Session()
    events = [start(rid, dealer)]
    answers = [ses.handle(events[0])]
    played = 0
    while played < n:
        if played and played % GAME.get(rid, 10 ** 9) == 0 and events[-1]["event"] != "start":
            ev = start(rid, dealer)
        else:
            h = gen(rng)
            if h is None:           # the generator's way of saying: draw again
                continue
            ev = win_event(rng, h)
        ans = ses.handle(ev)
        if not ans["ok"]:
            continue
        events.append(ev)
        answers.append(ans)
        if ev["event"] == "win":
            played += 1
    return events, answers
