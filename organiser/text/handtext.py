"""A hand as the director types it, in the keypad's notation and the device's words
(docs/director.md, "A hand typed as the device shows it"): read into the contract's hand
fields (hand, melds, win, flowers, flags) for the table engine, and a hand written back
the same way to fill a form.  The correction form and the paper sheet's entry read hands
only through here.

The notation is what the device's entry screen shows (firmware/ui/entry.py, show): suited
tiles as digits with their suit letter after the group (`123m 55p`, `12(456)m`), honours
as their characters in either script (東南西北中發白 / 东南西北中发白) or as keyed (`1z`-`7z`,
the English screen's), an exposed set in `()` (a chow, a pung, a kong), an added kong
`(…+)`, a concealed kong in `[]`; the winning tile last, as it is typed last.  Flowers:
their characters (春夏秋冬梅蘭菊竹), their numbers (`15f`), or where the ruleset counts them
(Chinese Official) how many (`3`, `花3`, `3 flowers`).  Context words: the device's words
(海底, 槓上, `last tile`...) in any of its three languages, or their ids, separated by
commas (or 、), each checked against the ruleset's list (tablewords.json, generated from
the firmware's screens by host_tools.gen.tablewords)."""

import json
import os
import re

from organiser.text.reasons import Reason

SUITS = "mpsz"
HONOURS = ("東南西北中發白", "东南西北中发白")
FLOWERS = ("春夏秋冬梅蘭菊竹", "春夏秋冬梅兰菊竹")
COUNTED = ("mcr",)              # flowers typed as how many (as the device keys them)
MAX_TEXT = 200
MELD_KINDS = ("chi", "pon", "kan", "ankan", "addkan")
_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tablewords.json")
_tables = None


class HandTextError(ValueError):
    """A hand's text that cannot be read: .reason says why (a Reason, said in the page's
    language)."""

    def __init__(self, text, *values):
        self.reason = Reason(text, *values)
        super().__init__(str(self.reason))


def tables():
    """{ruleset: {"words", "settings", "word_names", "setting_names"}}."""
    global _tables
    if _tables is None:
        with open(_PATH, encoding="utf-8") as f:
            _tables = json.load(f)
    return _tables


# -- tiles --------------------------------------------------------------------------------

def _honour(ch):
    for faces in HONOURS:
        if ch in faces:
            return faces.index(ch) + 1
    return None


def _flower(ch):
    for faces in FLOWERS:
        if ch in faces:
            return faces.index(ch) + 1
    return None


def _tokens(text):
    """[(rank, suit)] with the sets they are in: (tiles, sets), each set {"open", "added",
    "tiles": [token indexes]}; flowers typed among the tiles are returned apart."""
    tiles, sets, flowers, pending = [], [], [], []
    group = None
    for ch in text:
        if ch.isspace():
            continue
        if ch.isdigit():
            tiles.append([int(ch), None])
            pending.append(len(tiles) - 1)
            if group is not None:
                group["tiles"].append(len(tiles) - 1)
        elif ch.lower() in SUITS + "f":
            if not pending:
                raise HandTextError("a suit letter '%s' without digits before it", ch)
            for i in pending:
                tiles[i][1] = ch.lower()
            pending = []
        elif _honour(ch):
            tiles.append([_honour(ch), "z"])
            if group is not None:
                group["tiles"].append(len(tiles) - 1)
        elif _flower(ch):
            if group is not None:
                raise HandTextError("a flower in a set: %s", ch)
            flowers.append(_flower(ch))
        elif ch in "([":
            if group is not None:
                raise HandTextError("a set opened inside a set")
            group = {"open": ch == "(", "added": False, "tiles": []}
        elif ch == "+" and group is not None and group["open"]:
            group["added"] = True
        elif ch in ")]":
            if group is None or (ch == ")") != group["open"]:
                raise HandTextError("'%s' closes no set", ch)
            sets.append(group)
            group = None
        else:
            raise HandTextError("'%s' is not a tile: digits and a suit letter (m p s z), "
                                "an honour (東南西北中發白), () or []", ch)
    if group is not None:
        raise HandTextError("a set is not closed")
    if pending:
        raise HandTextError("digits without a suit letter after them")
    for t in tiles:
        if t[1] == "f":
            if not 1 <= t[0] <= 8:
                raise HandTextError("no flower %df (1f..8f)", t[0])
        elif t[1] == "z" and not 1 <= t[0] <= 7:
            raise HandTextError("no honour %dz (1z..7z)", t[0])
        elif not 1 <= t[0] <= 9:
            raise HandTextError("no tile %d%s (ranks are 1..9)", t[0], t[1])
    in_set = {i for s in sets for i in s["tiles"]}
    for i, t in enumerate(tiles):
        if t[1] == "f":
            if i in in_set:
                raise HandTextError("a flower in a set: %d%s", t[0], t[1])
            flowers.append(t[0])
    return tiles, sets, flowers


