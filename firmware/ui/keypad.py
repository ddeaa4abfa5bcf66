# The 4x4 keypad: the matrix is scanned from a machine.Timer callback (so it goes on while
# the application is busy scoring a hand or writing the journal; a hard interrupt where the
# port has one), debounced by lock-out, and each key reported once as an event (key index,
# long flag) in a preallocated ring buffer that an asyncio task drains.
#
# A short press is reported when the key is released; a key held LONG_MS is reported as
# long at that moment, and its release then says nothing.  The matrix state is one integer
# bitmap (bit r * ncols + c for the key at row r, column c, as in board.KEYS).  On the host
# simulator there is no matrix: feed() puts keys into the same ring.

import time
from micropython import const

try:
    from asyncio import ThreadSafeFlag
except (ImportError, AttributeError):   # no asyncio, or CircuitPython's library without
    ThreadSafeFlag = None                # it: get() is not available (cpy/keys.py has its own)

LONG_MS = 600                   # held this long: a long press
SCAN_MS = 5                     # scan period
DEBOUNCE_MS = 20                # after a key changes, its bounce is ignored this long
STALLED_MS = 250                # no scan this long: the timer stopped (revive())
TYPING_MS = 2000                # a key touched this long before the scan stopped: the
                                # referee was typing, and keys typed since were lost
_RING = const(128)              # events the application may fall behind by (a tight heap
                                # scores and saves slowly: a hand typed ahead must fit)
LONG = const(0x80)              # event code: key index | LONG


