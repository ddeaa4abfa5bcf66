# The seating pull: the device asks the organiser which players sit at its table in the
# open tournament round (POST /api/v1/seating, signed like an upload; docs/upload.md), so
# the players' names reach the device without being keyed in.
#
# It runs inside the upload task (net/uploader.py calls step() between batches), reusing
# its HTTP exchange, signing, link and back-off: one task, so never two connections at
# once and one set of stream buffers in RAM.
#
# When: at boot; at once when the session ends (the record that ends it wakes the task);
# then every 30 s while the table is free (no session, or the session over: players are
# waiting for their names and the director may open the next round any moment) and every
# 60 s while a session runs: the heartbeat (any signed request is the organiser's sign of
# life from the table, and a long hand uploads nothing for minutes).  A failure backs
# off as an upload does (1 s doubling, jittered).  A pull is a small request, so a
# venue's 200 devices make a few requests a second at most.
#
# What it changes: players, tround and table always (they only serve the next start
# event: a running session keeps the players its journal's start holds); rules, settings
# and dealer only while the table is free.  The settings file is rewritten (atomically)
# only when the answer differs from what it holds; then the app redraws (on_change).
# The event's device language (`lang`, when the director set one) becomes the settings'
# `lang` when it differs from the last one pulled (`event_lang`): the director's change
# reaches every table, and a table's own change on its settings screen stands until the
# director's next.
# The round's clock (seconds left, running or not) goes to the app's clock (roundclock.py),
# in RAM only: it changes with every pull.  While it runs, the pull before its zero comes
# a moment before it, so a pause or an extension the director made is known at zero.

import os
import json
import time
import binascii
import hashlib
import hmac
import asyncio
import settings
from ui import keymap
from netlink import post, write, setup, backoff, refused, verified

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_FREE_MS = const(30000)         # the table is free: look this often
_EVERY_MS = const(60000)        # a session runs: look this often (the heartbeat)
_UNSET_MS = const(60000)        # settings missing: look at them again this often
_ANSWER = const(4096)           # names (CJK: 3 bytes a character), their glyphs, the settings, the verdict
_GLYPHS = const(900)            # the names' glyphs in base64: 24 (organiser/text/glyphs.py MAX)
_PATH = "/api/v1/seating"
try:                            # the build's own ids (host_tools/build.py generates them)
    from buildinfo import BUILD as _B, DATA as _D
    _BUILD, _DATA = _B.encode(), _D.encode()
except ImportError:             # run from the sources (the simulator on CPython)
    _BUILD = _DATA = b"source"
_MARK = "seating: "             # cfg["_error"] set by this module starts so
_BEFORE_ZERO_MS = const(1500)   # the last pull before the clock's zero: this long before it


