# Hong Kong 16-tile (港式台牌), scored in 番 after the Cloud Dragon Cup table
# (shared/rules/hk-cloud-dragon-cup.txt).  docs/rules/hk.md explains every decision.
#
# The elements are data (ELEMENTS: id, name as the text spells it, 番 per count, kind:
# c a context element, B a bonus item of the text, - a pattern); exclusions are data
# (EXCLUDE: an element and those that drop it).  A reading is scored family by family
# into one count per element; the best reading wins.

from tiles import const, bits

from errors import HandError


UNIT = "fan"
# The items' ids and names (about 6 KB) are not part of the scorer: score() answers each
# item as (index, 番, count, bonus) and rules/hk_names.py's name() makes the contract's
# items of them, once the scorer's peak is over (contract.py, session.py).
NAMER = "rules.hk_names"
N_SETS = 5
FLAGS = ("ready_immediate", "ready_deal_in", "heavenly_ready", "earthly_ready",
         "double_win", "triple_win", "fanxue", "fanxue_big", "within_4", "within_7",
         "within_10", "true_last", "chain_2", "chain_3", "chain_4", "chain_5", "chain_6",
         "chain_7", "chain_8", "chain_9", "chain_10", "chain_11", "chain_12")

# Compiled from rules/hk_data.py (hk_data.compile(); tests/test_hk.py checks they agree):
# 番 one byte each (255: 300); per element its kind (0 pattern, 1 context, 2 bonus) and the
# elements it gives way to (hk_data.compile() has the layout); _LOSERS: how many give way.
_V = b'\x02\x02\x08(P\x14\x1e<\x0fx\xc8<\xc8\x08\n222\x14\x14F2\x1ed\x14\x1e(<(P\x14d\xffd<\x05\n\x0f\x1e\x1e<\n\x14\x1e\x05\x1ex\x14\x01\x01\x05\x03\x05\x0f\x05\x05F<(\x14\x05\n\n\x14\x14\x14\x96\x96P<\x1e\x0f\x05\x0f\x05\x14\x03\x0f\x03\n\x14\n\x14\x14(\x05\n2<\x0f\x1e\xa0\xdc\x03\x06\n\x14\n\x14\x1e<\n\x14\x08\x0f\n\x0f\x08\x0f\n\x19\x14(d\xff(\x14<2\x96<\x14\x14\x14\x01\x02\x14(d\x05\x0f\x1ed(\x05\x14\x05\x0f\x1e\x05\n\x14\x1e(<d\xa0\x08\x0f\xa0\x05\x03\n\n\x05\n\x14(P\xa0\x02\x05\n\x14(P\x08\x02\x02\x02\x02'
_EL = b'\x01\x05\t\x00\x00\x00\x00\x0c\x10\x00\x00\x00\x02\x00\x14\x02\x00\x00\x18\x1c\x00\x00\x00\x00"\x02&\x02\x00\x00\x00\x02\x02*\x02\x00\x00\x00\x00\x00\x00\x02\x02\x02\x00\x00\x00\x00\x01-159=\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01AE\x01\x01H\x00\x00\x00\x00\x00\x00\x00\x02N\x02\x00\x00\x02\x02\x00\x00\x02\x02PT\x00\x00X\\\x00\x00\x00\x00\x00\x00\x02\x02\x00`d\x00\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x02\x02\x02\x01\x01jn\x02ptx|\x80\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x01\x01\x00\x03\x05\x08\n\x0f\x13\x17\x19\x1b\x1d $\'+.0357:=@CFILNPRTV\x02\x02K\x01K\x02\t\n\x01\x0b\x04\x10\x11\x12\x13\x03\x14\x15\x16\x03\x14\x15\x16\x01\x1f\x01 \x01 \x02BC\x03BCD\x02BC\x03589\x0289\x01E\x02EF\x01K\x01T\x02_`\x02_`\x02cd\x02cd\x02no\x02no\x02\x7f\x80\x01\x80\x01\x95\x01\x95\x01\x95\x01\x95\x02\x84\x95'
_LOSERS = const(32)

