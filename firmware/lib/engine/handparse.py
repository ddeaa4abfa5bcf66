# The hand as the contract describes it (shared/spec/score-interface.md), parsed and
# validated.  Every refusal is a HandError with the contract's code and a message a
# referee can act on.  Apart from hand.py (the Hand itself, resident with the scorers'
# base modules): the parse comes before a hand's analysis only, and a table session
# forgets this module before the scorer runs (docs/memory.md, "The table engine's heap").

import tiles
from tiles import const
from errors import HandError
from hand import Hand, MELD_WORDS, BY_WORDS, COMMON_FLAGS, HAND_FIELDS, TABLE_FIELDS

# hand.CHI and hand.PON, no global each: 17 names keep the module's globals table at 272
# bytes in one piece, the parser's import being a win's last before its analysis (18 made
# it 368: replayed wins found no such piece beside the scorer)
_CHI = const(0)
_PON = const(1)


def parse_meld(text):
    if not isinstance(text, str):
        raise HandError("bad_meld", 9, text)
    parts = text.split()
    if len(parts) != 2 or parts[0] not in MELD_WORDS:
        raise HandError("bad_meld", 10, text)
    kind = MELD_WORDS.index(parts[0])
    ts = tiles.parse(parts[1])
    ts.sort()
    if kind == _CHI:
        if len(ts) != 3 or ts[0] >= 27 or ts[1] != ts[0] + 1 or ts[2] != ts[0] + 2 \
                or ts[0] // 9 != ts[2] // 9:
            raise HandError("bad_meld", 11, text)
    else:
        want = 3 if kind == _PON else 4
        if len(ts) != want or ts[0] != ts[-1]:
            raise HandError("bad_meld", 12, text, want)
    return (kind, ts[0])


def _flags(value, extra):
    if value is None:
        return ()
    if not isinstance(value, list):
        raise HandError("bad_field", 13)
    for f in value:
        if not isinstance(f, str) or (f not in COMMON_FLAGS and f not in extra):
            raise HandError("bad_field", 14, f)
    return tuple(value)


def _flowers(value):
    if value is None or value == "":
        return []
    fl = tiles.parse(value, True)
    if not value.endswith("f") or "m" in value or "p" in value or "s" in value or "z" in value:
        raise HandError("bad_tile", 15, value)
    seen = bytearray(8)
    for f in fl:
        if seen[f]:
            raise HandError("too_many_copies", 16, f + 1)
        seen[f] = 1
    fl.sort()
    return fl


def parse(obj, n_sets, extra_flags=(), table_fields=True, extra_fields=()):
    """Validate a contract hand dict (without `rules`).  n_sets: 4 for 13-tile games, 5 for 16-tile.
    extra_fields: the ruleset's own fields (Riichi's dora indicators), kept in h.extra for
    its scorer to check."""
    allowed = HAND_FIELDS + TABLE_FIELDS if table_fields else HAND_FIELDS
    for key in obj:
        if key not in allowed and key not in extra_fields:
            raise HandError("bad_field", 17, key)
    h = Hand()
    if extra_fields:
        h.extra = {}
        for key in extra_fields:
            if key in obj:
                h.extra[key] = obj[key]
    if "hand" not in obj or "win" not in obj:
        raise HandError("bad_field", 18)
    h.concealed = tiles.parse(obj["hand"])
    h.concealed.sort()
    w = tiles.parse(obj["win"])
    if len(w) != 1:
        raise HandError("bad_tile", 19, obj["win"])
    h.win = w[0]
    melds = obj.get("melds", [])
    if not isinstance(melds, list):
        raise HandError("bad_field", 20)
    h.melds = [parse_meld(m) for m in melds]
    by = obj.get("by", "self")
    if by not in BY_WORDS:
        raise HandError("bad_field", 21, by)
    h.by = by
    if table_fields:
        h.seat = parse_wind(obj.get("seat", "E"), "seat")
        h.round = parse_wind(obj.get("round", "E"), "round")
        dealer = obj.get("dealer", False)
        if dealer is not True and dealer is not False:
            raise HandError("bad_field", 22)
        h.dealer = dealer
        streak = obj.get("streak", 0)
        if not isinstance(streak, int) or streak is True or streak is False or streak < 0:
            raise HandError("bad_field", 23)
        h.streak = streak
    h.flowers = _flowers(obj.get("flowers"))
    h.flags = _flags(obj.get("flags"), extra_flags)
    check_counts(h, n_sets)
    return h


def check_counts(h, n_sets):
    if len(h.melds) > n_sets:
        raise HandError("tile_count", 24, len(h.melds), n_sets)
    want = 3 * (n_sets - len(h.melds)) + 1
    if len(h.concealed) != want:
        raise HandError("tile_count", 25, len(h.melds), want, len(h.concealed))
    c = tiles.counts(h.all_tiles())
    if max(c) > 4:
        for t in range(tiles.N_TILES):
            if c[t] > 4:
                raise HandError("too_many_copies", 26, c[t], tiles.name(t))
    if h.by == "robkong":
        if c[h.win] > 1:
            raise HandError("too_many_copies", 27, tiles.name(h.win))


def parse_wind(value, field):
    if value in ("E", "S", "W", "N"):
        return "ESWN".index(value)
    raise HandError("bad_field", 8, field, value)
