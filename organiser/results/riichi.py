"""A Riichi event's standings: each game's result in points with uma (and oka), ranked as
the EMA ranks Riichi (docs/rules/riichi.md, "At the organiser").

A finished game's result is the table engine's own (the organiser's replay keeps the
state's `extras.final`: points - return_points + uma, oka to first, the riichi sticks
left at the end to first place, chombo off after uma).  A finished game with a
director's correction of a hand: its uma is worked out again here from the points as
they count, by the same rule (tied places share their uma, floored); the sticks left at
its end and chombo are then the director's to settle (a penalty); so with a game played
on more than one device (a spare device's continuation: its engine started the scores
again, the points are the sum here).  A game still in play:
its points so far against return_points, no uma yet.

A player's `score` (what ranks, as the EMA's Riichi results rank: the sum of the games'
results with uma) is then the sum of these results; `points` the sum of the games'
points against return_points without uma, `uma` the difference (uma and oka, the sticks
left at the end, chombo)."""

from organiser.event import presets
from organiser.store import stored

RULES = "riichi"


def settings(con):
    """The event's table settings over the EMA's defaults (as a device starts with them)."""
    r = con.execute("SELECT settings FROM event WHERE id = 1").fetchone()
    got = stored.loads(r[0]) if r and r[0] else None
    out = dict(presets.RIICHI_EMA)
    if isinstance(got, dict):
        out.update({k: v for k, v in got.items() if k in out and isinstance(v, int)})
    return out


def uma(points, s):
    """Each seat's uma (and oka to first) by its place in points: tied places share the
    uma of the places they hold, floored (rules/riichi_events.py finish)."""
    table = [s["uma_high"] + 4 * (s["return_points"] - s["starting_points"]), s["uma_low"],
             -s["uma_low"], -s["uma_high"]]
    out = []
    for p in range(4):
        above = sum(1 for q in range(4) if points[q] > points[p])
        tied = sum(1 for q in range(4) if points[q] == points[p])
        out.append(sum(table[above:above + tied]) // tied)
    return out


CHUNK = 500             # sessions named in one query


def finished_states(con, sessions):
    """{session id: the organiser's state after its last record that counts and holds a
    game's result} for these sessions, in a query per CHUNK of them (a finished game's
    state only: the rows holding "final" in their state's text)."""
    out = {}
    sessions = sorted(set(sessions))
    for i in range(0, len(sessions), CHUNK):
        part = tuple(sessions[i:i + CHUNK])
        got = {}
        for sid, seq, text in con.execute(
                "SELECT r.session_id, r.seq, x.state FROM records r JOIN replayed x ON "
                "x.device = r.device AND x.journal = r.journal AND x.seq = r.seq WHERE "
                "r.session_id IN (%s) AND r.effective = 1 AND x.state LIKE ?"
                % ",".join("?" * len(part)), part + ('%"final"%',)):
            if sid not in got or seq > got[sid][0]:
                got[sid] = (seq, text)
        for sid, (_, text) in got.items():
            st = stored.loads(text)
            out[sid] = st if isinstance(st, dict) else {}
    return out


def final_of(st):
    """A state's `extras.final` (four whole numbers), else None."""
    ex = st.get("extras") if isinstance(st.get("extras"), dict) else {}
    f = ex.get("final")
    if isinstance(f, list) and len(f) == 4 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in f):
        return [stored.number(v, -10 ** 9, 10 ** 9) or 0 for v in f]
    return None


def game_result(g, s, states):
    """(each seat's result with uma, its points against return_points, over): a game of
    standings.games(); g["scores"] are its payments as they count (points won and lost
    against starting_points); states: finished_states() of its sessions."""
    points = [s["starting_points"] + v for v in g["scores"]]
    plain = [p - s["return_points"] for p in points]
    if not g.get("over"):
        return plain, plain, False
    # the latest of its sessions (a spare device's continuation) with the game's result
    final = None
    for sid in sorted(g.get("sessions") or [g["session_id"]], reverse=True):
        if sid in states:
            final = final_of(states[sid])
            break
    # the engine's own where it saw the whole game: one session, no correction (a spare
    # device's continuation started its scores again; the points add up here)
    if final is not None and not g.get("corrected") and len(g.get("sessions") or [1]) == 1:
        return final, plain, True
    return [a + b for a, b in zip(plain, uma(points, s))], plain, True


def add_results(con, played, ps, to=lambda tround_id, pid: pid):
    """Each seated Riichi game's result into the standings' players (standings.compute's
    ps): score becomes the sum of the results with uma; points, uma, in_play added; a
    seat counts for whom `to` says (substitutes.credit: None for nobody)."""
    s = settings(con)
    for p in ps.values():
        p["points"], p["uma"], p["in_play"], p["score"] = 0, 0, 0, 0
        p["best_game"] = None           # (the tie-break's: the best result with uma)
    counted = [g for g in played if g["rules"] == RULES and g["hands"] and all(
        p is not None and p in ps for p in g["players"])]
    states = finished_states(con, [sid for g in counted if g.get("over")
                                   for sid in g.get("sessions") or [g["session_id"]]])
    for g in counted:
        result, plain, over = game_result(g, s, states)
        for seat, pid in enumerate(g["players"]):
            if to(g["tround_id"], pid) is None:
                continue
            p = ps[to(g["tround_id"], pid)]
            p["score"] += result[seat]
            p["points"] += plain[seat]
            p["uma"] += result[seat] - plain[seat]
            p["in_play"] += 0 if over else 1
            best = p["best_game"]
            p["best_game"] = result[seat] if best is None else max(best, result[seat])


def hand_name(st):
    """A Riichi hand as players name it, from the organiser's state before it: its number
    in the prevailing wind (the deals passed, plus one) and, with counters on the table,
    their number ("2-1": the second hand, one counter); the wind is the page's."""
    ex = st.get("extras") if isinstance(st, dict) and isinstance(st.get("extras"), dict) \
        else {}
    n = stored.seat(ex.get("passes"))
    if n is None:
        return stored.hand_no(st.get("hand_no") if isinstance(st, dict) else None)
    honba = stored.count(st.get("streak")) or 0
    return "%d-%d" % (n + 1, honba) if honba else str(n + 1)
