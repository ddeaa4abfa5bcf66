# Shanghai 敲麻 (百联西郊雀王争霸赛), scored in points after shared/rules/shanghai-qiaoma.txt.
#
# A hand is worth (底 10 + 花 x 10) x 番 multiplier: 花 come from the 花数计算 table
# (flowers, 中發白 tiles, wind pungs, kongs; 无花果), the multiplier from the 番数计算
# table (each 番 doubles; 抢杠 triples the total).  Elements are data (ELEMENTS: id, name
# as the text spells it, kind, value), counted per reading by two functions (the 花
# sources from its sets, the 番 from the hand's facts); the elements that include
# others (混碰, 清碰, 清一色) are data too (REPLACES).  Without a 牌型 (a 番
# element other than 抢杠) the 两摸三铳 rule decides whether the win may be declared.
# docs/rules/sh.md explains every decision.  The best reading is the one with the
# highest total.

from tiles import const
import eltable
import tiles
from errors import HandError

UNIT = "points"
N_SETS = 4
FLAGS = ("heavenly_ready",)   # 天敲: declared ready on the 13 tiles dealt (docs/rules/sh.md)
SHAPES = ()                   # sets and a pair only: 三，三，三，三，二

BASE = const(10)      # 10分底
PER_HUA = const(10)   # 10分花

_CHOW = const(0)      # engine.CHOW
_PUNG = const(1)      # engine.PUNG
_KONG = const(2)      # engine.KONG
# The melds' kinds (hand.CHI, PON, ADDKAN, ANKAN), no import: 34 names keep the module's
# globals table at 592 bytes in one piece, 38 made it 752
_CHI = const(0)
_PON = const(1)
_ADDKAN = const(3)
_ANKAN = const(4)

# ---- the elements -------------------------------------------------------------------
# id, name as the text spells it, kind (h: 花 per count, x: multiplier), value.
# 花 sources first (花数计算), then the 番 elements (番数计算: n 番 = x 2^n; 抢杠 x3).
ELEMENTS = """
flower              花牌      h 1
dragon              字牌      h 1
wind_pung           风向碰    h 1
wind_concealed_pung 风暗刻    h 1
kong                明杠上杠  h 1
wind_kong           风向明杠  h 2
concealed_kong      暗杠      h 2
wind_concealed_kong 风向暗杠  h 3
no_flowers          无花果    h 9
heavenly_ready      天敲      x 2
big_diao            大吊车    x 2
kong_bloom          杠开      x 2
concealed           门清      x 2
all_pungs           碰碰胡    x 2
half_flush          混一色    x 2
half_flush_pungs    混碰      x 4
full_flush          清一色    x 4
full_flush_pungs    清碰      x 8
rob_kong            抢杠      x 3
"""

# Indexes into ELEMENTS
_FLOWER = const(0)
_DRAGON = const(1)
_WIND_PUNG = const(2)
_WIND_CONCEALED_PUNG = const(3)
_KONG_I = const(4)
_WIND_KONG = const(5)
_CONCEALED_KONG = const(6)
_WIND_CONCEALED_KONG = const(7)
_NO_FLOWERS = const(8)
_FIRST_FAN = const(9)         # elements from here on are multipliers
_ROB_KONG = const(18)

# An element that includes others: when it is counted they are not (牌型番数累计 adds
# the 番 of the rest).  混碰 = 混一色 + 碰碰胡 in one element of 2 番, 清碰 = 清一色 +
# 碰碰胡 in one of 3 番 (the text's example: 清碰 + 大吊车 + 杠开 = 32 = 2^(3+1+1)).
REPLACES = (
    ("half_flush_pungs", "half_flush"),
    ("half_flush_pungs", "all_pungs"),
    ("full_flush_pungs", "full_flush"),
    ("full_flush_pungs", "all_pungs"),
    ("full_flush", "half_flush"),
)


def elements():
    """[(id, name, kind 'h' or 'x', value)] in ELEMENTS order."""
    return [(eid, name, kind, int(v)) for eid, name, kind, v in eltable.rows(ELEMENTS)]


VALUES = eltable.column(ELEMENTS, 3)
N_ELEMENTS = len(VALUES)


def index(key):
    """Position of the element with id or name `key`, -1 for none."""
    return eltable.index(ELEMENTS, key)


def _pairs():
    keys = []
    for big, small in REPLACES:   # (loser, winner), as eltable.drop_excluded reads them
        keys.append(small)
        keys.append(big)
    return bytes(eltable.positions(ELEMENTS, keys))


_PAIRS = _pairs()


# ---- facts --------------------------------------------------------------------------

class _HandFacts:
    """Facts every reading shares."""

    def __init__(self, hand, analysis):
        c = analysis.counts
        self.suits, self.honours = tiles.suits_held(c)
        self.dragon_tiles = c[31] + c[32] + c[33]
        menqing = True
        for kind, _ in hand.melds:
            if kind != _ANKAN:     # 吃, 碰, 明杠 (an addkan was a 碰 first)
                menqing = False
        self.menqing = menqing
        self.self_drawn = hand.by == "self"
        f = hand.flags
        self.replacement = "kong_replacement" in f or "flower_replacement" in f


