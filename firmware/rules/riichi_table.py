# Riichi (riichi) table settlement, for session.py.  docs/rules/riichi.md ("At the table")
# has the events, their fields, the settings and every decision; in short, amounts in
# points, the EMA's (RCR 2016) values as the defaults:
#
#   start                   every seat begins with "starting_points" (30000)
#   riichi / double_riichi  the seat puts a 1000-point stick on the table ("outside"):
#                           the winner's hand counts riichi (daburu riichi) and ura dora
#   win                     the hand's payment(s) (the scorer's "pay") plus the counters
#                           (honba, 300 each: from the discarder, or 100 from each of
#                           three), plus every stick on the table to the winner
#   double_ron              right after a win on a discard: the same discard wins again
#                           (RCR 3.4.9; setting "double_ron" false: WRC's head bump)
#   tenpai, then draw       the noten players pay 3000 to the tenpai players (RCR 3.4.2);
#                           a seat that declared riichi is tenpai
#   chombo                  20000 off the seat's final score, after uma
#   end                     the director ends the game now (time); it ends by itself
#                           after the last hand of the South round ("length" 2) or East
#
# The deal: the dealer keeps it on his win or when tenpai at a draw, and a counter is put
# out (st["streak"]: the honba); another's win passes it and clears the counters; a draw
# with the dealer noten passes it and keeps the counters.  At the game's end the sticks
# left go to first place (setting "leftover_to_first"; false: they are lost, WRC), and
# extras "final" holds each seat's result: points - return_points + uma (+ oka to first),
# minus chombo; tied places share their uma.  The events' handlers are in
# rules/riichi_events.py, loaded for one event only (EVENTS_MODULE).

RULES = "riichi"
EVENTS_MODULE = "riichi_events"
SETTINGS = {
    "starting_points": 30000, "return_points": 30000, "uma_high": 15000, "uma_low": 5000,
    "honba": 300, "riichi_stick": 1000, "noten_total": 3000, "chombo": 20000, "length": 2,
    "leftover_to_first": True, "double_ron": True, "red_fives": 0, "open_tanyao": True,
    "kiriage": False, "kazoe_yakuman": False, "multiple_yakuman": False,
    "renhou_yakuman": False, "double_wind_fu": 4,
}
ALIASES = {"kuitan": "open_tanyao", "aka_dora": "red_fives", "kiriage_mangan": "kiriage",
           "genten": "return_points", "mochiten": "starting_points", "atamahane": "double_ron"}
_S = (("seat",), (), ())
EVENTS = {"riichi": _S, "double_riichi": _S, "tenpai": _S, "chombo": _S,
          "double_ron": ((), (), ()), "end": ((), (), ())}
FLOWER_WINS = False
OUTSIDE = True          # the riichi sticks on the table


# State extras (small: the whole state is in every journal record): "riichi" and "double"
# the seats that declared this hand (bit s for seat s); "tenpai" the seats declared tenpai
# for the draw; "pot" the sticks on the table; "passes" deals passed in this round;
# "chombo" per seat; "last" the state before the last win on a discard while a double
# ron may still follow it: [from, dealer, round, streak, passes, hand_no, riichi, double,
# dealer won], else []; "again" the discarder of a double ron being entered, or -1;
# "final" the result of a finished game, else [].

def setup(st):
    st["extras"] = {"riichi": 0, "double": 0, "tenpai": 0, "pot": 0, "passes": 0,
                    "chombo": [0, 0, 0, 0], "last": [], "again": -1, "final": []}
    p = st["settings"]["starting_points"]
    st["scores"] = [p, p, p, p]


def seat_wind(st, seat):
    return (seat - st["dealer"]) % 4


def words(settings):
    """The scorer's context words that carry the table's settings."""
    out = []
    for k in ("kiriage", "kazoe_yakuman", "multiple_yakuman", "renhou_yakuman"):
        if settings[k]:
            out.append(k)
    if not settings["open_tanyao"]:
        out.append("no_open_tanyao")
    if settings["double_wind_fu"] == 2:
        out.append("double_wind_2")
    return out


def hand_context(st, seat):
    ex = st["extras"]
    bit = 1 << seat
    more = words(st["settings"])
    if ex["double"] & bit:
        more.append("double_riichi")
    elif ex["riichi"] & bit:
        more.append("riichi")
    return seat == st["dealer"], st["streak"], tuple(more)


