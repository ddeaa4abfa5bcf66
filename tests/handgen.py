"""Random complete hands in the contract's form, and an independent brute-force judge of
completeness, for corpus tests of the engine and the CLIs."""

from corpus import lay_out, random_sets, text, tile

ORPHANS = ["1m", "9m", "1p", "9p", "1s", "9s"] + ["%dz" % i for i in range(1, 8)]


def code(name):
    n = int(name[0])
    return 26 + n if name[1] == "z" else "mps".index(name[1]) * 9 + n - 1


def random_hand(rng, n_sets, one_suit=False):
    """A complete standard hand: n_sets sets and a pair, some sets melded or konged."""
    suit = rng.randrange(3) if one_suit else None
    sets, pair, held = random_sets(rng, n_sets, 0.0 if one_suit else 7 / 34, suit)
    n_open = rng.choice(range(n_sets + 1))
    concealed, melds, _ = lay_out(rng, sets, pair, n_open, held)
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