class Keypad:
    """Debounce, long press and the event ring.  The producer (update/put, in the timer
    callback) moves only `head`, the consumer (get/pop) only `tail`: no lock is needed.
    Nothing here allocates after __init__, so update() may run in a hard interrupt."""

    def __init__(self, keys, long_ms=LONG_MS):
        self.keys = keys
        self.long_ms = long_ms
        self.ring = bytearray(_RING)
        self.head = 0
        self.tail = 0
        self.lost = 0               # events dropped because the ring was full
        self.state = 0              # debounced bitmap of keys held
        self.busy = 0               # keys in their lock-out after a change
        self.moved_at = [0] * len(keys)  # ticks_ms each key last changed
        self.longs = 0              # held keys already reported long
        self.down_at = [0] * len(keys)  # ticks_ms each held key went down (a list: any int)
        self.flag = ThreadSafeFlag() if ThreadSafeFlag else None
        self.fed = False            # fed by the simulator, not scanned (see open())
        self.timer = None
        self.hard = False           # the scan runs in a hard interrupt
        self.interrupted = False    # a Ctrl-C that landed in the scan, for get() to raise
        self.at = 0                 # ticks_ms of the last scan (revive() sees it stop)
        self.touched = 0            # ticks_ms of the last scan with a key held or settling
        self.revived = 0            # times the scan was found stopped and started again

    # -- producer side --------------------------------------------------------------
    def put(self, code):
        h = self.head
        n = h + 1
        if n == _RING:
            n = 0
        if n == self.tail:
            self.lost += 1
            return
        self.ring[h] = code
        self.head = n
        if self.flag is not None:
            self.flag.set()

    def feed(self, key, long=False):
        """A key from elsewhere (the simulator's keyboard): into the same ring."""
        i = self.keys.find(key)
        if i >= 0:
            self.put(i | LONG if long else i)

    def update(self, raw, now):
        """One scan's bitmap `raw` at ticks_ms `now`: debounce, then report (_scan(), the
        timer's callback, with the matrix already read: the simulator's and the tests' way
        in).

        Debounce by lock-out: a key's first change seen counts at once, and the key is then
        left alone for DEBOUNCE_MS while its contacts bounce.  So a press seen by a single
        scan counts: the scan is held up while a flash sector is erased (interrupts off,
        about 45 ms), and a press may show itself to only one scan between two erases."""
        self._scan(None, raw, now)

    # -- consumer side --------------------------------------------------------------
    def pop(self):
        """The next event code, or -1 if none."""
        t = self.tail
        if t == self.head:
            return -1
        code = self.ring[t]
        t += 1
        self.tail = 0 if t == _RING else t
        return code

    async def get(self):
        """Wait for the next event: (key legend, long)."""
        while True:
            if self.interrupted:
                self.interrupted = False
                raise KeyboardInterrupt
            code = self.pop()
            if code >= 0:
                return self.keys[code & ~LONG], bool(code & LONG)
            await self.flag.wait()
            if self.fed:
                self.flag.clear()

    # -- the matrix -----------------------------------------------------------------
    def start(self, rows, cols, timer_id=-1, period_ms=SCAN_MS):
        """Scan the matrix (Pin objects: rows driven, columns pulled up) every period_ms
        from a timer; a hard interrupt where the port offers one, so the scan goes on
        through garbage collection and long calls into C."""
        from machine import Timer
        self.rows = rows
        self.cols = cols
        self.period = period_ms
        self.at = time.ticks_ms()
        self.touched = time.ticks_add(self.at, -TYPING_MS)
        cb = self._scan
        try:
            self.timer = Timer(timer_id, mode=Timer.PERIODIC, period=period_ms, callback=cb,
                               hard=True)
            self.hard = True
        except (TypeError, ValueError):
            self.timer = Timer(timer_id, mode=Timer.PERIODIC, period=period_ms, callback=cb)

    def stop(self):
        if self.timer is not None:
            self.timer.deinit()
            self.timer = None

    def revive(self):
        """The scan started again if it stopped: on rp2 an exception in a timer's
        callback (the stack check of a hard interrupt that came with the application deep
        in a call) stops the timer for good.  Called by the application's loop (the banner
        task, every BANNER_CHECK_MS).  True if it had stopped and keys could have been lost
        while it stood (the caller says so): a key held or let go within TYPING_MS of the
        stop, or one held now.  A stop found with the keypad idle says nothing.  A soft
        timer's callback is scheduled, and one that raised runs again: not looked at (it
        may also lag behind a long call into C)."""
        if self.timer is None or not self.hard:
            return False
        now = time.ticks_ms()
        if time.ticks_diff(now, self.at) < STALLED_MS:
            return False
        lost = (0 <= time.ticks_diff(self.at, self.touched) < TYPING_MS
                or scan(self.rows, self.cols) != 0)
        # what the scans knew of the keys is stale: start afresh, every key up
        self.state = self.busy = self.longs = 0
        self.at = now
        self.touched = time.ticks_add(now, -TYPING_MS)
        self.revived += 1
        # the same Timer again: a new one would leave rp2's finaliser a stale alarm id
        self.timer.deinit()
        self.timer.init(mode=self.timer.PERIODIC, period=self.period, callback=self._scan,
                        hard=True)
        return lost

    def _scan(self, _t, raw=-1, now=0):
        """The timer's callback: the matrix read (as scan()), debounced and reported
        (update()), all in this one frame.  A hard interrupt runs on the application's
        stack (rp2: 8 KB, its check's margin 256 bytes), wherever the application is; each
        Python call more here is about 180 bytes on the RP2040, and past the limit the
        check raises RuntimeError, which on rp2 stops the timer (revive()).  So no call to
        Python in here, only C (pins, ticks); nothing allocates (the GC is locked in the
        interrupt).
        raw < 0: read the matrix now (the timer); else a bitmap scanned at ticks_ms now."""
        try:
            if raw < 0:
                now = time.ticks_ms()
                self.at = now               # the scan lives (revive())
                raw = 0
                cols = self.cols
                # At rest every row is driven low, so one look at the columns tells
                # whether any key is held at all (most scans: a full scan costs about
                # 0.3 ms of a 125 MHz RP2040, the look a fifth of it).
                for c in cols:
                    if not c.value():
                        rows = self.rows
                        for r in rows:
                            r.value(1)
                        bit = 1
                        for r in rows:
                            r.value(0)
                            for c in cols:
                                if not c.value():
                                    raw |= bit
                                bit <<= 1
                            r.value(1)
                        for r in rows:
                            r.value(0)
                        break
            state = self.state
            busy = self.busy
            if not (raw | state | busy):
                return                      # nothing held, nothing settling: most scans
            self.touched = now
            moved_at = self.moved_at
            # the keys whose lock-out is over
            m = busy
            i = 0
            while m:
                if m & 1 and time.ticks_diff(now, moved_at[i]) >= DEBOUNCE_MS:
                    busy &= ~(1 << i)
                m >>= 1
                i += 1
            diff = (raw ^ state) & ~busy
            state ^= diff
            busy |= diff
            self.state = state
            self.busy = busy
            longs = self.longs
            down_at = self.down_at
            # first the keys that changed (a short press let go is reported), then the
            # keys held and not yet reported long: two passes of one loop
            todo = diff
            held = 0
            while True:
                i = 0
                while todo:
                    if todo & 1:
                        bit = 1 << i
                        code = -1
                        if held:
                            if time.ticks_diff(now, down_at[i]) >= self.long_ms:
                                longs |= bit
                                code = i | LONG
                        else:
                            moved_at[i] = now
                            if state & bit:                 # went down
                                down_at[i] = now
                            elif longs & bit:               # a long press let go:
                                longs &= ~bit               # already reported
                            else:                           # a short press let go
                                code = i
                        if code >= 0:                       # put(code), inlined
                            h = self.head
                            n = h + 1
                            if n == _RING:
                                n = 0
                            if n == self.tail:
                                self.lost += 1
                            else:
                                self.ring[h] = code
                                self.head = n
                                flag = self.flag
                                if flag is not None:
                                    # ThreadSafeFlag.set() inlined (asyncio/event.py:
                                    # it sets .state); an Event (the simulator's) is set
                                    if self.fed:
                                        flag.set()
                                    else:
                                        flag.state = 1
                    todo >>= 1
                    i += 1
                if held:
                    break
                held = 1
                todo = state & ~longs
            self.longs = longs
        except KeyboardInterrupt:
            # The REPL's Ctrl-C is raised in whatever Python runs next: while the
            # application waits, mostly this callback, whose handler would print it and
            # drop it.  The application's loop raises it instead (get()), and stops.
            self.interrupted = True
            if self.flag is not None:
                self.flag.set()


