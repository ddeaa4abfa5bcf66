# The rules engine's core: every reading of a complete hand, and the tiles it waited on.
#
# A reading is one way to see the hand: its sets (exposed melds first, then the concealed
# sets), its pair, and where the winning tile sits (which set it completed and the shape of
# that wait).  Rulesets score readings; the engine knows no ruleset.  Special shapes (seven
# pairs, thirteen orphans, ...) plug in as objects with `waits` and `readings` (shapes.py).

import tiles
import dtable
from errors import HandError
from hand import CHI, PON, ANKAN

# Set kinds
CHOW = 0
PUNG = 1
KONG = 2

# Where the winning tile sat
OPEN = "open"        # either end of a two-sided chow wait
EDGE = "edge"        # 12 waiting 3, 89 waiting 7
CLOSED = "closed"    # 13 waiting 2
SINGLE = "single"    # the pair's second tile
PUNG_WAIT = "pung"   # two pairs, one became a pung
STANDARD = "standard"


class Reading:
    """sets: [(kind, tile, open)], open 1 for claimed melds and for a pung completed by
    another player's tile.  pair: tile or -1.  win_set: index of the set the winning tile
    completed, -1 when it completed the pair, None when it sits in a special part (knitted
    tiles, seven pairs).  wait: one of the wait words above, or None."""

    def __init__(self, shape, sets, pair, win_set, wait):
        self.shape = shape
        self.sets = sets
        self.pair = pair
        self.win_set = win_set
        self.wait = wait
        self.pairs = None   # seven pairs: the seven pair tiles
        self.knit = None    # knitted shapes: the suits holding 147, 258, 369


class Analysis:
    def __init__(self, hand, counts, waits, readings):
        self.hand = hand
        self.counts = counts      # every tile held at the win, melds included (kong = 4)
        self.waits = waits        # tiles the hand waited on, ascending
        self.readings = readings


def melded_sets(hand):
    out = []
    for kind, t in hand.melds:
        if kind == CHI:
            out.append((CHOW, t, 1))
        elif kind == PON:
            out.append((PUNG, t, 1))
        else:
            out.append((KONG, t, 0 if kind == ANKAN else 1))
    return out


# ---- completeness, suit by suit ------------------------------------------------------

def suit_pairs(c, s, table):
    """Pairs (0 or 1) in the best division of suit s of counts c, or -1 if it cannot divide."""
    i = s * 9
    if s == 3:
        pairs = 0
        for t in range(27, 34):
            x = c[t]
            if x == 2:
                pairs += 1
            elif x == 1 or x == 4:
                return -1
        return pairs if pairs < 2 else -1
    end = i + 9
    pairs = 0
    while i < end:
        x = c[i]
        if not x:
            i += 1
            continue
        key = 0
        mkey = 0
        p = 1
        total = 0
        length = 0
        while i < end and c[i]:
            x = c[i]
            key += x * p
            p *= 5
            mkey = mkey * 5 + x
            total += x
            length += 1
            i += 1
        r = total % 3
        if r == 1:
            return -1
        if r == 2:
            pairs += 1
            if pairs > 1:
                return -1
        if length == 1:
            continue   # a lone rank of 2 or 3 always divides
        if table.find(key if key < mkey else mkey) < 0:
            return -1
    return pairs


def standard_waits(c, held, table):
    """Tiles t with c + t complete (melds plus one pair); held: counts including melds."""
    status = [suit_pairs(c, s, table) for s in range(4)]
    out = []
    for s in range(4):
        other = 0
        ok = True
        for o in range(4):
            if o != s:
                if status[o] < 0:
                    ok = False
                    break
                other += status[o]
        if not ok or other > 1:
            continue
        base = s * 9
        width = 7 if s == 3 else 9
        for t in range(base, base + width):
            if held[t] >= 4:
                continue
            if not c[t] and (s == 3 or ((t == base or not c[t - 1]) and (t == base + 8 or not c[t + 1]))):
                continue   # a tile with no neighbour in hand completes nothing
            c[t] += 1
            p = suit_pairs(c, s, table)
            c[t] -= 1
            if p >= 0 and p + other == 1:
                out.append(t)
    return out


# ---- enumerating divisions -----------------------------------------------------------