_HUAZI = const(0)
_NO_FLOWER = const(1)
_NO_HONOUR_FLOWER = const(2)
_SMALL_DRAGONS = const(3)
_BIG_DRAGONS = const(4)
_LIQUE_DRAGONS = const(5)
_SMALL_THREE_WINDS = const(6)
_BIG_THREE_WINDS = const(7)
_LIQUE_THREE_WINDS = const(8)
_SMALL_FOUR_WINDS = const(9)
_BIG_FOUR_WINDS = const(10)
_LIQUE_FOUR_WINDS = const(11)
_ALL_HONOURS = const(12)
_NO_TERMINALS = const(13)
_NO_FIVES = const(14)
_THREE_TREASURES = const(15)
_ALL_BIG = const(16)
_ALL_SMALL = const(17)
_MIXED_BIG = const(18)
_MIXED_SMALL = const(19)
_MIXED_X1 = const(20)
_MIXED_X2 = const(21)
_MIXED_X3 = const(22)
_ALL_X = const(23)
_MIXED_ODD = const(24)
_MIXED_EVEN = const(25)
_ALL_ODD = const(26)
_ALL_EVEN = const(27)
_MIXED_OUTSIDE = const(28)
_PURE_OUTSIDE = const(29)
_ORPHANS_OUTSIDE = const(30)
_MIXED_TERMINALS = const(31)
_PURE_TERMINALS = const(32)
_TWO_RANKS = const(33)
_THREE_RANKS = const(34)
_FOUR2_OPEN = const(35)
_FOUR2_HIDDEN = const(36)
_FOUR3_OPEN = const(37)
_FOUR3_HIDDEN = const(38)
_FOUR4_OPEN = const(39)
_FOUR4_HIDDEN = const(40)
_EIGHT_THREE = const(41)
_EIGHT_FOUR = const(42)
_TWELVE_FOUR = const(43)
_ONE_HIGH = const(44)
_THREE_HIGH = const(45)
_FOUR_HIGH = const(46)
_TWO_HIGH = const(47)
_DEALER = const(48)
_SELF_DRAWN = const(49)
_CONCEALED = const(50)
_CONCEALED_SELF = const(51)
_READY = const(52)
_CONCEALED_READY = const(53)
_READY_IMMEDIATE = const(54)
_READY_DEAL_IN = const(55)
_HEAVENLY_READY = const(56)
_EARTHLY_READY = const(57)
_ALL_MELDED = const(58)
_HALF_MELDED = const(59)
_DOUBLE_WIN = const(60)
_TRIPLE_WIN = const(61)
_FANXUE = const(62)
_FANXUE_BIG = const(63)
_LAST_DRAW = const(64)
_LAST_DISCARD = const(65)
_HEAVENLY = const(66)
_EARTHLY = const(67)
_HUMAN = const(68)
_WITHIN_4 = const(69)
_WITHIN_7 = const(70)
_WITHIN_10 = const(71)
_FOUR_DEAD = const(72)
_TRUE_DEAD = const(73)
_PING_HU = const(74)
_BIG_PING_HU = const(75)
_OLD_YOUNG = const(76)
_DOUBLE_OLD_YOUNG = const(77)
_MEET = const(78)
_THREE_MEET_OPEN = const(79)
_THREE_MEET_HIDDEN = const(80)
_DOUBLE_MEET = const(81)
_ALL_MEET = const(82)
_FOUR_SAME = const(83)
_FIVE_SAME = const(84)
_MIX_STEP3_OPEN = const(85)
_MIX_STEP3_HIDDEN = const(86)
_MIX_STEP5_OPEN = const(87)
_MIX_STEP5_HIDDEN = const(88)
_PURE_STEP3_OPEN = const(89)
_PURE_STEP3_HIDDEN = const(90)
_PURE_STEP5_OPEN = const(91)
_PURE_STEP5_HIDDEN = const(92)
_MIX_CHAIN_OPEN = const(93)
_MIX_CHAIN_HIDDEN = const(94)
_MIX_BRIDGE_OPEN = const(95)
_MIX_BRIDGE_HIDDEN = const(96)
_PURE_CHAIN_OPEN = const(97)
_PURE_CHAIN_HIDDEN = const(98)
_PURE_BRIDGE_OPEN = const(99)
_PURE_BRIDGE_HIDDEN = const(100)
_PURE_DRAGON_OPEN = const(101)
_PURE_DRAGON_HIDDEN = const(102)
_MIX_DRAGON_OPEN = const(103)
_MIX_DRAGON_HIDDEN = const(104)
_TWIN_DRAGONS = const(105)
_DRAGON_PHOENIX = const(106)
_MISSING_SUIT = const(107)
_BIG_FIVE_DOORS = const(108)
_SMALL_FIVE_DOORS = const(109)
_BIG_SEVEN_DOORS = const(110)
_SMALL_SEVEN_DOORS = const(111)
_HALF_FLUSH = const(112)
_FULL_FLUSH = const(113)
_ALL_GREEN = const(114)
_CHICKEN = const(115)
_CHICKEN_SELF = const(116)
_LIQUE_EIGHT = const(117)
_LIQUE_SINGLE = const(118)
_ORPHANS = const(119)
_UNRELATED = const(120)
_UNRELATED_FLY = const(121)
_UNRELATED_MEET = const(122)
_UNRELATED_DRAGON = const(123)
_KONG_OPEN = const(124)
_KONG_HIDDEN = const(125)
_THREE_KONGS = const(126)
_FOUR_KONGS = const(127)
_FIVE_KONGS = const(128)
_HIDDEN_2 = const(129)
_HIDDEN_3 = const(130)
_HIDDEN_4 = const(131)
_HIDDEN_5 = const(132)
_ALL_PUNGS = const(133)
_OLD_YOUNG_PUNGS = const(134)
_TWO_OLD_YOUNG_PUNGS = const(135)
_SAME_PUNGS_2 = const(136)
_SAME_PUNGS_S3 = const(137)
_SAME_PUNGS_B3 = const(138)
_RUN_2 = const(139)
_RUN_S3 = const(140)
_RUN_B3 = const(141)
_RUN_S4 = const(142)
_RUN_B4 = const(143)
_RUN_S5 = const(144)
_RUN_B5 = const(145)
_RUN_6 = const(146)
_THREE_SUIT_SMALL = const(147)
_THREE_SUIT_BIG = const(148)
_ALL_HIDDEN = const(149)
_KONG_DRAW = const(150)
_FLOWER_DRAW = const(151)
_TAIL_DRAW = const(152)
_ROB_KONG = const(153)
_PURE_PAIRS_3 = const(154)
_PURE_PAIRS_4 = const(155)
_PURE_PAIRS_5 = const(156)
_PURE_PAIRS_6 = const(157)
_PURE_PAIRS_7 = const(158)
_PURE_PAIRS_8 = const(159)
_MIX_PAIRS_3 = const(160)
_MIX_PAIRS_4 = const(161)
_MIX_PAIRS_5 = const(162)
_MIX_PAIRS_6 = const(163)
_MIX_PAIRS_7 = const(164)
_MIX_PAIRS_8 = const(165)
_MIX_SAME_PAIRS = const(166)
_SHANPON = const(167)
_SINGLE = const(168)
_FALSE_SINGLE = const(169)
_EYE = const(170)
N_ELEMENTS = const(171)
# hand.ANKAN, and below the words' and ranks' tuples inside the functions that read them:
# no global each (37 names keep the module's globals table at 592 bytes in one piece, 41
# made it 752)
_ANKAN = const(4)

