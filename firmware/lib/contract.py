# host_tools.score's contract (shared/spec/score-interface.md) on the device side:
# one request dict in, one answer dict out, never an exception.
#
# A ruleset is the module rules.<id>, imported on first use, exposing
#   UNIT, N_SETS (4 or 5), FLAGS (its extra context words), SHAPES (special shapes)
#   score(hand, analysis) -> the contract's answer for a complete hand

import gc
import sys
import hand as handmod
import engine
from errors import HandError, error_result

RULESETS = ("mcr", "hk", "tw", "sh")
_loaded = {}
_brought = []   # modules the resident ruleset's import loaded


def ruleset(rid):
    if not isinstance(rid, str) or rid not in RULESETS:
        raise HandError("bad_field", "unknown ruleset %r (mcr, hk, tw, sh)" % (rid,))
    mod = _loaded.get(rid)
    if mod is None:
        unload()
        before = list(sys.modules)
        try:
            mod = __import__("rules." + rid, None, None, (rid,))
        except ImportError:
            raise HandError("bad_field", "ruleset %r is not installed on this device" % rid)
        _loaded[rid] = mod
        for name in sys.modules:
            if name not in before and name != "rules":
                _brought.append(name)
    return mod


def unload():
    """Forget the resident ruleset and every module its import brought in: one ruleset
    at a time fits the heap."""
    _loaded.clear()
    pkg = sys.modules.get("rules")
    for name in _brought:
        if name in sys.modules:
            del sys.modules[name]
        if pkg is not None and name.startswith("rules.") and hasattr(pkg, name[6:]):
            delattr(pkg, name[6:])
    del _brought[:]
    gc.collect()


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
