# Taiwan 16-tile (台灣十六張), scored in 台 after shared/rules/taiwan-16.txt.
#
# Every element is data (ELEMENTS: id, name as the text spells it, 台 per count) with one
# small predicate returning its count; the exclusion table at the end of the text is data
# (EXCLUSIONS), row by row, each entry with the decision on who gives way.  docs/rules/tw.md
# explains every decision.  The best reading of the hand is the one with the most 台.

from tiles import const, bits
import eltable
import tiles
from errors import HandError
from hand import ANKAN

UNIT = "tai"
N_SETS = 5
FLAGS = ()      # only the contract's common words; see docs/rules/tw.md for how each is used
SHAPES = ()     # sets and a pair only

STREAK_CAP = const(18)     # 連莊十八: 莊家 1 + 連莊 18 + 拉莊 18 = 37
FLOWER_WIN_TAI = const(8)  # 八仙過海 and 七搶一, settled by the table as flowers events

# Engine set kinds (engine.CHOW, PUNG, KONG), kept here so the module needs no engine import.
_CHOW = const(0)


def dealer_tai(streak):
    """台 the dealer adds to any payment he is part of: 莊家 1 + 連n拉n 2n, n capped at 18."""
    if streak < 0:
        streak = 0
    return 1 + 2 * min(streak, STREAK_CAP)


# ---- the elements -------------------------------------------------------------------
# One line each: stable id, name as the text spells it, 台 per count.  Predicates below
# (PREDICATES), in the same order.  Counts above 1: 連莊 n (連n拉n, 2 台 per consecutive
# win, n <= 18); 風牌 one per seat-wind set and one per prevailing-wind set; 花牌 the
# winner's own-seat flowers; 三元牌 the 中 發 白 pungs; 花槓 the full flower sets.
# 清一色 includes 字一色 (honours only).  八仙過海 and 七搶一 are FLOWER_WIN_TAI.
ELEMENTS = """
dealer               莊家      1
streak               連莊      2
self_drawn           自摸      1
concealed            門清      1
wind                 風牌      1
flower               花牌      1
dragon               三元牌    1
last_tile            海底撈月  1
ready                眼牌      1
kong_bloom           槓上開花  1
rob_kong             搶槓      1
single_wait          獨聽      1
ping_hu              平胡      2
three_concealed      三暗刻    2
all_melded           全求人    2
flower_kong          花槓      2
concealed_self_drawn 門清自摸  3
all_pungs            碰碰胡    4
small_dragons        小三元    4
half_flush           混一色    4
small_winds          小四喜    4
four_concealed       四暗刻    4
full_flush           清一色    8
five_concealed       五暗刻    16
big_dragons          大三元    8
big_winds            大四喜    8
eight_flowers        八仙過海  8
seven_rob_one        七搶一    8
human                人胡      8
heavenly             天胡      16
earthly              地胡      16
"""

_DEALER = const(0)
_STREAK = const(1)
_EIGHT_FLOWERS = const(26)


def elements():
    """[(id, name, 台)] in ELEMENTS order (built on demand: the text is the data)."""
    return [(eid, name, int(v)) for eid, name, v in eltable.rows(ELEMENTS)]


VALUES = eltable.column(ELEMENTS, 2)
N_ELEMENTS = len(VALUES)


def index(key):
    """Position of the element with id or name `key`, -1 for none (胡牌 is no element)."""
    return eltable.index(ELEMENTS, key)


