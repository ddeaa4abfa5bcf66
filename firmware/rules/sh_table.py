# Shanghai 敲麻 (sh) table settlement, for session.py.  docs/rules/sh.md has the rules,
# the events with their fields and every decision; in short:
#
# A share is the hand's points (the scorer's total: (底 + 花) x 番, 抢杠 x3 included),
# doubled once per 荒番 (x 2^huang) unless the hand's dice suppressed it.
#   self-drawn (自摸)       each of the three others pays one share
#   discard (捉铳)          the discarder pays two shares (结算两家), one if he had 敲
#   robbed kong (抢杠)      the robbed player alone pays one share (the x3 is in the share)
# 三口 (event "sankou", seats a and b), when the winner is a or b and his hand has a 牌型
# (setting "sankou_pinghu": true applies it to a 平胡 too):
#   winner self-drawn       his partner alone pays five shares (结算五家)
#   partner discarded       the partner pays two shares
#   another discarded       not 敲: he pays two shares; 敲: he pays one, the partner one
# 苍蝇 (event "fly", right after a win with a 牌型): 2-9 -> 20-90, 1 -> 100, 字/风/花 -> 50
# points; each payer of the win pays it once, or once per share under 三口.
# 荒番 (state "huang"): a draw adds one, a win takes one off (not below 0).
# Declarations last until the hand ends: "ready" (敲), "heavenly_ready" (天敲),
# "xianggong" (相公: may not win), "dice" (this hand is no 荒番局).  必须先听牌才能胡牌 is enforced
# at the table; the device refuses an undeclared win only with setting "require_ready".  The events' handlers
# are in rules/sh_events.py, loaded for one event only (EVENTS_MODULE).

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

RULES = "sh"
EVENTS_MODULE = "sh_events"   # the on_<event> handlers, loaded for one event only
# max_huang: the most a referee's "huang" event may set (the text, shanghai-qiaoma.txt
# lines 184-187, gives none): above it the event is refused, and the organiser holds
# such a record for the director (docs/rules/sh.md "Bounds")
SETTINGS = {"require_ready": False, "sankou_pinghu": False, "max_huang": 4}
ALIASES = {"必须先听牌": "require_ready"}
# name: (required seat fields, optional seat fields, whole-number fields)
EVENTS = {
    "ready": (("seat",), (), ()),
    "heavenly_ready": (("seat",), (), ()),
    "sankou": (("a", "b"), (), ()),
    "xianggong": (("seat",), (), ()),
    "dice": ((), (), ()),
    "fly": ((), (), ("rank",)),
    "huang": ((), (), ("n",)),
}
FLOWER_WINS = False
OUTSIDE = False

_SELF_SHARES = const(1)         # 自摸: each of three
_DISCARD_SHARES = const(2)      # 捉铳, not 敲: 结算两家
_READY_SHARES = const(1)        # 捉铳 after 敲: 结算一家
_ROB_SHARES = const(1)          # 抢杠: the robbed player, the scorer's x3 included
_SANKOU_SELF = const(5)         # 三口 自摸: 结算五家
_SANKOU_DISCARD = const(2)      # 三口 partner discards: 结算两家


# State extras (small: the whole state goes into every journal record): seat sets as
# bitmasks (bit s for seat s) -- "ready" (敲, 天敲 included), "heavenly" (天敲),
# "xg" (相公); "sankou" the 三口 pairs flat [a, b, ...]; "dice" 1 when this hand's dice
# suppress 荒番; "passes" deals passed in this round; "last" the last win while its 苍蝇
# may still come: [winner, 三口 0/1, 牌型 0/1, payer, shares, payer, shares, ...], else [].

def setup(st):
    st["extras"] = {"ready": 0, "heavenly": 0, "xg": 0, "sankou": [], "dice": 0,
                    "passes": 0, "last": []}


def seat_wind(st, seat):
    return (seat - st["dealer"]) % 4


def partner(st, seat):
    """The seat's 三口 partner this hand, or None."""
    pairs = st["extras"]["sankou"]
    for i in range(0, len(pairs), 2):
        if pairs[i] == seat:
            return pairs[i + 1]
        if pairs[i + 1] == seat:
            return pairs[i]
    return None


def hand_context(st, seat):
    """Refuses the win before it is scored when the seat may not win."""
    ex = st["extras"]
    bit = 1 << seat
    if ex["xg"] & bit:
        raise _refuse("seat %d is 相公 this hand and may not win" % seat)
    if not ex["ready"] & bit:
        if st["settings"]["require_ready"]:
            raise _refuse("seat %d has not declared 敲 (上海敲麻必须先听牌才能胡牌)" % seat)
        more = ()
    elif ex["heavenly"] & bit:
        more = ("ready_declared", "heavenly_ready")
    else:
        more = ("ready_declared",)
    dealer = seat == st["dealer"]
    return dealer, (st["streak"] if dealer else 0), more


def shares(st, winner, frm, robbed, pattern):
    """[payer, shares, payer, shares, ...] and 1 when the 三口 settlement applied."""
    p = partner(st, winner)
    if p is not None and not pattern and not st["settings"]["sankou_pinghu"]:
        p = None        # a 平胡 is settled normally
    if robbed:
        return [frm, _ROB_SHARES], 0
    if frm is None:
        if p is not None:
            return [p, _SANKOU_SELF], 1
        out = []
        for s in range(4):
            if s != winner:
                out.append(s)
                out.append(_SELF_SHARES)
        return out, 0
    ready = st["extras"]["ready"] & (1 << frm)
    if p is None:
        return [frm, _READY_SHARES if ready else _DISCARD_SHARES], 0
    if frm == p or not ready:
        return [frm, _SANKOU_DISCARD], 1
    return [frm, 1, p, 1], 1


def win(st, winner, frm, result):
    robbed = 0
    pattern = 0
    for it in result["items"]:
        if it["id"] == "rob_kong":
            robbed = 1
        elif "multiplier" in it:
            pattern = 1     # a 牌型: any 番 element but 抢杠 (a way of winning)
    if robbed and frm is None:
        raise _refuse("a robbed kong (抢杠) needs \"from\", the seat that added the kong")
    factor = 1 if st["extras"]["dice"] else 1 << st["huang"]
    share = result["total"] * factor
    payers, sankou = shares(st, winner, frm, robbed, pattern)
    d = [0, 0, 0, 0]
    for i in range(0, len(payers), 2):
        amount = share * payers[i + 1]
        d[payers[i]] -= amount
        d[winner] += amount
    st["extras"]["last"] = [winner, sankou, pattern] + payers
    return d, 0, {"points": result["total"], "factor": factor, "payers": payers,
                  "sankou": sankou}


def flowers(st, winner, frm):
    raise _refuse("sh has no win by flowers")


def draw(st):
    st["extras"]["last"] = []
    return [0, 0, 0, 0], 0, {}


def advance(st, winner):
    ex = st["extras"]
    ex["ready"] = 0
    ex["heavenly"] = 0
    ex["xg"] = 0
    ex["sankou"] = []
    ex["dice"] = 0
    if winner is None:
        st["huang"] += 1
        return              # a draw keeps the deal
    if st["huang"] > 0:
        st["huang"] -= 1
    return True             # the deal keeps or passes (commit.keep_or_pass)


def _refuse(msg):
    from errors import HandError
    return HandError("bad_event", msg)
