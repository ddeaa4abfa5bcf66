# The hand as the contract describes it (shared/spec/score-interface.md): the words it
# may hold and the validated Hand the scorers read.  The parser that makes one is a
# module of its own (handparse.py): it is needed only before a hand's analysis, so a
# table session loads it for the parse and lets it go before the scorer runs
# (docs/memory.md, "The table engine's heap").

# Meld kinds, in the order the contract names them.
CHI = 0
PON = 1
KAN = 2      # exposed kong claimed from a discard
ADDKAN = 3   # kong added to one's own exposed pung
ANKAN = 4    # concealed kong
MELD_WORDS = ("chi", "pon", "kan", "addkan", "ankan")

BY_WORDS = ("self", "discard", "robkong")

# Context words every ruleset understands; a ruleset adds its own.
COMMON_FLAGS = ("last_tile", "kong_replacement", "flower_replacement", "last_of_kind",
                "heavenly", "earthly", "human", "ready_declared")

HAND_FIELDS = ("hand", "melds", "win", "by", "flowers", "flags")
TABLE_FIELDS = ("seat", "round", "dealer", "streak")


class Hand:
    """A validated hand.  Tiles are ints (see tiles.py); `concealed` excludes the winning tile."""

    def __init__(self):
        self.concealed = []
        self.melds = []       # (kind, first tile): chi's lowest tile, else the repeated tile
        self.win = 0
        self.by = "self"
        self.seat = 0
        self.round = 0
        self.flowers = []
        self.flags = ()
        self.dealer = False
        self.streak = 0
        self.extra = None     # a ruleset's own fields (rules.<id>.FIELDS), as given

    def has(self, flag):
        return flag in self.flags

    def self_drawn(self):
        return self.by == "self"

    def exposed(self):
        """True when any meld was claimed from another player (a concealed kong is not)."""
        for kind, _ in self.melds:
            if kind != ANKAN:
                return True
        return False

    def all_tiles(self):
        """Every tile the player holds at the win: concealed, winning tile and melds."""
        out = list(self.concealed)
        out.append(self.win)
        for kind, t in self.melds:
            out.extend(meld_tiles(kind, t))
        return out


def meld_tiles(kind, t):
    if kind == CHI:
        return [t, t + 1, t + 2]
    if kind == PON:
        return [t, t, t]
    return [t, t, t, t]


def parse(obj, n_sets, extra_flags=(), table_fields=True, extra_fields=()):
    """handparse.parse: a contract hand dict validated into a Hand (every refusal a
    HandError with the contract's code)."""
    return __import__("handparse").parse(obj, n_sets, extra_flags, table_fields, extra_fields)