def _text(ts):
    """[(rank, suit)] as the contract's text, digits sharing their suit letter: 123m55z."""
    out, prev = [], None
    for r, s in ts:
        if prev is not None and s != prev:
            out.append(prev)
        out.append(str(r))
        prev = s
    return "".join(out) + (prev or "")


def _meld(ts, s):
    """A set's kind and its contract text ('pon 555z')."""
    ranks = [t[0] for t in ts]
    suits = {t[1] for t in ts}
    shown = _text(ts)
    if len(suits) != 1:
        raise HandTextError("the set %s mixes suits", shown)
    same = len(set(ranks)) == 1
    if not s["open"]:
        if len(ts) != 4 or not same:
            raise HandTextError("[%s]: a concealed kong is four alike", shown)
        return "ankan " + shown
    if s["added"]:
        if len(ts) != 4 or not same:
            raise HandTextError("(%s+): an added kong is four alike", shown)
        return "addkan " + shown
    if len(ts) == 4 and same:
        return "kan " + shown
    if len(ts) == 3 and same:
        return "pon " + shown
    run = sorted(ranks)
    if len(ts) == 3 and ts[0][1] != "z" and run[1] == run[0] + 1 and run[2] == run[0] + 2:
        return "chi " + _text(sorted(ts))
    raise HandTextError("(%s): a set is a chow (three in a row), a pung (three alike) "
                        "or a kong (four alike)", shown)


def _order(t):
    return SUITS.index(t[1]), t[0]


def parse_tiles(text):
    """The tiles of a win as typed (winning tile last): {"hand", "melds", "win"} and the
    flowers typed among them ([numbers]); HandTextError if it cannot be read."""
    text = (text or "")[:MAX_TEXT]
    tiles, sets, flowers = _tokens(text)
    tiles_ = [(r, s) for r, s in tiles]
    in_set = {i for s in sets for i in s["tiles"]}
    singles = [i for i, t in enumerate(tiles_) if i not in in_set and t[1] != "f"]
    if not singles:
        raise HandTextError("no winning tile: it is typed last, after the sets")
    if max(in_set, default=-1) > singles[-1]:
        raise HandTextError("the winning tile is typed last, after the sets")
    win = tiles_[singles[-1]]
    concealed = sorted((tiles_[i] for i in singles[:-1]), key=_order)
    out = {"hand": _text(concealed), "win": _text([win]),
           "melds": [_meld([tiles_[i] for i in s["tiles"]], s) for s in sets]}
    return out, flowers


def parse_flowers(text, rules):
    """Flowers as typed: their characters, their numbers (15f), or where the ruleset counts
    them how many ('3', '花3', '3 flowers'): [numbers 1..8]."""
    text = (text or "").strip()[:MAX_TEXT]
    if not text:
        return []
    count = re.fullmatch(r"(?:花\s*)?(\d)\s*(?:flowers?|花)?", text, re.IGNORECASE)
    if count and (rules in COUNTED or not re.fullmatch(r"\d", text)):
        if rules not in COUNTED:
            raise HandTextError("this ruleset's flowers are named, not counted: "
                                "春夏秋冬梅蘭菊竹 or 1f..8f")
        n = int(count.group(1))
        if not 0 <= n <= 8:
            raise HandTextError("at most 8 flowers")
        return list(range(1, n + 1))
    tiles, sets, flowers = _tokens(text)
    if sets or any(s != "f" for _, s in tiles):
        raise HandTextError("flowers are 春夏秋冬梅蘭菊竹 or 1f..8f, not %s", text)
    return flowers


