# Taiwan 16-tile.  Interim: accepts and rejects hands with the engine; scoring follows.
UNIT = "tai"
N_SETS = 5
FLAGS = ()
SHAPES = ()


def score(hand, analysis):
    return {"ok": True, "rules": "tw", "unit": UNIT, "total": 0, "legal": True, "items": []}
