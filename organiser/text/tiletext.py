"""A hand's tiles as a referee reads them: suited tiles as digits and suit (123m 55p),
honours and flowers as their characters (東南西北中發白; 春夏秋冬梅蘭菊竹).
The notation is the scoring interface's (shared spec, "Tiles"); what does not parse is
shown as it was sent."""

import re

HONOURS = "東南西北中發白"        # 1z..7z
FLOWERS = "春夏秋冬梅蘭菊竹"      # 1f..8f
GROUP = re.compile(r"([0-9]+)([mpszf])")
MAX_TEXT = 200


def tiles(text):
    """'123m55z1f' -> '123m 中中 春'."""
    if not isinstance(text, str):
        return ""
    text = text[:MAX_TEXT]
    compact = text.replace(" ", "")
    if not compact or GROUP.sub("", compact):
        return text                              # not the notation: as sent
    out = []
    for digits, suit in GROUP.findall(compact):
        if suit in "mps":
            out.append(digits + suit)
            continue
        chars = HONOURS if suit == "z" else FLOWERS
        if any(not 1 <= int(d) <= len(chars) for d in digits):
            out.append(digits + suit)
        else:
            out.append("".join(chars[int(d) - 1] for d in digits))
    return " ".join(out)


def meld(text):
    """'pon 555z' -> 'pon 中中中'."""
    if not isinstance(text, str):
        return ""
    kind, _, rest = text.strip().partition(" ")
    return ("%s %s" % (kind, tiles(rest))) if rest else tiles(kind)


# rulesets whose flowers are all worth the same: the device keys them as a count (its
# `3` becomes 1f2f3f in the hand), and a page says how many, not which
COUNTED_FLOWERS = ("mcr",)


def flower_count(text):
    """How many flowers a hand's flowers text holds ('123f' -> 3), None if not the notation."""
    compact = text.replace(" ", "") if isinstance(text, str) else ""
    if not compact or GROUP.sub("", compact) or any(s != "f" for _, s in GROUP.findall(compact)):
        return None
    return sum(len(d) for d, _ in GROUP.findall(compact))


def hand(h, rules=None):
    """A win's hand (the event's `hand` object) for a page: {"concealed", "melds", "win",
    "flowers"} as text; None when there is no hand.  rules: the hand's ruleset (counted
    flowers are shown as how many)."""
    if not isinstance(h, dict):
        return None
    melds = h.get("melds") if isinstance(h.get("melds"), list) else []
    flowers = tiles(h.get("flowers"))
    if rules in COUNTED_FLOWERS and flower_count(h.get("flowers")) is not None:
        flowers = str(flower_count(h.get("flowers")))
    aka = h.get("aka")
    return {"concealed": tiles(h.get("hand")), "melds": [meld(m) for m in melds[:8]],
            "win": tiles(h.get("win")), "flowers": flowers,
            # a Riichi hand's dora and ura dora indicators, its red fives (a count)
            "dora": tiles(h.get("dora")), "ura": tiles(h.get("ura")),
            "aka": aka if isinstance(aka, int) and not isinstance(aka, bool)
            and 0 < aka <= 4 else None}
