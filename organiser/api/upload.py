"""The device API (docs/upload.md): journal uploads and the seating pull.

Both are signed by the device (HMAC-SHA256 of the raw body, header X-Signature).  Checks
run in this order, and the first that fails answers: size (413 too_large), JSON and the
device field (400 malformed), device known (401 unknown_device), signature (401
bad_signature), shape (400 malformed).  Every refusal is logged in `refused` and stores
nothing; a conflict (409) keeps the records before it in the batch."""

import json
import re
import time

from fastapi import APIRouter, Request
from starlette.requests import ClientDisconnect

from organiser.event import devices, records, tournament
from organiser.guard import quotas, signing
from organiser.store import record_model
from organiser.event import clock, pastclock
from organiser.store.db import one
from organiser.guard import refusedlog, replays
from organiser.api import answers
from organiser.store import records2

router = APIRouter()

JOURNAL_ID = re.compile(r"[0-9a-f]{16}")       # fullmatch: no trailing newline
MAX_RECORDS = 200


class Refusal(Exception):
    def __init__(self, status, error, detail="", device=None, journal=None, seq=None,
                 extra=None, size=None, retry_after=None):
        super().__init__(error)
        self.size, self.retry_after = size, retry_after
        self.status, self.error, self.detail = status, error, detail
        self.device, self.journal, self.seq = device, journal, seq
        self.extra = extra or {}
        self.secret = None          # the device's, once its signature checked: the answer is signed


async def read_body(request, limit):
    """The raw body, or Refusal(413) as soon as it passes `limit` bytes."""
    n = request.headers.get("content-length")
    if n is not None and n.isdigit() and int(n) > limit:
        raise Refusal(413, "too_large", "content-length %s" % n, size=int(n))
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise Refusal(413, "too_large", "over %d bytes" % limit, size=size)
            chunks.append(chunk)
    except ClientDisconnect:
        # the connection was cut mid-body: logged; nobody is left to answer
        raise Refusal(400, "incomplete", "connection closed after %d bytes" % size, size=size)
    return b"".join(chunks)


def authenticate(con, body, signature):
    """The parsed body and the device row, after the device and signature checks."""
    try:
        msg = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        raise Refusal(400, "malformed", "not JSON: %s" % str(e)[:200])
    if not isinstance(msg, dict) or not isinstance(msg.get("device"), str):
        raise Refusal(400, "malformed", "no device id")
    dev = one(con, "SELECT * FROM devices WHERE id = ?", (msg["device"],))
    if dev is None:
        raise Refusal(401, "unknown_device", device=msg["device"][:64])
    if not signing.verify(dev["secret"], body, signature):
        raise Refusal(401, "bad_signature", "signature does not match the body",
                      device=dev["id"])
    if dev.get("revoked_at") is not None:
        ref = Refusal(403, "revoked", "the director revoked this device", device=dev["id"])
        ref.secret = dev["secret"]
        raise ref
    return msg, dev


def check_batch(msg):
    """The upload's journal id and records, or Refusal(400)."""
    dev = msg["device"]
    journal = msg.get("journal")
    if not isinstance(journal, str) or not JOURNAL_ID.fullmatch(journal):
        raise Refusal(400, "malformed", "journal: 16 lowercase hex chars", device=dev)
    recs = msg.get("records")
    if not isinstance(recs, list) or not 1 <= len(recs) <= MAX_RECORDS:
        raise Refusal(400, "malformed", "records: a list of 1..%d" % MAX_RECORDS,
                      device=dev, journal=journal)
    last = 0
    recs = [records2.v1(r) for r in recs]      # a version-2 record, under version 1's names
    for r in recs:
        seq = r.get("seq") if isinstance(r, dict) else None
        if (not isinstance(seq, int) or isinstance(seq, bool) or seq <= last
                or seq > record_model.MAX_SEQ):
            raise Refusal(400, "malformed", "records need increasing integer seq 1..%d"
                          % record_model.MAX_SEQ, device=dev, journal=journal)
        ev = r.get("event")
        if not isinstance(ev, dict) or not isinstance(ev.get("event"), str):
            raise Refusal(400, "malformed", "record %d: no event" % seq, device=dev,
                          journal=journal, seq=seq)
        if "payments" in r and not records._four_ints(r["payments"]):
            raise Refusal(400, "malformed", "record %d: payments" % seq, device=dev,
                          journal=journal, seq=seq)
        if ev["event"] == "undo" and not isinstance(r.get("undoes"), int):
            raise Refusal(400, "malformed", "record %d: undo without undoes" % seq,
                          device=dev, journal=journal, seq=seq)
        why = record_model.check(r)
        if why is not None:
            raise Refusal(400, "malformed", "record %d: %s" % (seq, why), device=dev,
                          journal=journal, seq=seq)
        last = seq
    return journal, recs


