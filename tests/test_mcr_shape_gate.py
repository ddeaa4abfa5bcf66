"""Chinese Official's special shapes behind rules.mcr's gate (mcr.SHAPES: seven pairs its
own, the engine's shapes module loaded only for a hand whose counts may make one of the
rarer three) give
the engine what shapes.MCR_SHAPES gives when every shape is asked: the same waits, the
same readings, the same refusals; and the gate lets the common hand pass without them."""

import shapes
import tiles
from rules import mcr
from shape_gate import agree


def near_shape(rng):
    """14 tiles a step or two from seven pairs, thirteen orphans, honours and knitted or
    a knitted straight, or from nothing at all."""
    kind = rng.randrange(5)
    if kind == 0:
        pairs = rng.sample(range(34), 7)
        ts = [t for t in pairs for _ in range(2)]
    elif kind == 1:
        ts = list(shapes.ORPHANS) + [rng.choice(shapes.ORPHANS)]
    elif kind == 2:
        knit = shapes.knit_tiles(rng.choice(shapes.KNITS))
        ts = rng.sample(knit, rng.randrange(7, 10))
        ts += rng.sample(range(27, 34), 14 - len(ts))
    elif kind == 3:
        ts = shapes.knit_tiles(rng.choice(shapes.KNITS))
        t = rng.randrange(34)
        ts += [t, t, t] if rng.random() < 0.5 else [t, t + 1, t + 2] if t % 9 < 7 and t < 27 else [t, t, t]
        ts += [rng.randrange(34)] * 2
    else:
        ts = [rng.randrange(34) for _ in range(14)]
    return ts


def test_the_gate_answers_as_every_shape_asked():
    special, waiting = agree(near_shape, mcr, shapes.MCR_SHAPES, 6000)
    assert special > 300 and waiting > 500, (special, waiting)


def test_the_common_hand_passes_the_gate_without_the_shapes():
    """Standard hands (four sets and a pair, a meld or none) ask the gate and get no shape:
    shapes.py stays out of the heap at their win."""
    gate = mcr.SHAPES[0]
    for text, melds in (("123m456p789s234m5p", 0), ("111z222z33z456m78p", 0),
                        ("123456789m11z999p", 0), ("234m567s99p123p", 1)):
        c = tiles.counts(tiles.parse(text))
        assert gate.may(c, melds, 0) == (), text
        c[tiles.parse(text[-2:])[0]] -= 1      # before the win
        assert gate.may(c, melds, 1) == (), text
    seven = tiles.counts(tiles.parse("11223344556677m"))
    assert gate.may(seven, 0, 0) == ()             # seven pairs: the gate's own
    assert [r.shape for r in gate.readings(seven, None, [], None)] == ["seven_pairs"]
    odd = tiles.counts(tiles.parse("111222m33445566p"))     # two threes: no seven pairs
    assert [r.shape for r in gate.readings(odd, None, [], None)] == []
    assert gate.may(tiles.counts(tiles.parse("19m19p19s12345677z")), 0, 0)
