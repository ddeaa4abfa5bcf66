# Tile codes shared by every module.
# A tile is an int 0..33: 0-8 characters 1m-9m, 9-17 dots 1p-9p, 18-26 bamboo 1s-9s,
# 27-33 honours E S W N, red (中), green (發), white (白).  Flowers are ints 0..7
# (1f..8f); flower f belongs to seat wind f % 4.  The rulesets test a tile's suit, rank
# and kind inline (t // 9, t % 9, t >= 27): no helper here is called per tile.

try:
    from micropython import const   # the rulesets take it from here: one shim for CPython
except ImportError:
    def const(x):
        return x

from errors import HandError

SUITS = "mpsz"
WIND_LETTERS = "ESWN"
EAST = 27
RED = 31
GREEN = 32
WHITE = 33
N_TILES = 34


def name(t):
    if t < 27:
        return str(t % 9 + 1) + SUITS[t // 9]
    return str(t - 26) + "z"


def names(tiles):
    return " ".join(name(t) for t in tiles)


def parse(text, allow_flowers=False):
    """'123m55z' -> [0, 1, 2, 31, 31].  Raises HandError('bad_tile')."""
    if isinstance(text, str):
        out = _parse_fast(text, allow_flowers)
        if out is not None:
            return out
    # not well formed: the check that says why (tilecheck.py) is loaded for it only
    import sys
    try:
        return __import__("tilecheck").parse_checked(text, allow_flowers)
    finally:
        if sys.implementation.name != "cpython":
            del sys.modules["tilecheck"]        # its RAM back, as errtext's


def _parse_fast(text, allow_flowers):
    """The tiles of a well-formed text, read as bytes (iterating a str makes a string of
    each character); None at anything else, which tilecheck.parse_checked then reports."""
    out = []
    first = 0     # where the digits waiting for their suit letter start
    for c in text.encode():
        if 49 <= c <= 57:            # 1..9
            out.append(c - 48)
            continue
        if c == 32:
            continue
        n = len(out)
        if first == n:
            return None
        if c == 109 or c == 112 or c == 115:   # m p s
            base = (-1 if c == 109 else (8 if c == 112 else 17))
            for k in range(first, n):
                out[k] += base
        elif c == 122:                                 # z
            for k in range(first, n):
                if out[k] > 7:
                    return None
                out[k] += 26
        elif c == 102 and allow_flowers:               # f
            for k in range(first, n):
                if out[k] > 8:
                    return None
                out[k] -= 1
        else:
            return None
        first = n
    return out if first == len(out) else None


def suits_held(c):
    """(how many of the three suits counts c hold, whether they hold an honour)."""
    n = 0
    for s in range(0, 27, 9):
        for t in range(s, s + 9):
            if c[t]:
                n += 1
                break
    for t in range(27, 34):
        if c[t]:
            return n, True
    return n, False


def bits(x):
    """How many bits are set in x (a mask of tiles, winds, suits or ranks)."""
    n = 0
    while x:
        n += x & 1
        x >>= 1
    return n


def counts(tiles):
    c = bytearray(N_TILES)
    for t in tiles:
        c[t] += 1
    return c
