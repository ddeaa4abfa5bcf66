# Hong Kong's 嚦咕 (seven pairs and one pung, concealed; four alike may be two pairs), for
# rules.hk, with its scoring beside a standard reading of the same tiles: a module of its
# own, loaded by rules.hk's gate (_Special) only for a hand whose counts may make it, as
# the rarer shapes are (rules/hk_shapes.py): the scorer's import is the top of a win's
# heap (docs/memory.md, "Hong Kong's scorer").  scorers.unload forgets it with the scorer
# (a part of it: rules.hk_*).

import engine
from tiles import const

# The engine's shape object is this module itself (a class and its instance would cost
# the heap more): waits(), readings(), and parts() and melds for the tests.
melds = 0


def waits(c, n_melds):
    if n_melds:
        return []
    cands = candidates(c)
    if not cands or sum(c) != 16:
        return []
    out = []
    for t in cands:
        if c[t] < 4:
            c[t] += 1
            if parts(c, n_melds):
                out.append(t)
            c[t] -= 1
    return out


def parts(c, n):
    if n or c.count(b"\x01") or c.count(b"\x03") != 1 or sum(c) != 17:
        return None      # the only odd count is the one pung's (counts in C)
    return c.find(b"\x03")


def candidates(c):
    # seven pairs and a pung: one tile count odd (the 3) once the tile is added
    n = c.count(b"\x01") + c.count(b"\x03")
    if n not in (0, 2):
        return ()
    out = []        # the two odd counts, else each pair (found in C)
    for b in (b"\x01", b"\x03") if n else (b"\x02",):
        t = c.find(b)
        while t >= 0:
            out.append(t)
            t = c.find(b, t + 1)
    out.sort()
    return out


def readings(c, hand, melds, table):
    p = parts(c, len(melds))
    if p is None:
        return []
    win = hand.win
    r = engine.Reading("lique", [(engine.PUNG, p, 1 if win == p and hand.by != "self" else 0)],
                       -1, None, engine.PUNG_WAIT if c[win] == 3 else engine.SINGLE)
    pairs = []
    for t in range(34):
        if c[t] == 2 or c[t] == 4:
            pairs.append(t)
            if c[t] == 4:
                pairs.append(t)
    r.pairs = pairs
    return [r]


# ---- its scoring beside a standard reading (rules.hk.score) ------------------------------

_FOUR2_OPEN = const(35)     # rules.hk's elements: 四歸二（明）, the first of the 四歸
_ONE_HIGH = const(44)       # 一般高, the first after them


def both(lq, std, value):
    """General rule 4 (嚦咕雙食): the counts of the elements of both forms (lq the 嚦咕
    reading's, std the best standard one's), each once; the 四歸 of the same tiles from
    one form only, the one worth more (copies: either form may still be the best answer);
    value: rules.hk.value."""
    m = bytearray(lq)
    s = bytearray(std)
    a = b = 0
    for i in range(_FOUR2_OPEN, _ONE_HIGH):
        a += value(i) * m[i]
        b += value(i) * s[i]
    w = s if a > b else m
    for i in range(_FOUR2_OPEN, _ONE_HIGH):
        w[i] = 0
    left = len(s) - s.count(b"\0")
    x = 1
    while left:     # s's few counted elements, found by count as in rules.hk._finish
        b = bytes((x,))
        i = s.find(b)
        while i >= 0:
            if x > m[i]:
                m[i] = x
            left -= 1
            i = s.find(b, i + 1)
        x += 1
    return m
