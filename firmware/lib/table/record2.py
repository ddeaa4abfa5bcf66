# Version 2 of a journal record (docs/upload.md, "What a version-2 record carries"): small.
# The event as entered (its name under "e", its fields beside: no nested object), its
# payments, the state after as a short digest and the round clock's reading; not the
# scorer's total, names and items nor the whole state (the organiser replays them).  encode() makes one from what the table engine gives a
# version-1 record; v1_view() gives the names the organiser's replay reads.
#
# The digest: the first 8 hex chars of SHA-256 over the state's counters and scores as
# decimal numbers joined by commas, in a fixed order (no JSON: MicroPython's json does
# not sort keys), so the device and the organiser compute the same.

import json
import hashlib
import binascii

OWN = ("e", "k", "u", "p", "d", "c", "t")  # the record's own keys; the event's are words
# A win's unit as its ruleset's scorer gives it (rules/<id>.py UNIT): the history shows a
# version-2 win's total ("t") with it, without loading the scorer.
UNITS = {"mcr": "fan", "hk": "fan", "tw": "tai", "sh": "points", "riichi": "points"}

DIGEST_KEYS = ("first", "dealer", "round", "hand_no", "streak", "huang", "over")


def digest(st):
    parts = []
    for k in DIGEST_KEYS:
        v = st.get(k)
        parts.append(str(int(v) if v else 0))
    for x in st["scores"]:
        parts.append(str(x))
    return binascii.hexlify(hashlib.sha256(",".join(parts).encode()).digest()[:4]).decode()


def encode(rec, clock=None):
    """The version-2 payload of a version-1 record (a dict: event, payments, result,
    state, undoes).  clock: [seconds left, the first 4 hex chars of the pull's nonce]
    or None."""
    ev = rec["event"]
    name = ev.get("event")
    out = {"e": name}
    for k in ev:
        if k != "event":
            out[k] = ev[k]
    if name == "adjust":
        out["k"] = "a"
    if name == "undo":
        out["u"] = rec["undoes"]
    elif name != "adjust":      # an adjustment's "p" is its own field: its payments are
        # its "delta" (docs/upload.md, "Adjustments back to the table")
        pay = rec.get("payments")
        if pay and (pay[0] or pay[1] or pay[2] or pay[3]):
            out["p"] = pay
    res = rec.get("result")
    if res and "total" in res:          # the history's line for a win, nothing more
        out["t"] = res["total"]
    st = rec.get("state")
    if st and st.get("scores"):
        out["d"] = digest(st)
    if clock is not None:
        out["c"] = clock
    return out


def dumps(rec):
    """The payload's JSON, without spaces where the port's json allows it."""
    try:
        return json.dumps(rec, separators=(",", ":"))
    except TypeError:
        return json.dumps(rec)


def v1_view(rec, rules=None):
    """What the organiser's replay reads of a version-2 record: event, payments (zeros
    where none are sent), undoes; with rules (the ruleset), a win's "result" as far as the
    record says it (its total and unit: the history's line)."""
    ev = {"event": rec.get("e")}
    for k in rec:
        if k not in OWN or (k == "p" and ev["event"] == "adjust"):
            ev[k] = rec[k]
    out = {"event": ev}
    if ev["event"] == "undo":
        out["undoes"] = rec.get("u")
    elif ev["event"] == "adjust":
        out["payments"] = ev.get("delta") or [0, 0, 0, 0]
    else:
        out["payments"] = rec.get("p") or [0, 0, 0, 0]
    if rules is not None and "t" in rec:
        out["result"] = {"rules": rules, "total": rec["t"], "unit": UNITS.get(rules, ""),
                         "items": []}
    return out
