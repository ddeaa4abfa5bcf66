"""The organiser's answers to a device, signed over the device's own request, and the
verdict they carry (docs/upload.md, "Version 2").

An answer's MAC is HMAC-SHA256(device secret, b"answer" || R || A): R the request's MAC
as 32 raw bytes (its X-Signature unhexed), A the answer's body as sent.  A request's MAC
is over a JSON body (its first byte `{`), so no answer verifies as a request; R ties the
answer to one request (every request carries a fresh nonce), so no answer verifies for
another.  Only an answer to a request whose signature the organiser checked is signed:
the key is the one the device signed with.

The verdict: for the device's latest session, what the organiser counts (records
counted, held for the director with the reason in words, adjusted by the director) and
the session's scores as the organiser counts them: the device shows it on its first
status page."""

import hashlib
import hmac
import json

from fastapi.responses import Response

from organiser.event import corrections
from organiser.store import stored
from organiser.store.db import one, rows

DOMAIN = b"answer"
HEADER = "X-Answer-Signature"
MAX_WHY = 3             # held records named in a verdict (their count is always given)
MAX_ADJUSTED = 3
MAX_ADJUST = 4          # adjustments an answer carries (the rest come with the next)
WHY_CHARS = 60          # a reason's words, cut: the device's answer buffer is small


def mac(secret_hex, request_mac_hex, body):
    """The answer's MAC (lowercase hex), or None when the request's MAC is not 32 bytes
    of hex (then the request was not one the organiser checked)."""
    try:
        r = bytes.fromhex(request_mac_hex.strip())
    except (AttributeError, ValueError):
        return None
    if len(r) != 32:
        return None
    return hmac.new(bytes.fromhex(secret_hex), DOMAIN + r + body, hashlib.sha256).hexdigest()


def render(payload):
    """The answer's body bytes (compact, UTF-8): what is signed is what is sent."""
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()


def response(payload, status=200, secret=None, request_mac=None, headers=None):
    """A JSON answer; signed when the device's secret and its request's MAC are given."""
    body = render(payload)
    heads = dict(headers or {})
    if secret is not None:
        m = mac(secret, request_mac, body)
        if m is not None:
            heads[HEADER] = m
    return Response(body, status_code=status, media_type="application/json", headers=heads)


def reason(status, error, refused=None):
    """A held record's reason in words, as the hand log says it."""
    if refused:
        return refused
    if status == "late":
        return "arrived after its round closed"
    if isinstance(error, str) and error:
        if error.startswith("time_up"):
            return "past the clock"
        return error
    return "payments differ"


HELD = ("disputed", "refused", "late")
COUNTED = ("ok", "corrected")


def verdict(con, device):
    """What the organiser counts of the device's latest session, or None (no session)."""
    s = one(con, "SELECT id, journal, start_seq, refused FROM sessions WHERE device = ? "
                 "ORDER BY id DESC LIMIT 1", (device,))
    if s is None:
        return None
    got = rows(con, "SELECT r.seq, r.kind, r.payments, r.body, x.status, x.error FROM records r "
                    "LEFT JOIN replayed x ON x.device = r.device AND x.journal = r.journal "
                    "AND x.seq = r.seq WHERE r.session_id = ? AND r.effective = 1 "
                    "ORDER BY r.seq", (s["id"],))
    corr = corrections.latest(con)
    scores = [0, 0, 0, 0]
    counted = held = 0
    scored = 0
    why, adjusted, adjust = [], [], []
    taken = {}          # {seq: payments}: the adjustments the device journaled and sent
    fixes = []          # (seq, correction id) of this journal's hand corrections
    for (group, target), c in corr.items():
        parts = target.rsplit("/", 2) if group == "hand" and isinstance(target, str) else ()
        if len(parts) == 3 and parts[0] == device and parts[1] == s["journal"] \
                and parts[2].isdigit():
            fixes.append((int(parts[2]), c["id"]))
    for r in got:
        if r["kind"] == "adjust":
            ev = _body(r).get("event")
            ev = ev if isinstance(ev, dict) else {}
            p = stored.payments(ev.get("p"))
            if p is not None and isinstance(ev.get("of"), int):
                taken[ev["of"]] = p
    for r in got:
        if r["kind"] in ("undo", "adjust"):
            continue
        if r["status"] is not None:
            scored = max(scored, r["seq"])
        c = corr.get(("hand", corrections.record_target(device, s["journal"], r["seq"])))
        if s["refused"] or (r["status"] in HELD and c is None):
            held += 1                       # (a refused session: all of it, scored or not)
            if len(why) < MAX_WHY:
                why.append([r["seq"], reason(r["status"], r["error"], s["refused"])[:WHY_CHARS]])
            continue
        if r["status"] not in COUNTED and c is None:
            continue                        # not scored yet
        counted += 1
        if c is not None and len(adjusted) < MAX_ADJUSTED:
            adjusted.append([r["seq"], c["id"]])
        pay = _counted(r, c)
        for i in range(4):
            scores[i] += pay[i]
        # what the table counts for the record (its own payments, or the last
        # adjustment it took) differs from what the organiser counts: an adjustment
        was = stored.payments(_body(r).get("payments")) or [0, 0, 0, 0]
        by = [cid for seq, cid in fixes if seq <= r["seq"]]
        if by and pay != taken.get(r["seq"], was) and len(adjust) < MAX_ADJUST:
            # (by: the correction that explains it, on the record or one before it)
            adjust.append({"of": r["seq"], "id": max(by), "p": pay, "was": was})
    return {"journal": s["journal"], "session": s["start_seq"], "scored": scored,
            "counted": counted, "scores": scores, "held": held, "why": why,
            "adjusted": adjusted, "adjust": adjust}


def _body(r):
    """The record as the device sent it: a dict, whatever is stored."""
    b = stored.loads(r["body"])
    return b if isinstance(b, dict) else {}


def _counted(r, c):
    """A record's payments as they count (standings.hand_payments' rule)."""
    if c is not None and c["kind"] == "void":
        return [0, 0, 0, 0]
    if c is not None and c["kind"] == "payments":
        return stored.payments(c["data"].get("payments")) or [0, 0, 0, 0]
    return stored.payments(r["payments"]) or [0, 0, 0, 0]
