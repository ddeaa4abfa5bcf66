"""The engine's verdict on single-suit vectors (engine.suit_pairs, and suit_divisions
where a division may exist) against an independent recursive judge: what
tests/test_tables.py asserts on every vector of up to 8 tiles and a seeded sample of the
larger ones, and `python -m host_tools.bench suits` on all 886,400 vectors of 0..4 a rank
with at most 17 tiles."""

import itertools
import random
from functools import lru_cache

import engine

MAX_TILES = 17
ALL_VECTORS = 886400        # every vector of 0..4 per rank with at most 17 tiles


@lru_cache(maxsize=None)
def brute_suit(counts, pair_left):
    """Independent recursive judge of one suit: sets plus a pair iff pair_left."""
    i = next((k for k in range(9) if counts[k]), None)
    if i is None:
        return not pair_left
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        if brute_suit(tuple(c), pair_left):
            return True
        c[i] += 3
    if pair_left and c[i] >= 2:
        c[i] -= 2
        if brute_suit(tuple(c), False):
            return True
        c[i] += 2
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if brute_suit(tuple(c), pair_left):
            return True
    return False


def every_vector(max_tiles=MAX_TILES):
    for vec in itertools.product(range(5), repeat=9):
        if sum(vec) <= max_tiles:
            yield vec


def sampled_vectors(n, seed, above=8):
    """n random vectors of more than `above` and at most 17 tiles (seeded; repeats may be)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        vec = tuple(rng.randrange(5) for _ in range(9))
        if above < sum(vec) <= MAX_TILES:
            out.append(vec)
    return out


def check(vectors, table):
    """Assert the engine's verdicts on `vectors`; how many were checked."""
    checked = 0
    c = bytearray(34)
    for vec in vectors:
        c[0:9] = bytes(vec)
        got = engine.suit_pairs(c, 0, table)
        assert (got == 0) == brute_suit(vec, False), vec
        assert (got == 1) == brute_suit(vec, True), vec
        # the enumerating path agrees with the verdict
        if sum(vec) % 3 != 1:
            assert bool(engine.suit_divisions(c, 0, table)) == (got >= 0), vec
        checked += 1
    return checked
