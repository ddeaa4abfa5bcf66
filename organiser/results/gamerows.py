"""The stored game results read (organiser/results/gameresults.py writes them): whether
they are the database's (`fresh`: their basis, what the games depend on besides the
records, is the database's now), the standings' sums over them, a player's figures.
Each reader gets None while they are not fresh, and computes from the records."""

import hashlib
import json
from fractions import Fraction

from organiser.event import gamebound
from organiser.store.db import one, rows

VERSION = 1             # of what a row holds: a new one stores every game again


# -- what the stored results depend on besides the records ------------------------------

def basis(con):
    """The database's basis now (JSON text): the event's ruleset and games a round, the
    latest correction, the players, a digest of the seating."""
    e = one(con, "SELECT rules FROM event WHERE id = 1") or {}
    c = con.execute("SELECT COALESCE(MAX(id), 0), COUNT(*) FROM corrections").fetchone()
    p = con.execute("SELECT COUNT(*), COALESCE(MAX(id), 0), COALESCE(SUM(id), 0) "
                    "FROM players").fetchone()
    h = hashlib.sha1(repr([tuple(r) for r in con.execute(
        "SELECT tround_id, table_no, seat, player_id FROM seating "
        "ORDER BY tround_id, table_no, seat")]).encode())
    return json.dumps([VERSION, e.get("rules"), gamebound.limit(con), int(c[0]), int(c[1]),
                       int(p[0]), int(p[1]), int(p[2]), h.hexdigest()])


def held_basis(con):
    r = con.execute("SELECT basis FROM game_results_basis WHERE id = 1").fetchone()
    return r[0] if r else None


def fresh(con):
    """True if the stored results are the database's: nothing they depend on besides
    the records changed since they were stored (the records' changes are stored as the
    scoring stores them)."""
    return held_basis(con) == basis(con)


# -- read: sums over rows ---------------------------------------------------------------

def sums(con, tround_id=None):
    """The stored games' sums for the standings, or None while they are not fresh:
    {"players": [(tround id, player id, {score, hands, games, table_points (a Fraction),
    best_game})] (a round's sums: a substitute's seat counts by round), "unseated":
    [{session_id, table_no, tround_id, scores}]}."""
    if not fresh(con):
        return None
    where, args = ("", ()) if tround_id is None else (" AND tround_id = ?", (tround_id,))
    out = []
    for r in con.execute(
            "SELECT tround_id, player_id, SUM(score), SUM(hands), "
            "SUM(CASE WHEN hands > 0 THEN 1 ELSE 0 END), "
            "COALESCE(SUM(table_points12), 0), MAX(CASE WHEN hands > 0 THEN score END) "
            "FROM game_results WHERE counted = 1" + where +
            " GROUP BY tround_id, player_id ORDER BY tround_id, player_id", args):
        out.append((r[0], r[1], {"score": int(r[2]), "hands": int(r[3]), "games": int(r[4]),
                                 "table_points": Fraction(int(r[5]), 12),
                                 "best_game": int(r[6]) if r[6] is not None else None}))
    unseated = {}
    for r in con.execute(
            "SELECT session_id, seat, table_no, tround_id, score, hands FROM game_results "
            "WHERE counted = 0" + where + " ORDER BY session_id, seat", args):
        g = unseated.setdefault(r[0], {"session_id": r[0], "table_no": r[2],
                                       "tround_id": r[3], "scores": [0, 0, 0, 0],
                                       "hands": r[5]})
        g["scores"][r[1]] = r[4]
    return {"players": out,
            "unseated": [{k: g[k] for k in ("session_id", "table_no", "tround_id", "scores")}
                         for g in unseated.values() if g["hands"] or any(g["scores"])]}


def figures(con, player_id):
    """A player's stored figures, per tournament round in the order of their games:
    [(tround_id, figures)] as stats.player adds them up, or None while not fresh."""
    if not fresh(con):
        return None
    out = []
    for r in rows(con, "SELECT tround_id, stat_hands, wins, self_draws, deal_ins, draws, "
                       "won_total, won_n, won_max, unit FROM game_results WHERE player_id = ? "
                       "AND first_seat = 1 ORDER BY session_id", (player_id,)):
        out.append((r["tround_id"], r))
    return out


def stored_games(con, tround_id=None):
    """The stored rows as games ({session_id, tround_id, table_no, rules, players,
    scores, hands, table_points, places}), in the order of their first sessions: what the tests
    hold against standings.games()."""
    where, args = ("", ()) if tround_id is None else (" WHERE tround_id = ?", (tround_id,))
    out = {}
    for r in rows(con, "SELECT * FROM game_results" + where + " ORDER BY session_id, seat",
                  args):
        g = out.setdefault(r["session_id"], {
            "session_id": r["session_id"], "tround_id": r["tround_id"],
            "table_no": r["table_no"], "rules": r["rules"], "players": [None] * 4,
            "scores": [0] * 4, "hands": r["hands"], "table_points": None,
            "places": [None] * 4})
        g["places"][r["seat"]] = r["place"]
        g["players"][r["seat"]] = r["player_id"]
        g["scores"][r["seat"]] = r["score"]
        if r["table_points12"] is not None:
            g["table_points"] = g["table_points"] or [0] * 4
            g["table_points"][r["seat"]] = Fraction(r["table_points12"], 12)
    return list(out.values())