def flowers_text(numbers):
    """[numbers] as the contract's flowers: '15f' (None when there are none)."""
    if len(set(numbers)) != len(numbers):
        raise HandTextError("a flower is named twice")
    return "".join(str(n) for n in sorted(numbers)) + "f" if numbers else None


# -- context words ------------------------------------------------------------------------

_SPLIT = re.compile(r"[,，、;；\n]+")


def word_ids(rules):
    return list(tables().get(rules, {}).get("words", ()))


def _spellings(rules):
    """{lowercase spelling: id} of the ruleset's words: the id, and its name in every
    language (a name with alternatives, 海底/河底, each of them too)."""
    t = tables().get(rules, {})
    out = {}
    for w in t.get("words", ()):
        out[w.lower()] = w
        out[w.replace("_", " ").lower()] = w
        for names in t.get("word_names", {}).values():
            name = names.get(w, "")
            out[name.lower()] = w
            for alt in name.split("/"):
                out.setdefault(alt.strip().lower(), w)
    out.pop("", None)
    return out


def parse_words(text, rules):
    """The context words as typed (the device's words in any language, or ids): [ids]."""
    text = (text or "").strip()[:MAX_TEXT]
    if not text:
        return []
    known = _spellings(rules)
    out = []
    for part in _SPLIT.split(text):
        part = " ".join(part.split()).lower()
        if not part:
            continue
        if part in known:
            found = [known[part]]
        else:                    # words between spaces: 海底 槓上
            found = []
            for piece in part.split():
                if piece not in known:
                    raise HandTextError("'%s' is not a context word of this ruleset", piece)
                found.append(known[piece])
        for w in found:
            if w not in out:
                out.append(w)
    return out


def words_text(ids, rules, lang):
    """[ids] as the device names them in lang, joined by commas."""
    names = tables().get(rules, {}).get("word_names", {}).get(lang or "en", {})
    return ", ".join(names.get(w, w) for w in ids)


# -- a whole win ---------------------------------------------------------------------------

def parse_win(tiles, flowers="", words="", rules=None):
    """The hand object of a win (the contract's: hand, win, melds, flowers, flags)."""
    h, typed_flowers = parse_tiles(tiles)
    if not h["melds"]:
        del h["melds"]
    fl = flowers_text(typed_flowers + parse_flowers(flowers, rules))
    if fl:
        h["flowers"] = fl
    flags = parse_words(words, rules)
    if flags:
        h["flags"] = flags
    return h


def _contract_tiles(text):
    """The contract's tile text ('123m55z') as [(rank, suit)] (None if not that)."""
    if not isinstance(text, str) or not re.fullmatch(r"(\d+[mpszf])*", text.replace(" ", "")):
        return None
    return [(int(d), s) for ds, s in re.findall(r"(\d+)([mpszf])", text.replace(" ", ""))
            for d in ds]


def _shown(ts, lang, opened="", closed=""):
    """Tiles as the device shows them: honours as characters (digits and z in English)."""
    faces = None if lang == "en" else HONOURS[1 if lang == "zh-Hans" else 0]
    out, prev = [], None
    for r, s in ts:
        if s == "z" and faces:
            if prev:
                out.append(prev)
            out.append(faces[r - 1])
            prev = None
            continue
        if prev is not None and s != prev:
            out.append(prev)
        out.append(str(r))
        prev = s
    return opened + "".join(out) + (prev or "") + closed


def show(h, lang=None, rules=None):
    """A hand object written back in the keypad's notation: (tiles, flowers) texts (the
    flowers as how many where the ruleset counts them)."""
    if not isinstance(h, dict):
        return "", ""
    parts = []
    for m in h.get("melds") or []:
        kind, _, rest = str(m).partition(" ")
        ts = _contract_tiles(rest)
        if kind not in MELD_KINDS or not ts:
            continue
        if kind == "ankan":
            parts.append(_shown(ts, lang, "[", "]"))
        else:
            parts.append(_shown(ts, lang, "(", "+)" if kind == "addkan" else ")"))
    for key in ("hand", "win"):
        ts = _contract_tiles(h.get(key))
        if ts:
            parts.append(_shown(sorted(ts, key=_order) if key == "hand" else ts, lang))
    fl = _contract_tiles(h.get("flowers")) or []
    if rules in COUNTED and fl:
        return " ".join(parts), str(len(fl))
    return " ".join(parts), "".join(str(r) for r, _ in fl) + "f" if fl else ""
