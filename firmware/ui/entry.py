# Hand entry: the keys typed on the entry screen, read as the contract's hand.
#
#   A B C D     the suit of the tiles that follow: 萬 m, 筒 p, 索 s, 字 z (entry starts in m)
#   1..9        one tile of that suit (a concealed tile; the last one typed is the winning tile)
#   0           after a tile: an exposed run from it (吃 chi); again: back to the tile
#   #           after a tile: an exposed set of three (碰 pon); again: back to the tile
#   the suit    after a tile: a kong (明槓 kan); again: concealed (暗槓 ankan); again: added
#   key again   to an exposed set (加槓 addkan); again: back to the tile
#   0 first     flowers (花): each by its number 1..8 (春夏秋冬梅蘭菊竹), then a suit key;
#               where all flowers are worth the same (mcr, hk), one digit: how many, and
#               the entry goes on in 萬.  D 0 (from honours) too; D again: back to honours
#   0 then      hk (kinds): 2-4 flowers are of both kinds (春夏秋冬 and 梅蘭菊竹, its 七門)
#               unless 0 follows the count, before any tile: all of one kind (again: both)
#   1..9 held   a concealed pung (暗刻) of that tile: three tiles of the hand, one key
#   0 held      after a tile: a concealed run (順子) from it; again: back to the tile
#   *           takes back the last key (on the screen before: leaves the entry)
#
# Editing (held #) is ui/handedit.py's, loaded only then; `cur` is its cursor.
#
# A concealed set held is only its tiles for the scorer (no meld), shown as its tiles.
# The entry is done when the tiles make a whole hand (3 a set, kongs included, + 2) and
# the last thing typed is a single tile: that tile is the winning tile; a concealed set
# that would make the hand whole is refused (the winning tile goes last, alone).  A key
# that cannot be right (a fifth copy, an 8 of honours, a run from 8, one tile too many)
# is refused on the spot with the reason, and nothing typed before it is lost.

from ui.keymap import Refused  # noqa: F401  (the entry's refusals; tests import it here)

SINGLE = 0
CHI = 1
PON = 2
KAN = 3
ANKAN = 4
ADDKAN = 5
RUN = 6                         # concealed sets (held keys): tiles of the hand, no meld
TRIPLE = 7
MELD_WORDS = ("", "chi", "pon", "kan", "ankan", "addkan")
CYCLES = {"0": (CHI,), "#": (PON,), "S": (KAN, ANKAN, ADDKAN), "~0": (RUN,)}
SIZE = (1, 3, 3, 3, 3, 3, 3, 3)  # toward the hand's size: a tile 1, any set 3 (kongs too)
SUIT_KEYS = "ABCD"
SUITS = "mpszf"
# a digit and a suit letter as tuples of strings: an index into a str makes a new string,
# which MicroPython first looks up among every interned one (slow on a loaded board)
DIGITS = tuple("123456789")
LETTERS = tuple(SUITS)
FLOWERS = 4
HONOURS = 3
HONOUR_NAMES = "東南西北中發白"        # 1z..7z as the tiles show them
FLOWER_NAMES = "春夏秋冬梅蘭菊竹"      # 1f..8f
MOD_KEYS = ("", "0", "#", "S", "SS", "SSS")     # a set's keys after its tile (S: the suit's)
WHOLE = "the winning tile last, alone"          # a concealed set would make the hand whole
# the rulesets of counted flowers whose score asks whether they are of both kinds (春夏秋冬
# and 梅蘭菊竹: hk's 七門): a count of 2-4 is of both unless ONE_KIND follows it
KINDS = ("hk",)
ONE_KIND = "0"          # right after the count, before any tile: all of one kind (again: both)


