# Chinese Official's rarer special shapes (thirteen orphans, honours and knitted tiles,
# the knitted straight, nine gates; seven pairs stays in rules/mcr.py), apart from the
# scorer: most hands are none of them, and the scorer's import is the top of a board's
# heap at a win (docs/memory.md, "The table engine's heap").  rules.mcr loads this module
# when a reading has one of these shapes or the hand may be nine gates; scorers.unload
# forgets it with the scorer (a part of it: rules.mcr_*).  The elements, their order
# and the exclusions are rules.mcr's.

from array import array
from tiles import const
from rules.mcr import _win_flags, _final, _winds, _wait_fan
from rules.mcr_data import NINE_GATES

_CHOW = const(0)    # engine.CHOW
_KONG_SET = const(2)    # engine.KONG
_SELF = const(1)    # rules.mcr's win-context bit
_N = const(82)      # rules.mcr's fan table: index = element id 1..81


def special(hand, analysis, counts, wf, unique):
    """The fan table of the hand's special shape (a reading of one, or nine gates), None
    when it has none.  wf: the win-context bits (rules.mcr._context); unique: a single
    wait."""
    f = None
    knitted = None
    for r in analysis.readings:
        shape = r.shape
        if shape == "standard" or shape == "seven_pairs":     # rules.mcr's
            continue
        if shape == "knitted_straight":
            if knitted is None:
                knitted = r
        elif f is None:
            f = array("b", bytes(_N))
            if shape == "thirteen_orphans":
                f[7] = 1
                _win_flags(wf, f)
            else:
                _honors_knitted(r, counts, f)
                _win_flags(wf, f)
    if f is None and knitted is not None:
        kinds = None
        if unique:
            kinds = [r.wait for r in analysis.readings if r.shape == "knitted_straight"]
        f = array("b", bytes(_N))
        _knitted(hand, knitted, wf, counts, kinds, f)
    if f is None and _nine_gates(hand, counts):
        f = array("b", bytes(_N))
        f[4] = 1
        r = hand.win % 9
        for x in NINE_GATES[9 + 4 * r: 13 + 4 * r]:
            if x:
                f[x] = 1
        _win_flags(wf, f)
    return f


def _knitted(hand, reading, wf, counts, kinds, f):
    """組合龍 with one more set and a pair."""
    nm = len(hand.melds)
    kind, t, op = reading.sets[0]
    pair = reading.pair
    f[35] = 1
    if kind == _CHOW:
        if pair < 27:
            f[63] = 1
        if counts[pair] == 4:
            f[64] = 1
    elif t >= 27:
        if t <= 30:
            f[73] = 1
            _winds(t, hand, f)
            if pair > 30:
                f[51] = 1
        else:
            f[59] = 1
            if 27 <= pair <= 30:
                f[51] = 1
    else:
        if t % 9 in (0, 8):
            f[73] = 1
        if pair < 27:
            f[76] = 1
        if kind != _KONG_SET and counts[t] == 4:
            f[64] = 1
    _win_flags(wf, f)
    melded = nm and op
    if melded:
        if kind == _KONG_SET:
            f[74] = 1
    else:
        if kind == _KONG_SET:
            f[67] = 1
        if wf & _SELF:
            f[56] = 1
            f[80] = 0
        else:
            f[62] = 1
    # the winning tile counts for a wait only where it can sit outside the knitted tiles
    if hand.win == pair or (not nm and t <= hand.win <= t + 2 and (kind == _CHOW or t == hand.win)):
        if nm:
            f[79] = 1
        elif kinds is not None:
            _wait_fan(kinds, f)
    _final(f)


def _honors_knitted(reading, counts, f):
    n = 0
    for t in range(27):
        n += counts[t]
    if n == 7:
        f[20] = 1
    else:
        f[34] = 1
        if n == 9:
            f[35] = 1


def _nine_gates(hand, counts):
    if hand.melds:
        return False
    w = hand.win
    if w >= 27:
        return False
    b = w - w % 9
    for t in range(34):
        x = counts[t] - (1 if t == w else 0)
        want = NINE_GATES[t - b] if b <= t < b + 9 else 0
        if x != want:
            return False
    return True
