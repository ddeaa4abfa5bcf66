# Hong Kong 16-tile rarer special shapes (17 tiles at the win), for rules.hk, which loads
# this module only for a hand that may be one of them (its gate, _Special; 嚦咕 is
# rules/hk_lique.py):
#   Orphans    十三么: the 13 terminals and honours, one of them paired, and one more set
#              (chow, pung or one meld)
#   Unrelated  十六不搭: 16 different tiles, no two of a suit within two ranks (all seven
#              honours, three ranks per suit), one of them paired; the pair is an honour
#              unless the suits make 雜龍 (147/258/369) or 三相 (same ranks in each suit)
# docs/rules/hk.md has the decisions.

import engine
from tiles import const

ORPHANS = b"\x00\x08\x09\x11\x12\x1a\x1b\x1c\x1d\x1e\x1f\x20\x21"  # 1m 9m 1p 9p 1s 9s 1z-7z
_ORPHAN = b"\x01\0\0\0\0\0\0\0\x01" * 3 + b"\x01" * 7   # 1 for each tile of ORPHANS
KNITS = (0x49, 0x92, 0x124)   # rank bits of 147, 258, 369


def _total(c):
    return sum(c)   # each count in turn: the shapes' checks in C (count, find) come first


def _rank_bits(c, s):
    m = 0
    for r in range(9):
        if c[s * 9 + r]:
            m |= 1 << r
    return m


class _Shape:
    def waits(self, c, n_melds):
        if n_melds > self.melds:
            return []
        cands = self.candidates(c)
        if not cands or _total(c) != 16 - 3 * n_melds:
            return []
        out = []
        for t in cands:
            if c[t] < 4:
                c[t] += 1
                if self.parts(c, n_melds):
                    out.append(t)
                c[t] -= 1
        return out

    def candidates(self, c):
        """Tiles that may complete the shape, which holds every tile of `need`: the one
        missing, else any."""
        missing = []
        for t in self.need:
            if not c[t]:
                missing.append(t)
        return missing if len(missing) == 1 else (() if missing else range(34))


class Orphans(_Shape):
    melds = 1
    need = ORPHANS

    def parts(self, c, n):
        """[(pair tile, extra set or None)] for complete counts c."""
        if n > 1:
            return None
        for t in ORPHANS:
            if not c[t]:
                return None
        if _total(c) != 17 - 3 * n:
            return None
        left = []   # the tiles beside one of each orphan
        for t in range(34):
            for _ in range(c[t] - _ORPHAN[t]):
                left.append(t)
        out = []
        for o in ORPHANS:
            if c[o] < 2:
                continue
            rest = list(left)
            rest.remove(o)
            if n:
                out.append((o, None))
            elif rest[0] == rest[2]:
                out.append((o, (engine.PUNG, rest[0], 0)))
            elif rest[0] < 27 and rest[1] == rest[0] + 1 and rest[2] == rest[0] + 2 \
                    and rest[0] % 9 < 7:
                out.append((o, (engine.CHOW, rest[0], 0)))
        return out or None

    def candidates(self, c):
        # every orphan held: the tile added joins the tiles beside them (the pair, a pung
        # or a chow of them), so it is an orphan or within two ranks of one of them
        missing = c[27:34].count(b"\0") + (not c[0]) + (not c[8]) + (not c[9]) + \
            (not c[17]) + (not c[18]) + (not c[26])     # the honours counted in C
        if missing:
            return _Shape.candidates(self, c) if missing == 1 else ()
        near = 0
        for t in range(27):
            if c[t] > _ORPHAN[t]:
                r = t % 9
                near |= (0x1F << t >> 2) & (0x1FF << (t - r))   # ranks r-2..r+2 of its suit
        out = bytearray()
        for t in range(34):
            if _ORPHAN[t] or near >> t & 1:
                out.append(t)
        return out

    def readings(self, c, hand, melds, table):
        ps = self.parts(c, len(melds))
        out = []
        for o, st in ps or ():
            sets = list(melds)
            if st:
                sets.append(st)
            out.append(engine.Reading("orphans", sets, o, None, None))
        return out


