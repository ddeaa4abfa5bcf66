"""Tiles as the contract writes them ("123m55z") and as codes 0-33 (1m-9m, 1p-9p, 1s-9s,
then 1z-7z: the winds and the dragons), for the host's generators and the oracles'
adapters, which turn these codes into each reference's own tiles."""

SUITS = "mps"


def tile(code):
    if code < 27:
        return "%d%s" % (code % 9 + 1, SUITS[code // 9])
    return "%dz" % (code - 26)


def text(codes):
    return "".join(tile(c) for c in sorted(codes))


def parse(s):
    out = []
    digits = []
    for ch in s:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            for d in digits:
                out.append(26 + d if ch == "z" else "mps".index(ch) * 9 + d - 1)
            digits = []
    return out
