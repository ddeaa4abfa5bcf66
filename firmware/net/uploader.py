# The upload task: sends the journal's records past the "sent up to" mark to the
# organiser (docs/upload.md), signed with HMAC-SHA256 under the device's secret, and
# moves the mark only when the organiser acknowledges them.
#
# It shares the event loop with the keypad and the screen, so it never blocks: sockets
# are asyncio streams (non-blocking; connect, send and answer each yield), and the
# journal is read one record at a time, yielding between records.  A batch is read twice
# from flash, never held whole in RAM: the first pass measures it and computes its
# signature (the header must carry both before the body), the second streams it to the
# socket record by record, checking each is the record signed.
#
# Why not micropython-lib's `requests`: its sockets block (the keypad and screen would
# wait out a dead Wi-Fi for the whole timeout), and it sends a body it holds whole in
# RAM.  `aiohttp` is non-blocking but larger and also wants the body in RAM.  A POST
# with Content-Length and `Connection: close` over asyncio streams is all this needs.
#
# The journal module is loaded only while the task reads (a synchronous call never
# keeps it across an await), as the table session also drops it after each event: the
# scorer needs the RAM.

import gc
import os
import sys
import time
import json
import binascii
import hashlib
import asyncio
import hmac
from netlink import post, backoff, setup, refused, verified
from heap import forget

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_BATCH = const(20)              # records per request at most
_MAX_BODY = const(49152)        # bytes per request at most (the organiser takes 64 KiB)
_HEAD = const(14)               # a journal record's header (journal.py)
_TIMEOUT_MS = const(20000)      # one whole request: connect, send, answer
_MAX_MS = const(120000)         # backoff after failures: at most this
_IDLE_MS = const(60000)         # nothing to do: look again this often (settings change)
_ANSWER = const(2048)           # the organiser's answers are small JSON objects (a verdict)
_UNVERIFIED = const(3)          # answers in a row that do not verify: the first page says so
_UNREACHABLE_S = const(300)     # no verified answer this long, hands waiting: it says so
_PATH = "/api/v1/upload"


def _journal():
    import session              # the table's door: the journal's reader through it
    return session.journal()


def _unload_journal():
    forget("journal")


def _raw(jpath, off):
    return _journal().Journal(jpath).raw(off)


def _prefix(seq, payload):
    """A record as sent is {"seq": n, ...payload}: this prefix, then the payload after
    its opening brace."""
    return b'{"seq":%d,' % seq if len(payload) > 2 else b'{"seq":%d' % seq


