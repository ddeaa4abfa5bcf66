# Riichi (Japanese mahjong), scored after the EMA Riichi Competition Rules 2016 (RCR):
# han from yaku and dora, fu (minipoints) rounded up to ten, then the points table with
# its limits.  docs/rules/riichi.md names the texts and explains every decision.
#
# The EMA's choices are the defaults; a table's other choices (WRC 2015, club rules)
# reach the scorer as context words the table adds (rules/riichi_table.py):
#   kiriage           4 han 30 fu and 3 han 60 fu are paid as mangan (WRC)
#   kazoe_yakuman     13 han or more without a yakuman is a yakuman, not sanbaiman
#   multiple_yakuman  yakuman add up and the four double forms count twice
#   renhou_yakuman    renhou is a yakuman, not a 5-han (mangan) yaku
#   no_open_tanyao    tanyao only in a concealed hand (EMA 2012)
#   double_wind_2     a pair of a wind both seat and prevalent is 2 fu, not 4
# The hand's own words: riichi, double_riichi, ippatsu (and the contract's last_tile,
# kong_replacement, heavenly, earthly, human).  Its own fields: "dora" and "ura", the
# dora and ura dora indicators as tiles ("3m7z") or the dora the hand holds as a count
# (the device's keys: a referee counts them as the players call them), "aka", the red
# fives held (a count).
#
# The answer: "total" the points the winner takes for the hand alone (honba and riichi
# sticks are the table's), unit "points"; "han", "fu", "yakuman", "limit"; "pay" the
# payment(s): [ron] on a discard, [each] for a dealer's tsumo, [dealer, non-dealer] for
# another's tsumo.  Items carry "value" (han per count) and "count"; a yakuman's value is
# 13 han per yakuman and it carries "yakuman" (1, or 2 for a double form).  Their names
# are put in after scoring by NAMER (rules/riichi_names.py); in the code the yaku go by
# constant position, never by name (a board keeps every name a module brings for good).

from tiles import const
import tiles
import engine
from errors import HandError

UNIT = "points"
N_SETS = 4
HAND_FLAGS = ("riichi", "double_riichi", "ippatsu")       # the hand's own words
FLAGS = HAND_FLAGS + ("kiriage", "kazoe_yakuman", "multiple_yakuman", "renhou_yakuman",
                      "no_open_tanyao", "double_wind_2")   # and the table's settings
FIELDS = ("dora", "ura", "aka")
NAMER = "rules.riichi_names"   # the yaku's names, put in once scoring is over

_CHOW = const(0)      # engine.CHOW
_PUNG = const(1)      # engine.PUNG
_KONG = const(2)      # engine.KONG
_RED = const(31)      # 中 chun
_GREEN = const(32)    # 發 hatsu
_WHITE = const(33)    # 白 haku

# ---- the special shapes: seven different pairs, kokushi musou ---------------------------
# Here rather than the engine's shapes module (which carries the Chinese knitted shapes):
# the Riichi modules stay small in the heap.

