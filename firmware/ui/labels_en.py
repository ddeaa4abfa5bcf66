# What the screens call things in English (`lang` en): labels.py's names (that module says
# what each is for), loaded in its place by UI.labels().  No Chinese character: only the
# players' names may bring one to an English screen.  The honours are written as keyed
# (D 1-7: 1z-7z, East South West North Red Green White), the flowers by their numbers.

WINDS = "ESWN"
UNITS = {"fan": " fan", "tai": " tai", "points": " pt"}
RULES = {"mcr": "MCR", "hk": "HK", "tw": "Taiwan", "sh": "Shanghai", "riichi": "Riichi"}
HK16 = " 16-tile"
SUITS = ("m char", "p dot", "s bam", "z honor", "flower")
HONOURS = None          # digits and z, as the suits' tiles (entry.face)
FLOWERS = None          # digits and f
FLOWER_COUNT = "%d flowers"
FLOWER_KIND = "%d flowers, 1 kind"   # hk: counted flowers all of one kind
HUA = "%dh"             # sh's 花 in a review row (four cells at most)
HINT = "0chi #pon ()exp []con"
FLOWERS_COUNT_HINT = "1-8: how many flowers"
FLOWERS_KIND_HINT = "0: all of one kind"    # hk, after the count of 2-4 flowers
FLOWERS_HINT = "1-8 each flower, A-D"
WIN = "win"
SELF = "self"
STREAK = "streak %d"
HUANG = "draws %d"
CHAIN = "chain "

WORDS = {
    "last_tile": "last tile", "kong_replacement": "kong replace",
    "flower_replacement": "flower replace", "last_of_kind": "last of kind",
    "heavenly": "heavenly", "earthly": "earthly", "human": "human",
    "ready_declared": "ready declared",
    "ready_immediate": "ready, immediate", "ready_deal_in": "off ready player",
    "heavenly_ready": "heavenly ready", "earthly_ready": "earthly ready",
    "double_win": "double win", "triple_win": "triple win",
    "fanxue": "reverse snow", "fanxue_big": "big reverse snow", "within_4": "in 4 discards",
    "within_7": "in 7 discards", "within_10": "in 10 discards", "true_last": "true last",
    "riichi": "riichi", "double_riichi": "double riichi", "ippatsu": "ippatsu",
}

EVENTS = {
    "win": "win", "draw": "draw", "undo": "undo", "start": "start",
    "flowers": "flower win", "declare": "declare", "streak": "streak",
    "ready": "ready", "heavenly_ready": "heavenly ready", "sankou": "three calls",
    "xianggong": "dead hand", "dice": "dice", "fly": "fly", "huang": "draw count",
    "ankan": "conc. kong", "chase": "chase", "call_four": "four melded",
    "dice_triple": "dice triple", "dice_123": "dice 1-2-3", "caiwu": "colour five",
    "wrong_kong": "wrong kong", "ankan_unopened": "kong unopened", "fake_win": "false win",
    "hua": "flower set", "cao": "season set", "exposed_kong": "big melded kong",
    "adjust": "director's correction",
    "riichi": "riichi", "double_riichi": "double riichi", "tenpai": "tenpai",
    "chombo": "chombo", "double_ron": "double ron", "end": "end of game", "pao": "pao",
}

FIELDS = {"winner": "winner", "from": "from", "seat": "seat", "a": "seat", "b": "and seat",
          "rank": "rank", "n": "number"}
