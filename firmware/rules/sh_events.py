# Shanghai 敲麻 (sh): the table's own events, for rules/sh_table.py (which loads this
# module for one event and drops it after).  docs/rules/sh.md describes each event.

from rules.sh_table import partner, _refuse

_NONE = [0, 0, 0, 0]


def fly_points(rank):
    """门飞: rank 1..9 of a suited tile, 0 for 字/风/花."""
    if rank == 0:
        return 50
    if rank == 1:
        return 100
    return rank * 10


def _new_hand_event(st):
    """A declaration belongs to the hand now played: the last win's 苍蝇 can no longer come."""
    st["extras"]["last"] = []


def _declare(st, ev, heavenly):
    ex = st["extras"]
    seat = ev["seat"]
    bit = 1 << seat
    if ex["xg"] & bit:
        raise _refuse("seat %d is 相公 this hand and cannot 敲" % seat)
    if ex["ready"] & bit:
        raise _refuse("seat %d has already declared 敲 this hand" % seat)
    _new_hand_event(st)
    ex["ready"] |= bit
    if heavenly:
        ex["heavenly"] |= bit
    return list(_NONE), 0, {"ready": seat, "heavenly": heavenly}


def on_ready(st, ev):
    return _declare(st, ev, 0)


def on_heavenly_ready(st, ev):
    return _declare(st, ev, 1)


def on_sankou(st, ev):
    ex = st["extras"]
    a = ev["a"]
    b = ev["b"]
    if a == b:
        raise _refuse("三口 is between two players: a and b must differ")
    for s in (a, b):
        if partner(st, s) is not None:
            raise _refuse("seat %d is already in a 三口 relationship this hand "
                          "(三口关系一旦成立，…也无法改变)" % s)
    if ex["ready"] & (1 << a) and ex["ready"] & (1 << b):
        raise _refuse("三口 forms before 听牌, and both seats have declared 敲")
    _new_hand_event(st)
    ex["sankou"].append(a)
    ex["sankou"].append(b)
    return list(_NONE), 0, {"sankou": [a, b]}


def on_xianggong(st, ev):
    ex = st["extras"]
    seat = ev["seat"]
    bit = 1 << seat
    if ex["xg"] & bit:
        raise _refuse("seat %d is already 相公 this hand" % seat)
    _new_hand_event(st)
    ex["xg"] |= bit
    ex["ready"] &= ~bit & 15
    ex["heavenly"] &= ~bit & 15
    return list(_NONE), 0, {"xianggong": seat}


def on_dice(st, ev):
    ex = st["extras"]
    if ex["dice"]:
        raise _refuse("the dice of this hand are already recorded")
    _new_hand_event(st)
    ex["dice"] = 1
    return list(_NONE), 0, {"dice": st["huang"]}


def on_fly(st, ev):
    ex = st["extras"]
    last = ex["last"]
    rank = ev["rank"]
    if rank > 9:
        raise _refuse("rank is 1..9 for a suited tile, 0 for 字/风/花")
    if not last:
        raise _refuse("苍蝇 follows its win directly (one per win): there is no win to add it to")
    if not last[2]:
        raise _refuse("苍蝇 only for a win with a 牌型 (胡牌为牌型的情况下)")
    bonus = fly_points(rank)
    winner = last[0]
    d = list(_NONE)
    for i in range(3, len(last), 2):
        amount = bonus * last[i + 1] if last[1] else bonus
        d[last[i]] -= amount
        d[winner] += amount
    ex["last"] = []
    return d, 0, {"fly": rank, "bonus": bonus, "sankou": last[1]}


def on_huang(st, ev):
    top = st["settings"]["max_huang"]
    if ev["n"] > top:
        raise _refuse("huang %d is over the event's bound %d (setting max_huang)"
                      % (ev["n"], top))
    st["huang"] = ev["n"]
    return list(_NONE), 0, {"huang": ev["n"]}