class Unrelated(_Shape):
    melds = 0

    def parts(self, c, n, ms=None):
        """(pair tile, 雜龍, 三相) for complete counts c (ms: the suits' rank bits, from
        waits(), which has checked the counts)."""
        if ms is None:
            if n or c[27:34].count(b"\0") or c.count(b"\x02") > 1 or max(c) > 2 or \
                    _total(c) != 17:
                return None     # (counted in C) every honour, at most one pair
            ms = [_rank_bits(c, 0), _rank_bits(c, 1), _rank_bits(c, 2)]
        for m in ms:
            if m & (m >> 1) or m & (m >> 2):
                return None   # two tiles of a suit within two ranks: 搭
        pair = c.find(b"\x02")
        knit = ms[0] in KNITS and ms[1] in KNITS and ms[2] in KNITS and \
            ms[0] != ms[1] and ms[1] != ms[2] and ms[0] != ms[2]
        meet = ms[0] == ms[1] == ms[2]
        if pair < 27 and not (knit or meet):
            return None   # 字做眼 unless 雜龍 / 三相 (general rule 3)
        return (pair, knit, meet)

    def waits(self, c, n_melds):
        """The tiles parts() takes: the one honour missing, else a new suited tile (a pair
        held) or the pair (none held): 17 tiles, every honour, one pair, none thrice; the
        suits' rank bits counted once."""
        if n_melds:
            return []
        miss = c[27:34].count(b"\0")
        two = c.count(b"\x02")
        if miss > 1 or two > 1 or max(c) > 2 or _total(c) != 16:
            return []
        ms = [_rank_bits(c, 0), _rank_bits(c, 1), _rank_bits(c, 2)]
        out = []
        for t in range(34):
            x = c[t]
            if miss:
                if x or t < 27:
                    continue
            elif x != (0 if two else 1) or (not x and t >= 27):
                continue
            m = ms
            if not x and t < 27:
                m = list(ms)
                m[t // 9] |= 1 << t % 9
            c[t] += 1
            if self.parts(c, 0, m):
                out.append(t)
            c[t] -= 1
        return out

    def readings(self, c, hand, melds, table):
        p = self.parts(c, len(melds))
        if p is None:
            return []
        r = engine.Reading("unrelated", [], p[0], -1 if hand.win == p[0] and c[p[0]] == 2 else None,
                           None)
        r.knit = p
        return [r]


SHAPES = (Orphans(), Unrelated())


# ---- their scoring (rules.hk._reading) -----------------------------------------------

# rules.hk's elements these readings count
_HUAZI = const(0)
_ORPHANS_OUTSIDE = const(30)
_ORPHANS = const(119)
_UNRELATED = const(120)
_UNRELATED_FLY = const(121)
_UNRELATED_MEET = const(122)
_UNRELATED_DRAGON = const(123)


def score(h, reading, cnt):
    """十三么 and 十六不搭 readings: their element and their extras, counted into cnt (the
    context's counts)."""
    if reading.shape == "orphans":
        cnt[_ORPHANS] = 1
        ok = True
        for kind, t, op in reading.sets:
            if kind and t >= 27:
                cnt[_HUAZI] += 1 if t >= 31 else (t == 27 + h.seat) + (t == 27 + h.round)
            if t < 27 and not (t % 9 == 8 or t % 9 == 0 or (kind == 0 and t % 9 == 6)):
                ok = False
        if ok:
            cnt[_ORPHANS_OUTSIDE] = 1   # general rule 2: 混帶么 at half
    else:
        pair, knit, meet = reading.knit
        cnt[_UNRELATED] = 1
        if reading.win_set == -1:
            cnt[_UNRELATED_FLY] = 1
        if meet:
            cnt[_UNRELATED_MEET] = 1
        if knit:
            cnt[_UNRELATED_DRAGON] = 1
