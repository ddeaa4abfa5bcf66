"""What the shape gates' tests share (test_mcr_shape_gate, test_hk_shape_gate): a contract
hand made of a list of tiles, and what the engine answers for it with a list of shapes."""

import random

import engine
import hand
import tiles
from errors import HandError


def request(rng, ts, pung="pung", kong="kong"):
    """A contract hand of the tiles ts (None if more than four of a tile): the win one of
    them, sometimes a pung or a kong of them melded (named as the ruleset's notation)."""
    c = tiles.counts(ts)
    if max(c) > 4:
        return None
    win = ts[rng.randrange(len(ts))]
    rest = list(ts)
    rest.remove(win)
    melds = []
    if rng.random() < 0.3:
        t = rng.choice(rest)
        if rest.count(t) >= 3:
            for _ in range(3):
                rest.remove(t)
            kind = pung
            if rng.random() < 0.3 and c[t] < 4:
                kind = kong
            melds.append("%s %s" % (kind, tiles.name(t)[0] * (4 if kind == kong else 3)
                                    + tiles.name(t)[1]))
    rest.sort()
    return {"hand": "".join(tiles.name(t) for t in rest), "win": tiles.name(win),
            "melds": melds, "by": rng.choice(("self", "discard"))}


def outcome(h, shapes):
    """The waits the shapes add (the hand complete or not), then the engine's waits and
    readings, or its refusal."""
    c = tiles.counts(h.concealed)
    waits = []
    for s in shapes:
        waits += s.waits(c, len(h.melds))
    try:
        a = engine.analyse(h, shapes)
    except HandError as e:
        return ("refused", e.code, sorted(waits))
    return (sorted(waits), a.waits, [(r.shape, r.sets, r.pair, r.win_set, r.wait,
                                      getattr(r, "pairs", None), r.knit) for r in a.readings])


def agree(near_shape, rules, every, hands, pung="pung", kong="kong"):
    """Over `hands` hands near the shapes (near_shape(rng): tiles, then a step or two
    disturbed), the scorer's gate (rules.SHAPES) answers as every shape asked: asserted
    hand by hand.  Returns (hands with a special reading, hands waiting or complete)."""
    rng = random.Random(31)
    special = waiting = 0
    for _ in range(hands):
        ts = near_shape(rng)
        for _ in range(rng.randrange(3)):      # disturb it
            ts[rng.randrange(len(ts))] = rng.randrange(34)
        req = request(rng, ts, pung, kong)
        if req is None:
            continue
        try:
            h = hand.parse(req, rules.N_SETS, rules.FLAGS)
        except HandError:
            continue
        got = outcome(h, rules.SHAPES)
        assert got == outcome(h, every), req
        if got[0] != "refused":
            waiting += 1
            special += any(r[0] != "standard" for r in got[2])
    return special, waiting
