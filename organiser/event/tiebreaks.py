"""The standings' order the director picks: the criteria players (and teams) are ranked
by, in turn, when the one before ties.  Each ruleset has its default (Chinese Official:
table points, then score; the others: score); the director may pick another order on the
event's tie-breaks page.  Players without a game rank after every player with one, whatever
the order (organiser/results/standings.py)."""

import json

from organiser.store import stored
from organiser.store.db import one
from organiser.event.tournament import ModelError

# criterion -> (its name on the pages, the standings' field; higher is better)
CRITERIA = {
    "table_points": ("table points", "table_points"),
    "score": ("score", "total"),
    "best_game": ("best game's score", "best_game"),
    "games": ("games played", "games"),
}
DEFAULT = {"mcr": ("table_points", "score")}
OTHERS = ("score",)


def default(rules):
    return list(DEFAULT.get(rules, OTHERS))


def order(con):
    """The event's criteria, in turn: the director's, else the ruleset's default."""
    e = one(con, "SELECT rules, tiebreaks FROM event WHERE id = 1")
    got = stored.loads(e["tiebreaks"]) if e and e["tiebreaks"] else None
    if isinstance(got, list) and got and all(c in CRITERIA for c in got):
        return got
    return default(e["rules"] if e else "mcr")


def set_order(con, names):
    """The director's order ([] or None: back to the ruleset's default)."""
    names = [n for n in (names or []) if n]
    for n in names:
        if n not in CRITERIA:
            raise ModelError("no tie-break %r", n)
    if len(set(names)) != len(names):
        raise ModelError("a tie-break named twice")
    con.execute("UPDATE event SET tiebreaks = ? WHERE id = 1",
                (json.dumps(names) if names else None,))


def key(criteria):
    """A sort key for standings rows (players or teams): each criterion's field, higher
    first (a row lacking one counts 0), then the name."""
    fields = [CRITERIA[c][1] for c in criteria]
    return lambda x: tuple(-(x.get(f) or 0) for f in fields) + (x["name"],)