# ---- the exclusion table ------------------------------------------------------------
# The text's table row by row, and the rule deciding who gives way, are in
# tw_exclusions.py (EXCLUSIONS, exclusions(), give_way()), which reads the elements from
# here; this module never imports it.  Scoring needs only what they
# give, so that reading the text (a few KB of strings) is no part of loading the scorer:
# loser, winner, loser, winner, ... for every entry of the table, in the text's order
# (tests check it equals tw_exclusions.pairs()).
_PAIRS = bytes((
    2, 14, 2, 12, 2, 16, 2, 28, 2, 29, 2, 30, 2, 10, 2, 26, 2, 27,     # 自摸
    3, 14, 3, 16, 3, 28, 3, 29, 3, 30, 3, 26, 3, 27,                   # 門清
    4, 12, 4, 20, 4, 25,                                               # 風牌
    5, 12, 5, 26, 5, 27,                                               # 花牌
    6, 12, 6, 18, 6, 24,                                               # 三元牌
    7, 9, 7, 12, 7, 10, 7, 14, 7, 26, 7, 27, 7, 28, 7, 29, 7, 30,      # 海底撈月
    13, 12, 13, 14,                                                    # 三暗刻
    12, 17,                                                            # 碰碰胡
    19, 22,                                                            # 混一色
    12, 21, 13, 21, 14, 21,                                            # 四暗刻
    2, 26, 5, 26, 15, 26, 14, 26,                                      # 八仙過海
    2, 27, 5, 27, 15, 27, 14, 27,                                      # 七搶一
    3, 28, 14, 28,                                                     # 人胡
    17, 23, 13, 23, 21, 23, 3, 23, 14, 23,                             # 五暗刻
    3, 29, 3, 30, 2, 29, 2, 30, 16, 29, 16, 30, 14, 29, 14, 30,        # 天胡地胡
    11, 14,                                                            # 獨聽
))


# ---- what the predicates look at ----------------------------------------------------

class _HandFacts:
    """Facts about the hand that every reading shares."""

    def __init__(self, hand, analysis):
        self.hand = hand
        self.self_drawn = hand.by == "self"
        menqing = True
        melded = 0        # melds claimed from others (chi, pon, kan, addkan)
        kongs = 0         # kongs of a tile the winner drew (addkan, ankan): 槓上開花's kongs
        for kind, _ in hand.melds:
            if kind != ANKAN:
                menqing = False
                melded += 1
            if kind > 2:
                kongs += 1
        self.menqing = menqing
        self.melded = melded
        self.kongs = kongs
        self.n_waits = len(analysis.waits)
        c = analysis.counts
        self.suits, self.honours = tiles.suits_held(c)
        own = 0
        fl = 0
        for f in hand.flowers:
            fl |= 1 << f
            if f % 4 == hand.seat:
                own += 1
        self.own_flowers = own
        self.flower_sets = (1 if fl & 0x0F == 0x0F else 0) + (1 if fl & 0xF0 == 0xF0 else 0)
        self.n_flowers = len(hand.flowers)


class _ReadingFacts:
    """Facts about one reading."""

    def __init__(self, hf, reading):
        self.wait = reading.wait
        pair = reading.pair
        chows = 0
        hidden = 0       # concealed pungs and kongs, not counting one completed by a discard
        winds = 0        # bit w set: a pung or kong of wind w (0..3 = E S W N)
        dragons = 0
        for kind, t, op in reading.sets:
            if kind == _CHOW:
                chows += 1
                continue
            if not op:
                hidden += 1
            if 27 <= t <= 30:
                winds |= 1 << (t - 27)
            elif t >= 31:
                dragons += 1
        self.chows = chows
        self.hidden = hidden
        self.winds = winds
        self.n_winds = bits(winds)
        self.dragons = dragons
        self.wind_pair = 27 <= pair <= 30
        self.dragon_pair = pair >= 31


# ---- predicates: one per element, returning its count (0: not scored) -----------------
# They are locals of _predicates(), not module globals: 31 more names made the module's
# globals table 73 slots (1,168 bytes in one piece, grown through 944 while the import
# ran), the piece Taiwan's scorer import found none of at 60k with 11 KB free; with 30
# names it is 37 slots (592 bytes), and the module 576 bytes smaller in the heap.