# Context words that count one element each (FLAGS[:12], then _context's more), and the
# element.
# (a bytes literal: a tuple's constant would stay in RAM beside the bytes made of it)
_WORD_EL = b"\x36\x37\x38\x39\x3c\x3d\x3e\x3f\x45\x46\x47\x49\x48\x42\x43\x44"
# _READY_IMMEDIATE _READY_DEAL_IN _HEAVENLY_READY _EARTHLY_READY _DOUBLE_WIN _TRIPLE_WIN _FANXUE
# _FANXUE_BIG _WITHIN_4 _WITHIN_7 _WITHIN_10 _TRUE_DEAD _FOUR_DEAD _HEAVENLY _EARTHLY _HUMAN


class _Special:
    """The ruleset's special shapes for the engine, each loaded only for a hand whose
    counts may make it (_shapes()): the scorer's import is the top of a win's heap, and
    most hands are none of them."""

    def waits(self, c, n):
        out = []
        for s in _shapes(c, n, 1):
            out += s.waits(c, n)
        return out

    def readings(self, c, hand, melds, table):
        out = []
        for s in _shapes(c, len(melds), 0):
            out += s.readings(c, hand, melds, table)
        return out


def _shapes(c, n, before):
    """The shapes counts c with n melds may make (before: the 16 tiles before the win,
    else the 17 after), by what each checks first: 嚦咕 (rules/hk_lique.py) no meld, its
    odd counts (a 1 or a 3) none or two before, one 3 after; 十三么 and 十六不搭
    (rules/hk_shapes.py) one meld at most, every honour (one may be missing before)."""
    out = []
    odd = c.count(b"\x01")
    three = c.count(b"\x03")
    if not n and (odd + three in (0, 2) if before else not odd and three == 1):
        out.append(__import__("rules.hk_lique", None, None, ("waits",)))
    if n <= 1 and c[27:34].count(b"\0") <= before:
        out += __import__("rules.hk_shapes", None, None, ("SHAPES",)).SHAPES
    return out


SHAPES = (_Special(),)
# what _shapes() loads, loaded beforehand where the heap keeps what is loaded (asks.warm)
PARTS = "rules.hk_lique rules.hk_shapes"
PERMS = b"\x00\x01\x02\x00\x02\x01\x01\x00\x02\x01\x02\x00\x02\x00\x01\x02\x01\x00"
GREEN = b"\x13\x14\x15\x17\x19\x20"   # 2s 3s 4s 6s 8s 發
_PAIR = const(3)


# ---- the context words --------------------------------------------------------------

def check(h):
    """Refuse a hand whose context words contradict it (bad_field)."""
    fl = h.flags
    sd = h.by == "self"
    m = h.melds
    kong = 0
    chains = 0
    for kind, _ in m:
        if kind > 1:
            kong = 1
    for w in fl:
        if w.startswith("chain_"):     # no new str made (each is looked up on a board)
            chains += 1
    bad = None
    if h.dealer and h.seat:
        bad = "dealer"
    elif "heavenly" in fl and (not h.dealer or not sd or m):
        bad = "heavenly"
    elif "earthly" in fl and (h.dealer or not sd or m):
        bad = "earthly"
    elif "human" in fl and (h.dealer or sd or m):
        bad = "human"
    elif "kong_replacement" in fl and (not sd or not kong):
        bad = "kong_replacement"
    elif "flower_replacement" in fl and (not sd or not h.flowers):
        bad = "flower_replacement"
    elif "ready_declared" not in fl and ("ready_immediate" in fl or "heavenly_ready" in fl
                                         or "earthly_ready" in fl):
        bad = "ready_declared"
    elif sd and ("double_win" in fl or "triple_win" in fl or "ready_deal_in" in fl):
        bad = "by"
    elif chains > 1 or (chains and not ("kong_replacement" in fl or "flower_replacement" in fl)):
        bad = "chain_N"
    else:
        paired = ("heavenly_ready", "earthly_ready", "double_win", "triple_win", "fanxue",
                  "fanxue_big")
        for i in range(0, 6, 2):
            if paired[i] in fl and paired[i + 1] in fl:
                bad = paired[i]
    if bad:
        raise HandError("bad_field", "context words contradict the hand (%s): see docs/rules/hk.md"
                        % bad)


# ---- what every reading shares -------------------------------------------------------

