"""Each game's result, stored when the organiser scores it, so that the standings are a
read (issue 26: Pantheon stores each game's result and reads it).

`game_results` (organiser/store/schema.sql) holds a row per seat of every game that
counts, as organiser.results.standings.games finds it from the records: the game's
tournament round and table, the seat's player, its score (the payments that count:
the organiser's own settlement or the director's correction), the game's hands, an MCR
game's table points (x 12: shared ties are thirds, halves and quarters), and the
seat's figures for the player's page (organiser.results.stats: hands, wins, self-draws,
deal-ins, draws, the totals of the hands won).

Written, in the transaction that stores what it comes from:
- `refresh(con, journals)` by the scoring's one path (organiser.scoring.scoring.store_all),
  each time journals' records are scored, a correction's journal rescored included:
  the games of every tournament round those journals' sessions are (or were) in;
- whole when what the games depend on besides the records changed: the seating, the
  corrections, the players, the event's ruleset and games a round (`basis`, stored
  beside the rows in `game_results_basis`).  The scoring refreshes whole at its next
  batch, and the scoring's watcher of the event's changes (a seating edited, a player
  removed: Scoring.note_change) at once.

Read by the standings (`sums`), the player's page (`figures`) and through them the
exports, /api/v1/standings, /players/{id} and /print/results: sums over rows.  While
the stored basis is not the database's (an older database's first start, a change not
yet refreshed, an event file just imported), the readers get None and compute from the
records as before, so that a reader never sees a stale result."""

import asyncio
import json
import sys

from organiser.event import corrections
from organiser.results import gamerows, standings, stats
from organiser.store import stored
from organiser.store.db import one, rows
FIGURES = ("stat_hands", "wins", "self_draws", "deal_ins", "draws", "won_total", "won_n",
           "won_max", "unit")
COLUMNS = ("session_id", "seat", "tround_id", "table_no", "rules", "player_id", "counted",
           "first_seat", "score", "hands", "table_points12", "place", "sessions") + FIGURES
# OR REPLACE: another organiser process on the same PostgreSQL database storing the same
# game at the same moment overwrites it rather than failing on its key
INSERT = "INSERT OR REPLACE INTO game_results (%s) VALUES (%s)" % (", ".join(COLUMNS),
                                                        ", ".join("?" * len(COLUMNS)))


# -- written: by the scoring, and whole when the basis changed --------------------------

def refresh(con, journals=(), whole=False):
    """Store the results of the games that the journals' ([(device, journal)]) sessions
    are in, or were in before; every game when `whole` or when the basis changed (then
    a game's seat figures, which only its records give, are kept where neither its
    sessions nor, since the stored basis, a correction of its round's journals moved).
    Returns the number of games stored.  Call inside a write transaction."""
    now = gamerows.basis(con)
    held = gamerows.held_basis(con)
    corr = corrections.latest(con)
    trounds = None if whole or held != now else _trounds_of(con, journals, corr)
    if trounds is not None and None in trounds:
        trounds = None                  # a session in no round: the games() of all
    keep = {}
    if trounds is None:
        keep = _kept_figures(con, held, journals, corr)
        games = standings.games(con, None, corr)
        con.execute("DELETE FROM game_results")
    else:
        games = []
        for t in sorted(trounds):
            games += standings.games(con, t, corr)
            con.execute("DELETE FROM game_results WHERE tround_id = ?", (t,))
    players = {r[0] for r in con.execute("SELECT id FROM players")}
    for g in games:
        con.executemany(INSERT, _rows(con, g, corr, players, keep))
    if trounds is None:
        con.execute("INSERT OR REPLACE INTO game_results_basis (id, basis) VALUES (1, ?)",
                    (now,))
    return len(games)


def _kept_figures(con, held, journals, corr):
    """{(game, seat): (its sessions, its figures' columns)} of the stored games whose
    figures still hold: not in a round of the journals scored now, nor of a journal a
    correction since the stored basis names; nothing from another VERSION's rows."""
    try:
        old = json.loads(held) if held else None
        since = int(old[3]) if old and old[0] == gamerows.VERSION else None
    except (ValueError, TypeError, IndexError):
        since = None
    if since is None:
        return {}
    named = set(journals)
    for kind, target in con.execute("SELECT kind, target FROM corrections WHERE id > ?",
                                    (since,)):
        target = target if isinstance(target, str) else ""
        if target.startswith("session:"):
            r = con.execute("SELECT device, journal FROM sessions WHERE id = ?",
                            (stored.number(_int(target[8:]), 0, 2 ** 53),)).fetchone()
            if r is not None:
                named.add((r[0], r[1]))
        elif target.count("/") >= 2:
            named.add(tuple(target.rsplit("/", 2)[:2]))
    redo = _trounds_of(con, sorted(named), corr)
    if None in redo:
        return {}
    out = {}
    for r in con.execute("SELECT session_id, seat, tround_id, sessions, %s FROM game_results"
                         % ", ".join(FIGURES)):
        if r[2] not in redo:
            out[(r[0], r[1])] = (r[3], tuple(r[4:]))
    out[None] = redo
    return out


