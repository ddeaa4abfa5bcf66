# The benchmark's fixed hands.  Runs unchanged on MicroPython and CPython.

HANDS = (
    # 14 tiles
    ("1112345678999m", "5m", ()), ("1112345678999p", "9p", ()), ("2223334445556s", "6s", ()),
    ("1122334455667m", "7m", ()), ("1112223334445m", "5m", ()), ("123m456p789s1122z", "1z", ()),
    ("23m456p789s11122z", "4m", ()), ("13m456p789s11122z", "2m", ()), ("1233m", "3m", ("pon 111z", "pon 222z", "chi 456p")),
    ("345678m456p1s", "1s", ("chi 123s",)), ("5m", "5m", ("pon 111z", "kan 2222z", "ankan 3333z", "addkan 4444z")),
    ("1223344m", "1m", ("pon 555p", "chi 789s")),
    # 17 tiles
    ("1112345678999m123p", "5m", ()), ("1112223334445556m", "6m", ()), ("1112223334445556m", "7m", ()),
    ("1234567m111222333p", "7m", ()), ("123456789m11p45s", "6s", ("chi 789p",)), ("2345666m123p", "7m", ("pon 111z", "pon 222z")),
    ("1122334455667788m", "8m", ()), ("2223344455667788s", "9s", ()),
)


def parsed():
    """(request, sets in the hand) for each benchmark hand: 13 tiles before the win, or 16."""
    out = []
    for text, win, melds in HANDS:
        n_tiles = 0
        for ch in text:
            if "0" <= ch <= "9":
                n_tiles += 1
        n_sets = 4 if n_tiles + 3 * len(melds) == 13 else 5
        out.append(({"hand": text, "win": win, "melds": list(melds)}, n_sets))
    return out
