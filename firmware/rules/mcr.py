# Chinese Official (國標), 81 fan.  Elements, values and exclusions are data (mcr_data.py);
# this module reads the engine's readings and fills one count per element.
#
# Every reading is scored and the highest total stands (就高不就低).  Sets of the special
# shapes (seven pairs, thirteen orphans, knitted tiles, nine gates) are scored by their own
# short paths.  docs/rules/mcr.md lists the choices made.

from array import array
from tiles import const
from rules.mcr_data import VALUES, NAMES, CLEARS, TRAIT

UNIT = "fan"
N_SETS = 4
FLAGS = ()


class _Shapes:
    """The engine's special shapes for Chinese Official: seven pairs here (as
    shapes.SevenPairs, four alike two pairs: the commonest of them), and the rarer three
    (shapes.MCR_SHAPES[1:]: thirteen orphans, honours and knitted, the knitted straight),
    their module loaded only for a hand whose counts may make one: the scorer's import is
    the top of a win's heap, and most hands are none of them (docs/memory.md, "The
    engine's objects at the peak")."""

    def waits(self, c, n):
        out = []
        if not n and c.count(b"\x01") + c.count(b"\x03") == 1:     # seven pairs: the odd tile
            for t in range(34):
                if c[t] & 1:
                    out.append(t)
        for s in self.may(c, n, 1):
            out += s.waits(c, n)
        return out

    def readings(self, c, hand, melds, table):
        out = []
        if not melds and not (c.count(b"\x01") + c.count(b"\x03")):  # seven pairs
            pairs = []
            for t in range(34):
                for _ in range(c[t] // 2):
                    pairs.append(t)
            e = __import__("engine")
            r = e.Reading("seven_pairs", [], -1, None, e.SINGLE)
            r.pairs = pairs
            out.append(r)
        for s in self.may(c, len(melds), 0):
            out += s.readings(c, hand, melds, table)
        return out

    def may(self, c, n, before):
        """The rarer shapes counts c with n melds may make, by what each checks first
        (before: the tiles before the win, else after): no meld, and every tile single
        (honours and knitted) or terminals and honours only (thirteen orphans); a meld at
        most, and one pattern of 147, 258 and 369 in the three suits held whole (one tile
        short before the win)."""
        if n > 1:
            return ()
        if not n and (max(c) < 2 or not (any(c[1:8]) or any(c[10:17]) or any(c[19:26]))):
            return __import__("shapes").MCR_SHAPES[1:]
        short = bytearray(9)    # suit s, ranks r, r+3, r+6 (r < 3): the tiles not held
        for i in range(9):
            t = i // 3 * 9 + i % 3
            short[i] = (not c[t]) + (not c[t + 3]) + (not c[t + 6])
        perms = b"\x00\x01\x02\x00\x02\x01\x01\x00\x02\x01\x02\x00\x02\x00\x01\x02\x01\x00"
        for i in range(0, 18, 3):
            if short[perms[i]] + short[3 + perms[i + 1]] + short[6 + perms[i + 2]] <= before:
                return __import__("shapes").MCR_SHAPES[1:]
        return ()


SHAPES = (_Shapes(),)
# what SHAPES loads for some hands: forgotten with the scorer (scorers.unload), loaded
# beforehand where the heap keeps what is loaded (asks.warm)
PARTS = "shapes"

# Numbers as const(): a board keeps no global for them.  The module's globals are one
# table, one block of the heap, and the scorer's import on a short heap found no 1,168
# bytes in one piece for its 66 names (59 and fewer take 944; docs/memory.md, "The table
# engine's heap").
_CHOW = const(0)    # engine.CHOW
_PUNG = const(1)    # engine.PUNG
_KONG_SET = const(2)    # engine.KONG

# win-context bits
_SELF = const(1)
_FOURTH = const(2)     # 和絕張
_LAST = const(4)       # last tile of the wall / last discard
_KONG = const(8)       # kong replacement (self-drawn) or robbing a kong (discard)

_N = const(82)         # fan table: index = element id 1..81
# A fan table is array("b", bytes(_N)): signed bytes, a fifth of a list's heap (one per
# division).  (No global of zeros: 47 names keep the module's globals table at 752 bytes
# in one piece, 48 made it 944.)


def _code(t):
    """Tile as suit*16 + rank, suits ordered m s p z (the order readings are ranked in)."""
    if t >= 27:
        return 0x40 + t - 26
    return (16, 48, 32)[t // 9] + t % 9 + 1


# ---- element predicates over sets (codes) -------------------------------------------

def _mixed(a, b, c):
    a >>= 4
    b >>= 4
    c >>= 4
    return a != b and a != c and b != c


def _four_chows(t0, t1, t2, t3):
    if t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3:
        return 16
    if t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return 16
    if t0 == t1 == t2 == t3:
        return 14
    return 0


def _mixed_fan(t0, t1, t2, shifted, same, spread):
    """Three sets in three suits: `shifted` when their ranks step by one (in any order),
    `same` when the ranks are alike, `spread` when they are 2, 5 and 8; else 0."""
    r0 = t0 & 15
    r1 = t1 & 15
    r2 = t2 & 15
    if r0 != r1 and r0 != r2 and r1 != r2 and max(r0, r1, r2) - min(r0, r1, r2) == 2:
        return shifted                      # the ranks step by one, in any order
    if r0 == r1 == r2:
        return same
    if r0 != r1 and r0 != r2 and r1 != r2 and r0 in (2, 5, 8) and r1 in (2, 5, 8) and r2 in (2, 5, 8):
        return spread
    return 0


def _three_chows(t0, t1, t2):
    if _mixed(t0, t1, t2):
        return _mixed_fan(t0, t1, t2, 50, 41, 39)
    else:
        if t0 + 3 == t1 and t1 + 3 == t2:
            return 28
        if t0 + 2 == t1 and t1 + 2 == t2:
            return 30
        if t0 + 1 == t1 and t1 + 1 == t2:
            return 30
        if t0 == t1 == t2:
            return 23
    return 0


def _two_chows(a, b):
    if a >> 4 != b >> 4:
        return 70 if a & 15 == b & 15 else 0
    if a + 3 == b or b + 3 == a:
        return 71
    ra = a & 15
    rb = b & 15
    if (ra == 2 and rb == 8) or (ra == 8 and rb == 2):
        return 72
    return 69 if a == b else 0


def _four_pungs(t0, t1, t2, t3):
    if t0 < 0x40 and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return 15
    if t0 == 0x41 and t3 == 0x44:
        return 1
    return 0


def _three_pungs(t0, t1, t2):
    if t2 < 0x40:
        if _mixed(t0, t1, t2):
            return _mixed_fan(t0, t1, t2, 42, 32, 0)   # no element of pungs 2, 5, 8
        elif t0 + 1 == t1 and t1 + 1 == t2:
            return 24
        return 0
    if t0 > 0x40 and t2 <= 0x44:
        return 38
    if t0 == 0x45:
        return 2
    return 0


def _two_pungs(a, b):
    if a < 0x40 and b < 0x40:
        return 65 if a & 15 == b & 15 else 0
    return 54 if a > 0x44 and b > 0x44 else 0


def _limit_pairs(fans, most, f):
    """套算一次: at most `most` of the two-chow elements (69..72), dropping repeats first,
    the 1-fan elements from 72 down."""
    table = [0, 0, 0, 0]
    n = 0
    for x in fans:
        if x:
            table[x - 69] += 1
            n += 1
    limit = 1
    while n > most and limit >= 0:
        i = 4
        while n > most and i > 0:
            i -= 1
            while table[i] > limit and n > most:
                table[i] -= 1
                n -= 1
        limit -= 1
    for i in range(4):
        f[69 + i] = table[i]


def _sets_fan(m, f, four, three):
    """The element all of 3 or 4 sets m make (four, three: its code or 0, as
    _four_chows, _three_chows); -1 when they make one, the set left out when three of
    four do, None when none is found."""
    n = len(m)
    if n == 4:
        x = four(m[0], m[1], m[2], m[3])
        if x:
            f[x] = 1
            return -1
        for a, b, c, d in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
            # three sets, the fourth
            x = three(m[a], m[b], m[c])
            if x:
                f[x] = 1
                return d
    elif n == 3:
        x = three(m[0], m[1], m[2])
        if x:
            f[x] = 1
            return -1
    return None


def _chows_fans(m, f):
    """m: sorted chow middle codes."""
    n = len(m)
    d = _sets_fan(m, f, _four_chows, _three_chows)
    if d is not None:
        if d >= 0:   # the fourth chow with one of the three: the first pair element of 69-72
            x = 0
            for i in range(4):
                y = _two_chows(m[i], m[d]) if i != d else 0
                if y and (not x or y < x):
                    x = y
            if x:
                f[x] = 1
    elif n == 4:
        fans = [_two_chows(m[0], m[1]), _two_chows(m[0], m[2]), _two_chows(m[0], m[3]),
                _two_chows(m[1], m[2]), _two_chows(m[1], m[3]), _two_chows(m[2], m[3])]
        most = 3
        for a, b, c in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):
            if not (fans[a] or fans[b] or fans[c]):
                most -= 1
        if most > 0:
            _limit_pairs(fans, most, f)
    elif n == 3:
        _limit_pairs((_two_chows(m[0], m[1]), _two_chows(m[0], m[2]), _two_chows(m[1], m[2])), 2, f)
    elif n == 2:
        x = _two_chows(m[0], m[1])
        if x:
            f[x] += 1


def _pungs_fans(p, f):
    """p: sorted pung/kong codes, when there are 3 or 4 of them (2 go pairwise)."""
    n = len(p)
    d = _sets_fan(p, f, _four_pungs, _three_pungs)
    if d is not None:
        if d >= 0:   # the fourth pung with the first of the three it makes an element with
            for i in range(4):
                if i != d:
                    y = _two_pungs(p[i], p[d])
                    if y:
                        f[y] += 1
                        break
        return
    for i in range(n):
        for j in range(i + 1, n):
            y = _two_pungs(p[i], p[j])
            if y:
                f[y] += 1


def _kongs(cp, mk, ck, f):
    """cp concealed pungs, mk exposed kongs, ck concealed kongs."""
    k = mk + ck
    if k == 1:
        f[74 if mk else 67] = 1
    elif k == 2:
        if ck == 0:
            f[57] = 1
        elif ck == 1:
            f[74] = 1   # the text has no combined element: each kong counts
            f[67] = 1
        else:
            f[53] = 1
    elif k == 3:
        f[17] = 1
    elif k == 4:
        f[5] = 1
    n = cp + ck
    if n >= 2 and not (k == 2 and ck == 2 and n == 2):
        f[(66, 33, 12)[n - 2]] = 1


# ---- whole-hand elements from the tiles held ------------------------------------------

def _by_suits(counts, f):
    has = [0, 0, 0, 0]
    winds = dragons = 0
    for t in range(34):
        if counts[t]:
            has[t // 9] = 1
            if 27 <= t <= 30:
                winds = 1
            elif t > 30:
                dragons = 1
    if not has[3]:
        f[76] = 1
    voided = 3 - has[0] - has[1] - has[2]
    if voided == 2:
        if has[3]:
            f[49] = 1
        else:
            f[22] = 1
            f[76] = 0
    elif voided:
        f[75] = voided
    if voided == 0 and winds and dragons:
        f[51] = 1


def _by_traits(counts, f):
    acc_or = 0
    acc_and = 7
    honors = True
    terminals = True
    for t in range(34):
        if counts[t]:
            x = TRAIT[t]
            acc_or |= x
            acc_and &= x
            if t < 27:
                honors = False
                if t % 9 not in (0, 8):
                    terminals = False
            else:
                terminals = False
    if not acc_or & 1:
        f[68] = 1
    if acc_and & 2:
        f[40] = 1
    if acc_and & 4:
        f[3] = 1
    if f[68]:
        return
    if honors:
        f[11] = 1
    elif terminals:
        f[8] = 1
    elif acc_and & 1:
        f[18] = 1


def _by_ranks(counts, f):
    ranks = 0
    for t in range(34):
        if counts[t]:
            if t >= 27:
                return
            ranks |= 1 << (t % 9 + 1)
    if not ranks & 0xFFE1:
        f[37 if ranks & 0x10 else 27] = 1
    elif not ranks & 0xFC3F:
        f[36 if ranks & 0x40 else 25] = 1
    elif not ranks & 0xFF8F:
        f[26] = 1


def _hogs(counts, kongs, f):
    n = 0
    for t in range(34):
        if counts[t] == 4:
            n += 1
    f[64] = n - kongs


def _win_flags(wf, f):
    if wf & _FOURTH:
        f[58] = 1
    if wf & _SELF:
        f[80] = 1
        if wf & _LAST:
            f[44] = 1
            f[80] = 0
        if wf & _KONG:
            f[46] = 1
            f[80] = 0
    else:
        if wf & _LAST:
            f[45] = 1
        if wf & _KONG:
            f[47] = 1
            f[58] = 0


def _final(f):
    """不計: each trigger clears the elements it already implies (CLEARS is data)."""
    i = 0
    n = len(CLEARS)
    while i < n:
        trig = CLEARS[i]
        k = CLEARS[i + 1]
        if f[trig]:
            for j in range(i + 2, i + 2 + k):
                f[CLEARS[j]] = 0
            if trig == 12 and f[56]:    # 四暗刻: 不求人 becomes 自摸
                f[56] = 0
                f[80] = 1
            elif trig == 38 and not f[11] and not f[18]:
                f[73] -= 3              # 三風刻 holds its own three 么九刻
        i += 2 + k


def _winds(tile, hand, f):
    deducted = f[38] or f[18] or f[11] or f[9]
    w = tile - 27
    if w == hand.round:
        f[60] = 1
        if not deducted:
            f[73] -= 1
    if w == hand.seat:
        f[61] = 1
        if hand.seat != hand.round and not deducted:
            f[73] -= 1


def _wait_fan(kinds, f):
    if "edge" in kinds:             # engine.EDGE, CLOSED, SINGLE (no global each)
        f[77] = 1
    elif "closed" in kinds:
        f[78] = 1
    elif "single" in kinds:
        f[79] = 1


# ---- one division into sets and a pair ------------------------------------------------

def _division(hand, sets, pair, nm, wf, counts, kinds, f):
    win = hand.win
    chows = []
    pungs = []
    cp = mk = ck = 0
    win_in_chow = False
    for i in range(len(sets)):
        kind, t, op = sets[i]
        if kind == _CHOW:
            chows.append(_code(t + 1))
            if i >= nm and t <= win <= t + 2:
                win_in_chow = True
        else:
            pungs.append(_code(t))
            if kind == _KONG_SET:
                if op:
                    mk += 1
                else:
                    ck += 1
            elif i >= nm:
                cp += 1
    if not wf & _SELF and not win_in_chow:
        for i in range(nm, len(sets)):
            if sets[i][0] == _PUNG and sets[i][1] == win:
                cp -= 1
    _win_flags(wf, f)
    if pungs:
        _kongs(cp, mk, ck, f)
        if len(pungs) == 4 and not f[5] and not f[12]:
            f[48] = 1
        for c in pungs:
            if c > 0x44:
                f[59] += 1
            elif c > 0x40 or c & 15 in (1, 9):
                f[73] += 1
    chows.sort()
    pungs.sort()
    pc = _code(pair)
    nc = len(chows)
    if nc == 4 and pc & 15 == 5 and _dragons_of_terminals(chows, pc, f):
        pass
    elif nc >= 2:
        _chows_fans(chows, f)
    if nc <= 1:
        _pungs_fans(pungs, f)
    elif nc == 2:
        y = _two_pungs(pungs[0], pungs[1])
        if y:
            f[y] += 1
    # concealment
    melded = 0
    for i in range(nm):
        if sets[i][2]:
            melded += 1
    selfdrawn = wf & _SELF
    if melded == 0:
        f[56 if selfdrawn else 62] = 1
    elif melded == 4:
        f[80 if selfdrawn else 52] = 1
    elif selfdrawn:
        f[80] = 1
    # pair
    if nc == 4:
        if pc < 0x40:
            f[63] = 1
    elif f[54]:
        if pc > 0x44:
            f[10] = 1
            f[54] = 0
    elif f[38]:
        if 0x40 < pc <= 0x44:
            f[9] = 1
            f[38] = 0
    _by_sets(sets, pair, f)
    _by_suits(counts, f)
    _by_traits(counts, f)
    _by_ranks(counts, f)
    if not f[14]:
        _hogs(counts, mk + ck, f)
    if kinds is not None and not f[52] and not f[5]:
        _wait_fan(kinds, f)
    _final(f)
    if not f[1]:
        for kind, t, op in sets:
            if kind != _CHOW and 27 <= t <= 30:
                _winds(t, hand, f)


def _dragons_of_terminals(chows, pc, f):
    """一色雙龍會 / 三色雙龍會: four chows 123 and 789, a pair of fives."""
    ps = pc >> 4
    low = [0, 0, 0, 0, 0]
    high = [0, 0, 0, 0, 0]
    same = 0
    for c in chows:
        r = c & 15
        if r == 2:
            low[c >> 4] += 1
        elif r == 8:
            high[c >> 4] += 1
        else:
            return False
        if c >> 4 == ps:
            same += 1
    if same == 0:
        ok = True
        for s in (1, 2, 3):
            if s != ps and not (low[s] and high[s]):
                ok = False
        if ok:
            f[29] = 1
            return True
        return False
    if same == 4 and low[ps] == 2 and high[ps] == 2:
        f[13] = 1
        return True
    return False


def _by_sets(sets, pair, f):
    """全帶么, 全帶五, 全雙刻: every set and the pair."""
    term = five = even = 0
    for kind, t, op in sets + [(_PUNG, pair, 0)]:
        if t >= 27:
            term += 1
            continue
        r = t % 9 + 1
        if kind == _CHOW:
            if r == 1 or r == 7:
                term += 1
            elif 3 <= r <= 5:
                five += 1
        elif r == 1 or r == 9:
            term += 1
        elif r == 5:
            five += 1
        elif not r & 1:
            even += 1
    if term == 5:
        f[55] = 1
    elif five == 5:
        f[31] = 1
    elif even == 5:
        f[21] = 1


# ---- seven pairs (the other special shapes: rules/mcr_special.py) -------------------

def _seven_pairs(reading, hand, counts, wf, f):
    s = hand.win // 9
    if s < 3:
        b = s * 9
        run = 0
        best = 0
        for t in range(b, b + 9):
            run = run + 1 if counts[t] == 2 else 0
            if run > best:
                best = run
        if best >= 7:
            f[6] = 1
            if not counts[b] and not counts[b + 8]:
                f[68] = 1
            _win_flags(wf, f)
            return
    f[19] = 1
    _by_suits(counts, f)
    _by_traits(counts, f)
    _by_ranks(counts, f)
    _hogs(counts, 0, f)
    _win_flags(wf, f)
    _final(f)


# ---- the hand -------------------------------------------------------------------------

def _context(hand, counts):
    wf = _SELF if hand.by == "self" else 0
    meld_count = 0
    has_kong = False
    for kind, t in hand.melds:
        if kind >= 2:
            has_kong = True
        if kind == 0:
            if t <= hand.win <= t + 2:
                meld_count += 1
        elif t == hand.win:
            meld_count += 3 if kind == 1 else 4
    own = counts[hand.win] - meld_count
    if hand.has("last_of_kind") and own == 1:
        wf |= _FOURTH
    if meld_count == 3:
        wf |= _FOURTH
    if hand.has("last_tile"):
        wf |= _LAST
    if wf & _SELF:
        if hand.has("kong_replacement") and has_kong:
            wf |= _KONG
    elif hand.by == "robkong":
        wf |= _KONG
    return wf


def _total(f):
    n = 0
    for i in range(1, _N):
        if f[i]:
            n += VALUES[i - 1] * f[i]
    return n


def _set_key(sets, nm, pair):
    """The order the sets are found in when divided tile by tile (ties go to the first)."""
    k = []
    for i in range(nm, len(sets)):
        kind, t, op = sets[i]
        k.append(_code(t) * 2 + (1 if kind == _CHOW else 0))
    k.sort()
    k.append(pair)
    return tuple(k)


def best(hand, analysis):
    """(fan table, total) of the best reading."""
    counts = analysis.counts
    wf = _context(hand, counts)
    nm = len(hand.melds)
    unique = len(analysis.waits) == 1
    f = None
    total = 0
    std = []
    rare = False
    for r in analysis.readings:
        shape = r.shape
        if shape == "standard":
            std.append(r)
        elif shape == "seven_pairs":        # never beside another special shape
            f = array("b", bytes(_N))
            _seven_pairs(r, hand, counts, wf, f)
        else:
            rare = True
    w = hand.win
    b = w - w % 9
    if f is None and (rare or (not hand.melds and w < 27 and counts[b] >= 3
                               and counts[b + 8] >= 3)):
        # a rarer special shape, or maybe nine gates (1112345678999 of a suit): their
        # code is a module of its own, loaded for them only
        f = __import__("rules.mcr_special", None, None, ("special",)).special(
            hand, analysis, counts, wf, unique)
    sevens = f is not None and f[19] > 0    # 七對: the standard readings may score more
    if f is not None:
        total = _total(f)
    if f is None or sevens:
        # group the standard readings by division; the wait kinds of each division
        divs = []
        for r in std:
            key = _set_key(r.sets, nm, r.pair)
            for d in divs:
                if d[0] == key:
                    d[2].append(r.wait)
                    break
            else:
                divs.append((key, r, [r.wait]))
        divs.sort(key=lambda d: d[0])
        for key, r, kinds in divs:
            g = array("b", bytes(_N))
            _division(hand, r.sets, r.pair, nm, wf, counts, kinds if unique else None, g)
            n = _total(g)
            if n == 0:
                g[43] = 1
                n = _total(g)
            if n > total or (n == total and (g[23] == 1 or g[32] or sevens)):
                f = g
                total = n
    return f, total


def score(hand, analysis):
    f, total = best(hand, analysis)
    items = []
    nf = len(hand.flowers)
    if nf:
        f[81] = nf
    names = _names(f)
    for i in range(1, _N):
        if f[i]:
            items.append({"id": i, "name": next(names), "value": VALUES[i - 1],
                          "count": f[i]})
    ans = {"ok": True, "rules": "mcr", "unit": UNIT, "total": total + nf,
           "legal": total >= 8, "items": items}
    if total < 8:
        ans["reason"] = "%d fan without flowers; a win needs 8" % total
    return ans


# A host scores many thousands of hands: there the names are split once; a board keeps no
# list of 81 strs and finds each name in place.
_SPLIT = NAMES.split() if __import__("sys").implementation.name == "cpython" else None


def _names(f):
    """The names of the elements counted in f, in id order, from NAMES (space separated):
    found in its UTF-8 bytes, where an offset is one step (in a str, every offset is
    counted out in characters from the start)."""
    if _SPLIT:
        for i in range(1, _N):
            if f[i]:
                yield _SPLIT[i - 1]
        return
    b = NAMES.encode()
    start = 0
    for i in range(1, _N):
        end = b.find(b" ", start)
        if f[i]:
            yield (b[start:] if end < 0 else b[start:end]).decode()
        start = end + 1
