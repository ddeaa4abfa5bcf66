# The languages the scoring elements are named in (docs/settings.md, `lang`).  A scorer's
# answer names its items as its ruleset's text does (Traditional Chinese; Simplified for
# sh); rename() puts them in another language from rules.<id>_<lang> (one small module
# per ruleset and language, loaded for one answer and dropped at once), so an answer in
# the text's own language costs no more RAM than before.

import sys
from errors import HandError

LANGS = ("zh-Hant", "zh-Hans", "en")
DEFAULT = "zh-Hant"
_SUFFIX = {"zh-Hant": "hant", "zh-Hans": "hans", "en": "en"}
_NATIVE = {"sh": "zh-Hans"}     # the others' texts are in Traditional Chinese


def check(lang):
    """lang when it is one of LANGS, else bad_field."""
    if not isinstance(lang, str) or lang not in LANGS:
        raise HandError("bad_field", "unknown lang %r (zh-Hant, zh-Hans, en)" % (lang,))
    return lang


def module(rid, lang):
    """The module holding ruleset rid's names in lang; None when the scorer's own are."""
    if lang == _NATIVE.get(rid, DEFAULT):
        return None
    return "rules.%s_%s" % (rid, _SUFFIX[lang])


def rename(ans, rid, lang, short=False):
    """The answer's items named in lang, in place; short: the screen's short English forms
    where a name has one.  An answer without items is returned as it is."""
    its = ans.get("items")
    name = module(rid, lang) if its else None
    if name is None:
        return ans
    parts = __import__(name, None, None, ("NAMES",)).NAMES
    left = list(range(len(its)))
    # Found in each part's UTF-8 bytes: in a str every offset is counted out in
    # characters from the start, in bytes it is one step.
    for part in parts:
        b = part.encode()
        for k in list(left):
            key = (str(its[k]["id"]) + " ").encode()
            if b.startswith(key):
                i = 0
            else:
                i = b.find(b"\n" + key) + 1
                if i == 0:
                    continue
            i += len(key)
            line = b[i:b.find(b"\n", i)]
            tab = line.find(b"\t")
            if tab >= 0:
                line = line[tab + 1:] if short else line[:tab]
            its[k]["name"] = line.decode()
            left.remove(k)
        if not left:
            break
    parts = None
    _drop(name)
    return ans


def _drop(name):
    """Forget the names module so the GC takes it back (a device's heap is small)."""
    if sys.implementation.name != "micropython":
        return
    sys.modules.pop(name, None)
    pkg = sys.modules.get("rules")
    if pkg is not None and hasattr(pkg, name[6:]):
        delattr(pkg, name[6:])
