"""The scorers' short cuts give what the plain search gives: tile text read as bytes
(tiles._parse_fast) against the checked reader, and the special shapes' waits found from
their few candidate tiles against trying every tile."""

import random

import shapes
import tiles
import tilecheck
from errors import HandError
from rules import hk_lique, hk_shapes


def outcome(fn, text, flowers):
    try:
        return fn(text, flowers)
    except HandError as e:
        return ("refused", e.code, e.args)


def test_tile_text_read_fast_as_checked():
    rng = random.Random(7)
    alphabet = "0123456789mpszf xé"
    texts = ["123m55z", "1234567m111222333p", "12345678f", "8z", "9f", "0m", "", "m", "11"]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(12))) for _ in range(20000)]
    for text in texts:
        for flowers in (False, True):
            assert outcome(tiles.parse, text, flowers) == \
                outcome(tilecheck.parse_checked, text, flowers), (text, flowers)


def every_tile_waits(shape, c, n_melds):
    """The waits by trying each of the 34 tiles (the shape's parts decide)."""
    if n_melds > shape.melds or sum(c) != 16 - 3 * n_melds:
        return []
    out = []
    for t in range(34):
        if c[t] < 4:
            c[t] += 1
            if shape.parts(c, n_melds):
                out.append(t)
            c[t] -= 1
    return out


def near_shape(rng):
    """16 tiles a step or two from 嚦咕, 十三么 or 十六不搭 (or from nothing at all)."""
    kind = rng.randrange(4)
    if kind == 0:
        ts = [t for t in rng.sample(range(34), 8) for _ in range(2)]
    elif kind == 1:
        ts = list(hk_shapes.ORPHANS) + [rng.randrange(34) for _ in range(3)]
    elif kind == 2:
        ts = list(range(27, 34)) + [s * 9 + r for s in range(3) for r in rng.choice(((0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8)))]
    else:
        ts = [rng.randrange(34) for _ in range(16)]
    for _ in range(rng.randrange(3)):      # disturb it
        ts[rng.randrange(len(ts))] = rng.randrange(34)
    c = bytearray(34)
    for t in ts[:16]:
        c[t] += 1
    return c if max(c) <= 4 and sum(c) == 16 else None


def test_hk_shape_waits_from_candidates_equal_every_tile():
    rng = random.Random(11)
    found = 0
    for _ in range(3000):
        c = near_shape(rng)
        if c is None:
            continue
        for shape in (hk_lique,) + hk_shapes.SHAPES:
            want = every_tile_waits(shape, c, 0)
            assert shape.waits(c, 0) == want, (type(shape).__name__, list(c))
            found += bool(want)
    assert found > 100


def test_knitted_straight_waits_equal_every_tile():
    import dtable
    import engine
    table = dtable.default()
    knit = shapes.KnittedStraight()
    rng = random.Random(5)
    found = 0
    for _ in range(1500):
        k = shapes.knit_tiles(rng.choice(shapes.KNITS))
        ts = rng.sample(k, rng.choice((8, 9, 9)))
        while len(ts) < 13:
            ts.append(rng.randrange(34))
        c = bytearray(34)
        for t in ts:
            c[t] += 1
        if max(c) > 4:
            continue
        want = []
        for t in range(34):
            if c[t] < 4:
                c[t] += 1
                for kn in shapes.KNITS:
                    ks = shapes.knit_tiles(kn)
                    if all(c[x] for x in ks):
                        for x in ks:
                            c[x] -= 1
                        ok = sum(engine.suit_pairs(c, s, table) for s in range(4)) == 1 and \
                            min(engine.suit_pairs(c, s, table) for s in range(4)) >= 0
                        for x in ks:
                            c[x] += 1
                        if ok:
                            want.append(t)
                            break
                c[t] -= 1
        assert knit.waits(c, 0) == want, list(c)
        found += bool(want)
    assert found > 20
