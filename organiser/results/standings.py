"""Standings computed from the uploaded hands.

A game is a session that counts (its `start` not undone, placed where its device may
speak) at one table in one tournament round, with the sessions of spare devices that
continue it.  Its seats are the players the round's seating put there, or those of a
reseat correction.  A player's score is the sum, over the games they sat in, of their
seat's payments in the records that count (the organiser's own settlement of each, or a
director's correction: never the device's), plus their penalties; a team's is the sum
of its players'.  MCR events also give table points per game (4-2-1-0 by the game's
scores, ties sharing the points of the places they span) and rank by them first.  A
table's sessions in a round past the event's games a round (organiser.event.gamebound) are the
same game as its last: their hands add to it, its table points are given once."""

from fractions import Fraction

from organiser.event import corrections
from organiser.store import stored
from organiser.store.db import one, rows
from organiser.event import gamebound
from organiser.event import tiebreaks
from organiser.event import penalty_presets, substitutes
from organiser.results import gamerows, riichi

PLACE_POINTS = (4, 2, 1, 0)


def table_points(scores):
    """4-2-1-0 for the four seats' game scores; tied seats share their places' points."""
    order = sorted(range(4), key=lambda s: -scores[s])
    out = [Fraction(0)] * 4
    i = 0
    while i < 4:
        j = i
        while j + 1 < 4 and scores[order[j + 1]] == scores[order[i]]:
            j += 1
        share = Fraction(sum(PLACE_POINTS[i:j + 1]), j - i + 1)
        for k in range(i, j + 1):
            out[order[k]] = share
        i = j + 1
    return out


def hand_payments(rec, corr):
    """A record's payments as they count: a payments or void correction's, else what the
    organiser's own scoring stored (replay: nothing while the record is held)."""
    c = corr.get(("hand", corrections.record_target(rec["device"], rec["journal"], rec["seq"])))
    if c is not None and c["kind"] in ("payments", "void"):
        if c["kind"] == "void":
            return [0, 0, 0, 0]
        return stored.payments(c["data"].get("payments")) or [0, 0, 0, 0]
    return stored.payments(rec["payments"]) or [0, 0, 0, 0]


def seat_players(con, tround_id, table_no, cache):
    key = (tround_id, table_no)
    if key not in cache:
        got = [None] * 4
        for r in rows(con, "SELECT seat, player_id FROM seating WHERE tround_id = ? AND "
                           "table_no = ?", key):
            got[r["seat"]] = r["player_id"]
        cache[key] = got
    return list(cache[key])


def _all_seating(con):
    """{(tround_id, table_no): [4 player ids or None]} for every round, in one query."""
    out = {}
    for r in con.execute("SELECT tround_id, table_no, seat, player_id FROM seating"):
        out.setdefault((r[0], r[1]), [None] * 4)[r[2]] = r[3]
    return out