def win(st, winner, frm, result):
    ex = st["extras"]
    s = st["settings"]
    bit = 1 << winner
    declared = (ex["riichi"] | ex["double"]) & bit
    for it in result["items"]:
        if it["id"] in ("riichi", "double_riichi", "ura_dora") and not declared:
            raise _refuse("seat %d has not declared riichi at this table (event riichi first: "
                          "the stick)" % winner)
        if it["id"] == "aka_dora" and it["count"] > s["red_fives"]:
            raise _refuse("%d red fives, but this table plays %d (setting red_fives)"
                          % (it["count"], s["red_fives"]))
    again = ex["again"]
    if again >= 0 and frm != again:
        raise _refuse("a double ron is won on the same discard: \"from\" must be seat %d" % again)
    pay = result["pay"]
    honba = st["streak"]
    d = [0, 0, 0, 0]
    if frm is not None:
        amount = pay[0] + honba * s["honba"]
        d[frm] -= amount
        d[winner] += amount
    else:
        for p in range(4):
            if p == winner:
                continue
            amount = pay[0] if (len(pay) == 1 or p == st["dealer"]) else pay[1]
            amount += honba * s["honba"] // 3
            d[p] -= amount
            d[winner] += amount
    # the sticks on the table: all to the first winner (RCR 4.1)
    sticks = ex["pot"] * s["riichi_stick"] if again < 0 else 0
    d[winner] += sticks
    ex["pot"] = 0 if again < 0 else ex["pot"]
    if again >= 0:
        pass                                # the snapshot stays for a third winner
    elif frm is not None:
        ex["last"] = [frm, st["dealer"], st["round"], st["streak"], ex["passes"],
                      st["hand_no"], ex["riichi"], ex["double"], 1 if winner == st["dealer"] else 0]
    else:
        ex["last"] = []
    return d, -sticks, {"points": result["total"], "honba": honba, "sticks": sticks,
                        "han": result.get("han"), "fu": result.get("fu")}


def flowers(st, winner, frm):
    raise _refuse("riichi has no win by flowers")


def draw(st):
    """Noten payments (RCR 3.4.2): the noten players pay noten_total between them to the
    tenpai players; riichi declarers are tenpai."""
    ex = st["extras"]
    tenpai = ex["tenpai"] | ex["riichi"] | ex["double"]
    n = 0
    for p in range(4):
        if tenpai & (1 << p):
            n += 1
    d = [0, 0, 0, 0]
    if 0 < n < 4:
        total = st["settings"]["noten_total"]
        for p in range(4):
            d[p] = total // n if tenpai & (1 << p) else -(total // (4 - n))
    ex["last"] = []
    return d, 0, {"tenpai": tenpai}


def advance(st, winner):
    ex = st["extras"]
    tenpai = ex["tenpai"] | ex["riichi"] | ex["double"]
    ex["riichi"] = 0
    ex["double"] = 0
    ex["tenpai"] = 0
    dealer = st["dealer"]
    if winner is None:
        st["streak"] += 1                   # a counter after every exhaustive draw
        if tenpai & (1 << dealer):
            return
        _pass(st)
        return
    if ex["again"] >= 0:                    # a further winner on the same discard
        last = ex["last"]
        if winner == dealer:
            last[8] = 1                     # the dealer among the winners keeps the deal
        ex["again"] = -1
        if last[8]:
            st["streak"] += 1
            return
        st["streak"] = 0
        _pass(st)
        return
    if winner == dealer:
        st["streak"] += 1
        return
    st["streak"] = 0
    _pass(st)


def _pass(st):
    """The deal passes to the next seat; after four passes the prevailing wind moves on,
    and after the last round the game is over."""
    ex = st["extras"]
    st["dealer"] = (st["dealer"] + 1) % 4
    ex["passes"] += 1
    if ex["passes"] == 4:
        ex["passes"] = 0
        st["round"] += 1
        if st["round"] >= st["settings"]["length"]:
            st["round"] -= 1                # the answer names the last round played
            finish(st)


def finish(st):
    """The game's end: sticks left to first place (or lost), then each seat's result."""
    ex = st["extras"]
    s = st["settings"]
    sc = st["scores"]
    order = sorted(range(4), key=lambda p: (-sc[p], (p - st["first"]) % 4))
    uma = [s["uma_high"], s["uma_low"], -s["uma_low"], -s["uma_high"]]
    uma[0] += 4 * (s["return_points"] - s["starting_points"])     # oka
    final = [0, 0, 0, 0]
    i = 0
    while i < 4:
        j = i
        while j + 1 < 4 and sc[order[j + 1]] == sc[order[i]]:
            j += 1
        share = sum(uma[i:j + 1]) // (j - i + 1)                   # tied places share
        for k in range(i, j + 1):
            final[order[k]] = share
        i = j + 1
    pot = ex["pot"] * s["riichi_stick"]
    if pot and s["leftover_to_first"]:
        firsts = [p for p in range(4) if sc[p] == sc[order[0]]]
        for p in firsts:
            final[p] += pot // len(firsts)
    for p in range(4):
        final[p] += sc[p] - s["return_points"] - ex["chombo"][p] * s["chombo"]
    ex["final"] = final
    st["over"] = True


def _refuse(msg):
    from errors import HandError
    return HandError("bad_event", msg)
