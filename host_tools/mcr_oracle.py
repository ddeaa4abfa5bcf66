"""Chinese Official hands for differential testing: a random generator biased towards the
rare elements, and PyPI's pymahjonggb (module MahjongGB) as the independent scorer.

The generator writes hands in the contract's form (shared/spec/score-interface.md);
`oracle(req)` answers {id: count} and the total for the same hand, ids as in
shared/rules/mcr-chinese-official.txt, translated by the documented differences
(docs/rules/mcr.md)."""

import random

from host_tools.tilecodes import parse, text, tile  # noqa: F401 (the generator's, and its users')


# pymahjonggb's names (simplified) in element order 1..81; the last is its own 明暗杠.
ORACLE_NAMES = (
    "大四喜 大三元 绿一色 九莲宝灯 四杠 连七对 十三幺 清幺九 小四喜 小三元 字一色 四暗刻 一色双龙会 "
    "一色四同顺 一色四节高 一色四步高 三杠 混幺九 七对 七星不靠 全双刻 清一色 一色三同顺 一色三节高 "
    "全大 全中 全小 清龙 三色双龙会 一色三步高 全带五 三同刻 三暗刻 全不靠 组合龙 大于五 小于五 三风刻 "
    "花龙 推不倒 三色三同顺 三色三节高 无番和 妙手回春 海底捞月 杠上开花 抢杠和 碰碰和 混一色 三色三步高 "
    "五门齐 全求人 双暗杠 双箭刻 全带幺 不求人 双明杠 和绝张 箭刻 圈风刻 门风刻 门前清 平和 四归一 "
    "双同刻 双暗刻 暗杠 断幺 一般高 喜相逢 连六 老少副 幺九刻 明杠 缺一门 无字 独听・边张 独听・嵌张 "
    "独听・单钓 自摸 花牌").split()
ORACLE_ID = {n: i + 1 for i, n in enumerate(ORACLE_NAMES)}
MING_AN_GANG = "明暗杠"   # 5 fan in pymahjonggb; not in the seed text: 明槓 1 + 暗槓 2


