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
# minus chombo; tied places share their uma.  The declarations (riichi, tenpai) are here,
# as they come every hand; the rare events (double_ron, chombo, end) and the game's result
# are in rules/riichi_events.py, loaded for one of them only (EVENTS_MODULE).

RULES = "riichi"
EVENTS_MODULE = "riichi_events"
SETTINGS = {
    "starting_points": 30000, "return_points": 30000, "uma_high": 15000, "uma_low": 5000,
    "honba": 300, "length": 2, "leftover_to_first": True, "double_ron": True, "red_fives": 0,
    "open_tanyao": True, "kiriage": False, "club_rules": 0,
}
ALIASES = {}
_STICK = 1000           # a riichi stick (RCR 3.3.14)
_S = (("seat",), (), ())
EVENTS = {"riichi": _S, "double_riichi": _S, "tenpai": _S, "chombo": _S,
          "double_ron": ((), (), ()), "end": ((), (), ()),
          "pao": (("seat", "winner"), (), ())}
del _S      # its slot taken by a later name: the globals table stays at 29 slots
FLOWER_WINS = False
OUTSIDE = True          # the riichi sticks on the table


# State extras (small: the whole state is in every journal record): "riichi" and "double"
# the seats that declared this hand (bit s for seat s); "tenpai" the seats declared tenpai
# for the draw; "pot" the sticks on the table; "passes" deals passed in this round;
# "last" the state before the last win on a discard while a double
# ron may still follow it: [from, dealer, round, streak, passes, hand_no, riichi, double,
# dealer won], else []; only while needed (the state is small): "again" the discarder of
# a double ron being entered, "chombo" [per seat], "final" the result of a finished game.

def setup(st):
    st["extras"] = {"riichi": 0, "double": 0, "tenpai": 0, "pot": 0, "passes": 0, "last": []}
    p = st["settings"]["starting_points"]
    st["scores"] = [p, p, p, p]


def seat_wind(st, seat):
    return (seat - st["dealer"]) % 4


_CHOMBO = 20000         # off the final score, after uma (the EMA's 2016 notice)


def words(settings):
    """The scorer's context words that carry the table's settings."""
    out = []
    if settings["kiriage"]:
        out.append("kiriage")
    if not settings["open_tanyao"]:
        out.append("no_open_tanyao")
    # setting "club_rules", bits for the scorer's words of rules neither EMA nor WRC play
    bits = settings["club_rules"]
    k = 0
    for w in ("kazoe_yakuman", "multiple_yakuman", "renhou_yakuman", "double_wind_2"):
        if bits >> k & 1:
            out.append(w)
        k += 1
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
        i = it["id"]
        if (i == "riichi" or i == "double_riichi" or i == "ura_dora") and not declared:
            raise _refuse("riichi: its event first (the stick)")
        if i == "aka_dora" and it["count"] > s["red_fives"]:
            raise _refuse("red fives: more than setting red_fives")
    again = ex.get("again", -1)
    if again >= 0 and frm != again:
        raise _refuse("double ron: \"from\" is the same discarder")
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
    if "pao" in ex and ex["pao"][1] == winner:     # a liability (RCR 3.3.9): rare
        d = _events().pao_pay(st, winner, frm, result, d)
    # the sticks on the table: all to the first winner (RCR 4.1)
    sticks = ex["pot"] * _STICK if again < 0 else 0
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
    _no_ron_pending(st)
    ex = st["extras"]
    tenpai = ex["tenpai"] | ex["riichi"] | ex["double"]
    n = 0
    for p in range(4):
        if tenpai & (1 << p):
            n += 1
    d = [0, 0, 0, 0]
    if 0 < n < 4:
        total = 3000        # the noten payments in all (RCR 3.4.2)
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
    ex.pop("pao", None)
    dealer = st["dealer"]
    if winner is None:
        st["streak"] += 1                   # a counter after every exhaustive draw
        if tenpai & (1 << dealer):
            return
        _pass(st)
        return
    if "again" in ex:                       # a further winner on the same discard
        last = ex["last"]
        if winner == dealer:
            last[8] = 1                     # the dealer among the winners keeps the deal
        del ex["again"]
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
            _finish(st)


# ---- the declarations: in the hook, not riichi_events, as they come every hand ----------

def _new_hand_event(st):
    """A declaration belongs to the hand now played: no double ron can follow any more
    (nor may one be left half entered)."""
    _no_ron_pending(st)
    st["extras"]["last"] = []


def _no_ron_pending(st):
    """Refused while a double ron is entered: its next winner, or undo, comes first."""
    ex = st["extras"]
    if "again" in ex:
        raise _refuse("double ron: the next winner on seat %d's discard first, or undo"
                      % (ex["again"] + 1))


def _declare(st, ev, mask):
    ex = st["extras"]
    s = st["settings"]
    seat = ev["seat"]
    bit = 1 << seat
    if (ex["riichi"] | ex["double"]) & bit:
        raise _refuse("riichi: once a hand")
    if st["scores"][seat] < _STICK:
        raise _refuse("riichi: fewer points than the stick")
    _new_hand_event(st)
    ex[mask] |= bit
    ex["pot"] += 1
    d = [0, 0, 0, 0]
    d[seat] = -_STICK
    return d, _STICK, {mask: seat, "pot": ex["pot"]}


def on_riichi(st, ev):
    return _declare(st, ev, "riichi")


def on_double_riichi(st, ev):
    return _declare(st, ev, "double")


def on_tenpai(st, ev):
    ex = st["extras"]
    bit = 1 << ev["seat"]
    if ex["tenpai"] & bit:
        raise _refuse("tenpai: once a hand")
    _new_hand_event(st)
    ex["tenpai"] |= bit
    return [0, 0, 0, 0], 0, {"tenpai": ev["seat"]}


def _events():
    """rules/riichi_events, loaded for one call: the module leaves the heap at once (its
    functions stay while the caller holds one)."""
    import sys
    mod = __import__("rules.riichi_events", None, None, ("finish",))
    sys.modules.pop("rules.riichi_events", None)
    pkg = sys.modules.get("rules")
    if pkg is not None and hasattr(pkg, "riichi_events"):
        delattr(pkg, "riichi_events")
    return mod


def _finish(st):
    """The game's result, worked out in rules/riichi_events (loaded for this once)."""
    _events().finish(st)


def _refuse(msg):
    from errors import HandError
    return HandError("bad_event", msg)
