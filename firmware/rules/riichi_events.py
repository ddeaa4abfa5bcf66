# Riichi (riichi): the table's own events, for rules/riichi_table.py (which loads this
# module for one event and drops it after).  docs/rules/riichi.md describes each event.

from rules.riichi_table import _refuse, _CHOMBO, _STICK, _new_hand_event, _no_ron_pending

_NONE = [0, 0, 0, 0]


def on_chombo(st, ev):
    ex = st["extras"]
    seat = ev["seat"]
    if "chombo" not in ex:
        ex["chombo"] = [0, 0, 0, 0]
    ex["chombo"][seat] += 1
    if "final" in ex:
        ex["final"][seat] -= _CHOMBO
    return list(_NONE), 0, {"chombo": seat}


def on_double_ron(st, ev):
    ex = st["extras"]
    if not st["settings"]["double_ron"]:
        raise _refuse("double ron: this table plays head bump (setting double_ron)")
    last = ex["last"]
    if not last or "again" in ex:
        raise _refuse("double ron: only right after a win on a discard")
    frm, dealer, rnd, streak, passes, hand_no, riichi, double, _ = last
    st["dealer"] = dealer
    st["round"] = rnd
    st["streak"] = streak
    st["hand_no"] = hand_no
    st["over"] = False
    ex["passes"] = passes
    ex["riichi"] = riichi
    ex["double"] = double
    ex.pop("final", None)
    ex["again"] = frm
    return list(_NONE), 0, {"double_ron": frm}


def finish(st):
    """The game's end: each seat's result, its place's uma (tied places share theirs),
    oka to first, sticks left to first place (shared by tied firsts) or lost."""
    ex = st["extras"]
    s = st["settings"]
    sc = st["scores"]
    uma = [s["uma_high"] + 4 * (s["return_points"] - s["starting_points"]), s["uma_low"],
           -s["uma_low"], -s["uma_high"]]
    top = max(sc)
    pot = ex["pot"] * _STICK if s["leftover_to_first"] else 0
    final = []
    for p in range(4):
        above = 0
        tied = 0
        for q in range(4):
            if sc[q] > sc[p]:
                above += 1
            elif sc[q] == sc[p]:
                tied += 1
        v = sum(uma[above:above + tied]) // tied + sc[p] - s["return_points"]
        v -= ex["chombo"][p] * _CHOMBO if "chombo" in ex else 0
        if sc[p] == top:
            v += pot // sc.count(top)
        final.append(v)
    ex["final"] = final
    st["over"] = True


def on_end(st, ev):
    if st["over"]:
        raise _refuse("the game is over already")
    _no_ron_pending(st)
    finish(st)
    return list(_NONE), 0, {"final": list(st["extras"]["final"])}


def on_pao(st, ev):
    """Pao (RCR 3.3.9): "seat" fed "winner" the third dragon pung or kong (two dragon
    pungs or kongs melded) or the fourth wind (three melded): liable should that hand
    win with dai sangen or dai suushii."""
    ex = st["extras"]
    seat = ev["seat"]
    to = ev["winner"]
    if seat == to:
        raise _refuse("pao: another seat than the winner")
    if "pao" in ex:
        raise _refuse("pao: once a hand")
    _new_hand_event(st)
    ex["pao"] = [seat, to]
    return list(_NONE), 0, {"pao": seat}


def pao_pay(st, winner, frm, result, d):
    """The payments of a win under pao, where the hand is dai sangen or dai suushii (a
    yakuman a hand: the liability is the whole hand's): on a self-draw the liable
    player pays it all, the counters too (as on his own discard); on another's discard
    that player and the liable one pay half the hand each, the counters the
    discarder's; on the liable player's own discard, as any win."""
    liable = st["extras"]["pao"][0]
    if frm == liable:
        return d
    for it in result["items"]:
        if it["id"] == "daisangen" or it["id"] == "daisuushii":
            break
    else:
        return d
    value = result["total"]
    honba = st["streak"] * st["settings"]["honba"]
    d = [0, 0, 0, 0]
    if frm is None:
        d[liable] = -(value + honba)
    else:
        half = value // 2
        d[liable] = -half
        d[frm] = -(value - half + honba)
    d[winner] = value + honba
    return d