def _predicates():
    def _dealer(h, hf, rf):
        return 1 if h.dealer else 0

    def _streak(h, hf, rf):
        return min(h.streak, STREAK_CAP) if h.dealer else 0

    def _self_drawn(h, hf, rf):
        return 1 if hf.self_drawn else 0

    def _concealed(h, hf, rf):
        return 1 if hf.menqing else 0

    def _wind(h, hf, rf):
        # 隨莊: the seat wind counts from the dealer (East); the prevailing wind is the round's.
        n = 0
        if rf.winds & (1 << h.seat):
            n += 1
        if rf.winds & (1 << h.round):
            n += 1
        return n

    def _flower(h, hf, rf):
        return hf.own_flowers

    def _dragon(h, hf, rf):
        return rf.dragons

    def _last_tile(h, hf, rf):
        return 1 if hf.self_drawn and "last_tile" in h.flags else 0

    def _ready(h, hf, rf):
        return 1 if "ready_declared" in h.flags else 0

    def _kong_bloom(h, hf, rf):
        # 因自己摸到花牌或明槓（本身已碰牌，自己摸起來槓的）或暗槓而補牌: a flower, an added
        # kong or a concealed kong; the replacement after a kong claimed from a discard is not
        return 1 if hf.self_drawn and (("kong_replacement" in h.flags and hf.kongs)
                                       or "flower_replacement" in h.flags) else 0

    def _rob_kong(h, hf, rf):
        return 1 if h.by == "robkong" else 0

    def _single_wait(h, hf, rf):
        # 獨聽: the hand waited on one tile only (眼睛, 邊張 or 中洞), from all its waits;
        # 天胡 was complete as dealt and never waited (聽牌時只聽一張牌)
        return 1 if hf.n_waits == 1 and "heavenly" not in h.flags else 0

    def _ping_hu(h, hf, rf):
        # 有眼睛 (the pair was in hand: the winning tile did not make it), 無花, 無字, 無刻,
        # 無獨聽, 無自摸, 聽二洞 (two waited tiles, the winning one ends a two-sided chow)
        if hf.n_flowers or hf.honours or rf.chows != N_SETS or hf.self_drawn:
            return 0
        return 1 if hf.n_waits == 2 and rf.wait == "open" else 0

    def _three_concealed(h, hf, rf):
        return 1 if rf.hidden >= 3 else 0

    def _all_melded(h, hf, rf):
        # every set claimed (吃 / 碰 / 明槓), one tile left to wait on, won on another's tile
        return 1 if hf.melded == N_SETS and not hf.self_drawn else 0

    def _flower_kong(h, hf, rf):
        return hf.flower_sets

    def _concealed_self_drawn(h, hf, rf):
        return 1 if hf.menqing and hf.self_drawn else 0

    def _all_pungs(h, hf, rf):
        return 1 if rf.chows == 0 else 0

    def _small_dragons(h, hf, rf):
        return 1 if rf.dragons == 2 and rf.dragon_pair else 0

    def _half_flush(h, hf, rf):
        # one suit at most besides honours; the pure cases give way to 清一色 (exclusion row)
        return 1 if hf.suits <= 1 else 0

    def _small_winds(h, hf, rf):
        return 1 if rf.n_winds == 3 and rf.wind_pair else 0

    def _four_concealed(h, hf, rf):
        return 1 if rf.hidden >= 4 else 0

    def _full_flush(h, hf, rf):
        # one suit and no honours, or honours only (字一色)
        return 1 if (hf.suits == 1 and not hf.honours) or hf.suits == 0 else 0

    def _five_concealed(h, hf, rf):
        return 1 if rf.hidden == N_SETS else 0

    def _big_dragons(h, hf, rf):
        return 1 if rf.dragons == 3 else 0

    def _big_winds(h, hf, rf):
        return 1 if rf.n_winds == 4 else 0

    def _never(h, hf, rf):
        # 八仙過海 / 七搶一 are flowers events of the table, not scored from a hand's tiles
        return 0

    def _human(h, hf, rf):
        return 1 if "human" in h.flags else 0

    def _heavenly(h, hf, rf):
        return 1 if "heavenly" in h.flags else 0

    def _earthly(h, hf, rf):
        return 1 if "earthly" in h.flags else 0

    return (_dealer, _streak, _self_drawn, _concealed, _wind, _flower, _dragon, _last_tile,
            _ready, _kong_bloom, _rob_kong, _single_wait, _ping_hu, _three_concealed,
            _all_melded, _flower_kong, _concealed_self_drawn, _all_pungs, _small_dragons,
            _half_flush, _small_winds, _four_concealed, _full_flush, _five_concealed,
            _big_dragons, _big_winds, _never, _never, _human, _heavenly, _earthly)