_ORPHANS = bytes((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


class _Pairs:
    """Chii toitsu: seven pairs, all different (four alike are not two pairs)."""
    name = "seven_pairs"

    def waits(self, c, n_melds):
        if n_melds or sum(c) != 13:
            return []
        odd = [t for t in range(34) if c[t] & 1]
        if len(odd) != 1 or c[odd[0]] == 3:
            return []
        return odd

    def readings(self, c, hand, melds, table):
        if melds or sum(c) != 14:
            return []
        for t in range(34):
            if c[t] & 1 or c[t] == 4:
                return []
        return [engine.Reading(self.name, [], -1, None, engine.SINGLE)]


class _Orphans:
    """Kokushi musou: one of each terminal and honour and a pair of one of them."""
    name = "thirteen_orphans"

    def waits(self, c, n_melds):
        if n_melds or sum(c) != 13:
            return []
        for t in range(34):
            if c[t] and t not in _ORPHANS:
                return []
        missing = [t for t in _ORPHANS if not c[t]]
        if not missing:
            return list(_ORPHANS)
        return missing if len(missing) == 1 else []

    def readings(self, c, hand, melds, table):
        if melds or sum(c) != 14:
            return []
        for t in range(34):
            if (c[t] and t not in _ORPHANS) or c[t] > 2:
                return []
        for t in _ORPHANS:
            if not c[t]:
                return []
        return [engine.Reading(self.name, [], -1, None, None)]


SHAPES = (_Pairs(), _Orphans())

# ---- the yaku ------------------------------------------------------------------------
# id, han concealed, han open (0: concealed only).  In the order items are listed.
# Yakuman are apart (YAKUMAN): value 13 han each, nothing else counted beside them.
_YAKU = b"""
riichi 1 0
double_riichi 2 0
ippatsu 1 0
menzen_tsumo 1 0
pinfu 1 0
iipeikou 1 0
tanyao 1 1
haku 1 1
hatsu 1 1
chun 1 1
seat_wind 1 1
prevalent_wind 1 1
haitei 1 1
houtei 1 1
rinshan 1 1
chankan 1 1
chiitoitsu 2 0
sanshoku 2 1
ittsu 2 1
chanta 2 1
sanshoku_dokou 2 2
toitoi 2 2
sanankou 2 2
sankantsu 2 2
shousangen 2 2
honroutou 2 2
junchan 3 2
ryanpeikou 3 0
honitsu 3 2
chinitsu 6 5
renhou 5 0
dora 1 1
ura_dora 1 0
aka_dora 1 1
"""
# Yakuman, in the order items list them (ids read from text: not interned as names)
_YAKUMAN = (b"kokushi suuankou daisangen shousuushii daisuushii tsuuiisou chinroutou"
            b" ryuuiisou chuuren suukantsu tenhou chiihou renhou")
_N_YAKUMAN = const(13)
# positions in YAKU and YAKUMAN, as constants: the ids are never names in the code (each
# name a module brings costs a board's qstr pool for good)
_Y_RIICHI = const(0)
_Y_DOUBLE_RIICHI = const(1)
_Y_IPPATSU = const(2)
_Y_MENZEN_TSUMO = const(3)
_Y_PINFU = const(4)
_Y_IIPEIKOU = const(5)
_Y_TANYAO = const(6)
_Y_HAKU = const(7)
_Y_HATSU = const(8)
_Y_CHUN = const(9)
_Y_SEAT_WIND = const(10)
_Y_PREVALENT_WIND = const(11)
_Y_HAITEI = const(12)
_Y_HOUTEI = const(13)
_Y_RINSHAN = const(14)
_Y_CHANKAN = const(15)
_Y_CHIITOITSU = const(16)
_Y_SANSHOKU = const(17)
_Y_ITTSU = const(18)
_Y_CHANTA = const(19)
_Y_SANSHOKU_DOKOU = const(20)
_Y_TOITOI = const(21)
_Y_SANANKOU = const(22)
_Y_SANKANTSU = const(23)
_Y_SHOUSANGEN = const(24)
_Y_HONROUTOU = const(25)
_Y_JUNCHAN = const(26)
_Y_RYANPEIKOU = const(27)
_Y_HONITSU = const(28)
_Y_CHINITSU = const(29)
_Y_RENHOU = const(30)
_Y_DORA = const(31)
_Y_URA_DORA = const(32)
_Y_AKA_DORA = const(33)
_K_KOKUSHI = const(0)
_K_SUUANKOU = const(1)
_K_DAISANGEN = const(2)
_K_SHOUSUUSHII = const(3)
_K_DAISUUSHII = const(4)
_K_TSUUIISOU = const(5)
_K_CHINROUTOU = const(6)
_K_RYUUIISOU = const(7)
_K_CHUUREN = const(8)
_K_SUUKANTSU = const(9)
_K_TENHOU = const(10)
_K_CHIIHOU = const(11)
_K_RENHOU = const(12)

def _table(text):
    """The yaku's han (concealed, open) and where each id starts in the text."""
    closed = bytearray()
    opened = bytearray()
    starts = []
    at = 0
    for line in text.split(b"\n"):
        if line:
            f = line.split()
            closed.append(int(f[1]))
            opened.append(int(f[2]))
            starts.append(at)
        at += len(line) + 1
    return bytes(closed), bytes(opened), tuple(starts)


def _starts(text):
    out = [0]
    for i in range(len(text)):
        if text[i] == 32:
            out.append(i + 1)
    return tuple(out)


# Where each id starts in its text: an answer's ids are made from the text when it lists
# them (a tuple of every id kept 2 KB of a board's heap; the texts stay in the module's
# constants whatever is done).  The texts are bytes: on MicroPython a str's index walks
# its characters from the start (a heavy hand's review 9 ms slower on a Pico).
CLOSED, OPENED, _AT = _table(_YAKU)
_AT_YAKUMAN = _starts(_YAKUMAN)
# Their code leaves the heap with the import's, and their slots go to later names: the
# module's globals table 47 slots (752 bytes in one piece), not 59 (944)
del _table, _starts
N_YAKU = len(CLOSED)


def _word(text, at):
    end = text.find(b" ", at)
    return (text[at:] if end < 0 else text[at:end]).decode()


def yaku_id(i):
    return _word(_YAKU, _AT[i])


def yakuman_id(k):
    return _word(_YAKUMAN, _AT_YAKUMAN[k])


if __import__("sys").implementation.name == "cpython":    # the host's tests read them all
    IDS = tuple(yaku_id(i) for i in range(N_YAKU))
    YAKUMAN = tuple(yakuman_id(k) for k in range(_N_YAKUMAN))
_DORA = _Y_DORA         # the three dora lines are last: not yaku, they make no win alone


# ---- dora ----------------------------------------------------------------------------

def dora_of(ind):
    """The dora a tile indicates: the next of its suit (9 -> 1), winds E S W N E, dragons
    haku -> hatsu -> chun -> haku (白 -> 發 -> 中)."""
    if ind < 27:
        return ind + 1 if ind % 9 != 8 else ind - 8
    if ind <= 30:
        return ind + 1 if ind != 30 else 27
    return {_WHITE: _GREEN, _GREEN: _RED, _RED: _WHITE}[ind]


def _indicators(value, what):
    if value is None or value == "":
        return []
    if not isinstance(value, str):
        raise HandError("bad_field", "%s: the indicator tiles as text, e.g. \"3m7z\", or a count"
                        % what)
    out = tiles.parse(value)
    if len(out) > 5:
        raise HandError("bad_field", "%s: at most 5 indicators (one and four kan dora)" % what)
    return out


_MOST_DORA = const(35)    # above any hand's count (18 tiles, five indicators, four alike at most)


def dora_held(counts, value, what):
    """The dora of one kind the hand holds: value a count, or indicator tiles counted."""
    if isinstance(value, int) and value is not True and value is not False:
        if value < 0 or value > _MOST_DORA:
            raise HandError("bad_field", "%s: a count 0..%d" % (what, _MOST_DORA))
        return value
    return count_dora(counts, _indicators(value, what))


def count_dora(counts, indicators):
    n = 0
    for ind in indicators:
        n += counts[dora_of(ind)]
    return n


# ---- checks of the context words -----------------------------------------------------

def _refuse(msg):
    raise HandError("bad_field", msg)


def check(hand, ex):
    """Refuse words and fields that contradict the hand under these rules (bad_field)."""
    f = hand.flags
    by = hand.by
    riichi = "riichi" in f or "double_riichi" in f
    kong = False
    for kind, _ in hand.melds:
        if kind > 1:
            kong = True
    why = None
    if riichi and ("riichi" in f and "double_riichi" in f or hand.exposed()):
        why = "riichi: one, in a concealed hand"
    elif "ippatsu" in f and not riichi:
        why = "ippatsu needs riichi"
    elif "kong_replacement" in f and (by != "self" or not kong):
        why = "kong_replacement: self-drawn, after a kong"
    elif by == "robkong" and "last_tile" in f:
        why = "robkong and last_tile"
    elif ("heavenly" in f or "earthly" in f or "human" in f) and hand.melds:
        why = "heavenly, earthly, human: no calls"
    elif ("heavenly" in f or "earthly" in f) and by != "self" or "human" in f and by != "discard":
        why = "heavenly, earthly: self-drawn; human: a discard"
    elif "heavenly" in f and hand.seat or ("earthly" in f or "human" in f) and not hand.seat:
        why = "heavenly: the dealer's (E); earthly, human: not"
    elif hand.dealer and hand.seat:
        why = "the dealer sits East"
    elif ex.get("ura") and not riichi:
        why = "ura dora: riichi hands only"
    aka = ex.get("aka", 0)
    if not isinstance(aka, int) or aka is True or aka is False or aka < 0:
        why = "aka: the red fives held, 0..3"
    if why:
        _refuse(why)


# ---- one reading ---------------------------------------------------------------------

def _is_term(t):
    return t >= 27 or t % 9 in (0, 8)


class _Facts:
    """What every reading of the hand shares."""

    def __init__(self, hand, analysis):
        c = analysis.counts
        self.counts = c
        self.closed = not hand.exposed()
        self.tsumo = hand.by == "self"
        f = hand.flags
        self.flags = f
        self.seat = 27 + hand.seat
        self.prevalent = 27 + hand.round
        self.dealer = hand.seat == 0
        suits = 0
        honours = 0
        terms = 0
        for t in range(34):
            if c[t]:
                if t >= 27:
                    honours += 1
                else:
                    suits |= 1 << (t // 9)
                if _is_term(t):
                    terms += 1
        self.n_suits = (suits & 1) + ((suits >> 1) & 1) + (suits >> 2)
        self.honours = honours
        self.terms_only = True
        self.simples = terms == 0
        self.greens = True
        for t in range(34):
            if c[t]:
                if not _is_term(t):
                    self.terms_only = False
                if t not in (19, 20, 21, 23, 25, _GREEN):
                    self.greens = False
        self.win = hand.win
        self.kongs = 0
        for kind, _ in hand.melds:
            if kind > 1:
                self.kongs += 1
        # before the win: the concealed tiles alone (kokushi's 13 waits, chuuren's 9)
        self.waits = analysis.waits


def _yakuman(h, hf, reading, sets):
    """Counts per YAKUMAN entry (0, 1 or 2: 2 for a double form)."""
    y = bytearray(_N_YAKUMAN)
    f = hf.flags
    if "heavenly" in f:
        y[_K_TENHOU] = 1
    if "earthly" in f:
        y[_K_CHIIHOU] = 1
    if "human" in f and "renhou_yakuman" in f:
        y[_K_RENHOU] = 1
    if reading.shape == "thirteen_orphans":
        y[_K_KOKUSHI] = 2 if len(hf.waits) == 13 else 1
        return y
    c = hf.counts
    if hf.honours and not hf.n_suits:
        y[_K_TSUUIISOU] = 1
    if hf.terms_only and not hf.honours:
        y[_K_CHINROUTOU] = 1
    if hf.greens:
        y[_K_RYUUIISOU] = 1
    if reading.shape != "standard":
        return y
    concealed = 0
    dragons = 0
    winds = 0
    for kind, t, op in sets:
        if kind != _CHOW:
            if not op:
                concealed += 1
            if t >= _RED:
                dragons += 1
            elif t >= 27:
                winds += 1
    if hf.closed and concealed == 4:
        y[_K_SUUANKOU] = 2 if reading.wait == "single" else 1
    if dragons == 3:
        y[_K_DAISANGEN] = 1
    if winds == 4:
        y[_K_DAISUUSHII] = 2
    elif winds == 3 and 27 <= reading.pair <= 30:
        y[_K_SHOUSUUSHII] = 1
    if hf.kongs == 4:
        y[_K_SUUKANTSU] = 1
    if not h.melds and hf.n_suits == 1 and not hf.honours:
        b = (hf.win // 9) * 9
        if c[b] >= 3 and c[b + 8] >= 3:
            ok = True
            for r in range(1, 8):
                if not c[b + r]:
                    ok = False
            if ok:
                y[_K_CHUUREN] = 2 if len(hf.waits) == 9 else 1
    return y


def _fu(hf, reading, sets, double_wind):
    """(fu rounded up, pinfu shape) of a standard reading."""
    extra = 0
    for kind, t, op in sets:
        if kind == _CHOW:
            continue
        v = 2
        if _is_term(t):
            v *= 2
        if not op:
            v *= 2
        if kind == _KONG:
            v *= 4
        extra += v
    w = reading.wait
    if w == "closed" or w == "edge" or w == "single":
        extra += 2
    p = reading.pair
    if p >= _RED:
        extra += 2
    else:
        if p == hf.seat:
            extra += 2
        if p == hf.prevalent and (p != hf.seat or double_wind):
            extra += 2
    pinfu = hf.closed and extra == 0
    fu = 20 + extra
    if hf.tsumo:
        if not pinfu:
            fu += 2
    elif hf.closed:
        fu += 10              # a concealed hand won on a discard
    elif extra == 0:
        fu += 2               # an open hand with no other fu: 30, never 20
    return (fu + 9) // 10 * 10, pinfu


def _yaku(h, hf, reading, sets, counts):
    """Fill counts (per YAKU line: han or 0, dora lines apart); returns the fu."""
    f = hf.flags
    closed = hf.closed
    for i in range(N_YAKU):
        counts[i] = 0

    def put(i):
        counts[i] = CLOSED[i] if closed else OPENED[i]

    if "double_riichi" in f:
        put(_Y_DOUBLE_RIICHI)
    elif "riichi" in f:
        put(_Y_RIICHI)
    if "ippatsu" in f:
        put(_Y_IPPATSU)
    if closed and hf.tsumo:
        put(_Y_MENZEN_TSUMO)
    if hf.simples and (closed or "no_open_tanyao" not in f):
        put(_Y_TANYAO)
    if "last_tile" in f:
        put(_Y_HAITEI if hf.tsumo else _Y_HOUTEI)
    if "kong_replacement" in f:
        put(_Y_RINSHAN)
    if h.by == "robkong":
        put(_Y_CHANKAN)
    if "human" in f and "renhou_yakuman" not in f:
        put(_Y_RENHOU)
    if hf.n_suits == 1:
        put(_Y_HONITSU if hf.honours else _Y_CHINITSU)
    if hf.terms_only and hf.honours and hf.n_suits:
        put(_Y_HONROUTOU)
    elif hf.terms_only and not hf.honours:
        pass                  # chinroutou: a yakuman
    if reading.shape == "seven_pairs":
        put(_Y_CHIITOITSU)
        return 25
    fu, pinfu = _fu(hf, reading, sets, "double_wind_2" not in f)
    if pinfu:
        put(_Y_PINFU)
    chows = []
    pungs = []
    concealed = 0
    for kind, t, op in sets:
        if kind == _CHOW:
            chows.append(t)
        else:
            pungs.append(t)
            if not op:
                concealed += 1
    for t, eid in ((_WHITE, _Y_HAKU), (_GREEN, _Y_HATSU), (_RED, _Y_CHUN)):
        if t in pungs:
            put(eid)
    if hf.seat in pungs:
        put(_Y_SEAT_WIND)
    if hf.prevalent in pungs:
        put(_Y_PREVALENT_WIND)
    if closed and len(chows) >= 2:
        same = 0
        chows.sort()
        i = 0
        while i + 1 < len(chows):
            if chows[i] == chows[i + 1]:
                same += 1
                i += 2
            else:
                i += 1
        if same == 2:
            put(_Y_RYANPEIKOU)
        elif same == 1:
            put(_Y_IIPEIKOU)
    for t in chows:
        if t < 9 and t + 9 in chows and t + 18 in chows:
            put(_Y_SANSHOKU)
            break
    for b in (0, 9, 18):
        if b in chows and b + 3 in chows and b + 6 in chows:
            put(_Y_ITTSU)
    for t in pungs:
        if t < 9 and t + 9 in pungs and t + 18 in pungs:
            put(_Y_SANSHOKU_DOKOU)
    if chows:
        outside = _is_term(reading.pair)
        for t in chows:
            if t % 9 not in (0, 6):
                outside = False
        for t in pungs:
            if not _is_term(t):
                outside = False
        if outside:
            put(_Y_CHANTA if hf.honours else _Y_JUNCHAN)
    else:
        put(_Y_TOITOI)
    if concealed == 3:
        put(_Y_SANANKOU)
    if hf.kongs == 3:
        put(_Y_SANKANTSU)
    dragons = 0
    for t in pungs:
        if t >= _RED:
            dragons += 1
    if dragons == 2 and reading.pair >= _RED:
        put(_Y_SHOUSANGEN)
    return fu


# ---- points --------------------------------------------------------------------------

LIMITS = ((13, 8000, "yakuman"), (11, 6000, "sanbaiman"), (8, 4000, "baiman"),
          (6, 3000, "haneman"), (5, 2000, "mangan"))


def base_points(han, fu, yakuman, flags=()):
    """(base points, limit name or "") by the points table: fu x 2^(2 + han) up to
    mangan's 2000; from 5 han the limits; 13+ han sanbaiman unless kazoe_yakuman."""
    if yakuman:
        return 8000 * yakuman, "yakuman"
    if han >= 13 and "kazoe_yakuman" not in flags:
        han = 12
    for least, base, limit in LIMITS:
        if han >= least:
            return base, limit
    b = fu << (2 + han)
    if b >= 2000 or (b == 1920 and "kiriage" in flags):
        return 2000, "mangan"
    return b, ""


def _up(x):
    return (x + 99) // 100 * 100


def payments(base, dealer, tsumo):
    """The payment(s) of the hand: ron [discarder]; tsumo: dealer [each of three],
    another [dealer, each non-dealer]."""
    if not tsumo:
        return [_up(base * (6 if dealer else 4))]
    if dealer:
        return [_up(base * 2)]
    return [_up(base * 2), _up(base)]


def total_of(pay, dealer, tsumo):
    if not tsumo:
        return pay[0]
    if dealer:
        return pay[0] * 3
    return pay[0] + 2 * pay[1]


# ---- scoring -------------------------------------------------------------------------

def score(hand, analysis):
    ex = hand.extra or {}
    check(hand, ex)
    hf = _Facts(hand, analysis)
    f = hand.flags
    multiple = "multiple_yakuman" in f
    c = hf.counts
    riichi = "riichi" in f or "double_riichi" in f
    # dora, ura dora (riichi hands only) and red fives: the same in every reading
    dora = (dora_held(c, ex.get("dora"), "dora"),
            dora_held(c, ex.get("ura"), "ura") if riichi else 0,
            _aka(c, ex.get("aka", 0)))
    n_dora = dora[0] + dora[1] + dora[2]
    counts = bytearray(N_YAKU)
    best = None
    for reading in analysis.readings:
        sets = reading.sets
        y = _yakuman(hand, hf, reading, sets)
        n_yakuman = 0
        for k in range(_N_YAKUMAN):
            if y[k]:
                n_yakuman += y[k] if multiple else 1
        if n_yakuman and not multiple:
            n_yakuman = 1
        fu = _yaku(hand, hf, reading, sets, counts)
        han = 0
        for i in range(_DORA):
            han += counts[i]
        if n_yakuman:
            han = 13 * n_yakuman
            points = 8000 * n_yakuman
        elif han:
            han += n_dora
            points = base_points(han, fu, 0, f)[0]
        else:
            points = 0
        # the highest-scoring possibility is always chosen (RCR 3.4.9); at equal points
        # a yakuman rather than 13 han counted as one (the hand is then named for it)
        key = (points, n_yakuman, han, fu)
        if best is None or key > best[0]:
            best = (key, bytes(y), bytes(counts))
    if best is None:
        raise HandError("not_winning", "the hand has no reading as four sets and a pair, "
                        "seven pairs or kokushi musou")
    (_, n_yakuman, han, fu), y, counts = best
    items = []
    legal = True
    if n_yakuman:
        for k in range(_N_YAKUMAN):
            if y[k]:
                n = y[k] if multiple else 1
                items.append({"id": yakuman_id(k), "value": 13 * n,
                              "count": 1, "yakuman": n})
                if not multiple:
                    break       # not cumulative: the hand is paid, and named, as one
    else:
        for i in range(_DORA):
            if counts[i]:
                items.append({"id": yaku_id(i), "value": counts[i], "count": 1})
        legal = han > 0
        if legal:
            for k in range(3):
                if dora[k]:
                    items.append({"id": yaku_id(_DORA + k), "value": 1, "count": dora[k]})
    base, limit = base_points(han, fu, n_yakuman, f)
    pay = payments(base, hf.dealer, hf.tsumo) if legal else []
    ans = {"ok": True, "rules": "riichi", "unit": UNIT,
           "total": total_of(pay, hf.dealer, hf.tsumo) if legal else 0,
           "han": han, "fu": fu, "yakuman": n_yakuman, "limit": limit if legal else "",
           "pay": pay, "legal": legal, "items": items}
    if not legal:
        ans["reason"] = "no yaku: dora alone do not make a win (a win needs at least one yaku)"
    return ans


def _aka(c, n):
    fives = (1 if c[4] else 0) + (1 if c[13] else 0) + (1 if c[22] else 0)
    if n > fives:
        raise HandError("bad_field", "aka: %d red fives, but the hand holds fives of %d suits"
                        % (n, fives))
    return n