def _int(text):
    try:
        return int(text)
    except ValueError:
        return None


def refresh_if_stale(con):
    """The whole refresh, if the basis changed (a change other than the records')."""
    if gamerows.fresh(con):
        return 0
    return refresh(con, whole=True)


def _trounds_of(con, journals, corr):
    """The tournament rounds the journals' sessions count in (a director's move
    included), those they continue and those their games were stored in."""
    out = set()
    ids = set()
    for device, journal in journals:
        for s in rows(con, "SELECT id, tround_id, continues FROM sessions WHERE device = ? "
                           "AND journal = ?", (device, journal)):
            ids.add(s["id"])
            out.add(s["tround_id"])
            if s["continues"] is not None:
                ids.add(s["continues"])
                c = one(con, "SELECT tround_id FROM sessions WHERE id = ?", (s["continues"],))
                if c is not None:
                    out.add(c["tround_id"])
    for sid in ids:
        c = corr.get(("session", corrections.session_target(sid)))
        if c is not None:
            out.add(c["data"].get("tround_id"))
    ids = sorted(ids)
    for i in range(0, len(ids), 500):
        part = ids[i:i + 500]
        for r in con.execute("SELECT DISTINCT tround_id FROM game_results WHERE session_id IN "
                             "(%s)" % ",".join("?" * len(part)), part):
            out.add(r[0])
    # a round id of a director's correction that is no number: the whole refresh
    return {t if isinstance(t, int) and not isinstance(t, bool) else None for t in out}


def _rows(con, g, corr, players, keep=None):
    """A game's four rows (COLUMNS); its figures from keep (_kept_figures) where they
    hold, else from its records."""
    counted = all(p is not None and p in players for p in g["players"])
    tp = (standings.table_points(g["scores"]) if (g["rules"] == "mcr" and g["hands"])
          else None)
    keep = keep or {}
    sessions = json.dumps(g["sessions"])
    kept = [keep.get((g["session_id"], seat)) for seat in range(4)]
    if all(k is not None and k[0] == sessions for k in kept) \
            and g["tround_id"] not in keep.get(None, ()):
        figures = [k[1] for k in kept]
    else:
        figures = []
        for f in seat_figures(con, g, corr):
            totals = f["totals"]
            figures.append((f["hands"], f["wins"], f["self_draws"], f["deal_ins"], f["draws"],
                            sum(totals), len(totals), max(totals) if totals else None,
                            f["unit"]))
    out = []
    for seat, pid in enumerate(g["players"]):
        out.append((g["session_id"], seat, g["tround_id"], g["table_no"], g["rules"] or "",
                    pid, 1 if counted else 0,
                    1 if pid is None or g["players"].index(pid) == seat else 0,
                    g["scores"][seat], g["hands"],
                    int(tp[seat] * 12) if tp is not None else None,
                    places(g["scores"])[seat] if g["hands"] else None, sessions)
                   + figures[seat])
    return out


def places(scores):
    """Each seat's place by its score, 1..4; tied seats share the best of their places."""
    return [1 + sum(1 for x in scores if x > v) for v in scores]


def seat_figures(con, g, corr):
    """Each seat's figures in one game ([4] of stats' blank figures, filled): its
    records that count, as stats.player reads them."""
    out = [stats.blank() for _ in range(4)]
    for sid in g["sessions"]:
        for r in stats.counted_records(con, sid, corr):
            for seat in range(4):
                stats.count(out[seat], r["event"], seat, r["result"])
    return out




# changes that are never the games' besides the records (those the scoring stores)
QUIET_TOPICS = ("upload", "refused", "clock")


def follow(broker, commits):
    """Refresh the stored results whole after a change the broker announces that is
    not a scoring's (a seating edited, a player removed, a correction before its
    journal is rescored), if the basis changed: one refresh at a time, once more if
    another change came meanwhile.  Call from the event loop."""
    state = {"task": None, "again": False}

    async def run():
        try:
            while True:
                state["again"] = False
                await commits.run(refresh_if_stale)
                if not state["again"]:
                    return
        except Exception as e:          # the readers compute from the records meanwhile
            sys.stderr.write("organiser game results: %r\n" % (e,))
        finally:
            state["task"] = None

    def heard(topic, data):
        if topic in QUIET_TOPICS or (isinstance(data, dict) and data.get("scored")):
            return
        if state["task"] is not None:
            state["again"] = True
            return
        state["task"] = asyncio.ensure_future(run())
    broker.watch(heard)
    return heard
