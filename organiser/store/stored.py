"""What is stored, made safe to show: the one place the pages, the standings and the
exports read uploaded records and the values derived from them.

Uploads are validated on arrival (organiser.store.record_model), but a database may hold
records from before a check existed, or be edited by hand: whatever a stored value is,
reading it must not break a page.  So every value read from a record comes through
here and comes out in its range or as None (shown as nothing, counted as nothing): a
seat or a wind 0..3, payments four integers within bounds, names four short strings,
result items short lists of small numbers, times within this century.  A record whose
payments are out of shape counts for nothing, in Python and in the standings' SQL."""

import datetime
import json

from organiser.store.record_model import MAX_COUNT, MAX_HAND_NO, MAX_NAME, MAX_PAYMENT

MAX_ITEMS = 64
LAST_TIME = 4102444800          # 2100-01-01: a later "time" is no time


def loads(text):
    """JSON text as Python, or None if it is not JSON."""
    if not isinstance(text, (str, bytes)):
        return text
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def number(v, lo, hi):
    return v if isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi else None


def seat(v):
    """A seat or a wind: 0..3, else None."""
    return number(v, 0, 3)


def count(v):
    return number(v, 0, MAX_COUNT)


def hand_no(v):
    return number(v, 1, MAX_HAND_NO)


def payments(v):
    """Four integers within ±MAX_PAYMENT (from a list or its JSON text), else None."""
    v = loads(v)
    if isinstance(v, list) and len(v) == 4 and all(
            number(x, -MAX_PAYMENT, MAX_PAYMENT) is not None for x in v):
        return list(v)
    return None


def text(v, size=MAX_NAME):
    if v is None:
        return None
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        v = str(v)
    return v[:size] if isinstance(v, str) else None


def names(v):
    """Four names (from a list or its JSON text): '?' where one is missing."""
    v = loads(v)
    got = [text(x) for x in v[:4]] if isinstance(v, list) else []
    return [x if x else "?" for x in got] + ["?"] * (4 - len(got))


def when(ts):
    """Seconds since the epoch within this century, else None."""
    return ts if isinstance(ts, (int, float)) and not isinstance(ts, bool) \
        and 0 < ts < LAST_TIME else None


def clock(ts, fmt="%H:%M:%S"):
    ts = when(ts)
    return datetime.datetime.fromtimestamp(ts).strftime(fmt) if ts else ""


def iso(ts):
    ts = when(ts)
    return datetime.datetime.fromtimestamp(ts).isoformat(timespec="seconds") if ts else ""


def _scalar(v):
    if v is None or isinstance(v, bool):
        return v
    if isinstance(v, int):
        return number(v, -MAX_PAYMENT, MAX_PAYMENT)
    return text(v, 200)


SEAT_FIELDS = ("winner", "from", "seat", "a", "b", "dealer", "payer", "by_seat")


def event(v):
    """A record's event: {"event": name, ...}; seat fields 0..3 or None, other fields
    short scalars; the win's hand kept as a dict."""
    if not isinstance(v, dict):
        return {"event": "?"}
    out = {"event": text(v.get("event")) or "?"}
    for k, x in list(v.items())[:16]:
        if k == "event" or not isinstance(k, str):
            continue
        if k in SEAT_FIELDS:
            out[k] = seat(x)
        elif k == "hand":
            out[k] = x if isinstance(x, dict) else None
        elif k == "players":
            out[k] = names(x)
        else:
            out[k] = _scalar(x)
    return out


def state(v):
    """A record's state: the fields the pages read, each in range or None."""
    if not isinstance(v, dict):
        return {}
    return {"dealer": seat(v.get("dealer")), "round": seat(v.get("round")),
            "hand_no": hand_no(v.get("hand_no")), "streak": count(v.get("streak")),
            "over": v.get("over") is True, "rules": text(v.get("rules"), 8),
            "players": names(v.get("players")) if "players" in v else None}


def item(v):
    return {"name": text(v.get("name")) or text(v.get("id")) or "?",
            "id": text(v.get("id"), 64),      # the pages name it in a visitor's language
            "value": number(v.get("value"), -MAX_COUNT, MAX_COUNT),
            "count": number(v.get("count"), 0, 64)}


def result(v):
    """A win's result: {"total", "unit", "rules", "items": [{"name", "id", "value",
    "count"}], "han", "fu", "limit"} (the last three a Riichi hand's, else None)."""
    if not isinstance(v, dict):
        return {"total": None, "unit": None, "rules": None, "items": [], "han": None,
                "fu": None, "limit": None}
    items = v.get("items")
    items = [item(i) for i in items[:MAX_ITEMS] if isinstance(i, dict)] \
        if isinstance(items, list) else []
    return {"total": number(v.get("total"), -MAX_PAYMENT, MAX_PAYMENT),
            "unit": text(v.get("unit"), 16), "rules": text(v.get("rules"), 8), "items": items,
            "han": count(v.get("han")), "fu": count(v.get("fu")),
            "limit": text(v.get("limit"), 16) or None}


def record(body):
    """A stored record's body (JSON text) as the pages read it: {"event", "state",
    "result", "payments", "undoes", "settlement"}, every part safe."""
    rec = loads(body)
    rec = rec if isinstance(rec, dict) else {}
    settlement = rec.get("settlement")
    return {"event": event(rec.get("event")), "state": state(rec.get("state")),
            "result": result(rec.get("result")), "payments": payments(rec.get("payments")),
            "undoes": number(rec.get("undoes"), 1, 2 ** 53),
            "settlement": settlement if isinstance(settlement, dict) else None}


# -- in SQL: the standings sum payments in SQLite ----------------------------------------

def payment_sums(where):
    """SQL: per session_id, the number of records and the sum of each seat's payments
    over the rows matching `where` whose payments are four integers in bounds (others
    count nothing).  The payments are parsed once a row (a materialised step: SQLite
    would otherwise parse the JSON again for every use), json_extract only on valid JSON."""
    seats = ", ".join("CASE WHEN json_valid(payments) THEN json_extract(payments, '$[%d]') "
                      "END AS p%d" % (i, i) for i in range(4))
    ok = " AND ".join("typeof(p%d) = 'integer' AND p%d BETWEEN %d AND %d"
                      % (i, i, -MAX_PAYMENT, MAX_PAYMENT) for i in range(4))
    sums = ", ".join("SUM(CASE WHEN %s THEN p%d ELSE 0 END)" % (ok, i) for i in range(4))
    return ("WITH p AS MATERIALIZED (SELECT session_id, %s FROM records WHERE %s) "
            "SELECT session_id, COUNT(*), %s FROM p GROUP BY session_id" % (seats, where, sums))
