"""Version-2 journal records as the organiser reads them (docs/upload.md, "What a
version-2 record carries"; the device's side is firmware/lib/table/record2.py): small,
the event's name under "e" and its fields beside, "p" the payments (absent: all zero),
"u" what an undo takes back, "d" the state's digest, "c" the round clock's reading.

A record in either form may come in any upload (told apart by its keys: "e" a name and
no "event"); a version-2 record is turned, on arrival and before any check, into the
version-1 names the rest of the organiser reads (event, payments, undoes), with its
digest and clock reading kept beside (`digest`, `clock`).  It is stored so: a resend of
the same record turns into the same stored record, so the identical-resend rule holds."""

# "t": a win's total as the device scored it, for the device's own history screen; the
# organiser scores the hand itself and keeps nothing of it.
OWN = ("seq", "e", "k", "u", "p", "d", "c", "t")


def is_v2(rec):
    return isinstance(rec, dict) and isinstance(rec.get("e"), str) and "event" not in rec


def v1(rec):
    """The record under version 1's names (the record itself when it is version 1)."""
    if not is_v2(rec):
        return rec
    ev = {"event": rec["e"]}
    for k in rec:
        if k not in OWN or (k == "p" and rec["e"] == "adjust"):
            ev[k] = rec[k]
    out = {"seq": rec.get("seq"), "event": ev}
    if rec["e"] == "undo":
        out["undoes"] = rec.get("u")
    elif rec["e"] == "adjust":
        # kind "a": "p" is the adjustment's own field (what the organiser counts); its
        # payments are its "delta", what it moved the table's scores by
        out["payments"] = rec.get("delta", [0, 0, 0, 0])
    else:
        out["payments"] = rec.get("p", [0, 0, 0, 0])
    if "d" in rec:
        out["digest"] = rec["d"]
    if "c" in rec:
        out["clock"] = rec["c"]
    return out
