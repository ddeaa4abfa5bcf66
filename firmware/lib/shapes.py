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


def _total(c):
    n = 0
    for x in c:
        n += x
    return n


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
        for knit in KNITS:
            allowed = knit_tiles(knit)
            ok = True
            for t in range(27):
                if c[t] and (c[t] > 1 or t not in allowed):
                    ok = False
                    break
            if ok:
                for t in range(27, 34):
                    if c[t] > 1:
                        return None
                return knit
        return None

    def waits(self, c, n_melds):
        if n_melds or _total(c) != 13:
            return []
        out = []
        for knit in KNITS:
            if self._knit_of_one(c, knit):
                for t in knit_tiles(knit) + list(range(27, 34)):
                    if not c[t] and t not in out:
                        out.append(t)
        out.sort()
        return out

    def _knit_of_one(self, c, knit):
        allowed = knit_tiles(knit)
        for t in range(34):
            if c[t] > 1 or (c[t] and t < 27 and t not in allowed):
                return False
        return True

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

    def _complete(self, c, table):
        for knit in KNITS:
            ks = knit_tiles(knit)
            if all(c[t] for t in ks):
                for t in ks:
                    c[t] -= 1
                pairs = 0
                ok = True
                for s in range(4):
                    p = engine.suit_pairs(c, s, table)
                    if p < 0:
                        ok = False
                        break
                    pairs += p
                for t in ks:
                    c[t] += 1
                if ok and pairs == 1:
                    return True
        return False

    def waits(self, c, n_melds):
        if n_melds > 1:
            return []
        near = False
        for knit in KNITS:
            if sum(1 for t in knit_tiles(knit) if c[t]) >= 8:
                near = True
        if not near:
            return []
        import dtable
        table = dtable.default()
        out = []
        for t in range(34):
            if c[t] < 4:
                c[t] += 1
                if self._complete(c, table):
                    out.append(t)
                c[t] -= 1
        return out

    def readings(self, c, hand, melds, table):
        if len(melds) > 1:
            return []
        out = []
        for knit in KNITS:
            ks = knit_tiles(knit)
            if not all(c[t] for t in ks):
                continue
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
