# host_tools.score's contract (shared/spec/score-interface.md) on the device side:
# one request dict in, one answer dict out, never an exception.
#
# A ruleset is the module rules.<id> (scorers.py loads it, one at a time), exposing
#   UNIT, N_SETS (4 or 5), FLAGS (its extra context words), SHAPES (special shapes)
#   score(hand, analysis) -> the contract's answer for a complete hand (its items
#                    completed by NAMER where the ruleset has one)
#   NAMER (optional) a module whose name(answer) completes the answer's items: a ruleset
#                    with many long names keeps them out of the scorer this way

import gc
import sys
import hand as handmod
import engine
from errors import HandError, error_result

from scorers import load as ruleset

LEAN = sys.implementation.name != "cpython"   # collect only where the heap is small


def score_hand(req, rid=None, table_fields=True):
    """Score one hand request; the answer is a dict, errors included."""
    try:
        ans, names = _score(req, rid, table_fields)
        if names:
            # _score's analysis and leftovers are garbage now: collected first, the
            # answer's items take the lowest free blocks, not the middle of the heap
            if LEAN:
                gc.collect()
            ans = __import__(names, None, None, ("name",)).name(ans)
        return ans
    except HandError as e:
        return error_result(e.code, e.message)
    except MemoryError:
        gc.collect()
        return error_result("bad_field", "the hand is too large to score in this device's memory")


def _score(req, rid, table_fields):
    """(the scorer's answer, its NAMER or None)."""
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
    h = handmod.parse(body, rules.N_SETS, rules.FLAGS, table_fields, getattr(rules, "FIELDS", ()))
    try:
        analysis = engine.analyse(h, rules.SHAPES)
        return rules.score(h, analysis), getattr(rules, "NAMER", None)
    finally:
        if LEAN:
            _forget_parts(rules)


def _forget_parts(rules):
    """The parts a scorer loads for some hands only (its PARTS: Hong Kong's special
    shapes) leave again, as heap.forget would take them: this CLI keeps its one scorer and
    its names for good (64 KB held them when the shapes were part of the scorer)."""
    pkg = sys.modules.get("rules")
    for name in getattr(rules, "PARTS", "").split():
        if name in sys.modules:
            del sys.modules[name]
            if hasattr(pkg, name[6:]):
                delattr(pkg, name[6:])
