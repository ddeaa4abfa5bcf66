# Hong Kong 16-tile, Cloud Dragon Cup (hk) table settlement, for session.py.
# docs/rules/hk.md ("The table") has the events, their fields, the settings and every
# decision; in short (amounts in 番, times setting "per_fan", default 1):
#
#   self-drawn              each of the three others pays the hand's 番
#   discard / robbed kong   the discarder / the robbed player alone pays (rule 8)
#   大明槓槓上自摸          the seat whose discard was konged alone pays (rule 8): event
#                           "exposed_kong" {seat, from} right before that win (it holds
#                           for the next event only, the seat's own 一台花/草/花胡 aside)
#   間間糊 (全包)           a single payer pays for all three: three times the 番
#   花胡 (flowers event)    八仙過海: 80 from each; 七搶一: 60 from "from"; play goes on
#                           (rule 11), the hand does not end; one 花胡 a hand
#   即時賞罰, 一台花/草     instant events (rules/hk_events.py, loaded for one event):
#                           collected from each other player, or paid to each (賠);
#                           詐糊 pays setting "fake_win" (150) out of the table (歸天)
#
# 莊連拉 2n+1 is the scorer's, in the dealer's own hand (hand_context passes the
# streak).  The deal: a dealer win keeps it (streak + 1), another's win passes it to the
# next seat (streak 0), a draw keeps it, streak unchanged ("draw_streak": true counts
# it); the dealer is East; four passes move the prevailing wind on.

RULES = "hk"
EVENTS_MODULE = "hk_events"   # the on_<event> handlers, loaded for one event only
# max_streak: the most a referee's "streak" event may set (the text gives no bound; 18 is
# the common 連莊十八 cap, taiwan-16.txt line 13): above it the event is refused, and
# the organiser holds such a record for the director (docs/rules/hk.md "Bounds")
SETTINGS = {"per_fan": 1, "fake_win": 150, "quanbao": True, "draw_streak": False,
            "max_streak": 18}
ALIASES = {"每番": "per_fan", "詐糊": "fake_win", "全包": "quanbao"}
# name: (required seat fields, optional seat fields, whole-number fields)
_S = (("seat",), (), ())
EVENTS = {
    "ankan": _S, "chase": (("seat",), (), ("rank",)), "call_four": _S,
    "dice_triple": _S, "dice_123": _S, "caiwu": (("seat",), (), ("n",)),
    "wrong_kong": _S, "ankan_unopened": _S, "fake_win": _S,
    "hua": _S, "cao": _S,
    "exposed_kong": (("seat", "from"), (), ()), "streak": ((), (), ("n",)),
}
FLOWER_WINS = True
FLOWERS_END = False     # 花胡收籌後續行 (rule 11): the hand goes on
OUTSIDE = True          # 詐糊 歸天

_EIGHT = 80             # 八仙過海（每位）
_SEVEN = 60             # 七搶一 (the seat robbed of the eighth flower)


# State extras: "kong" [seat, from] of a 大明槓 whose replacement draw may win now, else
# []; "fl" this hand's flower collections, bits 1 一台花, 2 一台草, 4 花胡; "passes"
# deals passed in this round.

def setup(st):
    st["extras"] = {"kong": [], "fl": 0, "passes": 0}


def seat_wind(st, seat):
    return (seat - st["dealer"]) % 4


def hand_context(st, seat):
    dealer = seat == st["dealer"]
    return dealer, (st["streak"] if dealer else 0), ()


def pay(d, to, frm, amount):
    d[frm] -= amount
    d[to] += amount


def win(st, winner, frm, result):
    ex = st["extras"]
    k = ex["kong"]
    full = 0
    kd = 0
    for it in result["items"]:
        if it["id"] == "all_hidden":
            full = st["settings"]["quanbao"]
        elif it["id"] == "kong_draw":
            kd = 1
    ex["kong"] = []
    if k and (k[0] != winner or frm is not None or not kd):
        k = []          # not its 槓上自摸: play went on after the 大明槓
    if k:
        frm = k[1]
    fan = result["total"]
    amount = fan * st["settings"]["per_fan"]
    d = [0, 0, 0, 0]
    if frm is None:
        for p in range(4):
            if p != winner:
                pay(d, winner, p, amount)
        return d, 0, {"fan": fan}
    if full:
        amount *= 3
    pay(d, winner, frm, amount)
    return d, 0, {"fan": fan, "payer": frm, "quanbao": full, "kong": 1 if k else 0}


def flowers(st, winner, frm):
    ex = st["extras"]
    if ex["fl"] & 4:
        raise _refuse("this hand's 花胡 is already collected (eight flowers, one 花胡)")
    if ex["kong"] and ex["kong"][0] != winner:
        ex["kong"] = []
    ex["fl"] |= 4
    pf = st["settings"]["per_fan"]
    d = [0, 0, 0, 0]
    if frm is None:
        for p in range(4):
            if p != winner:
                pay(d, winner, p, _EIGHT * pf)
        return d, 0, {"flowers": "八仙過海", "fan": _EIGHT}
    pay(d, winner, frm, _SEVEN * pf)
    return d, 0, {"flowers": "七搶一", "fan": _SEVEN}


def draw(st):
    return [0, 0, 0, 0], 0, {}


def advance(st, winner):
    ex = st["extras"]
    ex["kong"] = []
    ex["fl"] = 0
    if winner is None:
        if st["settings"]["draw_streak"]:
            st["streak"] += 1
    else:
        return True         # the deal keeps or passes (commit.keep_or_pass)


def _refuse(msg):
    from errors import HandError
    return HandError("bad_event", msg)
