"""Random legal Riichi hands with their context, and the same hand put to the reference
scorer (PyPI mahjong 2.1.0).  Used by tests/test_riichi_oracle.py and host_tools.bench.riichi.

A hand is built as four sets and a pair (seven pairs and kokushi musou now and then),
under a "family" that steers it towards the yaku that random tiles rarely make (flushes,
all honours and terminals, all simples, all green, all pungs); some sets are melded;
the winning tile is one of the concealed tiles; the context words and dora indicators
come in the proportions of play written in docs/rules/riichi.md ("Tests")."""

import random

from host_tools.tilecodes import parse

WINDS = "ESWN"
FAMILIES = ("any", "any", "any", "half_flush", "full_flush", "terminals", "simples",
            "greens", "pungs", "honours_heavy", "outside", "pure_outside", "chows", "winds", "kongs")
GREENS = (19, 20, 21, 23, 25, 32)


def name(t):
    if t >= 27:
        return "%dz" % (t - 26)
    return "%d%s" % (t % 9 + 1, "mps"[t // 9])


def text(ts):
    return "".join(name(t) for t in sorted(ts))


def _allowed(family, suit):
    """Tile types the family allows (suit: the flush's suit)."""
    if family in ("half_flush", "full_flush"):
        out = list(range(suit * 9, suit * 9 + 9))
        if family == "half_flush":
            out += list(range(27, 34))
        return out
    if family == "terminals":
        return [0, 8, 9, 17, 18, 26] + list(range(27, 34))
    if family == "simples":
        return [t for t in range(27) if t % 9 not in (0, 8)]
    if family == "greens":
        return list(GREENS)
    if family == "outside":
        return [0, 6, 8, 9, 15, 17, 18, 24, 26] + list(range(27, 34))
    if family == "pure_outside":
        return [0, 6, 8, 9, 15, 17, 18, 24, 26]
    if family == "chows":
        return list(range(27))
    if family == "winds":
        return list(range(34)) + [27, 28, 29, 30] * 8
    if family == "honours_heavy":
        return list(range(34)) + list(range(27, 34)) * 3
    return list(range(34))


def _set(rng, family, allowed, pungs_only):
    """(kind, tile): kind 'chow' or 'pung'."""
    for _ in range(50):
        t = rng.choice(allowed)
        if family in ("outside", "pure_outside"):
            # every set holds a terminal or honour: chows 123 / 789, pungs of 1, 9, honours
            if t < 27 and t % 9 in (0, 6) and rng.random() < 0.7:
                return ("chow", t)
            if t < 27 and t % 9 == 6:
                t += 2
            return ("pung", t)
        chow_ok = t < 27 and t % 9 <= 6 and all(x in allowed for x in (t, t + 1, t + 2))
        if chow_ok and not pungs_only and rng.random() < (0.95 if family == "chows" else 0.6):
            return ("chow", t)
        if family in ("terminals",) or t >= 27 or rng.random() < 0.9:
            return ("pung", t)
    return ("pung", rng.choice(allowed))


def standard(rng):
    family = rng.choice(FAMILIES)
    suit = rng.randrange(3)
    allowed = _allowed(family, suit)
    pungs_only = family in ("pungs", "winds", "kongs") or (family == "terminals" and rng.random() < 0.5)
    for _ in range(200):
        sets = [_set(rng, family, allowed, pungs_only) for _ in range(4)]
        pair = rng.choice(allowed)
        if family in ("outside", "pure_outside") and pair < 27 and pair % 9 == 6:
            pair += 2
        c = [0] * 34
        c[pair] += 2
        for kind, t in sets:
            if kind == "chow":
                for x in (t, t + 1, t + 2):
                    c[x] += 1
            else:
                c[t] += 3
        if max(c) <= 4:
            return sets, pair, c, 0.85 if family == "kongs" else 0.12
    return None


def build(rng):
    """One hand as a contract dict (without rules), or None when the draw failed."""
    r = rng.random()
    melds = []
    if r < 0.05:
        # seven different pairs
        kinds = rng.sample(range(34), 7)
        concealed = [t for t in kinds for _ in range(2)]
    elif r < 0.07:
        orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
        concealed = orphans + [rng.choice(orphans)]
    elif r < 0.08:
        # nine gates: 1112345678999 and one more of the suit
        b = rng.randrange(3) * 9
        concealed = [b, b, b, b + 8, b + 8, b + 8] + [b + k for k in range(1, 8)]
        concealed.append(b + rng.randrange(9))
    else:
        got = standard(rng)
        if got is None:
            return None
        sets, pair, c, kong_p = got
        concealed = [pair, pair]
        open_hand = rng.random() < 0.35
        for kind, t in sets:
            if kind == "pung" and rng.random() < kong_p and c[t] == 3:
                # a kong: one more tile of the kind, never concealed in hand
                c[t] += 1
                word = rng.choice(("ankan", "ankan", "kan", "addkan")) if open_hand else "ankan"
                melds.append("%s %s" % (word, text([t] * 4)))
                continue
            if open_hand and rng.random() < 0.5:
                word = "chi" if kind == "chow" else "pon"
                ts = [t, t + 1, t + 2] if kind == "chow" else [t, t, t]
                melds.append("%s %s" % (word, text(ts)))
                continue
            concealed += [t, t + 1, t + 2] if kind == "chow" else [t, t, t]
    win = rng.choice(concealed)
    concealed.remove(win)
    hand = {"hand": text(concealed), "win": name(win)}
    if melds:
        hand["melds"] = melds
    return hand


def context(rng, hand):
    """Add by, seat, round, flags and dora fields to a hand (in place); returns it."""
    closed = all(m.startswith("ankan") for m in hand.get("melds", ()))
    kongs = [m for m in hand.get("melds", ()) if "kan" in m.split()[0]]
    by = "self" if rng.random() < 0.45 else "discard"
    win_copies = _count(hand, hand["win"])
    if by == "discard" and win_copies == 1 and rng.random() < 0.03:
        by = "robkong"
    hand["by"] = by
    hand["seat"] = rng.choice(WINDS)
    hand["round"] = "E" if rng.random() < 0.55 else ("S" if rng.random() < 0.9 else rng.choice("WN"))
    flags = []
    if closed and rng.random() < 0.45:
        flags.append("double_riichi" if rng.random() < 0.05 else "riichi")
        if rng.random() < 0.15:
            flags.append("ippatsu")
    if rng.random() < 0.05 and by != "robkong":
        flags.append("last_tile")
    if kongs and by == "self" and rng.random() < 0.25 and "last_tile" not in flags:
        flags.append("kong_replacement")
    if not hand.get("melds") and rng.random() < 0.01:
        if by == "self":
            flags.append("heavenly" if hand["seat"] == "E" else "earthly")
        elif by == "discard" and hand["seat"] != "E":
            flags.append("human")
    if flags:
        hand["flags"] = flags
    n_dora = 1 + sum(1 for _ in kongs)
    hand["dora"] = "".join(name(rng.randrange(34)) for _ in range(n_dora))
    if "riichi" in flags or "double_riichi" in flags:
        hand["ura"] = "".join(name(rng.randrange(34)) for _ in range(n_dora))
    # red fives in play at a third of the tables: a suit with all four fives holds its red one
    fives = [_count(hand, "5" + "mps"[s]) for s in range(3)]
    aka = 0
    if rng.random() < 0.35:
        aka = sum(1 for n in fives if n == 4 or (n and rng.random() < 0.3))
    if aka:
        hand["aka"] = aka
    return hand


def _tiles(hand):
    """Every tile of the hand (melds included) as ints."""
    out = parse(hand["hand"]) + parse(hand["win"])
    for m in hand.get("melds", ()):
        out += parse(m.split()[1])
    return out


def _count(hand, tile_text):
    t = parse(tile_text)[0]
    return _tiles(hand).count(t)


def hands(seed, n):
    """n random hands with context (contract dicts without rules), reproducible."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        h = build(rng)
        if h is not None:
            out.append(context(rng, h))
    return out


# ---- the reference ------------------------------------------------------------------

# our honours E S W N 中 發 白 (27..33) -> the reference's E S W N haku hatsu chun
_REF = list(range(31)) + [33, 32, 31]

RULE_WORDS = ("kiriage", "kazoe_yakuman", "multiple_yakuman", "renhou_yakuman",
              "no_open_tanyao", "double_wind_2")


def reference(hand, words=()):
    """The reference's answer for a contract hand dict under the table's rule words:
    (error or None, han, fu, points, yaku names)."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules, HandConstants
    from mahjong.meld import Meld

    used = [0] * 34
    aka_left = hand.get("aka", 0)
    red_suits = []
    fives = [_count(hand, "5" + "mps"[s]) for s in range(3)]
    for s in sorted(range(3), key=lambda s: fives[s] != 4):   # four fives: one is red
        if aka_left and fives[s]:
            red_suits.append(s)
            aka_left -= 1

    def take(t):
        """A 136-format copy of tile t (ours); a five is red (copy 0) only in red suits."""
        r = _REF[t]
        k = used[t]
        used[t] += 1
        if t < 27 and t % 9 == 4:
            order = [0, 1, 2, 3] if t // 9 in red_suits else [1, 2, 3, 0]
            return r * 4 + order[k]
        return r * 4 + k

    melds = []
    all136 = []
    for m in hand.get("melds", ()):
        word, ts = m.split()
        t136 = [take(t) for t in parse(ts)]
        all136 += t136
        kind = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "addkan": Meld.SHOUMINKAN,
                "ankan": Meld.KAN}[word]
        melds.append(Meld(meld_type=kind, tiles=t136, opened=word != "ankan"))
    concealed = [take(t) for t in parse(hand["hand"])]
    win = take(parse(hand["win"])[0])
    all136 += concealed + [win]
    flags = hand.get("flags", ())
    by = hand.get("by", "self")
    words = tuple(words) + tuple(w for w in flags if w in RULE_WORDS)
    opts = OptionalRules(
        has_open_tanyao="no_open_tanyao" not in words,
        has_aka_dora=bool(hand.get("aka")),
        has_double_yakuman="multiple_yakuman" in words,
        kazoe_limit=(HandConstants.KAZOE_LIMITED if "kazoe_yakuman" in words
                     else HandConstants.KAZOE_SANBAIMAN),
        kiriage="kiriage" in words,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman="renhou_yakuman" in words,
    )
    last = "last_tile" in flags
    cfg = HandConfig(
        is_tsumo=by == "self",
        is_riichi="riichi" in flags or "double_riichi" in flags,
        is_daburu_riichi="double_riichi" in flags,
        is_ippatsu="ippatsu" in flags,
        is_rinshan="kong_replacement" in flags,
        is_chankan=by == "robkong",
        is_haitei=last and by == "self",
        is_houtei=last and by != "self",
        is_tenhou="heavenly" in flags,
        is_chiihou="earthly" in flags,
        is_renhou="human" in flags,
        player_wind=27 + WINDS.index(hand.get("seat", "E")),
        round_wind=27 + WINDS.index(hand.get("round", "E")),
        options=opts,
    )
    dora = [_REF[t] * 4 + 3 for t in parse(hand.get("dora", ""))]
    ura = [_REF[t] * 4 + 3 for t in parse(hand.get("ura", ""))]
    # the indicators' own copies do not matter to the count: the reference counts by kind
    res = HandCalculator.estimate_hand_value(all136, win, melds=melds, dora_indicators=dora,
                                             config=cfg, ura_dora_indicators=ura)
    if res.error:
        return res.error, 0, 0, 0, []
    return None, res.han, res.fu, res.cost["total"], [y.name for y in res.yaku]
