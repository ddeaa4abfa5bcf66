# Chinese Official (mcr) table settlement, for session.py.
#
# Payments: a discard win, the discarder pays BASE + fan and the other two pay BASE; a
# self-drawn win, each of the three pays BASE + fan (BASE = setting "base", default 8).
# A hand under 8 fan not counting flowers is refused not_legal by the session (the
# scorer answers legal: false).  A draw pays nothing.
#
# The deal passes after every hand, draws included: no repeat deals, so the streak is
# always 0 and there is no 荒番.  A game is HANDS (setting "hands", default 16) hands:
# four rounds, prevailing wind E S W N, of four hands each.  After the last hand the
# session is over and further hands are refused (bad_event).
#
# Seat changes between rounds (the competition rules' seat rotation): SEATS[r][i] is
# the position (wind at the round's first hand, 0 E .. 3 N, positions in playing order)
# in round r of the player who sat at wind i in round 1:
#
#   player sat in round 1 at:   E  S  W  N
#   round E (hands 1-4)         E  S  W  N
#   round S (hands 5-8)         S  E  N  W     E<->S and W<->N swap seats
#   round W (hands 9-12)        N  W  E  S
#   round N (hands 13-16)       W  N  S  E
#
# Every player sits at each position once, and in each round the player at E deals the
# round's first hand, then the deal passes in playing order.  Seat indexes 0..3 stay
# bound to players; the position of player p in round r is SEATS[r][(p - first) % 4].
# A player's seat wind for a hand is (position - k) % 4 on the round's k-th hand (the
# dealer of each hand is East).

RULES = "mcr"
SETTINGS = {"base": 8, "hands": 16}
ALIASES = {}
EVENTS = {}
FLOWER_WINS = False
OUTSIDE = False

SEATS = ((0, 1, 2, 3), (1, 0, 3, 2), (3, 2, 0, 1), (2, 3, 1, 0))


def _where(st):
    """(round 0..3, hand k 0..3 within the round) of the hand now played."""
    h = st["hand_no"] - 1
    return (h // 4) % 4, h % 4


def position(st, seat, rnd):
    return SEATS[rnd][(seat - st["first"]) % 4]


def seat_wind(st, seat):
    rnd, k = _where(st)
    return (position(st, seat, rnd) - k) % 4


def hand_context(st, seat):
    return seat == st["dealer"], 0, ()


def setup(st):
    st["extras"] = {}


def win(st, winner, frm, result):
    base = st["settings"]["base"]
    fan = result["total"]
    d = [0, 0, 0, 0]
    for p in range(4):
        if p == winner:
            continue
        amount = base + fan if (frm is None or p == frm) else base
        d[p] -= amount
        d[winner] += amount
    return d, 0, {"fan": fan}


def flowers(st, winner, frm):
    raise ValueError("mcr has no win by flowers")


def draw(st):
    return [0, 0, 0, 0], 0, {}


def advance(st, winner):
    if st["hand_no"] > st["settings"]["hands"]:
        st["over"] = True
        return
    rnd, k = _where(st)
    st["round"] = rnd
    for p in range(4):
        if position(st, p, rnd) == k:
            st["dealer"] = p
    st["streak"] = 0