PREDICATES = _predicates()
del _predicates        # its code leaves the heap once the import is done


def resolve(counts):
    """Apply the exclusion table to counts (one per element, 0 = not scored), in place:
    an element is dropped when an element it gives way to was scored.  Returns counts."""
    return eltable.drop_excluded(counts, _PAIRS)


def _total(counts):
    n = 0
    for i in range(N_ELEMENTS):
        if counts[i]:
            n += VALUES[i] * counts[i]
    return n


def _items(counts):
    out = []
    for i, (eid, name, _) in eltable.counted(ELEMENTS, counts):
        out.append({"id": eid, "name": name, "value": VALUES[i], "count": counts[i]})
    return out


# ---- checks of the context words against the hand -------------------------------------

def _refuse(msg):
    raise HandError("bad_field", msg)


def check(hand):
    """Refuse a hand whose context contradicts itself under these rules (bad_field)."""
    flags = hand.flags
    melds = len(hand.melds)
    if "heavenly" in flags and (not hand.dealer or hand.by != "self" or melds):
        _refuse("heavenly (天胡) is the dealer's self-drawn win before any meld")
    if "earthly" in flags and (hand.dealer or hand.by != "self" or melds):
        _refuse("earthly (地胡) is a non-dealer's self-drawn win on the first draw, before any meld")
    if "human" in flags and (hand.dealer or hand.by != "discard" or melds):
        _refuse("human (人胡) is a non-dealer's win on a discard before the first draw, no melds")
    eltable.check_replacement(hand)


# ---- scoring ------------------------------------------------------------------------

def _answer(total, counts, legal, reason=None):
    ans = {"ok": True, "rules": "tw", "unit": UNIT, "total": total, "legal": legal,
           "items": _items(counts)}
    if reason is not None:
        ans["reason"] = reason
    return ans


def score(hand, analysis):
    check(hand)
    if len(hand.flowers) == 8:
        # The eighth flower won the hand at once as 八仙過海, whatever the tiles held
        # (與該玩家手中是否聽牌無關; 不另計自摸及其他花牌及花槓台數): only it and the dealer's 台.
        counts = bytearray(N_ELEMENTS)
        counts[_DEALER] = PREDICATES[_DEALER](hand, None, None)
        counts[_STREAK] = PREDICATES[_STREAK](hand, None, None)
        counts[_EIGHT_FLOWERS] = 1
        return _answer(_total(counts), counts, True)
    hf = _HandFacts(hand, analysis)
    best = None
    best_total = -1
    counts = bytearray(N_ELEMENTS)
    for reading in analysis.readings:
        rf = _ReadingFacts(hf, reading)
        for i in range(N_ELEMENTS):
            counts[i] = PREDICATES[i](hand, hf, rf)
        resolve(counts)
        t = _total(counts)
        if t > best_total:
            best_total = t
            best = bytearray(counts)
    if best is None:   # the engine found no reading: nothing to score
        raise HandError("not_winning", "the hand has no reading as five sets and a pair")
    return _answer(best_total, best, True)