class _Facts:
    def __init__(self, h, a):
        c = a.counts
        self.c = c
        sm = 0
        rm = 0
        for t in range(27):
            if c[t]:
                sm |= 1 << (t // 9)
                rm |= 1 << (t % 9)
        hon = 0
        for t in range(27, 34):
            hon += c[t]
        self.sm = sm
        self.rm = rm
        self.hon = hon
        claimed = 0
        for kind, _ in h.melds:
            if kind != _ANKAN:
                claimed += 1
        self.menqing = claimed == 0
        self.claimed = claimed
        self.nwaits = len(a.waits)
        fk = 0
        for f in h.flowers:
            fk |= 1 << (f // 4)
        self.seven = fk == 3    # flowers of both kinds: 春夏秋冬 and 梅蘭菊竹
        fours = []
        for t in range(34):
            if c[t] == 4:
                fours.append(t)
        self.fours = fours


def _context(h, f):
    """Counts of the elements every reading of the hand shares."""
    cnt = bytearray(N_ELEMENTS)
    fl = h.flags
    sd = h.by == "self"
    if h.dealer:
        cnt[_DEALER] = 1     # counted 2n + 1 times: _dn
    if sd:
        cnt[_SELF_DRAWN] = 1
    if f.menqing:
        cnt[_CONCEALED] = 1
        if sd:
            cnt[_CONCEALED_SELF] = 1
    if "ready_declared" in fl:
        cnt[_CONCEALED_READY if f.menqing else _READY] = 1
    if f.claimed == 5:
        cnt[_HALF_MELDED if sd else _ALL_MELDED] = 1
    if "last_tile" in fl:
        cnt[_LAST_DRAW if sd else _LAST_DISCARD] = 1
    if sd and "kong_replacement" in fl:
        cnt[_KONG_DRAW] = 1
    if sd and "flower_replacement" in fl:
        cnt[_FLOWER_DRAW] = 1
    if h.by == "robkong":
        cnt[_ROB_KONG] = 1
    for w in fl:
        if w.startswith("chain_"):
            cnt[_TAIL_DRAW] = int(w[6:]) - 1
        elif w in FLAGS:
            cnt[_WORD_EL[FLAGS.index(w)]] = 1
        else:
            more = ("last_of_kind", "heavenly", "earthly", "human")
            if w in more:
                cnt[_WORD_EL[12 + more.index(w)]] = 1
    ko = kh = 0
    for kind, _ in h.melds:
        if kind == _ANKAN:
            kh += 1
        elif kind > 1:
            ko += 1
    cnt[_KONG_OPEN] = ko
    cnt[_KONG_HIDDEN] = kh
    if ko + kh >= 3:
        cnt[_THREE_KONGS + ko + kh - 3] = 1
    cnt[_HUAZI] = len(h.flowers)
    if not h.flowers:
        cnt[_NO_FLOWER] = 1
        if not f.hon:
            cnt[_NO_HONOUR_FLOWER] = 1
    return cnt


# The lines of nine tiles 連對 runs along: the three suits, then the diagonals through
# the three suits in order (rank r in suit (s + d * r) % 3, d = 1, 2).
_LINES = bytes(s * 9 + r for s in range(3) for r in range(9)) + \
    bytes((s + d * r) % 3 * 9 + r for d in (1, 2) for s in range(3) for r in range(9))


def _pair_line(c, line, cnt, first):
    """連對 along a line of nine tiles (a memoryview of _LINES): runs of pairs (exactly
    two of each; five or more may hold more)."""
    r = 0
    while r < 9:
        if c[line[r]] < 2:
            r += 1
            continue
        st = r
        while r < 9 and c[line[r]] >= 2:
            r += 1
        if r - st >= 5:
            cnt[first + min(r - st, 8) - 3] += 1
            continue
        k = 0
        for j in range(st, r + 1):
            if j < r and c[line[j]] == 2:
                k += 1
            else:
                if k >= 3:
                    cnt[first + k - 3] += 1
                k = 0


def _tiles(f, cnt):
    """Elements decided by the tiles held alone (standard and 嚦咕 readings)."""
    c = f.c
    sm = f.sm
    rm = f.rm
    hon = f.hon
    ns = bits(sm)
    if not ns:
        cnt[_ALL_HONOURS] = 1
        return
    if not hon and not rm & 0x101:
        cnt[_NO_TERMINALS] = 1
    if not rm & 0x10:
        cnt[_NO_FIVES] = 1
    if ns == 2 and f.menqing:
        cnt[_MISSING_SUIT] = 1
    if cnt[_NO_TERMINALS] and cnt[_NO_FIVES] and cnt[_MISSING_SUIT]:
        cnt[_THREE_TREASURES] = 1
    m = 1 if hon else 0
    ks = (0xF, _ALL_SMALL, _MIXED_SMALL, 0x1E0, _ALL_BIG, _MIXED_BIG, 0x155, _ALL_ODD,
          _MIXED_ODD, 0xAA, _ALL_EVEN, _MIXED_EVEN, 0x101, _PURE_TERMINALS, _MIXED_TERMINALS)
    for k in range(0, 15, 3):   # the ranks held all within the mask: pure / mixed
        if not rm & ~ks[k]:
            cnt[ks[k + 2] if m else ks[k + 1]] = 1
    if not hon:
        n = bits(rm)
        if n == 2:
            cnt[_TWO_RANKS] = 1
        elif n == 3:
            cnt[_THREE_RANKS] = 1
    if ns == 1:
        cnt[_HALF_FLUSH if hon else _FULL_FLUSH] = 1
    g = 0
    for t in GREEN:
        g += c[t]
    if g == 17 + cnt[_KONG_OPEN] + cnt[_KONG_HIDDEN]:
        cnt[_ALL_GREEN] = 1
    # 連對 needs three ranks in a row held twice or more: in one suit, or along a diagonal
    # (then in the union of the suits' ranks)
    two = [0, 0, 0]
    for t in range(27):
        if c[t] >= 2:
            two[t // 9] |= 1 << t % 9
    if two[0] & two[1] & two[2]:
        for r in range(9):
            if c[r] == 2 and c[9 + r] == 2 and c[18 + r] == 2:
                cnt[_MIX_SAME_PAIRS] += 1
    u = two[0] | two[1] | two[2]
    if not u & (u >> 1) & (u >> 2):
        return
    lines = memoryview(_LINES)
    for s in range(3):
        x = two[s]
        if x & (x >> 1) & (x >> 2):
            _pair_line(c, lines[9 * s:9 * s + 9], cnt, _PURE_PAIRS_3)
    if not (two[0] and two[1] and two[2]):
        return          # three ranks in a row along a diagonal lie in the three suits
    for d in range(2):
        for s in range(3):
            # the ranks held twice along the diagonal: rank r lies in suit q when
            # r = (q - s) * (d + 1) (mod 3); the tuple's j-th: the ranks j mod 3 as bits
            x = 0
            for q in range(3):
                x |= two[q] & (0x49, 0x92, 0x124)[(q - s) * (d + 1) % 3]
            if x & (x >> 1) & (x >> 2):
                k = 27 + 27 * d + 9 * s
                _pair_line(c, lines[k:k + 9], cnt, _MIX_PAIRS_3)


def _k(v, ts):
    """單式: how many times a combination of distinct chows counts: the second largest of
    the members' multiplicities (0 when one is missing)."""
    m1 = m2 = 0
    for t in ts:
        x = v[t]
        if not x:
            return 0
        if x > m1:
            m2 = m1
            m1 = x
        elif x > m2:
            m2 = x
    return m2


def _combo(cm, cb, ts, i):
    """A combination held k times: element i (明) or i + 1 (暗: formed of concealed chows),
    left in cb as (ts, i, k) for _won() to count; k."""
    k = _k(cm, ts)
    if k:
        cb.append((ts, i, k))
    return k


def _groups(h, f, G, cnt, lique):
    """Elements of a reading's groups G: [(kind, tile, open)], kind 0 chow, 1 pung,
    2 kong, 3 pair; open: claimed (or, 嚦咕, completed by another player's tile).  Those
    that depend on which groups are open are left to _won(), with what this returns."""
    c = f.c
    cm = bytearray(27)
    hm = bytearray(27)
    pm = [0, 0, 0]
    ct = []        # the chows, each once
    chows = hid = allhid = dp = wp = hz = hg = doors = pdoors = 0
    pair = -1
    eyes = 0
    seat = 27 + h.seat
    rnd = 27 + h.round
    am = 0x1FF     # ranks every suited group holds (帶X)
    outside = 1    # every suited group holds a 1 or a 9 (帶么)
    for kind, t, op in G:
        d = t // 9 if t < 27 else (3 if t < 31 else 4)
        if t >= 27:
            hg += 1
        else:
            gm = 7 << t % 9 if kind == 0 else 1 << t % 9
            am &= gm
            if not gm & 0x101:
                outside = 0
        if kind == _PAIR:
            pdoors |= 1 << d
            pair = t
            if t < 27 and t % 9 in (1, 4, 7):
                eyes += 1
            continue
        doors |= 1 << d
        if kind == 0:
            chows += 1
            if not cm[t]:
                ct.append(t)
            cm[t] += 1
            if not op:
                hm[t] += 1
            continue
        if not op:
            allhid += 1
        if kind == 2 or not op:
            hid += 1     # a concealed pung or kong, or an exposed kong (general rule 16)
        if t < 27:
            pm[t // 9] |= 1 << (t % 9)
        elif t >= 31:
            dp += 1
            hz += 1
        else:
            wp += 1
            hz += (t == seat) + (t == rnd)
    cnt[_HUAZI] += hz
    cnt[_EYE] = eyes
    if lique:
        nd = nw = 0
        for t in range(27, 34):
            if c[t] >= 2:
                if t >= 31:
                    nd += 1
                else:
                    nw += 1
        if nd == 3:
            cnt[_LIQUE_DRAGONS] = 1
        if nw >= 3:
            cnt[_LIQUE_FOUR_WINDS if nw == 4 else _LIQUE_THREE_WINDS] = 1
    else:
        if dp == 3:
            cnt[_BIG_DRAGONS] = 1
        elif dp == 2 and pair >= 31:
            cnt[_SMALL_DRAGONS] = 1
        wpair = 27 <= pair <= 30
        if wp == 4:
            cnt[_BIG_FOUR_WINDS] = 1
        elif wp == 3:
            cnt[_SMALL_FOUR_WINDS if wpair else _BIG_THREE_WINDS] = 1
        elif wp == 2 and wpair:
            cnt[_SMALL_THREE_WINDS] = 1
    # 帶么 / 帶X: every group holds the rank (混: honour groups allowed, at least one)
    if hg < len(G):
        if outside:
            cnt[_MIXED_OUTSIDE if hg else _PURE_OUTSIDE] = 1
        if am & 0xFE:
            cnt[(_MIXED_X3, _MIXED_X1, _MIXED_X2, _MIXED_X3)[min(hg, 3)] if hg else _ALL_X] = 1
    # 四歸: all four of a tile in two, three or four groups (a kong is one group); whether
    # one of them is open is _won()'s
    fours = []      # (its groups as bits, how many, one of them open)
    for t in f.fours:   # all four of a tile held
        m = n = op = i = 0
        for kind, u, o in G:
            if u == t or (kind == 0 and u < t and t <= u + 2):
                m |= 1 << i
                n += 1
                op |= o
            i += 1
        if n >= 2:
            fours.append((m, n, op))
    nf = len(fours)
    if nf >= 2:
        used = 0
        for i in range(nf):
            for j in range(i + 1, nf):
                for k in range(j + 1, nf):
                    if bits(fours[i][0] | fours[j][0] | fours[k][0]) == 4:
                        cnt[_TWELVE_FOUR] += 1
                        used |= (1 << i) | (1 << j) | (1 << k)
        for i in range(nf):
            for j in range(i + 1, nf):
                if not (used >> i & 1 and used >> j & 1):
                    n = bits(fours[i][0] | fours[j][0])
                    if n == 3 or n == 4:
                        cnt[_EIGHT_THREE + n - 3] += 1
    alld = doors | pdoors
    if alld == 31:
        big = 0 if lique or doors != 31 else 1
        cnt[(_SMALL_SEVEN_DOORS - big) if f.seven else (_SMALL_FIVE_DOORS - big)] = 1
    if lique:
        return (fours,)
    # chows (whether their combinations are 明 or 暗 is _won()'s)
    cb = []
    if chows >= 2:
        ct.sort()
        _chows(cm, cb, chows, cnt, ct)
    if chows == 5:
        cnt[_BIG_PING_HU if not f.hon and not h.flowers else _PING_HU] = 1
    # pungs
    if chows == 0:
        cnt[_ALL_PUNGS] = 1
    if chows <= 3:
        _pungs(pm, pair, cnt)
    return fours, hm, cb, chows, hid, allhid


def _won(cnt, D, G, w, lique):
    """The elements of _groups()'s groups G that depend on which of them are open (each
    open as G says, and G[w] as well, the group a discard completed; w -1: none); D is
    what _groups() returned.  The elements each part counts are apart: the order of the
    parts does not matter."""
    for m, n, op in D[0]:
        if w >= 0 and m >> w & 1:
            op = 1
        cnt[_FOUR2_OPEN + 2 * (n - 2) + (0 if op else 1)] += 1
    if lique:
        return
    _, hm, cb, chows, hid, allhid = D
    t = -1
    if w >= 0:
        kind, u, _ = G[w]
        if kind == 0:
            t = u
            hm[t] -= 1      # put back below: D serves the other readings
        elif kind != _PAIR:     # a pung (a discard completes no kong)
            allhid -= 1
            hid -= 1
    for ts, i, k in cb:     # k times: 暗 as often as the concealed chows make it
        hk = _k(hm, ts)
        if hk > k:
            hk = k
        cnt[i] += k - hk
        cnt[i + 1] += hk
    if t >= 0:
        hm[t] += 1
    if hid >= 2:
        cnt[_HIDDEN_2 + hid - 2] = 1
    if chows == 0 and allhid == 5:
        cnt[_ALL_HIDDEN] = 1


def _chows(cm, cb, chows, cnt, ct):
    """ct: the chows held, each once, ascending; cm: how many of each.  The elements
    that are 明 or 暗 by the chows that make them go to cb (_combo())."""
    oh = 0
    ranks = 0
    for t in ct:
        ranks |= 1 << t % 9
        m = cm[t]
        if m == 2:
            oh += 1
        elif m >= 3:
            cnt[_THREE_HIGH + m - 3] += 1
    if oh == 2:
        cnt[_TWO_HIGH] = 1
    else:
        cnt[_ONE_HIGH] = oh
    mt = mr = meets = 0
    r3 = r2 = -1
    for r in range(7):
        if not ranks >> r & 1:
            continue
        a = cm[r]
        b = cm[9 + r]
        d = cm[18 + r]
        tot = a + b + d
        if tot >= 4:
            cnt[_FOUR_SAME + tot - 4] = 1
        if tot == 5:
            r3 = r2 = r
        elif tot == 3:
            r3 = r
        elif tot == 2:
            r2 = r
        if a and b and d:
            cb.append(((r, 9 + r, 18 + r), _THREE_MEET_OPEN, 1))   # 暗 if all concealed
            meets += 1
            a -= 1
            b -= 1
            d -= 1
            tot -= 3
        k = min(tot // 2, tot - max(a, b, d)) if tot > 1 else 0
        if k:
            mt += k
            mr += 1
    if mt == 2 and mr == 2:
        cnt[_DOUBLE_MEET] = 1
    else:
        cnt[_MEET] = mt
    if chows == 5 and r3 >= 0 and r2 >= 0:
        hi3 = hi2 = False
        for s in range(3):
            hi3 = hi3 or cm[s * 9 + r3] == 3
            hi2 = hi2 or cm[s * 9 + r2] == 2
        if r3 == r2 or not hi2 or hi3:
            cnt[_ALL_MEET] = 1
    # combinations of distinct chows, each found from its lowest member (ranks rise
    # through every combination), so only the chows held are looked at
    dragons = oy = 0
    for t in ct:
        r = t % 9
        s = t - r          # first tile of the suit
        if r <= 4:
            if cm[t + 1] and cm[t + 2]:
                _combo(cm, cb, (t, t + 1, t + 2), _PURE_STEP3_OPEN)
            if r <= 2:
                if chows == 5 and cm[t + 1] and cm[t + 3]:
                    _combo(cm, cb, (t, t + 1, t + 2, t + 3, t + 4), _PURE_STEP5_OPEN)
                if cm[t + 2] and cm[t + 4]:
                    _combo(cm, cb, (t, t + 2, t + 4), _PURE_CHAIN_OPEN)
        if r == 0:
            if chows >= 4 and cm[t + 2] and cm[t + 4] and cm[t + 6]:
                _combo(cm, cb, (t, t + 2, t + 4, t + 6), _PURE_BRIDGE_OPEN)
            if cm[t + 3] and cm[t + 6]:
                dragons += _combo(cm, cb, (t, t + 3, t + 6), _PURE_DRAGON_OPEN)
            if cm[t + 6]:
                oy += _k(cm, (t, t + 6))
        if r > 4:
            continue
        for b in (9, 18):
            B = (s + b) % 27   # the other two suits, each second in turn
            C = (s + 27 - b) % 27
            if cm[B + r + 1] and cm[C + r + 2]:
                _combo(cm, cb, (t, B + r + 1, C + r + 2), _MIX_STEP3_OPEN)
                if chows == 5 and r <= 2 and cm[t + 3]:
                    _combo(cm, cb, (t, B + r + 1, C + r + 2, t + 3, B + r + 4),
                           _MIX_STEP5_OPEN)
            if r <= 2 and cm[B + r + 2] and cm[C + r + 4]:
                _combo(cm, cb, (t, B + r + 2, C + r + 4), _MIX_CHAIN_OPEN)
            if r == 0 and cm[B + 3] and cm[C + 6]:
                dragons += _combo(cm, cb, (t, B + 3, C + 6), _MIX_DRAGON_OPEN)
        if r == 0 and chows >= 4:
            # 金門橋 over the three suits: ranks 1 3 5 7, the first in this suit
            for code in range(27):
                b = code % 3 * 9
                d = code // 3 % 3 * 9
                e = code // 9 * 9
                if (1 << (s // 9)) | (1 << (b // 9)) | (1 << (d // 9)) | (1 << (e // 9)) == 7 \
                        and cm[b + 2] and cm[d + 4] and cm[e + 6]:
                    _combo(cm, cb, (t, b + 2, d + 4, e + 6), _MIX_BRIDGE_OPEN)
    if oy >= 2:
        cnt[_DOUBLE_OLD_YOUNG] = 1
    else:
        cnt[_OLD_YOUNG] = oy
    if dragons >= 2:
        cnt[_TWIN_DRAGONS] = 1
    if dragons and meets:
        cnt[_DRAGON_PHOENIX] = 1


def _pungs(pm, pair, cnt):
    """Pung elements from pm, the ranks of the pungs and kongs of each suit as bits."""
    ps = pair // 9 if pair < 27 else -1
    pr = pair % 9
    oy = 0
    for s in range(3):
        x = pm[s]
        if x & 0x101 == 0x101:
            oy += 1
        if not x & (x >> 1):
            continue     # no two ranks in a row: no 連刻
        r = 0
        while r < 9:
            if not x >> r & 1:
                r += 1
                continue
            st = r
            while r < 9 and x >> r & 1:
                r += 1
            k = r - st
            p = 1 if ps == s and (pr == st - 1 or pr == r) else 0
            if k >= 2:
                cnt[_RUN_2 + 2 * (k - 2) + p] += 1
    if oy:
        cnt[_OLD_YOUNG_PUNGS if oy == 1 else _TWO_OLD_YOUNG_PUNGS] = 1
    p0 = pm[0]
    p1 = pm[1]
    p2 = pm[2]
    if not ((p0 and p1) or (p0 and p2) or (p1 and p2)):
        return           # the rest needs pungs in two suits
    # 同刻: ranks held in three suits, in two (小三色: the third suit's pair at that rank)
    m3 = p0 & p1 & p2
    m2 = ((p0 & p1) | (p0 & p2) | (p1 & p2)) & ~m3
    if m3:
        cnt[_SAME_PUNGS_B3] += bits(m3)
    if m2:
        s3 = 1 if ps >= 0 and m2 >> pr & 1 and not pm[ps] >> pr & 1 else 0
        cnt[_SAME_PUNGS_S3] += s3
        cnt[_SAME_PUNGS_2] += bits(m2) - s3
    # 三色三節: ranks r, r + 1, r + 2 in the suits of a permutation (小: the pair in the gap)
    for p in range(0, 18, 3):
        A = PERMS[p]
        B = PERMS[p + 1]
        C = PERMS[p + 2]
        x = pm[A] & (pm[B] >> 1) & (pm[C] >> 2) & 0x7F
        if x:
            cnt[_THREE_SUIT_BIG] += bits(x)
        if ps >= 0 and not pm[ps] >> pr & 1:
            j = 0 if A == ps else (1 if B == ps else 2)
            r = pr - j
            if 0 <= r <= 6 and (j == 0 or pm[A] >> r & 1) and (j == 1 or pm[B] >> (r + 1) & 1) \
                    and (j == 2 or pm[C] >> (r + 2) & 1):
                cnt[_THREE_SUIT_SMALL] += 1


def _finish(cnt, bound=-1):
    """Apply the exclusions, then 雞糊 when no pattern element is left; the total 番.
    -1 (cnt left unfinished) when the total cannot exceed bound: the exclusions only
    take away, and 雞糊 is counted only when no pattern element is left."""
    v = _V
    el = _EL
    cnt[_CHICKEN] = cnt[_CHICKEN_SELF] = 0
    x = cnt[_HUAZI]     # a context element; often counted many times
    n = value(_HUAZI) * x
    pattern = 0    # pattern elements counted
    lo = []        # the elements counted that give way to others
    if x and el[_HUAZI] > 3:
        lo.append(_HUAZI)
    # the few elements counted are found by their count (find runs in C): the ones, then
    # the twos, ... until every count that is not 0 is found
    left = N_ELEMENTS - cnt.count(b"\0") - (1 if x else 0)
    x = 1
    b = b"\x01"
    while left:
        i = cnt.find(b, 1)
        while i >= 0:
            w = v[i]
            n += (300 if w == 255 else w) * x
            w = el[i]
            if w & 3 != 1:
                pattern += 1
            if w > 3:
                lo.append(i)
            left -= 1
            if not left:
                break       # the last one found: no scan to the end
            i = cnt.find(b, i + 1)
        x += 1
        b = bytes((x,))
    if cnt[_DEALER]:
        n += value(_DEALER) * (_dn - cnt[_DEALER])
    sd = cnt[_SELF_DRAWN]   # 天胡 / 地胡 drop the 自摸 item, not the self-draw
    chicken = _CHICKEN_SELF if sd else _CHICKEN
    if n + value(chicken) <= bound:
        return -1
    if lo:
        drop = []
        for i in lo:
            # its winners: el[k + 1:k + 1 + el[k]]
            k = N_ELEMENTS + _LOSERS + el[N_ELEMENTS + (el[i] >> 2) - 1]
            for j in range(k + 1, k + 1 + el[k]):
                if cnt[el[j]]:
                    drop.append(i)
                    break
        for i in drop:
            n -= value(i) * cnt[i]
            if el[i] & 3 != 1:
                pattern -= 1
            cnt[i] = 0
    if not pattern:
        cnt[chicken] = 1
        n += value(chicken)
    return n


_dn = 1   # the dealer's count, 2n + 1 for a streak of n (莊連拉)


def value(i):
    x = _V[i]
    return 300 if x == 255 else x


def _reading(h, f, base, tbase, r, memo):
    """The counts of reading r; base: the context's counts, tbase: with the tiles' too;
    memo: [groups, their counts, what _groups() returned, the sets and the pair they
    were made of] of the reading before: the readings of one division differ only in
    where the winning tile sits, so the groups' elements are counted once, and _won()
    adds what depends on the group it completed."""
    shape = r.shape
    if shape == "orphans" or shape == "unrelated":
        cnt = bytearray(base)     # their scoring is theirs (loaded for their readings)
        __import__("rules.hk_shapes", None, None, ("score",)).score(h, r, cnt)
        return cnt
    cnt = bytearray(tbase)
    G = []
    if shape == "lique":
        for t in r.pairs:
            G.append((_PAIR, t, 0))
        G.append(r.sets[0])
        cnt[_LIQUE_EIGHT if r.wait == "pung" else _LIQUE_SINGLE] = 1
        _won(cnt, _groups(h, f, G, cnt, True), G, -1, True)
        return cnt
    # the groups as the hand holds them: the melds open as claimed, the concealed sets
    # closed (engine marks a pung a discard completed open: G[w] below)
    if r.sets == memo[3] and r.pair == memo[4]:
        G = memo[0]     # the same sets as the reading before (compared in C)
    else:
        nm = len(h.melds)
        i = 0
        for kind, t, op in r.sets:
            G.append((kind, t, op if i < nm else 0))
            i += 1
        G.append((_PAIR, r.pair, 0))
        memo[3] = r.sets
        memo[4] = r.pair
    if G == memo[0]:
        cnt[:] = memo[1]
        D = memo[2]
    else:
        D = _groups(h, f, G, cnt, False)
        memo[0] = G
        memo[1] = bytes(cnt)
        memo[2] = D
    w = -1
    if h.by != "self":
        w = r.win_set if r.win_set >= 0 else len(G) - 1
    _won(cnt, D, G, w, False)
    if r.wait == "pung":
        cnt[_SHANPON] = 1
    if f.nwaits == 1:
        cnt[_SINGLE] = 1
    elif r.wait == "single":
        cnt[_FALSE_SINGLE] = 1
    return cnt


def _items(cnt):
    """(index, 番, count, bonus) of each element counted: tuples, not the answer's dicts,
    so what outlives the scorer is small."""
    out = []
    left = N_ELEMENTS - cnt.count(b"\0")
    x = 1
    b = b"\x01"
    while left:      # as in _finish: count by count
        i = cnt.find(b)
        while i >= 0:
            out.append((i, value(i), _dn if i == _DEALER else cnt[i], _EL[i] & 3 == 2))
            left -= 1
            if not left:
                break
            i = cnt.find(b, i + 1)
        x += 1
        b = bytes((x,))
    out.sort()
    return out


def score(hand, analysis):
    global _dn
    check(hand)
    _dn = 2 * hand.streak + 1
    f = _Facts(hand, analysis)
    base = _context(hand, f)
    tbase = bytearray(base)
    _tiles(f, tbase)     # the same for every reading that is sets and pairs
    best = None
    bt = -1
    std = None
    st = -1
    lq = None
    memo = [None, None, None, None, None]
    prune = True    # a reading that cannot beat the best so far is not finished; not
    for r in analysis.readings:    # when 嚦咕 and a standard reading are combined
        if r.shape == "lique":
            prune = False
    for r in analysis.readings:
        cnt = _reading(hand, f, base, tbase, r, memo)
        t = _finish(cnt, bt if prune else -1)
        if r.shape == "lique":
            lq = cnt
        elif r.shape == "standard" and t > st:
            st = t
            std = cnt
        if t > bt:
            bt = t
            best = cnt
    if lq is not None and std is not None:
        # general rule 4 (嚦咕雙食): both forms' elements (rules/hk_lique.py, loaded for
        # the 嚦咕 reading)
        m = __import__("rules.hk_lique", None, None, ("both",)).both(lq, std, value)
        t = _finish(m)
        if t > bt:
            bt = t
            best = m
    return {"ok": True, "rules": "hk", "unit": UNIT, "total": bt, "legal": True,
            "items": _items(best)}
