# The languages the scoring elements are named in (docs/settings.md, `lang`).  A scorer's
# answer names its items as its ruleset's text does (Traditional Chinese; Simplified for
# sh), whatever the language: the answer, the journal and the upload stay the same in
# every language.  The review names them at display time: names() reads another
# language's from rules.<id>_<lang> (one small module per ruleset and language, loaded
# for one review and dropped at once; kept, as the scorer is, on a MicroPython board with
# room).

import sys
from heap import forget, roomy

LANGS = ("zh-Hant", "zh-Hans", "en")
DEFAULT = "zh-Hant"
_SUFFIX = {"zh-Hant": "hant", "zh-Hans": "hans", "en": "en"}
# Kept, as the scorer is, where the heap has room (heap.room); not on CircuitPython, whose
# heap keeps the scorer with little to spare (heap.ROOMY)
KEEP = sys.implementation.name != "circuitpython"
_NATIVE = {"sh": "zh-Hans",       # the others' texts are in Traditional Chinese
           "riichi": "romaji"}  # RCR 2016 names the yaku in romaji: every language loads names


def module(rid, lang):
    """The module holding ruleset rid's names in lang; None when the scorer's own are."""
    if lang == _NATIVE.get(rid, DEFAULT):
        return None
    return "rules.%s_%s" % (rid, _SUFFIX[lang])


def kept():
    """Whether the names read stay loaded: a MicroPython heap with room (heap.room)."""
    return KEEP and roomy()


def names(items, rid, lang, short=False):
    """The items' names in lang, in their order (None when the scorer's own are);
    short: the screen's short English forms where a name has one."""
    mod = module(rid, lang) if items else None
    if mod is None:
        return None
    out = [None] * len(items)
    left = len(items)
    # Found in each part's UTF-8 bytes: in a str every offset is counted out in
    # characters from the start, in bytes it is one step.
    for part in __import__(mod, None, None, ("NAMES",)).NAMES:
        b = part.encode()
        for k in range(len(items)):
            if out[k] is not None:
                continue
            key = (str(items[k]["id"]) + " ").encode()
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
            out[k] = line.decode()
            left -= 1
        b = None
        if not left:
            break
    if not kept():      # the names read: the module leaves at once, but on a board with
        forget(mod)     # room, where it stays with the scorer (scorers.unload)
    return out


def reason(text, rid, lang):
    """A ruleset's reason for refusing a win in lang: its names module's REASONS holds
    the reasons written with the ruleset's own terms (sh's 两摸三铳), the others stay as
    the scorer wrote them."""
    mod = module(rid, lang) if text else None
    if mod is None:
        return text
    got = getattr(__import__(mod, None, None, ("NAMES",)), "REASONS", {}).get(text, text)
    forget(mod)
    return got


def review(pv, lang):
    """A preview (the session's answer to an event) as the review shows it in lang: its
    result's items copied, named in the short forms; in English its unit too; pv itself
    is left as it was (the save key journals it)."""
    res = pv.get("result")
    shown = names(res["items"], res.get("rules"), lang, True) if res else None
    if not KEEP:
        forget("langs")     # CircuitPython: this module leaves with the names (asks.in_lang)
    if not shown and not (res and lang == "en"):
        return pv
    res = dict(res)
    if shown:
        res["items"] = [dict(it, name=nm) if nm else it for it, nm in zip(res["items"], shown)]
    if lang == "en":
        # the answer's own word (fan, tai, points) after a space: the review's title
        # shows a unit labels.UNITS lacks as it is, so "92 fan" costs the screens no code
        res["unit"] = " " + res["unit"]
    pv = dict(pv)
    pv["result"] = res
    return pv