def _count_sets(hand, hf, reading, counts):
    """The 花 sources (elements up to 无花果) of one reading into counts; its chows."""
    counts[_FLOWER] = len(hand.flowers)
    counts[_DRAGON] = hf.dragon_tiles
    for i in range(_WIND_PUNG, _FIRST_FAN):
        counts[i] = 0          # 无花果 is decided after the other 花 sources (count_reading)
    chows = 0
    for kind, t, op in reading.sets:
        wind = 27 <= t <= 30
        if kind == _CHOW:
            chows += 1
        elif kind == _PUNG:
            if wind:           # 风向碰 claimed or completed by a discard, else 风暗刻
                counts[_WIND_PUNG if op else _WIND_CONCEALED_PUNG] += 1
        elif op:               # 明杠上杠 (kan, addkan) of a suit or dragon tile, 风向明杠
            counts[_WIND_KONG if wind else _KONG_I] += 1
        else:                  # 暗杠, 风向暗杠
            counts[_WIND_CONCEALED_KONG if wind else _CONCEALED_KONG] += 1
    return chows


def _count_fans(hand, hf, chows, counts):
    """The 番 elements (from 天敲 on) of one reading with `chows` chows into counts."""
    pungs = chows == 0
    # one suit and 字牌; 字牌 alone (no suit) is read as 混一色 too (docs/rules/sh.md)
    half = hf.suits <= 1 and hf.honours
    full = hf.suits == 1 and not hf.honours
    has = ("heavenly_ready" in hand.flags,
           # 大吊车: 吃、碰或杠 four times, one tile left, 自摸到 the tile that pairs it
           len(hand.melds) == N_SETS and hf.self_drawn,
           hf.self_drawn and hf.replacement,     # 杠开
           hf.menqing, pungs, half, half and pungs, full, full and pungs,
           hand.by == "robkong")
    for i in range(N_ELEMENTS - _FIRST_FAN):
        counts[_FIRST_FAN + i] = 1 if has[i] else 0


def resolve(counts):
    """Drop, in place, every element an element counted with it includes (REPLACES)."""
    return eltable.drop_excluded(counts, _PAIRS)


def hua(counts):
    """花 of the counted elements (无花果 included)."""
    n = 0
    for i in range(_FIRST_FAN):
        n += VALUES[i] * counts[i]
    return n


def multiplier(counts):
    m = 1
    for i in range(_FIRST_FAN, N_ELEMENTS):
        if counts[i]:
            m *= VALUES[i]
    return m


def has_pattern(counts):
    """True when the hand has a 牌型: any 番 element, 抢杠 (a way of winning) aside."""
    for i in range(_FIRST_FAN, _ROB_KONG):
        if counts[i]:
            return True
    return False


def points(counts):
    return (BASE + PER_HUA * hua(counts)) * multiplier(counts)


def count_reading(hand, hf, reading, counts):
    """Fill counts (one per element) for one reading; returns counts."""
    _count_fans(hand, hf, _count_sets(hand, hf, reading, counts), counts)
    if hua(counts) == 0:
        counts[_NO_FLOWERS] = 1
    return resolve(counts)


# ---- checks of the context words ----------------------------------------------------

def _refuse(msg):
    raise HandError("bad_field", msg)


def check(hand):
    """Refuse a hand whose context words contradict it under these rules (bad_field)."""
    flags = hand.flags
    eltable.check_replacement(hand)     # 杠开
    if "heavenly_ready" in flags:
        for kind, _ in hand.melds:
            if kind == _CHI or kind == _PON or kind == _ADDKAN:
                _refuse("heavenly_ready (天敲): after 敲 the hand may not change (听牌之后不得再换牌): "
                        "no chi, pon or addkan")


# ---- scoring ------------------------------------------------------------------------

def items(counts):
    out = []
    for i, (eid, name, kind, _) in eltable.counted(ELEMENTS, counts):
        if kind == "h":
            out.append({"id": eid, "name": name, "hua": VALUES[i] * counts[i]})
        else:
            out.append({"id": eid, "name": name, "multiplier": VALUES[i]})
    return out


def legality(hand, counts):
    """None when the win may be declared, else the reason (两摸三铳, only without a 牌型)."""
    if has_pattern(counts):
        return None
    n = hua(counts)
    if n <= 1:
        return "两摸三铳: no 牌型 and 1 花: 1花不能胡"
    if n == 2 and hand.by != "self":
        return "两摸三铳: no 牌型 and 2 花: 2花可以自摸 only, not on another player's tile"
    return None


def score(hand, analysis):
    check(hand)
    hf = _HandFacts(hand, analysis)
    counts = bytearray(N_ELEMENTS)
    best = None
    best_total = -1
    for reading in analysis.readings:
        count_reading(hand, hf, reading, counts)
        t = points(counts)
        if t > best_total:
            best_total = t
            best = bytearray(counts)
    reason = legality(hand, best)
    ans = {"ok": True, "rules": "sh", "unit": UNIT, "hua": hua(best),
           "multiplier": multiplier(best), "total": best_total,
           "legal": reason is None, "items": items(best)}
    if reason is not None:
        ans["reason"] = reason
    return ans