def set_keys(t, kind):
    """The keys of a typed set in its suit ("~" before a held key): 4~0, ~5, 1DD."""
    d = str(t % 9 + 1)
    if kind == TRIPLE:
        return ["~" + d]
    if kind == RUN:
        return [d, "~0"]
    return [d] + list(MOD_KEYS[kind].replace("S", SUIT_KEYS[t // 9]))



def tiles_of(tile, kind):
    """The tiles a token holds (tile codes as in tiles.py: m 0-8, p 9-17, s 18-26, z 27-33)."""
    if kind == SINGLE:
        return (tile,)
    if kind == CHI or kind == RUN:
        return (tile, tile + 1, tile + 2)
    if kind == PON or kind == TRIPLE:
        return (tile, tile, tile)
    return (tile, tile, tile, tile)


def name(tile):
    """'5m' for a tile code."""
    return "%d%s" % (tile % 9 + 1, SUITS[tile // 9])


class Entry:
    """keys: what was typed.  tokens: [(tile, kind)] in typing order, flowers apart."""

    def __init__(self, n_sets, flowers=True, counted=False, faces=None, kinds=False):
        self.target = 3 * n_sets + 2
        self.allow_flowers = flowers
        self.counted = counted          # flowers typed as a count (all worth the same)
        self.kinds = kinds              # a count's flowers of both kinds unless marked
        # the honours' and flowers' faces and the flowers' count in the screens' language
        # (labels: HONOURS, FLOWERS, FLOWER_COUNT, FLOWER_KIND; None: digits and their
        # suit letter)
        self.faces = faces or (HONOUR_NAMES, FLOWER_NAMES, "花%d", "花%d一類")
        self.keys = []
        self.cur = None                 # editing: the set under the cursor
        self._memo = (None, 0, "")      # show(): (tokens, n, the first n sets as shown)
        self._reset()

    def _reset(self):
        self.suit = 0
        self.tokens = []
        self.flowers = []
        self.count = 0
        self.copies = bytearray(34)

    def data(self):
        """The entry as plain data, again() makes it anew: its module may leave the heap
        while the hand is scored (ui.review)."""
        return (self.target, self.allow_flowers, self.counted, self.faces, self.kinds,
                self.keys)

    def done(self):
        """True when the tiles make a whole hand ending on a single tile (the winning one)."""
        return self.count == self.target and bool(self.tokens) and self.tokens[-1][1] == SINGLE

    def press(self, k, long=False):
        """Type key k (long: held).  Raises Refused (state unchanged) for a key that cannot
        be right.  keys holds a held key as "~k"."""
        self._apply(k, long)
        self.keys.append("~" + k if long else k)

    def back(self):
        """Take back the last key; False when there was nothing to take back."""
        if not self.keys:
            return False
        keys = self.keys[:-1]
        self.keys = []
        self._reset()
        for k in keys:
            self.press(k[-1], len(k) > 1)
        return True

    # -- one key ----------------------------------------------------------------------

    def _apply(self, k, long=False):
        if long and k == "0":           # held after a tile: a concealed run
            self._modify("~0")
            return
        if k in SUIT_KEYS:
            s = SUIT_KEYS.index(k)
            cur = self.suit
            if s == HONOURS and cur == FLOWERS:
                self.suit = HONOURS
            elif s == cur and self.tokens and self.tokens[-1][0] // 9 == s:
                self._modify("S")
            elif s != cur:
                self.suit = s
            return
        # 0 first, or right after the honours' key: flowers (after an honour tile it
        # would be a chow of honours: refused below)
        if k == "0" and (not self.keys or self.suit == HONOURS and self.keys[-1] == "D"):
            if not self.allow_flowers:
                raise Refused("no flowers in this game")
            self.suit = FLOWERS
            return
        if k == ONE_KIND and self.kinds and self.flowers and not self.tokens:
            self._one_kind()
            return
        if k in "0#":
            self._modify(k)
            return
        if k < "1" or k > "9":
            raise Refused("key %s: not for tiles" % k)
        d = ord(k) - 48
        if self.suit == FLOWERS:
            if d > 8:
                raise Refused("flowers are 1 to 8")
            if self.counted:            # how many: then on to the tiles, in 萬
                self.flowers = list(range(1, d + 1))
                if self.kinds and 1 < d < 5:    # both kinds: the first n-1 and 梅
                    self.flowers[-1] = 5
                self.suit = 0
                return
            if d in self.flowers:
                raise Refused("flower %d twice" % d)
            self.flowers.append(d)
            return
        if self.suit == HONOURS and d > 7:
            raise Refused("honours are 1 to 7")
        t = self.suit * 9 + d - 1
        if long:                        # held: a concealed pung, never the winning tile
            if self.count + 3 == self.target:
                raise Refused(WHOLE)
            self._swap((), (t, t, t), 3)
            self.tokens.append((t, TRIPLE))
            return
        self._swap((), (t,), 1)
        self.tokens.append((t, SINGLE))

    def _one_kind(self):
        """The counted flowers all of one kind, or (again) of both: the count unchanged."""
        fl = self.flowers
        n = len(fl)
        if n < 2 or n > 4:
            raise Refused("%d flowers: always %s" % (n, "one kind" if n < 2 else "both kinds"))
        fl[-1] = n if fl[-1] == 5 else 5

    def _modify(self, key):
        if not self.tokens or self.suit == FLOWERS:
            raise Refused("type a tile first")
        t, kind = self.tokens[-1]
        cycle = CYCLES[key]
        if kind in cycle:
            i = cycle.index(kind) + 1
            new = cycle[i] if i < len(cycle) else SINGLE
        else:
            new = cycle[0]
        if (new == CHI or new == RUN) and (t >= 27 or t % 9 > 6):
            raise Refused("no run from %s" % name(t))
        grow = SIZE[new] - SIZE[kind]
        if new == RUN and grow and self.count + grow == self.target:
            raise Refused(WHOLE)
        self._swap(tiles_of(t, kind), tiles_of(t, new), grow)
        self.tokens[-1] = (t, new)

    def _swap(self, old, new, dcount):
        """Put tiles new in place of old, dcount more toward the hand's size; refuse a
        fifth copy or a hand too large, changing nothing."""
        c = self.copies
        for t in new:
            if c[t] + new.count(t) - old.count(t) > 4:
                raise Refused("a fifth %s" % name(t))
        if self.count + dcount > self.target:
            raise Refused("too many tiles (%d)" % self.target)
        for t in old:
            c[t] -= 1
        for t in new:
            c[t] += 1
        self.count += dcount

    # -- the hand ---------------------------------------------------------------------

    def hand(self):
        """The contract's hand fields: hand, melds, win, flowers (when done())."""
        conc = []
        melds = []
        last = len(self.tokens) - 1
        for i in range(last):
            t, kind = self.tokens[i]
            if kind == SINGLE:
                conc.append(t)
            elif kind >= RUN:           # a concealed set: its tiles
                conc.extend(tiles_of(t, kind))
            else:
                melds.append(MELD_WORDS[kind] + " " + text(tiles_of(t, kind)))
        conc.sort()
        out = {"hand": text(conc), "melds": melds, "win": name(self.tokens[last][0])}
        if self.flowers:
            out["flowers"] = "".join([str(f) for f in sorted(self.flowers)]) + "f"
        return out

    def winning(self):
        """The winning tile (the last typed) as the screens show it."""
        return face(self.tokens[-1][0], True, self.faces[0]) if self.tokens else ""

    def show(self, cur=None):
        """The typed tiles as the screen shows it, a space between suits: honours and
        flowers as their characters, exposed sets in (), a concealed kong in [], the set
        under the editing cursor after a ">": 花2 12(456)m [7777]s 中."""
        out = []
        honours = self.faces[0]
        if self.flowers:
            flowers, count = self.faces[1:3]
            if self.counted:
                fl = self.flowers
                one = self.kinds and 1 < len(fl) < 5 and fl[-1] != 5
                out.append((self.faces[3] if one else count) % len(fl) + " ")
            elif flowers:
                out.append("".join([flowers[f - 1] for f in self.flowers]) + " ")
            else:
                out.append("".join([str(f) for f in self.flowers]) + "f ")
        toks = self.tokens
        last = len(toks) - 1
        i = 0
        if cur is None:         # typing: the sets before the last are shown as before (a
            memo = self._memo   # key changes the last set or adds one; a new list of
            if memo[0] is not toks or memo[1] > last:  # sets, back()'s or an edit's,
                memo = (toks, 0, "")                    # starts again)
            i, done = memo[1], memo[2]
            while i < last:
                done += self._piece(i, None)
                i += 1
            self._memo = (toks, i, done)
            out.append(done)
        while i <= last:
            out.append(self._piece(i, cur))
            i += 1
        if toks:
            s = toks[-1][0] // 9
            if s < (HONOURS if honours else HONOURS + 1):
                out.append(LETTERS[s])  # the last group's suit letter
        return "".join(out)

    def _piece(self, i, cur):
        """Set i as show() writes it, with what goes before it: the suit letter of the
        group before and a space where the suit changes (rows wrap between suits), ">"
        under the editing cursor.  A single tile is its face, no string made."""
        honours = self.faces[0]
        t, kind = self.tokens[i]
        d = face(t, False, honours)
        if kind == SINGLE:
            out = d
        elif kind == RUN:               # concealed sets: their tiles, as typed one by one
            out = d + DIGITS[t % 9 + 1] + DIGITS[t % 9 + 2]
        elif kind == TRIPLE:
            out = d * 3
        elif kind == CHI:
            out = "(" + d + DIGITS[t % 9 + 1] + DIGITS[t % 9 + 2] + ")"
        elif kind == PON:
            out = "(" + d * 3 + ")"
        elif kind == KAN:
            out = "(" + d * 4 + ")"
        elif kind == ANKAN:
            out = "[" + d * 4 + "]"
        else:
            out = "(" + d * 4 + "+)"
        if i == cur:
            out = ">" + out
        if i:
            s = t // 9
            prev = self.tokens[i - 1][0] // 9
            if s != prev:   # digits share their suit's letter (honours: their faces)
                out = (LETTERS[prev] + " " if prev < (HONOURS if honours else HONOURS + 1)
                       else " ") + out
        return out


def again(data):
    """An Entry made anew from its data(): its keys typed again."""
    e = Entry((data[0] - 2) // 3, data[1], data[2], data[3], data[4])
    for k in data[5]:
        e.press(k[-1], len(k) > 1)
    return e


def face(t, suit=True, honours=HONOUR_NAMES):
    """A tile as the screens show it: 5m, or an honour's face (honours None: 5z)."""
    if t >= 27 and honours:
        return honours[t - 27]
    return "%d%s" % (t % 9 + 1, SUITS[t // 9]) if suit else DIGITS[t % 9]


def text(ts):
    """Tile codes as the contract's text, digits sharing their suit letter: 123m55z."""
    out = []
    prev = -1
    for t in ts:
        s = t // 9
        if prev >= 0 and s != prev:
            out.append(SUITS[prev])
        out.append(str(t % 9 + 1))
        prev = s
    if prev >= 0:
        out.append(SUITS[prev])
    return "".join(out)
