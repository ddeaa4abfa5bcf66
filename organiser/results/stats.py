"""A player's statistics, per tournament round and overall: hands played, wins, self-drawn
wins, deal-ins (the discard another won on), draws, and the average and largest of the
hands they won (the hand's total as the organiser's own engine scored it: fan in MCR).

Only what counts is counted: the records of the games the player sat in (the seating, or
a director's re-seat) that are in effect, scored ok or settled by the director; a void
hand counts for nothing, a hand held for the director not yet.  Where the director
amended a hand's event (its tiles, winner, discarder), the amended event is the one
counted."""

from organiser.event import corrections
from organiser.results import gamerows, standings
from organiser.store import stored
from organiser.store.db import rows

HAND_EVENTS = ("win", "flowers", "draw")
COUNTED = ("ok", "corrected")


def _blank():
    return {"hands": 0, "wins": 0, "self_draws": 0, "deal_ins": 0, "draws": 0,
            "totals": [], "unit": None}


def _finish(s):
    totals = s.pop("totals")
    total, n = s.pop("sums", (sum(totals), len(totals)))
    s["average"] = round(total / n, 2) if n else None
    s["largest"] = s.pop("max", max(totals) if totals else None)
    return s


def player(con, player_id):
    """{"rounds": [{"tround", "tround_id", ...figures}], "overall": {...figures}}: figures
    hands, wins, self_draws, deal_ins, draws, average, largest, unit."""
    numbers = {r["id"]: r["number"] for r in rows(con, "SELECT id, number FROM trounds")}
    per = {}
    overall = _blank()
    held = gamerows.figures(con, player_id)       # the stored games' (gameresults)
    if held is not None:
        for tid, r in held:
            for s in (per.setdefault(tid, _blank()), overall):
                _add(s, r)
    else:
        corr = corrections.latest(con)
        for g in standings.games(con, None, corr):
            if player_id not in g["players"]:
                continue
            seat = g["players"].index(player_id)
            mine = per.setdefault(g["tround_id"], _blank())
            for sid in g["sessions"]:
                for r in counted_records(con, sid, corr):
                    for s in (mine, overall):
                        _count(s, r["event"], seat, r["result"])
    out = []
    for tid, s in sorted(per.items(), key=lambda kv: (numbers.get(kv[0]) is None,
                                                      numbers.get(kv[0]) or 0)):
        out.append(dict(_finish(s), tround_id=tid, tround=numbers.get(tid)))
    return {"rounds": out, "overall": _finish(overall)}


def counted_records(con, session_id, corr):
    """A session's records that count for the figures, in order: [{"event" (as the
    director amended it), "result" (as the organiser's engine scored it)}]."""
    out = []
    for r in rows(con, "SELECT r.device, r.journal, r.seq, r.body, x.status, x.detail "
                       "FROM records r JOIN replayed x ON x.device = r.device AND "
                       "x.journal = r.journal AND x.seq = r.seq WHERE r.session_id = ? "
                       "AND r.effective = 1 ORDER BY r.seq", (session_id,)):
        if r["status"] not in COUNTED:
            continue
        fix = corr.get(("hand", corrections.record_target(r["device"], r["journal"], r["seq"])))
        if fix is not None and fix["kind"] == "void":
            continue
        ev = stored.record(r["body"])["event"]
        if fix is not None and fix["kind"] == "event":
            ev = stored.event(fix["data"].get("event"))
        if ev["event"] not in HAND_EVENTS:
            continue
        detail = stored.loads(r["detail"])
        out.append({"event": ev, "result": stored.result(
            detail.get("result") if isinstance(detail, dict) else None)})
    return out


def _add(s, r):
    """A stored game's figures (gamerows.figures) added to s."""
    for k in ("hands", "wins", "self_draws", "deal_ins", "draws"):
        s[k] += r["stat_" + k if k == "hands" else k]
    s["sums"] = [s.get("sums", [0, 0])[0] + r["won_total"], s.get("sums", [0, 0])[1] + r["won_n"]]
    if r["won_max"] is not None:
        s["max"] = r["won_max"] if s.get("max") is None else max(s["max"], r["won_max"])
    s["unit"] = r["unit"] or s["unit"]


def _count(s, ev, seat, result):
    s["hands"] += 1
    if ev["event"] == "draw":
        s["draws"] += 1
        return
    frm = ev.get("from")
    if ev.get("winner") == seat:
        s["wins"] += 1
        if frm is None:
            s["self_draws"] += 1
        if result["total"] is not None:
            s["totals"].append(result["total"])
            s["unit"] = result["unit"] or s["unit"]
    elif frm == seat:
        s["deal_ins"] += 1


blank, count = _blank, _count       # one game's figures, seat by seat (gameresults)