def suit_divisions(c, s, table):
    """Every division of suit s: list of (sets, pair tile or -1)."""
    base = s * 9
    if s == 3:
        sets = []
        pair = -1
        for t in range(27, 34):
            if c[t] == 3:
                sets.append((PUNG, t, 0))
            elif c[t] == 2:
                pair = t
            elif c[t]:
                return []
        return [(sets, pair)]
    result = [([], -1)]
    i = base
    end = base + 9
    while i < end:
        if not c[i]:
            i += 1
            continue
        start = i
        key = 0
        mkey = 0
        p = 1
        while i < end and c[i]:
            key += c[i] * p
            p *= 5
            mkey = mkey * 5 + c[i]
            i += 1
        length = i - start
        mirrored = mkey < key
        k = table.find(mkey if mirrored else key)
        if k < 0:
            return []
        options = []
        for div in table.divisions(k):
            # dtable.decode, inline: pair position (15: none), then 3 bits per chow (7: end)
            pair = div & 15
            if pair == 15:
                pair = -1
            elif mirrored:
                pair = length - 1 - pair
            left = c[start:start + length]   # a bytearray: the counts of the run
            sets = []
            div >>= 4
            for _ in range(5):
                ch = div & 7
                if ch == 7:
                    break
                div >>= 3
                if mirrored:
                    ch = length - 3 - ch
                sets.append((CHOW, start + ch, 0))
                left[ch] -= 1
                left[ch + 1] -= 1
                left[ch + 2] -= 1
            if pair >= 0:
                left[pair] -= 2
            for j in range(length):
                if left[j] == 3:
                    sets.append((PUNG, start + j, 0))
            options.append((sets, start + pair if pair >= 0 else -1))
        result = combine(result, options)
    return result


def combine(left, right):
    """Every (sets, pair) of one list joined with every one of the other, at most one pair."""
    out = []
    for sets0, pair0 in left:
        for sets1, pair1 in right:
            if pair0 < 0 or pair1 < 0:
                out.append((sets0 + sets1, pair0 if pair0 >= 0 else pair1))
    return out


def divisions(c, table):
    """Every division of counts c into sets and exactly one pair."""
    result = [([], -1)]
    for s in range(4):
        result = combine(result, suit_divisions(c, s, table))
    return [d for d in result if d[1] >= 0]


def chow_wait(start, win):
    pos = win - start
    if pos == 1:
        return CLOSED
    r = start % 9
    if (pos == 2 and r == 0) or (pos == 0 and r == 6):
        return EDGE
    return OPEN


def placements(hand, melds, sets, pair):
    """One Reading for each distinct place the winning tile can take in a division."""
    win = hand.win
    discard = not hand.self_drawn()
    out = []
    seen = []
    n = len(melds)
    if pair == win:
        out.append(Reading(STANDARD, melds + sets, pair, -1, SINGLE))
    for j in range(len(sets)):
        kind, t, _ = sets[j]
        if kind == CHOW and t <= win <= t + 2:
            wait = chow_wait(t, win)
        elif kind == PUNG and t == win:
            wait = PUNG_WAIT
        else:
            continue
        if (kind, t, wait) in seen:
            continue   # two identical sets give the same reading
        seen.append((kind, t, wait))
        own = melds + sets
        if kind == PUNG and discard:
            own[n + j] = (PUNG, t, 1)   # completed with another player's tile: not concealed
        out.append(Reading(STANDARD, own, pair, n + j, wait))
    return out


def analyse(hand, shapes=(), table=None):
    """Readings and waits of a validated hand; HandError('not_winning') if it is not complete."""
    if table is None:
        table = dtable.default()
    c = tiles.counts(hand.concealed)
    held = tiles.counts(hand.all_tiles())
    held[hand.win] -= 1
    waits = standard_waits(c, held, table)
    for shape in shapes:
        for t in shape.waits(c, len(hand.melds)):
            if t not in waits and held[t] < 4:
                waits.append(t)
    waits.sort()
    if hand.win not in waits:
        raise HandError("not_winning", 28, tiles.name(hand.win))
    c[hand.win] += 1
    melds = melded_sets(hand)
    readings = []
    for sets, pair in divisions(c, table):
        readings.extend(placements(hand, melds, sets, pair))
    for shape in shapes:
        readings.extend(shape.readings(c, hand, melds, table))
    held[hand.win] += 1
    return Analysis(hand, held, waits, readings)
