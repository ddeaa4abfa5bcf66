"""What the pages show, as plain dicts (call inside `db.read()`):

- standings(con, tround_id=None): standings.compute (players, teams, MCR table points)
- games(con, tround_id=None, corr=None), hand_payments(rec, corr): the standings' games
  and a hand's payments as they count (a table's hand log)
- table_grid(con, stuck_seconds=180, now=None): one row per table
- table_log(con, table_no, tround_id=None): a table's hands with their scoring elements
- hands(con, tround_id=None): every hand of the event (the exports use it too)
- refused_log(con, limit=200): refused device requests, newest first
- event_summary(con): the event, its tournament rounds, the open one"""

import time

from organiser.event import corrections, disputes, tournament
from organiser.results import standings as st
from organiser.store import stored
from organiser.store.db import one, rows

WINDS = "ESWN"


def standings(con, tround_id=None):
    return st.compute(con, tround_id)


games = st.games
hand_payments = st.hand_payments


def event_summary(con):
    return {"event": tournament.event(con), "trounds": tournament.trounds(con),
            "open": tournament.open_tround(con)}


def _names(con):
    return {r["id"]: r["name"] for r in rows(con, "SELECT id, name FROM players")}


def table_grid(con, stuck_seconds=180, now=None):
    """Per table: number, name, devices, tround (the open one), players (names by seat),
    hands (played there in the open round), dealer (seat) and dealer_name, streak,
    round (wind letter), last_upload (epoch s or None), last_seen (the last signed
    request of any kind: a sign of life), pending (records held past a gap, waiting for
    the missing ones), stale (no sign of life for stuck_seconds while the round is
    open), stuck (stale or pending)."""
    now = now or time.time()
    names = _names(con)
    t = tournament.open_tround(con)
    games = st.games(con, t["id"]) if t else []
    seats = st._all_seating(con)
    devs_of, last_of, pending_of, info_of = {}, {}, {}, {}
    for d in rows(con, "SELECT id, table_no, build, data, revoked_at FROM devices ORDER BY id"):
        devs_of.setdefault(d["table_no"], []).append(d["id"])
        info_of.setdefault(d["table_no"], []).append(
            {"id": d["id"], "build": stored.text(d["build"], 40),
             "data": stored.text(d["data"], 40),
             "revoked": d["revoked_at"] is not None})
    held_at = {}
    if t:
        for h in disputes.held(con, t["id"]):
            held_at[h["table"]] = held_at.get(h["table"], 0) + 1
    for j in rows(con, "SELECT device, MAX(last_at) AS at FROM journals GROUP BY device"):
        last_of[j["device"]] = j["at"]
    seen_of = {r["device"]: r["at"] for r in rows(con, "SELECT device, at FROM device_seen")}
    for p in rows(con, "SELECT r.device, COUNT(*) AS n FROM records r JOIN journals j ON "
                       "j.device = r.device AND j.journal = r.journal WHERE r.seq > j.acked "
                       "GROUP BY r.device"):
        pending_of[p["device"]] = p["n"]
    games_at = {}
    for g in games:
        games_at.setdefault(g["table_no"], []).append(g)
    out = []
    for tab in tournament.tables(con):
        no = tab["number"]
        devs = devs_of.get(no, [])
        seat = list(seats.get((t["id"], no), [None] * 4)) if t else [None] * 4
        mine = games_at.get(no, [])
        cur = mine[-1] if mine else None
        times = [last_of[d] for d in devs if last_of.get(d)]
        last = max(times) if times else None
        # a sign of life: any signed request (an upload, a seating pull), not only uploads
        signs = times + [seen_of[d] for d in devs if seen_of.get(d)]
        alive = max(signs) if signs else None
        pending = sum(pending_of.get(d, 0) for d in devs)
        stale = bool(t and devs and any(seat) and
                     (alive is None and now - (t["opened_at"] or now) > stuck_seconds
                      or alive is not None and now - alive > stuck_seconds))
        players = cur["players"] if cur else seat
        out.append({
            "table": no, "name": tab["name"], "devices": devs,
            "tround": t["number"] if t else None, "tround_id": t["id"] if t else None,
            "players": [names.get(p) for p in players],
            "hands": sum(g["hands"] for g in mine),
            "dealer": cur["dealer"] if cur else None,
            "dealer_name": names.get(players[cur["dealer"]]) if cur and cur["dealer"] is not None
            and players[cur["dealer"]] is not None else None,
            "streak": cur["streak"] if cur else None,
            "round": WINDS[cur["round"]] if cur and cur["round"] is not None else None,
            "scores": cur["scores"] if cur else None,
            "over": cur["over"] if cur else False,
            "last_upload": last, "last_seen": alive, "pending": pending, "stale": stale,
            # the organiser's own scoring: records held (disputed, refused, late) here
            "disputed": held_at.get(no, 0), "device_info": info_of.get(no, []),
            "stuck": stale or pending > 0,
        })
    return out


