"""The results file of an MCR event for the European Mahjong Association's ranking (MERS).

One row per player who played: rank, EMA number, last name, first name, country, table
points, score, in the event's ranking order (table points, then score: organiser.results.standings).
What the file follows is written down in docs/organiser.md ("The EMA results file")."""

from organiser.results import standings
from organiser.store.db import rows
from organiser.event.tournament import ModelError

COLUMNS = ("Rank", "EMA number", "Last name", "First name", "Country", "Table points",
           "Score")
# a Riichi event's (docs/rules/riichi.md): the results with uma in place of table points,
# and the points without uma as its score
RIICHI_COLUMNS = COLUMNS[:5] + ("Points with uma", "Score")


def columns(con):
    """The file's columns for the event's ruleset."""
    r = con.execute("SELECT rules FROM event WHERE id = 1").fetchone()
    return RIICHI_COLUMNS if r and r[0] == "riichi" else COLUMNS


def split_name(name):
    """(last, first) of a name given as "First Last": the last word is the last name; a
    name of one word is a last name alone."""
    parts = name.split()
    if len(parts) < 2:
        return name.strip(), ""
    return parts[-1], " ".join(parts[:-1])


def points(v):
    """Table points as the EMA's tables write them: 4, 2.5, 2.333 (ties shared)."""
    return ("%.3f" % v).rstrip("0").rstrip(".")


def results(con, tround_id=None):
    """The file's rows (dicts keyed by COLUMNS), best first; players who sat in no game
    are left out and the others ranked again among themselves (ties share a rank)."""
    got = standings.compute(con, tround_id)
    riichi = got.get("riichi")
    if not got["mcr"] and not riichi:
        raise ModelError("the EMA results file is for MCR and Riichi events; this event "
                         "plays another ruleset")
    details = {r["id"]: (r["assoc_id"], r["country"], r["last_name"], r["first_name"])
               for r in rows(con, "SELECT id, assoc_id, country, last_name, first_name "
                                  "FROM players")}
    out = []
    prev, rank = None, 0
    for p in got["players"]:
        if not p["games"]:
            continue
        key = (p["total"],) if riichi else (p["table_points"], p["total"])
        if key != prev:
            rank, prev = len(out) + 1, key
        assoc, country, last, first = details.get(p["id"], ("", "", "", ""))
        if not last and not first:
            last, first = split_name(p["name"])
        out.append({"Rank": rank, "EMA number": assoc, "Last name": last,
                    "First name": first, "Country": country,
                    "Table points": points(p["table_points"]), "Score": p["total"]})
        if riichi:          # ranked by the results with uma (and penalties)
            del out[-1]["Table points"]
            out[-1].update({"Points with uma": p["total"], "Score": p["points"]})
    return out
