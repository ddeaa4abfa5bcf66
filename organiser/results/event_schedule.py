"""The whole event's seating in the organiser's database: every pending tournament round
seated at once by organiser/event/schedule.py (or the rest of the event from a round on), and
each player's card (table and wind for every round).

Rounds already open or closed, tables that have played hands and tables the director
locked keep their seating: they are given to the schedule as locked tables (the whole
event's meetings count), or as earlier rounds when they seat players no longer playing.
The schedule is computed outside any write transaction (it may take seconds) and written
in one short one.  Seat order is the seating's: seat 1 East, 2 South, 3 West, 4 North."""

from organiser.event import schedule as sched
from organiser.event import substitutes, tournament
from organiser.store.db import rows
from organiser.event.tournament import ModelError

DEFAULT_SEED = 1
DEFAULT_SECONDS = 10.0
MAX_SECONDS = 60.0


def plan(con, from_number=None):
    """What the schedule is asked to do, read from the database: a dict for compute()."""
    players = [r["id"] for r in rows(con, "SELECT id FROM players WHERE active = 1 "
                                          "ORDER BY id")]
    trs = tournament.trounds(con)
    if not trs:
        raise ModelError("no tournament rounds: add them first")
    n = len(players) // 4
    if len(players) % 4 or n == 0:
        raise ModelError("%d players to seat: a multiple of 4 needed", len(players))
    nos = [r["number"] for r in tournament.tables(con)][:n]
    if len(nos) < n:
        raise ModelError("%d tables needed, %d registered", n, len(nos))
    e = tournament.event(con)
    teams = None
    if e["avoid_teammates"]:
        teams = {r["id"]: r["team_id"] for r in rows(con, "SELECT id, team_id FROM players")
                 if r["team_id"] is not None}
    if substitutes.ghost_team(con):         # ghost seats: never two at one table
        teams = {**(teams or {}), **substitutes.ghost_team(con)}
    active, idx = set(players), {no: i for i, no in enumerate(nos)}
    todo, locked, past = [], {}, []
    for t in trs:
        seats = tournament.seating(con, t["id"])
        kept = t["status"] != "pending" or (from_number is not None and
                                             t["number"] < from_number)
        if not kept:
            r = len(todo)
            todo.append(t)
            for no, s in seats.items():
                if (s["locked"] or tournament.hands_played(con, t["id"], no)):
                    if no not in idx or not set(s["players"]) <= active:
                        raise ModelError("round %d: locked table %s seats a player not "
                                         "playing, or is not among the first %d tables",
                                         t["number"], no, n)
                    locked[(r, idx[no])] = s["players"]
            continue
        tabs = [s["players"] for s in seats.values()]
        whole = sorted(p for ps in tabs for p in ps) == sorted(players) and \
            all(no in idx for no in seats)
        if whole:                                       # part of the event's schedule
            r = len(todo)
            todo.append(t)
            for no, s in seats.items():
                locked[(r, idx[no])] = s["players"]
        else:
            past.append(tabs)
    if all(t["status"] != "pending" or (from_number is not None and t["number"] < from_number)
           for t in todo):
        raise ModelError("no pending round to seat")
    return {"players": players, "nos": nos, "todo": todo, "locked": locked, "past": past,
            "teams": teams}


def compute(p, seed=DEFAULT_SEED, seconds=DEFAULT_SECONDS, progress=None):
    try:
        return sched.schedule(p["players"], len(p["todo"]), teams=p["teams"],
                              locked=p["locked"], past=p["past"], seed=seed,
                              budget=min(MAX_SECONDS, max(0.1, seconds)), progress=progress)
    except sched.ScheduleError as err:
        raise ModelError(err.text, *err.values)


def write(con, p, result):
    """The schedule's rounds into the seating of the rounds it seated (locked tables as
    they were); returns the figures for the report."""
    locked = set(p["locked"])
    written = []
    for r, t in enumerate(p["todo"]):
        if all((r, i) in locked for i in range(len(p["nos"]))):
            continue                                    # a round kept whole
        written.append(t["number"])
        cur = tournament.seating(con, t["id"])
        new = {p["nos"][i]: ps for i, ps in enumerate(result.rounds[r]) if (r, i) not in locked}
        for no in cur:
            if no not in p["nos"]:
                con.execute("DELETE FROM seating WHERE tround_id = ? AND table_no = ?",
                            (t["id"], no))
                con.execute("DELETE FROM seating_meta WHERE tround_id = ? AND table_no = ?",
                            (t["id"], no))
        tournament.set_seating(con, t["id"], new, source="generated")
    f = dict(result.figures)
    f.pop("winds", None)
    f["rounds"] = written
    return f


