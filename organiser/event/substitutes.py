"""Substitutes and ghost seats: who sits in a seat whose player is not there, and whom
that seat's games count for.

- A **substitute** is a player of the event's list with the role `substitute` (not
  seated by the generators unless they take a seat for the rest of the event).  A
  substitution puts them in an absent player's seat from one tournament round, for that
  round or to the end of the event, and says whom the seat's games count for (`counts`):
  `absent` (the absent player's score, table points and games), `nobody` (the seat's
  results count for no one; the others at the table keep theirs), or `substitute` (the
  substitute is ranked with them).  The substitute's hands count for the table whatever
  the choice: the four seats' scores decide the table points of the others.
- A **ghost seat** is a seat of a table short of a player, filled by a player with the
  role `ghost` (one of "Ghost 1".."Ghost 3").  The four rulesets the terminal scores are
  four-handed (the engine settles four seats), so a ghost seat is played by a stand-in
  (a referee or a volunteer) and counts for nobody, as a substitute's under `nobody`.
  The director makes the field a multiple of four with `ghost_seats`; the generators
  then seat the ghosts like anyone, never two at one table.

Every substitution is appended with who, when and why; the latest for a player and
round stands (a later one for the same absent player from the same round replaces it).
Nothing here rewrites a table that has played hands in a round: a player who leaves
mid-game is replaced from the next round, or the game re-seated by a correction."""

import time

from organiser.store.db import one, rows
from organiser.event import tournament
from organiser.event.tournament import ModelError

COUNTS = ("absent", "nobody", "substitute")
ROLES = ("player", "substitute", "ghost")
GHOST_NAME = "Ghost %d"
GHOST_TEAM = -1                 # the ghosts' team for the generators (teams' ids are positive)


def add_substitute(con, name):
    """A substitute on the event's list: not seated by the generators, not ranked unless a
    substitution counts their games for them."""
    pid = tournament.add_player(con, name)
    con.execute("UPDATE players SET role = 'substitute', active = 0 WHERE id = ?", (pid,))
    return pid


def role(con, player_id):
    r = one(con, "SELECT role FROM players WHERE id = ?", (player_id,))
    return None if r is None else (r["role"] if r["role"] in ROLES else "player")


def _number(con, tround_id):
    t = one(con, "SELECT number FROM trounds WHERE id = ?", (tround_id,))
    if t is None:
        raise ModelError("no tournament round %r", tround_id)
    return t["number"]


def substitute(con, who, why, player_id, substitute_id, from_tround, to_tround=None,
               counts="absent", now=None):
    """substitute_id sits in player_id's seat from the round from_tround (its id) to
    to_tround (the same for one round; None: the rest of the event).  The rounds already
    seated have the substitute put in the absent player's seat, except at a table that has
    played hands there (it is re-seated by a correction, with a reason); for the rest of
    the event the absent player leaves the generated seatings and the substitute joins
    them.  Returns the substitution's id."""
    if not why or not why.strip():
        raise ModelError("a substitution needs a reason")
    if counts not in COUNTS:
        raise ModelError("counts: one of %s", ", ".join(COUNTS))
    if player_id == substitute_id:
        raise ModelError("a player does not substitute for themselves")
    for p in (player_id, substitute_id):
        if role(con, p) is None:
            raise ModelError("no player %r", p)
    if role(con, player_id) == "ghost" or role(con, substitute_id) == "ghost":
        raise ModelError("a ghost seat is not a player: seat a substitute in it instead")
    first = _number(con, from_tround)
    last = None if to_tround is None else _number(con, to_tround)
    if last is not None and last < first:
        raise ModelError("the substitution ends before it begins")
    covered = [t for t in tournament.trounds(con)
               if t["number"] >= first and (last is None or t["number"] <= last)]
    moves = {}
    for t in covered:
        seats = tournament.seating(con, t["id"])
        if any(substitute_id in s["players"] for s in seats.values()):
            raise ModelError("%s already plays in round %d", _name(con, substitute_id),
                             t["number"])
        for no, s in seats.items():
            if player_id in s["players"]:
                if tournament.hands_played(con, t["id"], no):
                    raise ModelError("table %d has played hands in round %d: re-seat its game "
                                     "with a reason (Corrections), or substitute from the "
                                     "next round", no, t["number"])
                moves[t["id"]] = {no: [substitute_id if p == player_id else p
                                       for p in s["players"]]}
    for tid, tables in moves.items():
        tournament.set_seating(con, tid, tables, source="manual")
    if last is None:
        # the rest of the event: the generators seat the substitute in their place
        tournament.set_player_active(con, player_id, False)
        tournament.set_player_active(con, substitute_id, True)
    return con.execute(
        "INSERT INTO substitutions (at, who, why, player_id, substitute_id, from_tround, "
        "to_tround, counts) VALUES (?,?,?,?,?,?,?,?)",
        (now or time.time(), who, why.strip(), player_id, substitute_id, from_tround,
         to_tround, counts)).lastrowid