def scan(rows, cols):
    """The matrix once: a bitmap of the keys held.  At rest every row is driven low, so
    one look at the columns tells whether any key is held at all (the usual case: a full
    scan costs about 0.3 ms of a 125 MHz RP2040, the look a fifth of it)."""
    for c in cols:
        if not c.value():
            break
    else:
        return 0
    for r in rows:
        r.value(1)
    raw = 0
    bit = 1
    for r in rows:
        r.value(0)
        for c in cols:
            if not c.value():
                raw |= bit
            bit <<= 1
        r.value(1)
    for r in rows:
        r.value(0)
    return raw


def pins(board):
    """The board's keypad pins: (rows, driven low at rest; columns with pull-ups)."""
    from machine import Pin
    rows = []
    for n in board.KEYPAD_ROWS:
        rows.append(Pin(n, Pin.OUT, value=0))
    cols = []
    for n in board.KEYPAD_COLS:
        cols.append(Pin(n, Pin.IN, Pin.PULL_UP))
    return tuple(rows), tuple(cols)


def open(board, long_ms=LONG_MS):
    """The board's keypad, scanning if it has a matrix (the simulator's is fed instead);
    on CircuitPython (KEYPAD = "keymatrix") keypad.KeyMatrix scans it (cpy/keys.py)."""
    if getattr(board, "KEYPAD", None) == "keymatrix":
        from cpy import keys
        return keys.open(board, Keypad, long_ms)
    kp = Keypad(board.KEYS, long_ms)
    if board.KEYPAD_ROWS:
        rows, cols = pins(board)
        kp.start(rows, cols, getattr(board, "KEYPAD_TIMER", -1))
    elif ThreadSafeFlag is not None:
        # No interrupt feeds this ring, only a task: a plain Event wakes the reader at
        # once (a ThreadSafeFlag waits on the poller, about 2 ms a key on the unix port).
        import asyncio
        kp.flag = asyncio.Event()
        kp.fed = True
    return kp


def held(board):
    """The keys held now (a bitmap), from one scan: for the safe-mode check at power-on."""
    if not board.KEYPAD_ROWS:
        return 0
    rows, cols = pins(board)
    time.sleep_ms(1)            # let the pull-ups settle after the pins are set up
    return scan(rows, cols)