class Seating:
    """step() is called by the upload task; it returns the ms until the next pull.
    Counters: `pulls` (answers read), `changes` (answers that changed the settings),
    `last_ok` (ticks_ms of the last answer), `last_error` (None, or why the last pull
    failed, in a few words)."""

    def __init__(self, up, session, on_change=None, clock=None):
        self.clock = clock          # the round clock (roundclock.Clock) the answers set
        self.pulled = None          # the last pull's nonce, its first 4 hex chars
        self.up = up                # the Uploader: settings, link, log, timeout, back-off cap
        self.cfg = up.cfg
        self.ses = session
        self.on_change = on_change
        self.due = None             # ticks_ms of the next pull; None: now
        self.seen = -1              # the journal's last seq when the table was last seen free
        self.fails = 0
        self.tries = 0
        self.pulls = 0
        self.changes = 0
        self.last_ok = None
        self.last_error = None
        self.free_ms = _FREE_MS
        self.every_ms = _EVERY_MS

    def free(self):
        """No session runs: none yet, or the session is over."""
        st = self.ses.state
        return st is None or bool(st.get("over"))

    def soon(self):
        """Pull at the next turn of the task."""
        self.due = None
        self.up.wake.set()

    async def step(self):
        if self.free() and self.ses.jseq != self.seen:     # boot, or a session just ended
            self.seen = self.ses.jseq
            self.due = None
        if self.due is not None:
            left = time.ticks_diff(self.due, time.ticks_ms())
            if left > 0:
                return left
        ms = await self.pull()
        self.due = time.ticks_add(time.ticks_ms(), ms)
        return ms

    def fail(self, why, shown=False):
        """A failed pull: the wait before the next.  shown: a fault of the settings (a
        refused secret): the status screen shows it until a pull succeeds."""
        if why != self.last_error:
            self.up.log(_MARK + why)
        self.last_error = why
        if shown:
            self._show(_MARK + why)
        self.fails += 1
        ms = backoff(self.fails, self.up.max_ms)
        self.due = time.ticks_add(time.ticks_ms(), ms)
        return ms

    def _show(self, why):
        """cfg["_error"] (the status screen's fault line) = why, never over another
        module's fault; None clears only this module's own."""
        cur = self.cfg.get("_error")
        if cur == why or (cur and not cur.startswith(_MARK)):
            return
        if why is None:
            del self.cfg["_error"]
        else:
            self.cfg["_error"] = why
        if self.on_change is not None:
            self.on_change()

    async def pull(self):
        up = self.up
        got = setup(self.cfg)
        if isinstance(got, str):
            self.last_error = got
            return _UNSET_MS
        where, device, key = got
        link = up.link
        if link is not None and not link.ready():
            if not link.has_wifi:
                self.last_error = link.why
                return self.every_ms
            return self.fail(link.why or "no network")
        # v 2: the answer carries the verdict on the device's session (docs/upload.md)
        nonce = binascii.hexlify(os.urandom(8))
        self.pulled = nonce[:4].decode()    # the clock this pull sets is named by it
        body = b'{"device":%s,"nonce":"%s","build":"%s","data":"%s","v":2}' % (
            json.dumps(device).encode(), nonce, _BUILD, _DATA)
        nonce = None
        sig = hmac.new(key, body, hashlib.sha256).hexdigest()
        self.tries += 1
        try:
            status, data, amac = await asyncio.wait_for_ms(
                post(where, _PATH, len(body), sig, _ANSWER, write, body), up.timeout_ms)
        except asyncio.TimeoutError:
            return self.fail("organiser does not answer")
        except (OSError, EOFError, ValueError, IndexError):
            return self.fail("cannot reach organiser")
        body = None
        # an answer that does not verify is no answer: the players, the clock, the
        # resume, the verdict all stay as they were (docs/upload.md, "The answers' MAC")
        ok = verified(key, sig, data, amac)
        if status == 200 and not ok:
            up.unverified += 1
            return self.fail("answer not verified")
        try:
            ans = json.loads(data)
        except ValueError:
            ans = None
        data = None
        if not isinstance(ans, dict):
            ans = {}
        if ok and status < 500:
            up.heard_now(ans)
        if status == 200 and ans.get("ok") is True:
            if not self.apply(ans):
                return self.fail("answer malformed")
            self.pulls += 1
            self.fails = 0
            self.last_ok = time.ticks_ms()
            self.last_error = None
            self._show(None)
            ms = self.free_ms if self.free() else self.every_ms
            c = self.clock
            if c is not None and c.runs:
                zero = c.ms() - _BEFORE_ZERO_MS
                if 0 < zero < ms:
                    ms = zero
            return ms
        if status == 401:
            return self.fail(refused(ans.get("error")), True)
        if status == 403 and ok and ans.get("error") == "revoked":
            up.revoked = True
            return self.fail("revoked: call the director")
        if status == 400:
            return self.fail("refused: malformed")
        return self.fail("organiser error %d" % status)

    def glyphs(self, g):
        """The players' wide characters the device's font lacks, as the organiser sent them
        (a small font: organiser/text/glyphs.py), kept beside the settings for ui/glyphs.py;
        True if that changed.  None: no name needs one (an old file goes).  Anything but a
        font of at most 24 glyphs is left aside."""
        if "_path" not in self.cfg:
            return False            # settings not read from a file: nowhere to keep it
        path = settings.beside(self.cfg, "names.bin")
        if g is None:
            try:
                os.remove(path)
                return True
            except OSError:
                return False
        if not isinstance(g, str) or len(g) > _GLYPHS:
            return False
        try:
            b = binascii.a2b_base64(g.encode())     # (bytes: the browser's binascii.py)
        except ValueError:
            return False
        n = len(b) - 16
        if (b[:6] != b"MJFN\x02\x0c" or n < 26 or n % 26 or b[8] | b[9] << 8 != n // 26
                or b[12] | b[13]):
            return False
        try:
            f = open(path, "rb")
            try:
                if f.read() == b:
                    return False
            finally:
                f.close()
        except OSError:
            pass
        settings.keep(path, b)
        return True

    def apply(self, ans):
        """Take the answer into the settings (saved if it changed them).  False if the
        answer is not a seating."""
        players = ans.get("players")
        if not isinstance(players, list) or len(players) != 4:
            return False
        for p in players:
            if not isinstance(p, str):
                return False
        tround = ans.get("tround")
        if tround is not None and (not isinstance(tround, int) or isinstance(tround, bool)):
            return False
        if self.clock is not None:
            # a malformed clock: the last one stands; a record's clock reading names
            # the pull (docs/upload.md, "c")
            self.clock.take(ans.get("clock"), self.pulled)
        new = {"players": players, "tround": tround}
        lang = ans.get("lang")
        if lang in settings.LANGS and lang != self.cfg.get("event_lang"):
            # the director set or changed the event's language: the review's from now on
            # (the settings screen may change it again until the director's next change)
            new["lang"] = new["event_lang"] = lang
        table = ans.get("table")
        if isinstance(table, int) and not isinstance(table, bool) and table >= 0:
            new["table"] = table
        if ans.get("rules") in keymap.RULESETS:
            # the event's ruleset: a new session of another is asked first (ui/setup.py)
            new["event_rules"] = ans["rules"]
        if self.free():
            rules, rs, dealer = ans.get("rules"), ans.get("settings"), ans.get("dealer", 0)
            if (rules in keymap.RULESETS and isinstance(rs, dict) and isinstance(dealer, int)
                    and 0 <= dealer <= 3):
                new["rules"] = rules
                new["settings"] = rs
                new["dealer"] = dealer
                # a spare device continuing a failed one's session: where the table stands
                # (the engine checks it at the start; null when there is none to continue)
                rsm = ans.get("resume")
                new["resume"] = rsm if isinstance(rsm, dict) else None
        cfg = self.cfg
        changed = self.glyphs(ans.get("glyphs"))
        for k in new:
            if cfg.get(k) != new[k]:
                cfg[k] = new[k]
                changed = True
        if changed:
            self.changes += 1
            settings.save(cfg)
            self.up.log("%sround %s, table %s: %s" % (_MARK, tround, cfg["table"],
                                                       ", ".join(players)))
            if self.on_change is not None:
                self.on_change()
        return True
