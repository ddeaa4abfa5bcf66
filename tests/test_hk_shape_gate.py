"""Hong Kong's special shapes behind rules.hk's gate (hk.SHAPES: each shape's module loaded
only for a hand whose counts may make it) give the engine what the three shapes give
when every one of them is asked: the same waits, the same readings, the same refusals."""

from rules import hk, hk_lique, hk_shapes
from shape_gate import agree

EVERY = (hk_lique,) + hk_shapes.SHAPES


def near_shape(rng):
    """17 tiles a step or two from 嚦咕, 十三么 or 十六不搭, or from nothing at all."""
    kind = rng.randrange(4)
    if kind == 0:
        pairs = rng.sample(range(34), 8)
        ts = [t for t in pairs[:7] for _ in range(2)] + [pairs[7]] * 3
    elif kind == 1:
        ts = list(hk_shapes.ORPHANS) + [rng.randrange(34) for _ in range(4)]
    elif kind == 2:
        ranks = rng.choice(((0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (0, 3, 7)))
        ts = list(range(27, 34)) + [s * 9 + r for s in range(3) for r in ranks]
        ts.append(rng.randrange(34))
    else:
        ts = [rng.randrange(34) for _ in range(17)]
    return ts


def test_the_gate_answers_as_every_shape_asked():
    special, waiting = agree(near_shape, hk, EVERY, 4000, "pon", "kan")
    assert special > 100 and waiting > 300, (special, waiting)


def test_the_shape_modules_number_the_elements_as_the_scorer():
    """rules.hk_shapes and rules.hk_lique count elements by rules.hk's numbers, copied as
    const() (a board keeps no global for them): each copy agrees with rules.hk's."""
    import os
    import re
    from host_tools import paths
    folder = os.path.join(paths.ROOT, "firmware", "rules")

    def consts(name):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            return dict(re.findall(r"^(_[A-Z0-9_]+) = const\((\d+)\)", f.read(), re.M))
    scorer = consts("hk.py")
    for name in ("hk_shapes.py", "hk_lique.py"):
        copied = consts(name)
        assert copied
        for k, v in copied.items():
            assert scorer[k] == v, (name, k)
