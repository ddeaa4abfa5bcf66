# The ruleset scorers on this device: rules.<id>, one resident at a time (each needs most
# of the heap while it scores).  Small on purpose: the table session loads scorers through
# this module without the score CLI's contract.py.

import gc
import sys
from errors import HandError

RULESETS = ("mcr", "hk", "tw", "sh", "riichi")
_loaded = {}
_brought = []   # modules the resident scorer's import loaded


def load(rid):
    """The scorer module of ruleset `rid`, imported on first use (bad_field if unknown)."""
    if not isinstance(rid, str) or rid not in RULESETS:
        raise HandError("bad_field", "unknown ruleset %r (mcr, hk, tw, sh, riichi)" % (rid,))
    mod = _loaded.get(rid)
    if mod is None:
        if loaded():
            unload()
        before = list(sys.modules)
        try:
            mod = __import__("rules." + rid, None, None, (rid,))
        except ImportError:
            raise HandError("bad_field", "ruleset %r is not installed on this device" % rid)
        finally:
            # Listed even when the import was cut short (a MemoryError halfway): the
            # modules it had imported by then stay in sys.modules until unload().
            for name in sys.modules:
                if name not in before and name != "rules":
                    _brought.append(name)
        _loaded[rid] = mod
    return mod


def unload():
    """Forget the resident scorer, every module its import brought in and the parts of
    it loaded on demand (rules.<id>_*: hk's special shapes and names; its PARTS)."""
    for rid in _loaded:
        part = "rules." + rid + "_"
        for name in sys.modules:
            if name.startswith(part) and name not in _brought:
                _brought.append(name)
        _brought.extend(getattr(_loaded[rid], "PARTS", "").split())   # mcr's: shapes
    _loaded.clear()
    # heap.py imported here, not at the top: the score CLI (contract.py), one ruleset for
    # good, never unloads and keeps heap.py's resident bytes for its scorer
    from heap import forget
    for name in _brought:
        forget(name)
    del _brought[:]
    gc.collect()


def loaded():
    """A scorer, or part of one, is resident (unload() has something to drop)."""
    return bool(_loaded or _brought)
