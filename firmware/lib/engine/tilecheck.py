# Tile text that tiles.parse's fast path did not read: the tiles, or the refusal that says
# what is wrong with the text.  Loaded for such a text only and forgotten at once (a
# refusal's reason; resident in tiles.py it cost every event's heap, with the hand's
# parser it cost the parse's peak: docs/memory.md, "The table engine's heap").

import tiles
from errors import HandError


def parse_checked(text, allow_flowers):
    """tiles.parse of a text its fast path did not read: the tiles, or the HandError
    that says what is wrong."""
    if not isinstance(text, str):
        raise HandError("bad_field", 0)
    out = []
    digits = []
    for ch in text:
        if "0" <= ch <= "9":
            digits.append(ord(ch) - 48)
        elif ch in "mpszf":
            if not digits:
                raise HandError("bad_tile", 1, ch, text)
            for d in digits:
                out.append(_code(d, ch, text, allow_flowers))
            digits = []
        elif ch == " ":
            continue
        else:
            raise HandError("bad_tile", 2, ch, text)
    if digits:
        raise HandError("bad_tile", 3, text)
    return out


def _code(d, ch, text, allow_flowers):
    if ch == "f":
        if not allow_flowers:
            raise HandError("bad_tile", 4, text)
        if 1 <= d <= 8:
            return d - 1
        raise HandError("bad_tile", 5, d, text)
    if ch == "z":
        if 1 <= d <= 7:
            return 26 + d
        raise HandError("bad_tile", 6, d, text)
    if 1 <= d <= 9:
        return tiles.SUITS.index(ch) * 9 + d - 1
    raise HandError("bad_tile", 7, d, ch, text)
