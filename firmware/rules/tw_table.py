# Taiwan 16-tile (tw) table settlement, for session.py.
#
# A payment is 底 + 台 x 台錢 (settings "base" 底, default 0, and "per_tai" 台錢,
# default 1, so a payment equals its 台).  Self-drawn: the three others pay; discard
# (or a robbed kong): the discarder alone pays.
#
# The hand's 台 come from the scorer without the dealer's items; the dealer's 台
# (莊家 1 + 連莊/拉莊 2n for a streak of n, capped at 連莊十八: 1 + 18 + 18 = 37,
# tw.dealer_tai) are added to every payment the dealer is part of, winning or paying.
#
# 眼牌: event {"event": "declare", "seat": s}.  The declarer sees the others' hands
# until the hand ends; if another player wins (hand or flowers), the declarer pays the
# winner one extra 台 (台錢), on top of any payment he owes; if the declarer wins, his
# hand is scored with the context word ready_declared (the 眼牌 台).  Declarations end
# with the hand; a draw costs nothing.
#
# 八仙過海 / 七搶一: the contract's `flowers` event.  Without "from" (八仙過海) the three
# others each pay 底 + 8 台; with "from" (七搶一) that seat alone pays 底 + 8 台.  The
# dealer's 台 apply as in any payment.  The hand ends as if won by the winner.
#
# The deal: a dealer win (hand or flowers) keeps the deal and the streak grows by one;
# another player's win passes the deal to the next seat and the streak goes back to 0;
# a draw (流局) keeps the deal with the streak unchanged (setting "draw_streak": true
# counts the draw as one more 連莊, as some tables play).  Seat winds follow the dealer
# (隨莊): the dealer is East.  When the deal has passed four times the prevailing wind
# moves on (E S W N, then E again).
#
# Event {"event": "streak", "n": k}: a referee's correction, sets the dealer's streak to
# k (resuming a table in the middle, or an entry mistake); pays nothing.

RULES = "tw"
SETTINGS = {"base": 0, "per_tai": 1, "draw_streak": False}
ALIASES = {"底": "base", "台錢": "per_tai"}
# name: (required seat fields, optional seat fields, whole-number fields)
EVENTS = {"declare": (("seat",), (), ()), "streak": ((), (), ("n",))}
FLOWER_WINS = True
OUTSIDE = False

DEALER_ITEMS = ("dealer", "streak")
STREAK_CAP = 18
FLOWER_TAI = 8          # 八仙過海 / 七搶一 (tw.FLOWER_WIN_TAI)


def dealer_tai(streak):
    """The dealer's 台 with a streak of n: 莊家 1 + 連n拉n 2n, n capped at 18 (the same
    rule as the scorer's tw.dealer_tai; kept here so settling needs no scorer in RAM)."""
    if streak > STREAK_CAP:
        streak = STREAK_CAP
    return 1 + 2 * streak


def setup(st):
    st["extras"] = {"declared": [], "passes": 0}


def seat_wind(st, seat):
    return (seat - st["dealer"]) % 4


def hand_context(st, seat):
    dealer = seat == st["dealer"]
    more = ("ready_declared",) if seat in st["extras"]["declared"] else ()
    return dealer, (st["streak"] if dealer else 0), more


def _settle(st, winner, payers, tai):
    """Each payer pays 底 + (tai + dealer's 台 where the dealer is part of it) x 台錢;
    every declarer other than the winner pays one 台 more."""
    s = st["settings"]
    dealer = st["dealer"]
    dt = dealer_tai(st["streak"])
    d = [0, 0, 0, 0]
    paid = [None, None, None, None]
    for p in payers:
        t = tai + (dt if (winner == dealer or p == dealer) else 0)
        amount = s["base"] + t * s["per_tai"]
        d[p] -= amount
        d[winner] += amount
        paid[p] = t
    for p in st["extras"]["declared"]:
        if p != winner:
            d[p] -= s["per_tai"]
            d[winner] += s["per_tai"]
    return d, 0, {"tai": tai, "dealer_tai": dt, "paid_tai": paid,
                  "declared": list(st["extras"]["declared"])}


def _payers(winner, frm):
    if frm is not None:
        return (frm,)
    out = []
    for p in range(4):
        if p != winner:
            out.append(p)
    return out


def win(st, winner, frm, result):
    tai = result["total"]
    for it in result.get("items", ()):
        if it.get("id") in DEALER_ITEMS:
            tai -= it.get("value", 0) * it.get("count", 1)
    return _settle(st, winner, _payers(winner, frm), tai)


def flowers(st, winner, frm):
    d, out, detail = _settle(st, winner, _payers(winner, frm), FLOWER_TAI)
    detail["flowers"] = "八仙過海" if frm is None else "七搶一"
    return d, out, detail


def draw(st):
    return [0, 0, 0, 0], 0, {}


def advance(st, winner):
    ex = st["extras"]
    ex["declared"] = []
    if winner is None:
        if st["settings"]["draw_streak"]:
            st["streak"] += 1
    else:
        return True         # the deal keeps or passes (commit.keep_or_pass)


def on_declare(st, ev):
    seat = ev["seat"]
    if seat in st["extras"]["declared"]:
        raise _refuse("seat %d has already declared 眼牌 this hand" % seat)
    st["extras"]["declared"].append(seat)
    return [0, 0, 0, 0], 0, {"declare": seat}


def on_streak(st, ev):
    if ev["n"] > STREAK_CAP:        # 目前公司最多為連莊十八 (taiwan-16.txt line 13)
        raise _refuse("streak %d is over the event's bound %d (連莊十八)"
                      % (ev["n"], STREAK_CAP))
    st["streak"] = ev["n"]
    return [0, 0, 0, 0], 0, {"streak": ev["n"]}


def _refuse(msg):
    from errors import HandError
    return HandError("bad_event", msg)