def games(con, tround_id=None, corr=None, table_no=None):
    """Every game that counts (optionally of one tournament round, one table), in
    upload order: {session_id, device, journal, table_no, tround_id, rules, names,
    players (4 ids or None by seat), scores, hands, dealer, streak, round, over,
    records}.  Three queries whatever the number of games."""
    corr = corrections.latest(con) if corr is None else corr
    seats = _all_seating(con)
    out = []
    by_id = {}
    chain = {}              # session id: the first session of its chain (a spare's: the
                            # session it continues; a restart folded in: its own)
    limit = gamebound.limit(con)
    at_table = {}           # (tround_id, table_no): its games, in upload order
    for s in rows(con, "SELECT s.* FROM sessions s JOIN records r ON r.device = s.device AND "
                       "r.journal = s.journal AND r.seq = s.start_seq WHERE r.effective = 1 "
                       "ORDER BY s.id"):
        c = corr.get(("session", corrections.session_target(s["id"])))
        if c is not None:
            s["tround_id"] = c["data"].get("tround_id", s["tround_id"])
            s["table_no"] = c["data"].get("table_no", s["table_no"])
        elif s.get("refused"):
            continue                # placed where its device may not speak (binding.py)
        s["table_no"] = stored.number(s["table_no"], 0, 2 ** 53)
        if s.get("continues") in by_id:
            by_id[s["id"]] = by_id[s["continues"]]      # a spare device's: the same game
            by_id[s["id"]]["sessions"].append(s["id"])
            chain[s["id"]] = chain[s["continues"]]
            continue
        if tround_id is not None and s["tround_id"] != tround_id:
            continue
        if table_no is not None and s["table_no"] != table_no:
            continue
        chain[s["id"]] = s["id"]
        here = at_table.setdefault((s["tround_id"], s["table_no"]), [])
        if len(here) >= limit and not (c is not None and c["data"].get("new_game") is True):
            # past the event's games a round: the same game as the table's last
            by_id[s["id"]] = here[-1]
            here[-1]["sessions"].append(s["id"])
            here[-1]["restarts"] += 1
            continue
        c = corr.get(("reseat", corrections.session_target(s["id"])))
        if c is not None and isinstance(c["data"].get("players"), list) \
                and len(c["data"]["players"]) == 4:
            players = list(c["data"]["players"])
        else:
            players = list(seats.get((s["tround_id"], s["table_no"]), [None] * 4))
        players = [p if stored.number(p, 0, 2 ** 53) is not None else None for p in players]
        g = {"session_id": s["id"], "device": s["device"], "journal": s["journal"],
             "table_no": s["table_no"], "tround_id": s["tround_id"], "rules": s["rules"],
             "names": stored.names(s["players"]), "players": players, "scores": [0, 0, 0, 0],
             "hands": 0, "dealer": None, "streak": None, "round": None, "over": False,
             "records": 0, "corrected": False, "sessions": [s["id"]], "restarts": 0}
        here.append(g)
        out.append(g)
        by_id[s["id"]] = g
    if not out:
        return out
    # sums and the last state per game in SQL (json_extract runs in C), then the few
    # corrected records adjusted in Python
    where = "effective = 1 AND session_id IS NOT NULL"
    args = ()
    if len(by_id) <= 500:                  # few games: only theirs
        where += " AND session_id IN (%s)" % ",".join("?" * len(by_id))
        args = tuple(by_id)
    for r in con.execute(stored.payment_sums(where), args):
        g = by_id.get(r[0])
        if g is not None:
            g["records"] += r[1]
            g["scores"] = [a + (x or 0) for a, x in zip(g["scores"], r[2:6])]
    for r in con.execute(
            "SELECT r.session_id, r.hand_no, r.dealer, r.streak, r.round, r.over FROM records r "
            "JOIN (SELECT session_id, MAX(seq) AS last FROM records WHERE " + where +
            " GROUP BY session_id) x ON r.session_id = x.session_id AND r.seq = x.last", args):
        g = by_id.get(r[0])
        if g is None:
            continue
        # a continued game: its latest session's state; a game restarted: the hands of
        # each of its chains added up
        n = stored.hand_no(r[1])
        last = g.setdefault("_chains", {}).get(chain[r[0]])
        if last is None or r[0] >= last[0]:
            g["_chains"][chain[r[0]]] = (r[0], n - 1 if n else 0)
        if r[0] >= g.get("_last", 0):
            g["_last"] = r[0]
            g["dealer"], g["streak"], g["round"] = \
                stored.seat(r[2]), stored.count(r[3]), stored.seat(r[4])
            g["over"] = r[5] == 1
    for (group, target), c in corr.items():
        if group != "hand":
            continue
        try:
            device, journal, seq = target.rsplit("/", 2)
            seq = int(seq)
        except ValueError:
            continue
        if not 0 <= seq <= 2 ** 62:
            continue
        r = one(con, "SELECT device, journal, seq, session_id, payments, effective FROM records "
                     "WHERE device = ? AND journal = ? AND seq = ?", (device, journal, seq))
        if r is None or not r["effective"] or r["session_id"] not in by_id:
            continue
        up = stored.payments(r["payments"]) or [0, 0, 0, 0]
        now = hand_payments(r, corr)
        sc = by_id[r["session_id"]]["scores"]
        for i in range(4):
            sc[i] += now[i] - up[i]
        by_id[r["session_id"]]["corrected"] = True
    for g in out:
        g["hands"] = sum(h for _, h in g.pop("_chains", {}).values())
        g.pop("_last", None)
    return out


def _rank(items, key):
    """Set "rank" (1-based; equal keys share a rank) on items sorted by key."""
    items.sort(key=key)
    prev, rank = None, 0
    for i, it in enumerate(items):
        k = key(it)
        if k != prev:
            rank, prev = i + 1, k
        it["rank"] = rank
    return items