def oracle_tile(t):
    if t < 27:
        return "WBT"[t // 9] + str(t % 9 + 1)
    if t < 31:
        return "F%d" % (t - 26)
    return "J%d" % (t - 30)


WIND = {"E": 0, "S": 1, "W": 2, "N": 3}


def oracle(req):
    """(total, {id: count}) from pymahjonggb, or None when it finds no win."""
    import MahjongGB
    packs = []
    for m in req.get("melds", []):
        kind, ts = m.split()
        ts = parse(ts)
        if kind == "chi":
            packs.append(("CHI", oracle_tile(ts[1]), 1 + (len(packs) % 3)))
        elif kind == "pon":
            packs.append(("PENG", oracle_tile(ts[0]), 1 + (len(packs) % 3)))
        else:
            packs.append(("GANG", oracle_tile(ts[0]), 0 if kind == "ankan" else 1 + (len(packs) % 3)))
    hand = tuple(oracle_tile(t) for t in parse(req["hand"]))
    win = oracle_tile(parse(req["win"])[0])
    flags = req.get("flags", [])
    by = req.get("by", "self")
    selfdrawn = by == "self"
    about_kong = (selfdrawn and "kong_replacement" in flags) or by == "robkong"
    nflowers = len(req.get("flowers", "")) // 2
    try:
        res = MahjongGB.MahjongFanCalculator(
            tuple(packs), hand, win, nflowers, selfdrawn, "last_of_kind" in flags, about_kong,
            "last_tile" in flags, WIND[req.get("seat", "E")], WIND[req.get("round", "E")], True)
    except TypeError:
        return None
    items = {}
    total = 0
    for value, count, name, _ in res:
        if name == MING_AN_GANG:
            items[67] = items.get(67, 0) + 1
            items[74] = items.get(74, 0) + 1
            total += 3
            continue
        items[ORACLE_ID[name]] = count
        total += value * count
    return total, items


def ours(ans):
    return ans["total"], {it["id"]: it["count"] for it in ans["items"]}


# ---- generator ----------------------------------------------------------------------

def _all_sets():
    out = []
    for t in range(34):
        out.append(("pung", t))
        if t < 27 and t % 9 <= 6:
            out.append(("chow", t))
    return out


SETS = _all_sets()


def _set_tiles(s):
    kind, t = s
    return [t, t + 1, t + 2] if kind == "chow" else [t, t, t]


def _r(t):
    return t % 9 + 1


# Themes: (set predicate, pair predicate) narrowing the tiles a hand is drawn from, so
# the elements about the whole hand (flushes, terminals, ranges, greens ...) come up.
def _tiles_in(ok):
    return (lambda s: all(ok(t) for t in _set_tiles(s)), ok)


THEMES = [
    (lambda s: True, lambda t: True),
    _tiles_in(lambda t: t < 27),
    _tiles_in(lambda t: t >= 27 or t % 9 in (0, 8)),
    _tiles_in(lambda t: t < 27 and t % 9 in (0, 8)),
    _tiles_in(lambda t: t >= 27),
    _tiles_in(lambda t: t < 27 and t % 9 not in (0, 8)),
    _tiles_in(lambda t: t < 27 and _r(t) in (2, 4, 6, 8)),
    _tiles_in(lambda t: t < 27 and _r(t) in (4, 5, 6)),
    _tiles_in(lambda t: t < 27 and _r(t) <= 3),
    _tiles_in(lambda t: t < 27 and _r(t) <= 4),
    _tiles_in(lambda t: t < 27 and _r(t) >= 7),
    _tiles_in(lambda t: t < 27 and _r(t) >= 6),
    _tiles_in(lambda t: t == 32 or (18 <= t < 27 and _r(t) in (2, 3, 4, 6, 8))),
    _tiles_in(lambda t: t == 33 or (9 <= t < 18 and _r(t) in (1, 2, 3, 4, 5, 8, 9))
              or (18 <= t < 27 and _r(t) in (2, 4, 5, 6, 8, 9))),
    (lambda s: 5 in [_r(t) for t in _set_tiles(s)] and s[1] < 27, lambda t: t < 27 and _r(t) == 5),
    (lambda s: s[1] >= 27 or any(_r(t) in (1, 9) for t in _set_tiles(s)),
     lambda t: t >= 27 or _r(t) in (1, 9)),
    _tiles_in(lambda t: 27 <= t <= 30 or t < 27),
    _tiles_in(lambda t: t >= 31 or t < 27),
]


def _related(rng, s):
    """A set related to s: shifted, repeated, same rank in another suit, or honours."""
    kind, t = s
    if t >= 27:
        k = rng.randrange(27, 34)
        return ("pung", k)
    x = rng.random()
    suit, r = t // 9, t % 9
    if x < 0.35:
        step = rng.choice((0, 1, 1, 2, 3, 6, -1, -2, -3))
        r2 = r + step
        kind2 = kind if rng.random() < 0.85 else ("pung" if kind == "chow" else "chow")
    elif x < 0.7:
        suit = (suit + rng.randrange(1, 3)) % 3
        r2 = r + rng.choice((0, 0, 0, 1, -1, 2, 3, -3))
        kind2 = kind
    elif x < 0.8:
        r2 = 6 - r if kind == "chow" else 8 - r
        kind2 = kind
    else:
        return rng.choice(SETS)
    if not 0 <= r2 <= 8:
        return None
    if kind2 == "chow" and r2 > 6:
        return None
    return (kind2, suit * 9 + r2)


def _standard(rng, theme):
    set_ok, pair_ok = theme
    allowed = [s for s in SETS if set_ok(s)]
    pairs = [t for t in range(34) if pair_ok(t)]
    for _ in range(100):
        held = [0] * 34
        sets = []
        for i in range(4):
            s = None
            if sets and rng.random() < 0.7:
                s = _related(rng, rng.choice(sets))
                if s is not None and not set_ok(s):
                    s = None
            if s is None:
                s = rng.choice(allowed)
            ts = _set_tiles(s)
            if any(held[t] + ts.count(t) > 4 for t in ts):
                break
            for t in ts:
                held[t] += 1
            sets.append(s)
        if len(sets) < 4:
            continue
        if rng.random() < 0.3 and sets[0][1] < 27:
            p = sets[0][1] // 9 * 9 + 4   # a five: 雙龍會
        else:
            p = rng.choice(pairs)
        if held[p] > 2:
            continue
        held[p] += 2
        return sets, p
    return None


def _melds(rng, sets, p_meld):
    melds = []
    concealed = []
    kongs = 0
    for kind, t in sets:
        ts = _set_tiles((kind, t))
        if kind == "pung" and rng.random() < 0.25:
            kongs += 1
            k = rng.choice(("kan", "addkan", "ankan", "ankan"))
            if k == "ankan" or rng.random() < p_meld * 2:
                melds.append(k + " " + text([t] * 4))
                continue
            melds.append("ankan " + text([t] * 4))
            continue
        if rng.random() < p_meld:
            melds.append(("chi " if kind == "chow" else "pon ") + text(ts))
        else:
            concealed += ts
    return melds, concealed


def _special(rng):
    x = rng.random()
    if x < 0.3:   # seven pairs
        if rng.random() < 0.25:
            b = rng.randrange(3) * 9 + rng.randrange(3)
            ts = [b + i for i in range(7)] * 2
        else:
            pool = rng.choice(THEMES)[1]
            cand = [t for t in range(34) if pool(t)]
            ts = []
            if len(cand) < 4:
                return None
            while len(ts) < 14:
                t = rng.choice(cand)
                if ts.count(t) <= 2:
                    ts += [t, t]
        return ts, []
    if x < 0.4:   # thirteen orphans
        orph = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
        return orph + [rng.choice(orph)], []
    knit = rng.choice(((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)))
    kt = [knit[pos] * 9 + pos + 3 * step for pos in range(3) for step in range(3)]
    if x < 0.6:   # honours and knitted tiles
        n = rng.choice((7, 7, 8, 9))
        return rng.sample(kt, n) + rng.sample(range(27, 34), 14 - n), []
    if x < 0.9:   # knitted straight, a set and a pair
        s = rng.choice(SETS)
        p = rng.randrange(34)
        held = kt + _set_tiles(s) + [p, p]
        if any(held.count(t) > 4 for t in held):
            return None
        if rng.random() < 0.3:
            kind, t = s
            if kind == "chow":
                m = "chi " + text(_set_tiles(s))
            else:
                if rng.random() < 0.5:
                    m = "pon " + text([t] * 3)
                else:
                    m = rng.choice(("kan ", "ankan ")) + text([t] * 4)
            return kt + [p, p], [m]
        return held, []
    b = rng.randrange(3) * 9   # nine gates
    ts = [b] * 3 + [b + i for i in range(1, 8)] + [b + 8] * 3 + [b + rng.randrange(9)]
    return ts, []


def random_hand(rng):
    """One complete hand (contract dict with 'rules': 'mcr'), or None to try again."""
    melds = []
    if rng.random() < 0.15:
        got = _special(rng)
        if got is None:
            return None
        concealed, melds = got
    else:
        x = rng.random()
        if x < 0.02:        # 三色雙龍會 (and near misses)
            a, b, c = rng.sample(range(3), 3)
            if rng.random() < 0.5:
                b = c = a   # 一色雙龍會
            sets = [("chow", a * 9), ("chow", a * 9 + 6), ("chow", b * 9), ("chow", b * 9 + rng.choice((6, 6, 3)))]
            pair = c * 9 + 4
        elif x < 0.05:      # plain hands: three suits, unrelated sets, a wind pair
            a, b, c = rng.sample(range(3), 3)
            sets = [("chow", a * 9 + rng.randrange(1, 6)), ("chow", b * 9 + rng.randrange(7)),
                    ("chow", c * 9 + rng.randrange(7)), ("pung", rng.randrange(27))]
            pair = rng.randrange(27, 31)
            if any(sum(_set_tiles(s).count(t) for s in sets) + 2 * (t == pair) > 4 for t in range(34)):
                return None
        else:
            got = _standard(rng, rng.choice(THEMES))
            if got is None:
                return None
            sets, pair = got
        p_meld = rng.choice((0.0, 0.0, 0.2, 0.4, 0.8, 1.0))
        melds, concealed = _melds(rng, sets, p_meld)
        concealed += [pair, pair]
    rng.shuffle(concealed)
    win = concealed.pop()
    by = rng.choice(("self", "self", "discard", "discard", "robkong"))
    allt = list(concealed) + [win]
    for m in melds:
        allt += parse(m.split()[1])
    if by == "robkong" and allt.count(win) > 1:
        by = "discard"
    flags = []
    if rng.random() < 0.12:
        flags.append("last_tile")
    if rng.random() < 0.2 and by == "self" and any(m.split()[0] in ("kan", "addkan", "ankan") for m in melds):
        flags.append("kong_replacement")
    if rng.random() < 0.12:
        flags.append("last_of_kind")
    if rng.random() < 0.03:
        flags.append("flower_replacement")
    req = {"rules": "mcr", "hand": text(concealed), "melds": melds, "win": tile(win), "by": by,
           "seat": rng.choice("ESWN"), "round": rng.choice("ESWN")}
    if flags:
        req["flags"] = flags
    if rng.random() < 0.4:
        req["flowers"] = "".join("%df" % f for f in sorted(rng.sample(range(1, 9), rng.randrange(1, 9))))
    return req


def hands(n, seed=1):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        h = random_hand(rng)
        if h is not None:
            out.append(h)
    return out


def waits_differ(req):
    """True when the tiles the hand waited on, as the engine counts them (no tile the winner
    holds all four of, and the knitted and thirteen-orphan shapes too), are unique while the
    oracle's count (sets and seven pairs only, exhausted tiles included) is not, or the other
    way round.  Such hands differ only in 邊張/坎張/單釣將 (docs/rules/mcr.md)."""
    import engine
    import hand as handmod
    import tiles as tilemod
    from rules import mcr
    body = {k: v for k, v in req.items() if k != "rules"}
    h = handmod.parse(body, 4, mcr.FLAGS)
    a = engine.analyse(h, mcr.SHAPES)
    c = list(tilemod.counts(h.concealed))
    wide = []
    for t in range(34):
        c[t] += 1
        if _complete(c, sum(c) % 3 == 2 and sum(c) // 3) or (sum(c) == 14 and all(x % 2 == 0 for x in c)):
            wide.append(t)
        c[t] -= 1
    return (len(wide) == 1) != (len(a.waits) == 1)


def _complete(c, n_sets, pair=True):
    """Sets and one pair, any number of copies (a fifth copy included)."""
    i = 0
    while i < 34 and not c[i]:
        i += 1
    if i == 34:
        return not pair and n_sets == 0
    ok = False
    if pair and c[i] >= 2:
        c[i] -= 2
        ok = _complete(c, n_sets, False)
        c[i] += 2
    if not ok and c[i] >= 3 and n_sets:
        c[i] -= 3
        ok = _complete(c, n_sets - 1, pair)
        c[i] += 3
    if not ok and n_sets and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for j in (i, i + 1, i + 2):
            c[j] -= 1
        ok = _complete(c, n_sets - 1, pair)
        for j in (i, i + 1, i + 2):
            c[j] += 1
    return ok


WAIT_IDS = (77, 78, 79)


def without_waits(total, items):
    for i in WAIT_IDS:
        if i in items:
            total -= items.pop(i)
    return total, items
