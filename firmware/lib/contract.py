# host_tools.score's contract (shared/spec/score-interface.md) on the device side:
# one request dict in, one answer dict out, never an exception.
#
# A ruleset is the module rules.<id> (scorers.py loads it, one at a time), exposing
#   UNIT, N_SETS (4 or 5), FLAGS (its extra context words), SHAPES (special shapes)
#   score(hand, analysis) -> the contract's answer for a complete hand

import gc
import hand as handmod
import engine
from errors import HandError, error_result

from scorers import RULESETS, unload
from scorers import load as ruleset


def score_hand(req, rid=None, table_fields=True):
    """Score one hand request; the answer is a dict, errors included."""
    try:
        if not isinstance(req, dict):
            raise HandError("bad_json", "each line must be one JSON object")
        if rid is None:
            rid = req.get("rules")
            body = {}
            for k in req:
                if k != "rules":
                    body[k] = req[k]
        else:
            body = req
        rules = ruleset(rid)
        h = handmod.parse(body, rules.N_SETS, rules.FLAGS, table_fields)
        analysis = engine.analyse(h, rules.SHAPES)
        return rules.score(h, analysis)
    except HandError as e:
        return error_result(e.code, e.message)
    except MemoryError:
        gc.collect()
        return error_result("bad_field", "the hand is too large to score in this device's memory")