REFUSED_KEPT = 10000          # a flood of bad requests cannot fill the disk


def log_refusal(con, remote, path, size, ref, per_source=1000):
    """One line of the refused log.  Each address keeps its latest per_source lines, so
    a flood from one erases only its own; the whole log keeps REFUSED_KEPT, the
    addresses holding the most losing their oldest first (organiser.guard.refusedlog)."""
    con.execute("INSERT INTO refused (at, remote, path, status, error, device, journal, seq, "
                "size, detail) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (time.time(), remote, path, ref.status, ref.error, ref.device, ref.journal,
                 ref.seq, size, ref.detail[:500]))
    con.execute("DELETE FROM refused WHERE remote = ? AND id <= (SELECT id FROM refused "
                "WHERE remote = ? ORDER BY id DESC LIMIT 1 OFFSET ?)",
                (remote, remote, per_source))
    refusedlog.trim(con, REFUSED_KEPT)         # the addresses holding the most lose first


async def refused(request, size, ref):
    """Log the refusal (in the shared transaction), publish it, answer it."""
    size = ref.size if ref.size is not None else size
    remote = request.client.host if request.client else ""
    path = request.url.path
    per_source = getattr(request.app.state, "refused_per_source", 1000)
    await request.app.state.commits.run(
        lambda con: log_refusal(con, remote, path, size, ref, per_source))
    request.app.state.broker.publish("refused", {"error": ref.error, "device": ref.device})
    heads = {}
    if ref.status in (400, 413) and ref.error in ("too_large", "incomplete"):
        heads["Connection"] = "close"          # the rest of that body is not read
    if ref.retry_after:
        heads["Retry-After"] = "%d" % ref.retry_after
    # signed over the device's request when its signature was checked (docs/upload.md)
    return answers.response(dict({"ok": False, "error": ref.error}, **ref.extra), ref.status,
                            ref.secret, request.headers.get("x-signature"), heads)


def seen(con, device, now=None):
    """A signed request from the device: its sign of life (inside a transaction)."""
    con.execute("INSERT OR REPLACE INTO device_seen (device, at) VALUES (?, ?)",
                (device, now or time.time()))


def store_batch(con, device, journal, recs, now=None):
    """Store one upload (inside the shared transaction): (conflicting seq or None,
    acked before, acked after).  Whether the round is over is the organiser's scoring's
    to say, once it has counted the hands (scoring.store: tournament.autoclose).

    Every read it needs is sent before any is read: on PostgreSQL (a pipelined group
    commit) one round trip to the server for them all.  A quota refusal rolls back the
    journal's row written meanwhile with the rest of the job (its savepoint)."""
    now = time.time() if now is None else now       # one instant: seen, stored
    seen(con, device, now)
    quota = quotas.journal_reads(con, device, journal)
    batch = records.send(con, device, journal, recs, now)    # now: the organiser's clock
    try:
        quotas.check_journal(con, device, journal, recs, sent=quota)
    except quotas.Exceeded as q:
        raise Refusal(429, "quota", q.detail, device=device, journal=journal,
                      retry_after=q.retry_after)
    try:
        _, before, after = records.store(con, device, journal, recs, sent=batch)
        conflict = None
    except records.Conflict as c:
        conflict, before, after = c.seq, None, records.acked(con, device, journal)
    return conflict, before, after


