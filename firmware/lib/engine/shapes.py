# Special winning shapes that are not sets plus a pair.  Each is an object with
#   waits(c, n_melds)             -> tiles completing concealed counts c (winning tile excluded)
#   readings(c, hand, melds, table) -> engine Readings of complete concealed counts c
# A ruleset lists the shapes it accepts.

import engine

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
# The six ways to give 147, 258 and 369 to the three suits.
KNITS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def knit_tiles(knit):
    out = []
    for pos in range(3):
        for step in range(3):
            out.append(knit[pos] * 9 + pos + 3 * step)
    return out


def _knit_bits(knit):
    m = 0
    for t in knit_tiles(knit):
        m |= 1 << t
    return m


KNIT_BITS = tuple(_knit_bits(k) for k in KNITS)   # bit t set for each tile of the pattern


def _held_bits(c):
    """Bit t for each suited tile held."""
    m = 0
    for t in range(27):
        if c[t]:
            m |= 1 << t
    return m


def _single_bits(c):
    """Bit t for each suited tile held, or -1 when a tile is held more than once."""
    m = 0
    for t in range(34):
        x = c[t]
        if x > 1:
            return -1
        if x and t < 27:
            m |= 1 << t
    return m


def _total(c):
    return sum(c)


class SevenPairs:
    """Seven pairs, concealed.  four_as_two: four alike may count as two pairs."""
    name = "seven_pairs"

    def __init__(self, pairs=7, four_as_two=True):
        self.n = pairs
        self.four_as_two = four_as_two

    def waits(self, c, n_melds):
        if n_melds or _total(c) != 2 * self.n - 1:
            return []
        odd = [t for t in range(34) if c[t] & 1]
        if len(odd) != 1 or (c[odd[0]] == 3 and not self.four_as_two):
            return []
        return odd

    def readings(self, c, hand, melds, table):
        if melds or _total(c) != 2 * self.n:
            return []
        pairs = []
        for t in range(34):
            if c[t] & 1 or (c[t] == 4 and not self.four_as_two):
                return []
            for _ in range(c[t] // 2):
                pairs.append(t)
        r = engine.Reading(self.name, [], -1, None, engine.SINGLE)
        r.pairs = pairs
        return [r]


class ThirteenOrphans:
    name = "thirteen_orphans"

    def waits(self, c, n_melds):
        if n_melds or _total(c) != 13:
            return []
        missing = [t for t in ORPHANS if not c[t]]
        for t in range(34):
            if c[t] and t not in ORPHANS:
                return []
        if not missing:
            return list(ORPHANS)
        return missing if len(missing) == 1 else []

    def readings(self, c, hand, melds, table):
        if melds or _total(c) != 14:
            return []
        pair = -1
        for t in range(34):
            if (c[t] and t not in ORPHANS) or c[t] > 2:
                return []
            if c[t] == 2:
                pair = t
        if pair < 0 or [t for t in ORPHANS if not c[t]]:
            return []
        if pair == hand.win:
            return [engine.Reading(self.name, [], pair, -1, engine.SINGLE)]
        return [engine.Reading(self.name, [], pair, None, None)]


class HonorsAndKnitted:
    """14 different tiles from the seven honours and one knitted pattern (全不靠 / 七星不靠)."""
    name = "honors_knitted"

    def _knit_of(self, c):
        m = _single_bits(c)
        if m >= 0:
            for i in range(6):
                if not m & ~KNIT_BITS[i]:
                    return KNITS[i]
        return None

    def waits(self, c, n_melds):
        if n_melds or _total(c) != 13:
            return []
        m = _single_bits(c)
        if m < 0:
            return []
        out = []
        for i in range(6):
            if not m & ~KNIT_BITS[i]:
                for t in knit_tiles(KNITS[i]) + list(range(27, 34)):
                    if not c[t] and t not in out:
                        out.append(t)
        out.sort()
        return out

    def readings(self, c, hand, melds, table):
        if melds or _total(c) != 14:
            return []
        knit = self._knit_of(c)
        if knit is None:
            return []
        r = engine.Reading(self.name, [], -1, None, None)
        r.knit = knit
        return [r]


class KnittedStraight:
    """147 258 369 in three suits (組合龍) with one more set and a pair."""
    name = "knitted_straight"

    def waits(self, c, n_melds):
        """A knitted straight held whole: the waits of the rest; one tile short: that tile,
        if the rest is complete with it."""
        if n_melds > 1:
            return []
        table = None
        out = []
        held = _held_bits(c)
        for i in range(6):
            gone = KNIT_BITS[i] & ~held
            if gone & (gone - 1):
                continue      # two or more of the pattern's tiles not held
            ks = knit_tiles(KNITS[i])
            missing = -1
            if gone:
                for t in ks:
                    if not c[t]:
                        missing = t
            if table is None:
                import dtable
                table = dtable.default()
            for t in ks:
                if t != missing:
                    c[t] -= 1
            if missing < 0:
                ws = engine.standard_waits(c, c, table)
            else:   # the missing tile drawn: the rest must be complete
                ws = [missing] if self._rest_complete(c, table) else []
            for t in ks:
                if t != missing:
                    c[t] += 1
            for t in ws:
                if t not in out and c[t] < 4:
                    out.append(t)
        out.sort()
        return out

    def _rest_complete(self, c, table):
        pairs = 0
        for s in range(4):
            p = engine.suit_pairs(c, s, table)
            if p < 0:
                return False
            pairs += p
        return pairs == 1

    def readings(self, c, hand, melds, table):
        if len(melds) > 1:
            return []
        out = []
        held = _held_bits(c)
        for i in range(6):
            if KNIT_BITS[i] & ~held:
                continue      # a tile of the pattern not held
            knit = KNITS[i]
            ks = knit_tiles(knit)
            for t in ks:
                c[t] -= 1
            for sets, pair in engine.divisions(c, table):
                rs = engine.placements(hand, melds, sets, pair)
                if hand.win in ks:
                    rs.append(engine.Reading(self.name, melds + sets, pair, None, None))
                for r in rs:
                    r.shape = self.name
                    r.knit = knit
                    out.append(r)
            for t in ks:
                c[t] += 1
        return out


MCR_SHAPES = (SevenPairs(), ThirteenOrphans(), HonorsAndKnitted(), KnittedStraight())