def generate(db, from_number=None, seed=DEFAULT_SEED, seconds=DEFAULT_SECONDS,
             progress=None):
    """Read, compute (no transaction held), write; the figures."""
    with db.read() as con:
        p = plan(con, from_number)
    result = compute(p, seed, seconds, progress)
    with db.write() as con:
        for t in p["todo"]:                      # a round opened meanwhile is not rewritten
            if tournament.tround(con, t["id"])["status"] != t["status"]:
                raise ModelError("round %d changed meanwhile: generate again", t["number"])
        return write(con, p, result)


def cards(con, player_id=None):
    """[{"id", "name", "rounds": [{"round", "table", "seat", "wind"}]}], every player (or
    one) with their table and wind for each tournament round seated."""
    where = "WHERE p.id = ?" if player_id is not None else ""
    out = {r["id"]: {"id": r["id"], "name": r["name"], "rounds": []}
           for r in rows(con, "SELECT p.id, p.name FROM players p %s ORDER BY p.id" % where,
                         (player_id,) if player_id is not None else ())}
    for r in rows(con, "SELECT t.number, s.table_no, s.seat, s.player_id FROM seating s "
                       "JOIN trounds t ON t.id = s.tround_id ORDER BY t.number, s.table_no"):
        c = out.get(r["player_id"])
        if c is not None:
            c["rounds"].append({"round": r["number"], "table": r["table_no"],
                                "seat": r["seat"] + 1, "wind": sched.WINDS[r["seat"]]})
    return list(out.values())


def swiss_round(con, tround_id):
    """Seat one round by the standings so far (organiser/event/swiss.py): locked tables and
    tables that have played hands keep theirs.  The figures."""
    from organiser.results import standings
    from organiser.event import swiss
    t = tournament.tround(con, tround_id)
    if t["status"] == "closed":
        raise ModelError("the round is closed: its seating stands")
    active = {r["id"] for r in rows(con, "SELECT id FROM players WHERE active = 1")}
    order = [p["id"] for p in standings.compute(con)["players"] if p["id"] in active]
    ghosts = substitutes.ghost_team(con)     # not ranked: the last seats, kept apart
    order += sorted(p for p in active if p not in order)
    n = len(order) // 4
    if len(order) % 4 or n == 0:
        raise ModelError("%d players to seat: a multiple of 4 needed", len(order))
    nos = [r["number"] for r in tournament.tables(con)][:n]
    if len(nos) < n:
        raise ModelError("%d tables needed, %d registered", n, len(nos))
    cur = tournament.seating(con, tround_id)
    locked = {}
    for no, s in cur.items():
        if s["locked"] or tournament.hands_played(con, tround_id, no):
            if no not in nos or not set(s["players"]) <= active:
                raise ModelError("round %d: locked table %s seats a player not playing, or is "
                                 "not among the first %d tables", t["number"], no, n)
            locked[nos.index(no)] = s["players"]
    earlier = tournament.past_tables(con, t["number"])
    winds = {}
    for tables in earlier:
        for ps in tables:
            for s, p in enumerate(ps):
                winds.setdefault(p, [0, 0, 0, 0])[s] += 1
    for p in order:
        winds.setdefault(p, [0, 0, 0, 0])
    e = tournament.event(con)
    teams = None
    if e["avoid_teammates"]:
        teams = {r["id"]: r["team_id"] for r in rows(con, "SELECT id, team_id FROM players")
                 if r["team_id"] is not None}
    if ghosts:
        teams = {**(teams or {}), **ghosts}
    try:
        out, figs = swiss.seat(order, earlier[-1] if earlier else (), earlier[:-1], teams,
                               winds, locked)
    except sched.ScheduleError as err:
        raise ModelError(err.text, *err.values)
    for no in cur:
        if no not in nos:
            con.execute("DELETE FROM seating WHERE tround_id = ? AND table_no = ?",
                        (tround_id, no))
            con.execute("DELETE FROM seating_meta WHERE tround_id = ? AND table_no = ?",
                        (tround_id, no))
    tournament.set_seating(con, tround_id, {nos[i]: ps for i, ps in enumerate(out)
                                            if i not in locked}, source="generated")
    return figs
