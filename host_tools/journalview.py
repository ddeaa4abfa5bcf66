"""A device's journal as version 1 wrote it, for the host's checks (docs/upload.md,
"Version 2"): a version-2 record carries the event, its payments and a digest of the state
after it; whole() gives each record its event, payments, undoes, the state after it and a
win's result, replayed by the firmware's own table session on CPython, each digest
checked against the state the replay gives (a record that does not match raises).
Version-1 records pass through as they are (and are replayed alongside)."""

import json

from host_tools import paths


class Mismatch(AssertionError):
    pass


def whole(records):
    """[(seq, record)] (a journal as read) -> [(seq, the record as version 1 wrote it)]."""
    paths.use_firmware()
    import record2
    import session
    ses = session.Session()
    out = []
    for seq, rec in records:
        if "e" not in rec or "event" in rec:            # version 1
            ses.handle(json.loads(json.dumps(rec.get("event") or {})))
            out.append((seq, rec))
            continue
        v = record2.v1_view({k: rec[k] for k in rec if k != "seq"})   # (as uploaded: a seq)
        ev = json.loads(json.dumps(v["event"]))
        full = {"event": v["event"]}
        if ev.get("event") == "undo":
            ans = ses.handle(ev)
            full["undoes"] = v.get("undoes")
        else:
            pv = ses.preview(ev)
            ans = ses.save(pv) if pv.get("ok") else pv
            full["payments"] = v["payments"]
            for k in ("result", "settlement"):
                if k in pv:
                    full[k] = pv[k]
        if not ans.get("ok"):
            raise Mismatch("record %d: the table refuses it now: %r" % (seq, ans))
        full["state"] = json.loads(json.dumps(ses.state))
        if "d" in rec and record2.digest(ses.state) != rec["d"]:
            raise Mismatch("record %d: the replayed state's digest is not the record's" % seq)
        out.append((seq, full))
    return out