class Uploader:
    """run() is the task.  For the status line: `waiting` (records the organiser has not
    acknowledged), `last_ok` (time.ticks_ms() of the last acknowledged upload, None
    before), `last_error` (None, or what stops the upload now, in a few words).  The app
    calls saved(seq) after each record it saves."""

    def __init__(self, cfg, jpath="/journal.bin", link=None):
        self.cfg = cfg
        self.jpath = jpath
        self.link = link            # netlink.Link, or None where the network is always up
        self.jid = None             # the journal's id the mark belongs to
        self.acked = 0              # the mark: records 1..acked are acknowledged
        self.offset = 0             # file offset of record acked+1
        self.last = 0               # the journal's last record, as far as read
        self.end = 0                # file offset after it
        self.hint = 0               # the last record the app reported saved
        self.last_ok = None
        self.last_error = None
        self.blocked = None         # a journal the organiser refused (conflict)
        self.conflict = None        # the seq of the last record refused in conflict
        self.limit = _BATCH
        self.fails = 0
        self.posts = 0
        self.wake = asyncio.Event()
        self.log = print
        self.timeout_ms = _TIMEOUT_MS
        self.max_body = _MAX_BODY
        self.max_ms = _MAX_MS
        self.puller = None          # seating.Seating: pulled between batches
        # what the organiser says, from verified answers only (docs/upload.md, version 2)
        self.verdict = None         # the last verdict on the device's session
        self.revoked = False        # the director revoked the device
        self.unverified = 0         # answers in a row whose MAC did not verify
        self.heard = time.ticks_ms()    # the last verified answer (boot: from now)

    @property
    def waiting(self):
        n = (self.last if self.last > self.hint else self.hint) - self.acked
        return n if n > 0 else 0

    def saved(self, seq=0):
        """A record was saved: send it soon (wakes the task from its wait)."""
        if seq > self.hint:
            self.hint = seq
        self.wake.set()

    def heard_now(self, ans):
        """A verified answer (an upload's or a pull's): the organiser is there, and its
        verdict on the session is the one to show."""
        self.heard = time.ticks_ms()
        self.unverified = 0
        self.revoked = False
        v = ans.get("verdict")
        if isinstance(v, dict):
            self.verdict = v

    def not_verified(self):
        """An answer that does not verify: no answer (nothing moves, the records are
        sent again); counted, and shown after a few in a row."""
        self.unverified += 1
        return self._fail("answer not verified")

    def alert(self):
        """What the status screen's first page says at once, in words, or None: a revoked
        device, answers that do not verify, hands the organiser holds, an organiser
        unreachable with hands waiting."""
        if self.revoked:
            return "revoked: call the director"
        if self.unverified >= _UNVERIFIED:
            return "organiser answers not verified"
        v = self.verdict
        held = v.get("held") if isinstance(v, dict) else None
        if isinstance(held, int) and held > 0:
            why = v.get("why")
            why = why[0] if isinstance(why, list) and why else None
            if not (isinstance(why, list) and len(why) == 2 and isinstance(why[1], str)):
                why = [None, None]
            if why[0] == v.get("session"):     # its start: the whole session waits
                say = "session held: call the director"
            else:
                say = "%d hand%s held: call the director" % (held, "" if held == 1 else "s")
            return say + (": " + why[1] if why[1] else "")
        if self.waiting:
            s = time.ticks_diff(time.ticks_ms(), self.heard) // 1000
            if s >= self.cfg.get("unreachable_s", _UNREACHABLE_S):
                return "organiser unreachable %s: hands kept" % (
                    "%d min" % (s // 60) if s >= 60 else "%d s" % s)
        return None

    def since_ok(self):
        """Seconds since the last acknowledged upload, or None."""
        if self.last_ok is None:
            return None
        return time.ticks_diff(time.ticks_ms(), self.last_ok) // 1000

    # -- the mark and the journal (synchronous: no await while the journal is loaded) ---
    def _mark_path(self, jm):
        return jm.side(self.jpath, ".sent")

    def _read_mark(self, jm, jid):
        try:
            jm.recover(self._mark_path(jm))            # a replace cut short (FAT)
            f = open(self._mark_path(jm))
            try:
                m = json.loads(f.read())
            finally:
                f.close()
            if m["journal"] == jid:
                return int(m["acked"]), int(m["offset"])
        except (OSError, ValueError, KeyError, TypeError):
            pass
        return 0, 0

    def _write_mark(self, jm):
        jm.put(self._mark_path(jm), json.dumps(
            {"journal": self.jid, "acked": self.acked, "offset": self.offset}))

    def _walk(self, j, seq):
        """(seq reached, offset after it): headers followed from the start up to `seq`."""
        at = off = 0
        while at < seq:
            h = j.head(off)
            if h is None or h[0] != at + 1:
                break
            at = h[0]
            off += _HEAD + h[1]
        return at, off

    def survey(self):
        """Read the journal's id, the mark kept for it and the journal's end (headers
        only).  False when there is no journal yet."""
        jm = _journal()
        j = jm.Journal(self.jpath)
        if j.head(0) is None:
            self.jid = None
            self.acked = self.offset = self.last = self.end = 0
            return False
        jid = jm.journal_id(self.jpath)
        if jid != self.jid:                   # boot, or a journal created anew
            self.jid = jid
            self.acked, self.offset = self._read_mark(jm, jid)
            self.last = self.end = 0
            self.limit = _BATCH
            self.conflict = None
        # the mark's offset must hold record acked+1, or be the end of the journal
        h = j.head(self.offset)
        if (h[0] != self.acked + 1 if h is not None
                else self.acked == 0 or self.offset != self.end):
            self.acked, self.offset = self._walk(j, self.acked)
        if self.end < self.offset:
            self.last, self.end = self.acked, self.offset
        while True:
            h = j.head(self.end)
            if h is None or h[0] != self.last + 1:
                break
            self.last = h[0]
            self.end += _HEAD + h[1]
        return True

    def _move(self, acked, recs):
        """The organiser holds 1..acked: move the mark there (back too, if it lost
        records) and keep it on flash."""
        if acked > self.last:
            acked = self.last
        if acked < 0:
            acked = 0
        if acked == self.acked:
            return
        jm = _journal()
        off = None
        for seq, start, end, crc in recs:
            if seq == acked:
                off = end
        if off is None:
            acked, off = self._walk(jm.Journal(self.jpath), acked)
        self.acked, self.offset = acked, off
        self._write_mark(jm)

    # -- a batch --------------------------------------------------------------------
    def _head(self, device, nonce):
        # v 2: the answer carries the verdict; the nonce: no two requests share a MAC, so
        # no answer verifies for another (docs/upload.md, "The answers' MAC")
        return b'{"device":%s,"journal":"%s","v":2,"nonce":"%s","records":[' % (
            json.dumps(device).encode(), self.jid.encode(), nonce)

    async def _plan(self, key, head):
        """The batch past the mark: ([(seq, offset, end, crc)], body length, signature
        hex); records read one at a time."""
        mac = hmac.new(key, head, hashlib.sha256)
        size = len(head) + 2
        recs = []
        seq, off = self.acked, self.offset
        while len(recs) < self.limit:
            r = _raw(self.jpath, off)
            if r is None or r[0] != seq + 1 or r[1][:1] != b"{":
                break
            seq, payload = r
            r = None
            pre = _prefix(seq, payload)
            n = len(pre) + len(payload) - 1
            if recs:
                if size + 1 + n > self.max_body:
                    break
                mac.update(b",")
                size += 1
            mac.update(pre)
            mac.update(memoryview(payload)[1:])
            size += n
            end = off + _HEAD + len(payload)
            recs.append((seq, off, end, binascii.crc32(payload)))
            off = end
            payload = pre = None
            await asyncio.sleep_ms(0)
        mac.update(b"]}")
        return recs, size, mac.hexdigest()

    async def _send(self, writer, batch):
        """netlink.post()'s `send`: the batch's body (head, recs), streamed from the
        journal record by record."""
        head, recs = batch
        writer.write(head)
        await writer.drain()
        first = True
        for seq, off, end, crc in recs:
            r = _raw(self.jpath, off)
            if r is None or r[0] != seq or binascii.crc32(r[1]) != crc:
                raise ValueError("journal changed")   # the organiser gets no whole body
            payload = r[1]
            r = None
            if not first:
                writer.write(b",")
            first = False
            writer.write(_prefix(seq, payload))
            writer.write(memoryview(payload)[1:])
            payload = None
            await writer.drain()
        writer.write(b"]}")
        await writer.drain()

    # -- the task -------------------------------------------------------------------
    def _fail(self, why):
        """Record a failure; the wait before the next try (exponential, jittered)."""
        if why != self.last_error:
            self.log("upload: " + why)
        self.last_error = why
        self.fails += 1
        return backoff(self.fails, self.max_ms)

    def _alarm(self):
        return None if self.conflict is None else "conflict at record %s" % self.conflict

    def _answer(self, status, data, recs, ok=False):
        """ok: the answer's MAC verified (an answer that moves anything must)."""
        if not ok and status in (200, 409):
            return self.not_verified()
        try:
            ans = json.loads(data)
        except ValueError:
            ans = None
        if not isinstance(ans, dict):
            ans = {}
        if ok and status < 500:
            self.heard_now(ans)
        acked = ans.get("acked")
        if status == 200 and ans.get("ok") is True and isinstance(acked, int):
            self._move(acked, recs)
            if self.acked < recs[-1][0]:
                return self._fail("organiser holds records up to %d only" % self.acked)
            self.fails = 0
            self.last_ok = time.ticks_ms()
            self.last_error = self._alarm()
            return 0
        error = ans.get("error")
        if status == 409:
            # The organiser holds another record under this journal's id and seq, never
            # overwritten.  The mark goes to what it holds (the organiser counts its own
            # record there, so the mark passes it); were the record in conflict still the
            # next to send, sending again could not help: this journal would wait (a new
            # journal, or a restart, tries again).  The alarm stays on the status line.
            if isinstance(acked, int):
                self._move(acked, recs)
            seq = ans.get("seq")
            self.conflict = seq
            self.log("upload: refused, conflict at record %s" % seq)
            self.last_error = self._alarm()
            if not isinstance(seq, int) or seq > self.acked:
                self.blocked = self.jid
                return _IDLE_MS
            return 0
        if status == 413 and self.limit > 1:
            self.limit = len(recs) // 2 if len(recs) > 1 else 1
            return 0
        if status == 401:
            return self._fail(refused(error))
        if status == 403 and ok and error == "revoked":
            self.revoked = True
            return self._fail("revoked: call the director")
        if status == 413:
            return self._fail("record too large")
        if status == 400:
            return self._fail("refused: malformed")
        return self._fail("organiser error %d" % status)

    async def step(self):
        """One try: send one batch if anything waits.  Returns the ms to wait before the
        next (0: go on at once, more is waiting)."""
        if not self.survey():
            return _IDLE_MS
        if self.acked >= self.last:
            if self.blocked != self.jid:
                self.last_error = self._alarm()
            return _IDLE_MS
        if self.blocked == self.jid:
            return _IDLE_MS
        got = setup(self.cfg)
        if isinstance(got, str):
            self.last_error = got
            return _IDLE_MS
        where, device, key = got
        if self.link is not None and not self.link.ready():
            if not self.link.has_wifi:          # nothing to wait for: count what waits
                self.last_error = self.link.why
                return _IDLE_MS
            return self._fail(self.link.why or "no network")
        head = self._head(device, binascii.hexlify(os.urandom(8)))
        recs, size, sig = await self._plan(key, head)
        if not recs:
            return self._fail("journal unreadable at record %d" % (self.acked + 1))
        self.posts += 1
        try:
            status, data, amac = await asyncio.wait_for_ms(
                post(where, _PATH, size, sig, _ANSWER, self._send,
                     (head, recs)), self.timeout_ms)
        except asyncio.TimeoutError:
            return self._fail("organiser does not answer")
        except (OSError, EOFError, ValueError, IndexError):
            return self._fail("cannot reach organiser")
        return self._answer(status, data, recs, verified(key, sig, data, amac))

    async def _guarded(self, step, fail):
        try:
            return await step()
        except MemoryError:
            gc.collect()
            return fail("out of memory")
        except Exception as e:      # a fault here must not end the task
            sys.print_exception(e)
            return fail("fault")

    async def run(self):
        """The task: upload batches; between them, the seating pull when it is due (one
        task, so one connection at a time and one set of stream buffers in RAM)."""
        while True:
            ms = await self._guarded(self.step, self._fail)
            p = self.puller
            if p is not None:
                n = await self._guarded(p.step, p.fail)
                if n < ms:
                    ms = n
            if ms > 0:
                _unload_journal()
                try:
                    await asyncio.wait_for_ms(self.wake.wait(), ms)
                except asyncio.TimeoutError:
                    pass
                self.wake.clear()


current = None                  # the app's uploader (its counters for the status line)


def run(cfg, jpath, status=None, has_wifi=True, session=None, on_change=None, clock=None):
    """The upload task's coroutine for the app; the Uploader is `uploader.current` (and
    status["net"] where status is a dict).  Given the table session, on a board with
    Wi-Fi the same task pulls the table's seating (net/seating.py; status["seating"]) and
    calls on_change() when that changed the settings, and sets the round's clock (a
    roundclock.Clock) from it."""
    global current
    import netlink
    current = Uploader(cfg, jpath, netlink.Link(cfg, has_wifi))
    if session is not None and has_wifi:     # without Wi-Fi there is nothing to pull
        import seating
        current.puller = seating.Seating(current, session, on_change, clock)
    if isinstance(status, dict):
        status["net"] = current
        status["seating"] = current.puller
    return current.run()
