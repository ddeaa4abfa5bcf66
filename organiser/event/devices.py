"""The director's hold on devices: revoking one, rotating its secret, what each device
reports of itself (firmware build, ruleset data version: shown on the table grid), and
what a spare device bound to a table whose device failed is told to resume from."""

import re
import time

from organiser.event import binding
from organiser.store import record_model
from organiser.guard import signing
from organiser.store.db import one
from organiser.event.tournament import ModelError

REPORT = re.compile(record_model.REPORT)       # fullmatch: no trailing newline
FIELDS = ("build", "data")


def _device(con, device_id):
    d = one(con, "SELECT * FROM devices WHERE id = ?", (device_id,))
    if d is None:
        raise ModelError("no device %r", str(device_id)[:40])
    return d


def revoke(con, device_id, revoked=True, now=None):
    """Every request of a revoked device is refused (and listed) until it is restored."""
    _device(con, device_id)
    con.execute("UPDATE devices SET revoked_at = ? WHERE id = ?",
                ((now or time.time()) if revoked else None, device_id))


def rotate_secret(con, device_id):
    """A new secret for the device (shown once); the old one signs nothing any more."""
    _device(con, device_id)
    secret = signing.new_secret()
    con.execute("UPDATE devices SET secret = ? WHERE id = ?", (secret, device_id))
    return secret


def reported(msg, dev):
    """What a signed request says of the device itself, where it changed: {field: text}.
    Only short plain words are kept; anything else is ignored."""
    out = {}
    for k in FIELDS:
        v = msg.get(k)
        if isinstance(v, str) and REPORT.fullmatch(v) and v != dev.get(k):
            out[k] = v
    return out


def store_report(con, device_id, report):
    for k, v in report.items():
        if k in FIELDS:
            con.execute("UPDATE devices SET %s = ? WHERE id = ?" % k, (v, device_id))


def resume(con, dev, tround_id):
    """For the seating pull: {"resume": the organiser's state of the session a spare
    device continues, "dealer": its dealer} or {} (no session to continue)."""
    if dev.get("table_no") is None or tround_id is None:
        return {}
    point = binding.resume_point(con, dev["table_no"], tround_id, dev["id"])
    if point is None:
        return {}
    return {"resume": point, "dealer": point["dealer"]}
