# Chinese Official (81 fan).  Interim: accepts and rejects hands with the engine; scoring follows.
import shapes

UNIT = "fan"
N_SETS = 4
FLAGS = ()
SHAPES = shapes.MCR_SHAPES


def score(hand, analysis):
    return {"ok": True, "rules": "mcr", "unit": UNIT, "total": 0, "legal": True, "items": []}
