"""A player's statistics, per tournament round and overall: hands played, wins, self-drawn
wins, deal-ins (the discard another won on), draws, and the average and largest of the
hands they won (the hand's total as the organiser's own engine scored it: fan in MCR).

Only what counts is counted: the records of the games the player sat in (the seating, or
a director's re-seat) that are in effect, scored ok or settled by the director; a void
hand counts for nothing, a hand held for the director not yet.  Where the director
amended a hand's event (its tiles, winner, discarder), the amended event is the one
counted."""

from organiser.event import corrections
from organiser.results import standings
from organiser.store import stored
from organiser.store.db import rows

HAND_EVENTS = ("win", "flowers", "draw")
COUNTED = ("ok", "corrected")


def _blank():
    return {"hands": 0, "wins": 0, "self_draws": 0, "deal_ins": 0, "draws": 0,
            "totals": [], "unit": None}


def _finish(s):
    totals = s.pop("totals")
    s["average"] = round(sum(totals) / len(totals), 2) if totals else None
    s["largest"] = max(totals) if totals else None
    return s


def player(con, player_id):
    """{"rounds": [{"tround", "tround_id", ...figures}], "overall": {...figures}}: figures
    hands, wins, self_draws, deal_ins, draws, average, largest, unit."""
    corr = corrections.latest(con)
    numbers = {r["id"]: r["number"] for r in rows(con, "SELECT id, number FROM trounds")}
    per = {}
    overall = _blank()
    for g in standings.games(con, None, corr):
        if player_id not in g["players"]:
            continue
        seat = g["players"].index(player_id)
        mine = per.setdefault(g["tround_id"], _blank())
        for sid in g["sessions"]:
            for r in rows(con, "SELECT r.device, r.journal, r.seq, r.body, x.status, x.detail "
                               "FROM records r JOIN replayed x ON x.device = r.device AND "
                               "x.journal = r.journal AND x.seq = r.seq WHERE r.session_id = ? "
                               "AND r.effective = 1 ORDER BY r.seq", (sid,)):
                if r["status"] not in COUNTED:
                    continue
                fix = corr.get(("hand", corrections.record_target(
                    r["device"], r["journal"], r["seq"])))
                if fix is not None and fix["kind"] == "void":
                    continue
                ev = stored.record(r["body"])["event"]
                if fix is not None and fix["kind"] == "event":
                    ev = stored.event(fix["data"].get("event"))
                if ev["event"] not in HAND_EVENTS:
                    continue
                detail = stored.loads(r["detail"])
                result = stored.result(detail.get("result") if isinstance(detail, dict)
                                       else None)
                for s in (mine, overall):
                    _count(s, ev, seat, result)
    out = []
    for tid, s in sorted(per.items(), key=lambda kv: (numbers.get(kv[0]) is None,
                                                      numbers.get(kv[0]) or 0)):
        out.append(dict(_finish(s), tround_id=tid, tround=numbers.get(tid)))
    return {"rounds": out, "overall": _finish(overall)}


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