async def upload(request: Request):
    t0 = time.perf_counter()
    app = request.app
    db = app.state.db
    body = b""
    dev = None
    try:
        body = await read_body(request, app.state.max_body)
        with db.read() as con:
            msg, dev = authenticate(con, body, request.headers.get("x-signature"))
        if app.state.resends.known(dev["id"], body):
            # sent again byte for byte, its records stored: free, and nothing changes
            with db.read() as con:
                acked = records.acked(con, dev["id"], msg["journal"])
            return answers.response({"ok": True, "acked": acked}, 200, dev["secret"],
                                    request.headers.get("x-signature"))
        journal, recs = check_batch(msg)
        try:
            app.state.quotas.spend(dev["id"], len(body))
        except quotas.Exceeded as q:
            raise Refusal(429, "quota", q.detail, device=dev["id"], journal=journal,
                          retry_after=q.retry_after)
        conflict, before, after = await app.state.commits.run(
            lambda con: store_batch(con, dev["id"], journal, recs, clock.now_of(app)))
    except Refusal as ref:
        if dev is not None:             # its signature checked: the answer is signed
            ref.secret = dev["secret"]
        return await refused(request, len(body), ref)
    if after != before:
        app.state.scoring.mark(dev["id"], journal)     # the organiser's own scoring, after
        app.state.broker.publish("upload", {"device": dev["id"], "table": dev["table_no"],
                                            "journal": journal, "acked": after})
    if conflict is None and after is not None and after >= recs[-1]["seq"]:
        app.state.resends.stored(dev["id"], body)
    if conflict is not None:
        ref = Refusal(409, "conflict", "record %d held with other content" % conflict,
                      device=dev["id"], journal=journal, seq=conflict,
                      extra={"seq": conflict, "acked": after})
        ref.secret = dev["secret"]
        return await refused(request, len(body), ref)
    ans = {"ok": True, "acked": after}
    if msg.get("v") == 2:                   # what the organiser counts of its session
        with db.read() as con:
            v = answers.verdict(con, dev["id"])
        if v is not None:
            ans["verdict"] = v
    # Server-Timing: the time spent in here, commit included (the load benchmark reads it)
    return answers.response(ans, 200, dev["secret"], request.headers.get("x-signature"), {
        "Server-Timing": "upload;dur=%.2f" % ((time.perf_counter() - t0) * 1000)})


async def seating(request: Request):
    app = request.app
    db = app.state.db
    body = b""
    dev = None
    try:
        body = await read_body(request, app.state.max_body)
        with db.read() as con:
            msg, dev = authenticate(con, body, request.headers.get("x-signature"))
        why = record_model.check_seating(msg)
        if why is not None:
            raise Refusal(400, "malformed", why, device=dev["id"])
        report = devices.reported(msg, dev)     # its build and data version, if changed

        def note(con):
            if replays.nonce_seen(con, dev["id"], msg["nonce"]):
                raise Refusal(409, "replayed", "a seating pull's nonce sent again",
                              device=dev["id"])
            seen(con, dev["id"])
            devices.store_report(con, dev["id"], report)
            # what this answer says of the clock, for the hands that name this pull
            pastclock.remember(con, dev["id"], msg["nonce"], now)
        now = clock.now_of(app)
        await app.state.commits.run(note)
        with db.read() as con:
            answer = dict({"ok": True}, **tournament.device_seating(con, dev))
            answer.update(devices.resume(con, dev, answer.get("tround")))
            # the open round's clock, as seconds left (organiser/event/clock.py)
            answer["clock"] = clock.for_device(con, now)
            v = answers.verdict(con, dev["id"]) if msg.get("v") == 2 else None
            if v is not None:
                answer["verdict"] = v
        return answers.response(answer, 200, dev["secret"], request.headers.get("x-signature"))
    except Refusal as ref:
        if dev is not None:             # its signature checked: the answer is signed
            ref.secret = dev["secret"]
        return await refused(request, len(body), ref)


# Plain Starlette routes: no dependency resolution or response validation on the path
# every device hits (docs/upload.md describes them; they are not in the OpenAPI schema).
router.add_route("/api/v1/upload", upload, methods=["POST"])
router.add_route("/api/v1/seating", seating, methods=["POST"])
