"""Random complete hands in the contract's form, and an independent brute-force judge of
completeness, for corpus tests of the engine and the CLIs."""

import random

SUITS = "mps"
ORPHANS = ["1m", "9m", "1p", "9p", "1s", "9s"] + ["%dz" % i for i in range(1, 8)]


def tile(code):
    if code < 27:
        return "%d%s" % (code % 9 + 1, SUITS[code // 9])
    return "%dz" % (code - 26)


def text(codes):
    return "".join(tile(c) for c in codes)


def code(name):
    n = int(name[0])
    return 26 + n if name[1] == "z" else "mps".index(name[1]) * 9 + n - 1


def random_hand(rng, n_sets, one_suit=False):
    """A complete standard hand: n_sets sets and a pair, some sets melded or konged."""
    held = [0] * 34
    pool = [rng.randrange(3) * 9] if one_suit else None

    def pick_tile():
        if pool:
            return pool[0] + rng.randrange(9)
        return rng.randrange(34)

    for _ in range(1000):
        held = [0] * 34
        sets = []
        ok = True
        for _ in range(n_sets):
            for _try in range(50):
                t = pick_tile()
                if rng.random() < 0.55 and t < 27 and t % 9 <= 6 and all(held[t + i] < 4 for i in range(3)):
                    sets.append(("chow", t))
                    for i in range(3):
                        held[t + i] += 1
                    break
                if held[t] <= 1:
                    sets.append(("pung", t))
                    held[t] += 3
                    break
            else:
                ok = False
        t = pick_tile()
        if not ok or held[t] > 2:
            continue
        held[t] += 2
        pair = t
        break
    melds = []
    concealed = [pair, pair]
    for kind, t in sets:
        r = rng.random()
        if kind == "chow":
            if r < 0.3:
                melds.append("chi " + text([t, t + 1, t + 2]))
            else:
                concealed += [t, t + 1, t + 2]
        else:
            if r < 0.2 and held[t] == 3:
                melds.append("pon " + text([t] * 3))
            elif r < 0.35 and held[t] == 3:
                melds.append(rng.choice(["kan", "addkan", "ankan"]) + " " + text([t] * 4))
                held[t] += 1
            else:
                concealed += [t] * 3
    rng.shuffle(concealed)
    win = concealed.pop()
    concealed.sort()
    return {"hand": text(concealed), "melds": melds, "win": tile(win),
            "by": rng.choice(["self", "discard"])}


def counts_of(hand):
    c = [0] * 34
    s = hand["hand"] + hand["win"]
    digits = []
    for ch in s:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            for d in digits:
                c[code("%d%s" % (d, ch))] += 1
            digits = []
    return c


def standard_complete(c):
    """Brute force: can counts c be split into sets and exactly one pair?"""
    c = list(c)

    def rec(pair_left):
        i = next((k for k in range(34) if c[k]), None)
        if i is None:
            return not pair_left
        if c[i] >= 3:
            c[i] -= 3
            if rec(pair_left):
                c[i] += 3
                return True
            c[i] += 3
        if pair_left and c[i] >= 2:
            c[i] -= 2
            if rec(False):
                c[i] += 2
                return True
            c[i] += 2
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in range(3):
                c[i + k] -= 1
            ok = rec(pair_left)
            for k in range(3):
                c[i + k] += 1
            if ok:
                return True
        return False

    return rec(True)


KNITS = [(a, b, 3 - a - b) for a in range(3) for b in range(3) if a != b]


def knit(k):
    return [k[pos] * 9 + pos + 3 * s for pos in range(3) for s in range(3)]


def mcr_special_complete(c, n_melds):
    """Brute force of the Chinese Official special shapes."""
    total = sum(c)
    if n_melds == 0 and total == 14:
        if all(x % 2 == 0 for x in c):
            return True     # seven pairs (four alike counts as two pairs)
        orph = [code(o) for o in ORPHANS]
        if all(c[o] for o in orph) and sum(c[o] for o in orph) == 14:
            return True
        for k in KNITS:
            allowed = set(knit(k)) | set(range(27, 34))
            if all(x <= 1 for x in c) and all(not c[t] or t in allowed for t in range(34)):
                return True
    if n_melds <= 1:
        for k in KNITS:
            ks = knit(k)
            if all(c[t] for t in ks):
                rest = list(c)
                for t in ks:
                    rest[t] -= 1
                if standard_complete(rest):
                    return True
    return False
