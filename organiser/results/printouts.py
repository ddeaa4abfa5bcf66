"""What the director prints for a tournament round (pages styled for print, one sheet a
table or a list): the seating per table and per player, the blank table score sheets a
table keeps by hand if its device fails, and the results."""

from organiser.results import standings
from organiser.event import tournament
from organiser.store.db import rows

WINDS = "ESWN"              # the seating's seat 0 deals the first hand: East
SHEET_ROWS = 16             # rows of a score sheet when neither the game nor the event says


def _names(con):
    return {r["id"]: r["name"] for r in rows(con, "SELECT id, name FROM players")}


def seating(con, tround_id):
    """{"tround", "tables": [{number, name, seats: [{seat, wind, name}]}], "players":
    [{name, table, seat, wind}] by name}."""
    t = tournament.tround(con, tround_id)
    names = _names(con)
    tabs = {r["number"]: r["name"] for r in tournament.tables(con)}
    out, players = [], []
    for no, s in sorted(tournament.seating(con, tround_id).items()):
        seats = []
        for i, pid in enumerate(s["players"]):
            name = names.get(pid, "")
            seats.append({"seat": i + 1, "wind": WINDS[i], "name": name})
            if pid is not None:
                players.append({"name": name, "table": no, "seat": i + 1, "wind": WINDS[i]})
        out.append({"number": no, "name": tabs.get(no, ""), "seats": seats})
    players.sort(key=lambda p: p["name"].casefold())
    return {"tround": t, "tables": out, "players": players}


def sheet_rows(con):
    """The rows a blank score sheet gives: an MCR game's hands (its setting, 16), else the
    event's hands a round, else 16."""
    e = tournament.event(con)
    want = e["settings"].get("hands") if e["rules"] == "mcr" else e["hands_per_tround"]
    ok = isinstance(want, int) and not isinstance(want, bool) and 1 <= want <= 64
    return want if ok else SHEET_ROWS


def results(con, tround_id=None):
    """The standings for print: {"players", "teams", "mcr"}."""
    got = standings.compute(con, tround_id)
    return {"players": [p for p in got["players"] if p["games"] or p["penalties"]],
            "teams": got["teams"], "mcr": got["mcr"]}