def _hand_row(r, g, names, corr, scored=None):
    rec = stored.record(r["body"])
    ev = rec["event"]
    target = corrections.record_target(r["device"], r["journal"], r["seq"])
    c = corr.get(("hand", target))
    if c is not None and c["kind"] == "event" and ev["event"] != "start":
        ev = stored.event(c["data"].get("event"))   # the event as the director amended it
    where = scored[4] if scored and len(scored) > 4 and isinstance(scored[4], dict) else {}
    winds = where.get("winds") if isinstance(where.get("winds"), list) else None
    # the scoring elements as the organiser's own engine found them (the device's while
    # the record is not scored yet, or the engine refused it)
    res = stored.result(scored[3]) if scored and isinstance(scored[3], dict) and scored[3] \
        else rec["result"]
    pay = st.hand_payments(r, corr) if r["effective"] else stored.payments(r["payments"])
    players = g["players"] if g else [None] * 4
    winner, frm = ev.get("winner"), ev.get("from")
    return {
        "device": r["device"], "journal": r["journal"], "seq": r["seq"], "target": target,
        "session_id": r["session_id"], "table": g["table_no"] if g else None,
        "tround_id": g["tround_id"] if g else None,
        "event": ev["event"], "winner": winner, "from": frm,
        "winner_name": names.get(players[winner]) if winner is not None
        and players[winner] is not None else None,
        "from_name": names.get(players[frm]) if frm is not None
        and players[frm] is not None else None,
        # where it was played, as the organiser's replay has it: the prevailing wind and
        # each seat's wind (letters), the hand's number in the game
        "wind": _wind(where.get("wind_at")),
        "winds": [_wind(w) for w in winds] if winds and len(winds) == 4 else [None] * 4,
        "hand": ev.get("hand"), "undoes": rec["undoes"],
        "total": res["total"], "unit": res["unit"], "items": res["items"],
        "rules": res.get("rules"),          # the items' ruleset: named in a language asked
        "settlement": rec["settlement"],
        "uploaded_payments": rec["payments"], "payments": pay,
        # the organiser's own scoring of the record (replay.py): status ok | disputed |
        # refused | late | corrected, its payments, and why the engine refused it
        "status": (stored.text(scored[0], 16) or "?") if scored else "scoring",
        "organiser_payments": stored.payments(scored[1]) if scored else None,
        "refusal": stored.text(scored[2], 200) if scored else None,
        "counts": bool(r["effective"]),
        "hand_no": stored.hand_no(where.get("hand_no_at")),
        "correction": {"kind": c["kind"], "who": c["who"], "at": c["at"], "why": c["why"]}
        if c else None,
        "players": [names.get(p) for p in players],
        "received_at": r["received_at"],
    }


def _wind(i):
    return WINDS[i] if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < 4 else None


def hands(con, tround_id=None, table_no=None, include_undone=False):
    """Every record of the games that count, in order (table, session, seq): one row per
    event (wins, draws, ruleset events; `counts` false for one an undo took back)."""
    return list(each_hand(con, tround_id, table_no, include_undone))


def each_hand(con, tround_id=None, table_no=None, include_undone=False):
    """hands(), a row at a time (a whole event's export is written as it is read)."""
    corr = corrections.latest(con)
    names = _names(con)
    gs = st.games(con, tround_id, corr, table_no)
    gs.sort(key=lambda g: (g["table_no"] or 0, g["session_id"]))
    for g in gs:
        q = ("SELECT * FROM records WHERE session_id = ? AND kind != 'undo'" +
             ("" if include_undone else " AND effective = 1") + " ORDER BY seq")
        for sid in g.get("sessions", [g["session_id"]]):
            scored = {}
            for r in rows(con, q, (sid,)):
                if not scored:
                    scored = disputes.status_of(con, r["device"], r["journal"])
                yield _hand_row(r, g, names, corr, scored.get(r["seq"]))


def table_log(con, table_no, tround_id=None):
    """A table's hand log: its hands (undone ones marked), newest last."""
    return hands(con, tround_id, table_no, include_undone=True)


def refused_log(con, limit=200):
    return rows(con, "SELECT * FROM refused ORDER BY id DESC LIMIT ?", (limit,))


def corrections_log(con):
    return corrections.history(con)