def compute(con, tround_id=None, from_store=True):
    """{"players": [...], "teams": [...], "unseated_games": [...], "mcr": bool} for the
    whole event or one tournament round: the stored game results' sums
    (organiser.results.gameresults) while they are the database's, else (or with
    from_store False) from the records."""
    ev = one(con, "SELECT rules FROM event WHERE id = 1")
    mcr = ev["rules"] == "mcr"
    ps = {p["id"]: {"id": p["id"], "name": p["name"], "team_id": p["team_id"],
                    "team": p["team"], "score": 0, "penalties": 0, "total": 0, "games": 0,
                    "hands": 0, "table_points": Fraction(0), "best_game": None}
          for p in rows(con, "SELECT p.id, p.name, p.team_id, t.name AS team FROM players p "
                             "LEFT JOIN teams t ON t.id = p.team_id")}
    to = substitutes.credit(con)        # a substitute's or a ghost's seat: whom it counts for
    # the stored games' sums (gameresults): a read; a Riichi event's results with uma are
    # worked out from its games
    held = gamerows.sums(con, tround_id) if from_store and ev["rules"] != riichi.RULES \
        else None
    unseated = [] if held is None else held["unseated"]
    for tr, pid, got in (held["players"] if held is not None else ()):
        who = to(tr, pid)
        if who is None or who not in ps:
            continue
        p = ps[who]
        for k in ("score", "hands", "games", "table_points"):
            p[k] += got[k]
        if got["best_game"] is not None:
            p["best_game"] = got["best_game"] if p["best_game"] is None else \
                max(p["best_game"], got["best_game"])
    played = games(con, tround_id, corrections.latest(con)) if held is None else []
    for g in played:
        if any(p is None or p not in ps for p in g["players"]):
            if g["hands"] or any(g["scores"]):
                unseated.append({"session_id": g["session_id"], "table_no": g["table_no"],
                                 "tround_id": g["tround_id"], "scores": g["scores"]})
            continue
        tp = table_points(g["scores"]) if (g["rules"] == "mcr" and g["hands"]) else None
        for seat, pid in enumerate(g["players"]):
            if to(g["tround_id"], pid) is None:
                continue
            p = ps[to(g["tround_id"], pid)]
            p["score"] += g["scores"][seat]
            p["hands"] += g["hands"]
            if g["hands"]:
                p["games"] += 1
                best = p["best_game"]
                p["best_game"] = g["scores"][seat] if best is None else max(best,
                                                                             g["scores"][seat])
            if tp is not None:
                p["table_points"] += tp[seat]
    if ev["rules"] == riichi.RULES:     # results with uma, as the EMA ranks Riichi
        riichi.add_results(con, played, ps, to)
    pens = corrections.penalties(con, tround_id)
    for pe in pens:
        ps[pe["player_id"]]["penalties"] += pe["points"]
    for pid, role in substitutes.unranked(con).items():
        # a ghost, or a substitute none of whose games counts for them: not ranked
        if role == "ghost" or not ps[pid]["games"]:
            del ps[pid]
    teams = {t["id"]: {"id": t["id"], "name": t["name"], "score": 0, "penalties": 0,
                       "total": 0, "table_points": Fraction(0), "players": []}
             for t in rows(con, "SELECT id, name FROM teams")}
    for p in ps.values():
        p["total"] = p["score"] + p["penalties"]
        t = teams.get(p["team_id"])
        if t is not None:
            for k in ("score", "penalties", "total", "table_points"):
                t[k] += p[k]
            t["players"].append(p["id"])
    key = tiebreaks.key(tiebreaks.order(con))       # the director's, else the ruleset's
    # a player without a game yet ranks after every player with one, whatever the points
    pkey = lambda x: (not x["games"],) + key(x)
    players = _rank(list(ps.values()), lambda x: pkey(x)[:-1])
    players.sort(key=pkey)
    team_list = _rank(list(teams.values()), lambda x: key(x)[:-1])
    team_list.sort(key=key)
    for x in players:
        del x["best_game"]                      # a tie-break's measure, not shown
    for x in players + team_list:
        x["table_points"] = round(float(x["table_points"]), 3)
        if x.get("games"):
            x["table_points_per_game"] = round(x["table_points"] / x["games"], 3)
    return {"players": players, "teams": team_list, "unseated_games": unseated, "mcr": mcr,
            "riichi": ev["rules"] == riichi.RULES, "tround_id": tround_id,
            "penalties": penalty_presets.listed(con, pens)}
