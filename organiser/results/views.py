"""What the pages show, shaped for the templates: the standings and the grid of tables
from the organiser's queries (organiser.results.standings, organiser.results.queries), each table's hand
log game by game from the records as uploaded with the director's corrections, the
export links.  Functions take a connection inside db.read()."""

import time

from organiser.event import corrections
from organiser.results import queries, riichi, stats
from organiser.store import stored
from organiser.text import tiletext
from organiser.store.db import one, rows

WINDS = "ESWN"


def event(con):
    e = one(con, "SELECT * FROM event WHERE id = 1") or {}
    e.setdefault("name", "Tournament")
    e.setdefault("rules", "mcr")
    return e


def trounds(con):
    return rows(con, "SELECT * FROM trounds ORDER BY number")


def open_tround(con):
    return one(con, "SELECT * FROM trounds WHERE status = 'open' ORDER BY number LIMIT 1")


def table(con, number):
    return one(con, "SELECT * FROM tables WHERE number = ?", (number,))


def ago(seconds):
    """('%d s ago', 12), ('%d min ago', 4), ('%d h %02d min ago', 2, 5): words and figures
    apart, so that a page says them in its visitor's language (the template's _())."""
    s = max(0, int(seconds))
    if s < 60:
        return ("%d s ago", s)
    if s < 3600:
        return ("%d min ago", s // 60)
    return ("%d h %02d min ago", s // 3600, s % 3600 // 60)


clock = stored.clock
iso = stored.iso


# -- who sat where ----------------------------------------------------------------------
def _names(con):
    return {r["id"]: r["name"] for r in rows(con, "SELECT id, name FROM players")}


def seat_names(game, names):
    """The four names a game's seats stand for: the players seated there (or re-seated
    by the director), else the names the device was started with."""
    dev = (list(game.get("names") or []) + ["?"] * 4)[:4]
    return [names.get(p, dev[i]) if p is not None else dev[i]
            for i, p in enumerate(game["players"])]


def _wind(i):
    return WINDS[i] if isinstance(i, int) and 0 <= i < 4 else None


# -- standings --------------------------------------------------------------------------
def standings(con, tround_id=None):
    """Teams and players ranked (queries.standings), shaped for the templates:
    {"teams", "players", "hands", "table_points" (an MCR event), "any_penalty",
    "unseated"}."""
    got = queries.standings(con, tround_id)
    players = [dict(id=p["id"], rank=p["rank"], name=p["name"], team=p["team"], score=p["total"],
                    penalty=p["penalties"], hands=p["hands"], games=p["games"],
                    table_points=p["table_points"], points=p.get("points"), uma=p.get("uma"),
                    in_play=p.get("in_play")) for p in got["players"]]
    teams = [dict(rank=t["rank"], name=t["name"], score=t["total"], penalty=t["penalties"],
                  table_points=t["table_points"], players=len(t["players"]),
                  games=sum(p["games"] for p in got["players"] if p["id"] in t["players"]))
             for t in got["teams"]]
    hands = sum(p["hands"] for p in players) // 4     # each seated game's hands, once
    return dict(teams=teams, players=players, hands=hands, table_points=got["mcr"],
                riichi=got.get("riichi", False),
                any_penalty=any(p["penalty"] for p in players),
                unseated=got["unseated_games"], penalties=got.get("penalties", []))


def player(con, pid):
    """A player's page: name, team, standing in the event, statistics per round and
    overall (organiser.results.stats); None for no such player."""
    p = one(con, "SELECT p.*, t.name AS team FROM players p LEFT JOIN teams t ON "
                 "t.id = p.team_id WHERE p.id = ?", (pid,))
    if p is None:
        return None
    got = queries.standings(con)
    p["standing"] = next((x for x in got["players"] if x["id"] == pid), None)
    p["mcr"] = got["mcr"]
    p["stats"] = stats.player(con, pid)
    return p


# -- the grid of tables -----------------------------------------------------------------
def table_grid(con, stuck_seconds, now=None):
    """Every table (organiser.results.queries.table_grid) with its flag: `stuck` — records from
    it wait behind one that never arrived (records missing); `no sync` — no sign of life
    from its device (no signed request: upload or seating pull) for stuck_seconds while
    its round is open; `no device`; `finished` — the game is over."""
    now = now or time.time()
    out = []
    for t in queries.table_grid(con, stuck_seconds, now):
        row = dict(number=t["table"], name=t["name"], hands=t["hands"], devices=t["devices"],
                   players=[p or "–" for p in t["players"]] if any(t["players"]) else [],
                   dealer_name=None, wind=None, streak=0, last_at=t["last_upload"],
                   last_iso=iso(t["last_upload"]),
                   last_ago=ago(now - t["last_upload"]) if stored.when(t["last_upload"]) else ("",),
                   status="ok", flag="", disputed=t.get("disputed", 0),
                   device_info=[dict(d, text=device_text(d)) for d in t.get("device_info", [])])
        if t["over"]:
            row["status"], row["flag"] = "done", "finished"
        elif t["dealer_name"]:
            row.update(dealer_name=t["dealer_name"], wind=t["round"], streak=t["streak"] or 0)
        if t["pending"]:
            row["status"], row["flag"] = "stuck", "stuck"
        elif t["stale"] and not t["over"]:
            row["status"], row["flag"] = "stale", "no sync"
        elif t["tround"] is not None and not t["devices"]:
            row["status"], row["flag"] = "idle", "no device"
        if row["disputed"] and row["status"] in ("ok", "done"):
            # the organiser's replay disagrees with the device: the director settles it
            row["status"], row["flag"] = "stuck", "disputed"
        out.append(row)
    quiet = (("%d min", round(stuck_seconds / 60)) if stuck_seconds >= 60
             else ("%d s", stuck_seconds))
    return dict(tables=out, tround=open_tround(con), quiet=quiet,
                flagged=sum(1 for r in out if r["status"] in ("stuck", "stale")))


def device_text(d):
    """A device as the grid names it: id, firmware build, ruleset data version."""
    parts = [d["id"]]
    if d.get("build"):
        parts.append("build " + d["build"])
    if d.get("data"):
        parts.append("data " + d["data"])
    if d.get("revoked"):
        parts.append("revoked")
    return " · ".join(parts)


# -- a table's hand log -----------------------------------------------------------------
FIX_WORDS = {"void": "voided by %s at %s: %s", "accept": "settled by %s at %s: %s",
             "event": "amended by %s at %s: %s"}
HELD_WORDS = {"disputed": "disputed: the device's payments are not the organiser's",
              "refused": "refused by the organiser's table engine",
              "late": "arrived after its round's grace"}


def _seat(names, i):
    return names[i] if isinstance(i, int) and 0 <= i < 4 else "?"


def describe(ev, rec, names):
    """A short line for one journal record: who won how, a draw, a ruleset's event; as
    (words, values...) for the page to say in its visitor's language (the template's _())."""
    kind = ev.get("event")
    if kind == "win":
        who = _seat(names, ev.get("winner"))
        if ev.get("from") is None:
            return ("%s wins, self-drawn", who)
        return ("%s wins on %s's discard", who, _seat(names, ev.get("from")))
    if kind == "draw":
        return ("Draw",)
    if kind == "flowers":
        who = _seat(names, ev.get("winner"))
        if ev.get("from") is None:
            return ("%s wins by flowers", who)
        return ("%s wins by flowers from %s", who, _seat(names, ev.get("from")))
    if kind == "undo":
        return ("Undo of record %s", rec.get("undoes") or "?")
    if kind == "time_up":       # the round clock's, not a hand: the hand in play is the last
        return ("Time is up: the hand in play is the last",)
    if kind == "override":
        return ("Referee's override: the table plays on",)
    name, fields = event_fields(ev, names)
    return ("%s", ("%s: %s" % (name, ", ".join("%s %s" % f for f in fields))) if fields
            else name)


SEAT_FIELDS = ("seat", "winner", "from", "payer", "by_seat", "a", "b")
OWN_EVENTS = ("win", "draw", "flowers", "undo", "time_up", "override")  # the rest: a ruleset's own
CLOCK_EVENTS = ("time_up", "override")


def event_fields(ev, names):
    """A ruleset's own event as (its name, [(field, value)]), seats by their players'
    names: the page says the name and the fields in its visitor's language."""
    fields = []
    for k, v in ev.items():
        if k == "event":
            continue
        if k in SEAT_FIELDS and isinstance(v, int):
            v = _seat(names, v)
        fields.append((str(k), v))
    return str(ev.get("event")), fields


def played(con):
    """Every game of the event with the corrections it was counted with (one reading
    that every table's hand log can share)."""
    corr = corrections.latest(con)
    return {"games": queries.games(con, None, corr), "corr": corr}


def hand_log(con, number, games=None, show=None):
    """The games played at a table in one tournament round (show: a round's id; None:
    the open round, else the last this table played; "all": every round), newest
    first; each record with its result items and its payments as they count (a
    director's correction shown with who, when, why).  games: played(con) if at hand.
    Also the rounds this table has games in, for links to them."""
    games = games or played(con)
    names = _names(con)
    corr = games["corr"]
    trs = {t["id"]: t["number"] for t in trounds(con)}
    mine = [g for g in games["games"] if g["table_no"] == number]
    here = sorted({g["tround_id"] for g in mine}, key=lambda t: (trs.get(t) is None, trs.get(t)))
    if show is None:
        now = open_tround(con)
        show = now["id"] if now and now["id"] in here else (here[-1] if here else None)
    games = mine if show == "all" else [g for g in mine if g["tround_id"] == show]
    out = []
    for g in reversed(games):
        players = seat_names(g, names)
        reseat = corr.get(("reseat", corrections.session_target(g["session_id"])))
        recs = []
        for sid in g.get("sessions", [g["session_id"]]):
            recs += rows(con, "SELECT r.device, r.journal, r.seq, r.body, r.received_at, r.kind, "
                              "r.payments, r.effective, x.status, x.organiser, x.error, x.state, x.detail "
                              "FROM records r LEFT JOIN replayed x ON x.device = r.device AND "
                              "x.journal = r.journal AND x.seq = r.seq WHERE r.session_id = ? "
                              "ORDER BY r.seq", (sid,))
        hands = []
        prev = {}
        paper_by = None         # a paper sheet's (the organiser's own records, kind o): who
        for r in recs:
            rec = stored.record(r["body"])
            ev = rec["event"]
            # the table's state as the organiser's own replay has it (never the device's)
            raw = stored.loads(r["state"])
            st = stored.state(raw)
            if g["rules"] == riichi.RULES and st:    # a Riichi hand: "E2-1", its counters
                st["hand_no"] = riichi.hand_name(raw)
            if r["kind"] == "start":
                prev = st
                body = stored.loads(r["body"])
                if isinstance(body, dict) and body.get("k") == "o":
                    paper_by = stored.text(body.get("by"), 64) or "?"
                continue
            fix = corr.get(("hand", corrections.record_target(r["device"], r["journal"],
                                                               r["seq"])))
            payments = queries.hand_payments(r, corr)
            if fix is not None and fix["kind"] == "event" and isinstance(
                    fix["data"].get("event"), dict):
                ev = stored.event(fix["data"].get("event"))   # as the director amended it
            note = ()
            if fix is not None:
                note = (FIX_WORDS.get(fix["kind"], "corrected by %s at %s: %s"),
                        fix["who"], clock(fix["at"]), fix["why"])
            held = r["status"] in ("disputed", "refused", "late")
            uploaded = rec["payments"]
            # the elements as the organiser's engine scored them (else as uploaded)
            mine = stored.loads(r["detail"])
            mine = mine.get("result") if isinstance(mine, dict) else None
            res = stored.result(mine) if isinstance(mine, dict) else rec["result"]
            undo = r["kind"] == "undo"
            # a row of the round clock's (time_up, override) is no hand: no hand number
            label = "undo" if undo else "" if ev.get("event") in CLOCK_EVENTS else "%s%s" % (
                _wind(prev.get("round")) or "", prev.get("hand_no") or "")
            hands.append(dict(
                own=None if ev.get("event") in OWN_EVENTS else event_fields(ev, players),
                seq=r["seq"], label=label, kind=r["kind"], wind=_wind(prev.get("round")),
                hand_no=prev.get("hand_no") or "", summary=describe(ev, rec, players),
                # each element with its ruleset: the page names it in the visitor's language
                elements=[dict(i, rules=res["rules"]) for i in res["items"]],
                total=res["total"], unit=res["unit"],
                # a Riichi hand's han and fu and its limit's name
                han=res.get("han"), fu=res.get("fu"), limit=res.get("limit"),
                tiles=tiletext.hand(ev.get("hand"), res["rules"]) if not undo else None,
                payments=[] if undo else payments,
                effective=undo or bool(r["effective"]) and not (fix and fix["kind"] == "void"),
                corrected=note, received=clock(r["received_at"]),
                # held by the organiser: both versions until the director settles it
                held=HELD_WORDS.get(r["status"]) if held and not undo else "",
                device_payments=uploaded if held else None,
                organiser_payments=stored.payments(r["organiser"]) if held else None,
                refusal=stored.text(r["error"], 200) or ""))
            if st:
                prev = st
        out.append(dict(id=g["session_id"], tround=trs.get(g["tround_id"]), rules=g["rules"],
                        device=g["device"], journal=g["journal"], players=players,
                        paper_by=paper_by, reseated=reseat is not None, show_winds=True,
                        hands=list(reversed(hands)), scores=g["scores"]))
    return dict(sessions=out, showing=show,
                rounds=[(t, trs.get(t)) for t in here])


# -- exports ----------------------------------------------------------------------------
# (label, path, extra query): the organiser's export routes (organiser.results.exports)
EXPORTS = (("Every hand · CSV", "/export/hands.csv", ""),
           ("Every hand · JSON", "/export/hands.json", ""),
           ("Player standings · CSV", "/export/standings.csv", "of=players"),
           ("Team standings · CSV", "/export/standings.csv", "of=teams"),
           ("Standings · JSON", "/export/standings.json", ""))


def _href(path, *query):
    q = "&".join(x for x in query if x)
    return path + ("?" + q if q else "")


# an MCR event's too: the results file of the EMA's ranking (organiser.results.ema)
MCR_EXPORTS = (("EMA results · CSV", "/export/ema.csv", ""),)


def export_links(trounds_, mcr=False):
    """(heading, [(label, href)]): the whole event, then each tournament round; a heading
    as (words,) or (words, round number, round status), for the page to say in its
    visitor's language."""
    kinds = EXPORTS + (MCR_EXPORTS if mcr else ())
    out = [(("Whole event",), [(label, _href(path, q)) for label, path, q in kinds])]
    for t in trounds_:
        out.append((("Round %s", t["number"], t["status"]),
                    [(label, _href(path, "tround=%d" % t["id"], q))
                     for label, path, q in kinds]))
    return out