def _name(con, pid):
    r = one(con, "SELECT name FROM players WHERE id = ?", (pid,))
    return r["name"] if r else str(pid)


def substitutions(con):
    """Every substitution, oldest first, with the names and round numbers."""
    return rows(con, "SELECT s.*, a.name AS player, b.name AS substitute, f.number AS from_no, "
                     "t.number AS to_no FROM substitutions s JOIN players a ON a.id = "
                     "s.player_id JOIN players b ON b.id = s.substitute_id JOIN trounds f ON "
                     "f.id = s.from_tround LEFT JOIN trounds t ON t.id = s.to_tround "
                     "ORDER BY s.id")


def credit(con):
    """A function (tround_id, player_id) -> the player id a seat's results count for, or
    None (a ghost seat; a substitute's seat counted for nobody): what the standings, the
    exports and the EMA file rank by."""
    numbers = {r["id"]: r["number"] for r in rows(con, "SELECT id, number FROM trounds")}
    ghosts = {r["id"] for r in rows(con, "SELECT id FROM players WHERE role = 'ghost'")}
    spans = {}                      # substitute: [(first, last or None, absent, counts)]
    for s in rows(con, "SELECT * FROM substitutions ORDER BY id"):
        first = numbers.get(s["from_tround"])
        last = numbers.get(s["to_tround"]) if s["to_tround"] is not None else None
        if first is None:
            continue
        spans.setdefault(s["substitute_id"], []).append(
            (first, last, s["player_id"], s["counts"]))

    def to(tround_id, pid):
        if pid in ghosts:
            return None
        got = spans.get(pid)
        if not got:
            return pid
        n = numbers.get(tround_id)
        for first, last, absent, counts in reversed(got):      # the latest stands
            if n is not None and n >= first and (last is None or n <= last):
                return absent if counts == "absent" else None if counts == "nobody" else pid
        return pid
    return to


def unranked(con):
    """Players the standings leave out unless a game counts for them: ghosts always,
    substitutes while none of their games counts for them."""
    return {r["id"]: r["role"] for r in rows(con, "SELECT id, role FROM players WHERE role "
                                                 "IN ('substitute', 'ghost')")}


def ghost_seats(con):
    """Make the field of active players a multiple of four with ghost seats (0 to 3):
    the ghosts needed are made (or made active again), the others set aside.  Returns
    the number of ghost seats now in the field."""
    real = one(con, "SELECT COUNT(*) AS n FROM players WHERE active = 1 AND role != 'ghost'")["n"]
    need = -real % 4
    have = rows(con, "SELECT id, name FROM players WHERE role = 'ghost' ORDER BY id")
    while len(have) < need:
        k = len(have) + 1
        name = GHOST_NAME % k
        while one(con, "SELECT 1 FROM players WHERE name = ?", (name,)):
            k += 1
            name = GHOST_NAME % k
        pid = tournament.add_player(con, name)
        con.execute("UPDATE players SET role = 'ghost' WHERE id = ?", (pid,))
        have.append({"id": pid, "name": name})
    for i, g in enumerate(have):
        tournament.set_player_active(con, g["id"], i < need)
    return need


def ghost_team(con):
    """{ghost id: a team of their own} for the generators: ghosts are kept apart as
    teammates are (never two empty seats at one table), whether or not the event keeps
    its teams apart."""
    return {r["id"]: GHOST_TEAM for r in rows(con, "SELECT id FROM players WHERE role = "
                                                  "'ghost'")}
