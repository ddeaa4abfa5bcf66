# The application: one asyncio program, a task per job.
#
#   keypad   the matrix is scanned from a timer into a ring (ui/keypad.py); the key task
#            drains it into the screens' state machine (ui/ui.py)
#   display  redraws the screen when a key changed it (several keys queued behind a slow
#            panel make one redraw), and when a message's time is up (ui.say)
#   upload   net/uploader.py, where the settings name an organiser (with the seating pull,
#            net/seating.py, in the same task)
#   watchdog fed from its own task, on boards that name a timeout (WATCHDOG_MS): a hung
#            loop resets the board
#   warm     while a hand is typed, the modules its win will load, in the pauses between
#            keys, where the heap has room (ui/warm.py; not started on a heap without it)
#   clock    the round's clock (lib/device/roundclock.py, set by the seating pull): the
#            status screen's title redrawn as its time shown changes; at zero the session
#            journals time_up (the table engine's rule then refuses hands after the one
#            in play, unless the referee overrides)
# The upload, its counters' redraw and the clock are ui/organised.py's, loaded only where
# the settings name an organiser (or a clock is set).
#
# Boot: the settings file, the session resumed from the journal, the status screen (with an
# empty journal the status screen offers a new session; `fresh` starts one from the
# settings at once, as the simulator's --rules does).

import gc
import sys
import asyncio
import heap
from session import Session
from ui import keypad

JOURNAL = "journal.bin"
SETTINGS = "settings.json"
BANNER_CHECK_MS = 250           # how often a message's time is looked at
LOW_SPACE = 64 * 1024           # flash left under this: the status screen warns
RECORD = 1400                   # bytes a hand takes in the journal, about (for the warning)
# While a hand is typed the heap is collected only when it runs short (display_task): on
# MicroPython.  CircuitPython's keys got slower so (Shanghai's digit 18.8 to 29.9 ms): it
# collects after every screen as before
TYPED_UNCOLLECTED = sys.implementation.name == "micropython"


def save_settings(cfg):
    """Write the settings file; a write the flash refuses is said on the screen (the
    screens show a Refused's text), the settings then last until power-off."""
    import settings
    try:
        settings.save(cfg)
    except OSError as e:
        from ui.keymap import Refused
        n = e.args[0] if e.args else "?"
        raise Refused("settings NOT saved (%s): kept until power-off; call the director"
                      % ("flash full" if n == 28 else "write error %s" % n))


def start_event(cfg):
    """The event that opens a session as the settings describe it."""
    tag = {"table": cfg["table"]}
    if cfg.get("tround") is not None:       # the organiser's round, with its seating
        tag["tround"] = cfg["tround"]
    ev = {"event": "start", "rules": cfg["rules"], "settings": cfg["settings"],
          "players": list(cfg["players"]), "dealer": cfg["dealer"], "tag": tag}
    if cfg.get("resume"):                   # a spare device continuing the table's session
        ev["resume"] = cfg["resume"]
    return ev


class App:
    """The board's application.  root: the folder holding the settings and the journal
    ("/" on a board, the simulator's state folder on the host).  on_key(key, long,
    changed) and on_show(rows) are called after each key and each redraw (the simulator's
    hooks)."""

    def __init__(self, board, root="/", fresh=False):
        self.board = board
        self.journal_path = root + JOURNAL
        import settings
        self.cfg = settings.load(root + SETTINGS)
        sys.modules["ui"].NAMES = root + "names.bin"   # the players' glyphs (net/seating.py)
        settings = None
        heap.forget("settings")             # read again only to save (save_settings)
        self.session = Session(self.journal_path)
        if fresh and self.session.state is None:
            ans = self.session.handle(start_event(self.cfg))
            if not ans.get("ok"):
                self.cfg["_error"] = "start: " + ans["error"]["message"]
        gc.collect()
        self.status = {}
        self.clock = None                   # the round clock, where an organiser sets it
        self.upload = None                  # the upload task's coroutine, likewise
        if self.cfg["organiser"]:           # before the screens: they show its counters
            from ui import organised
            organised.start(self)
        from ui import display
        self.display = display.open(board)
        display = None
        self.kept = None                    # the display laid aside: rest()
        from ui.ui import UI
        self.ui = UI(self.session, self.cfg, self.display.rows, self.display.cols,
                     save_cfg=save_settings, net=self.status.get("net"))
        self.session.on_save = self.saved   # every record written, from any screen
        self.ui.collect = False             # collected after the key's screen is drawn
        self.ui.defer = True                # the review's extras after it (display_task)
        self.ui.clock = self.clock
        self.ui.rest = self.rest
        if self.display.kind == "ssd1680":  # a slow panel: the clock by the minute
            self.ui.clock_step = 60
        self.timed = -1                     # the journal's seq when time_up was last tried
        self.keypad = keypad.open(board)
        self.dirty = asyncio.Event()
        self.stopped = asyncio.Event()
        self.on_key = None
        self.on_show = None
        self.faults = 0             # exceptions a key raised (shown, not fatal)
        self.wdt = False            # the watchdog started
        self.tasks = []
        gc.collect()

    # -- the tasks ------------------------------------------------------------------
    def press(self, key, long=False):
        """One key into the screens; a fault in a screen is reported, never fatal."""
        try:
            changed = self.ui.key(key, long)
        except Exception as e:
            self.faults += 1
            sys.print_exception(e)
            changed = True
        if changed:
            self.dirty.set()
        if self.on_key is not None:
            self.on_key(key, long, changed)
        return changed

    async def key_task(self):
        kp = self.keypad
        lost = kp.lost
        while True:
            try:
                key, long = await kp.get()
            except MemoryError:         # a heap too split even to wait for a key: the
                self.short_of_memory()  # task goes on (it alone reads the keypad)
                continue
            self.press(key, long)
            if kp.lost != lost:         # the keypad's queue overflowed: say so
                self.ui.say("%d keys lost: check the screen" % (kp.lost - lost))
                lost = kp.lost
                self.dirty.set()

    def short_of_memory(self):
        """Out of memory outside a key's screens: the session's modules go, and the
        screen says a key may have been lost."""
        self.faults += 1
        try:
            self.ui.short()
        except MemoryError:
            pass
        gc.collect()
        self.ui.say("No memory: check the last key")
        self.dirty.set()

    def rest(self):
        """Before an event is scored, saved or started on a tight heap (UI.preview,
        UI.lighten): the display leaves the heap, its objects (the frame buffer, the font's
        file and table) and its modules (heap.DISPLAY); the panel keeps its picture, and
        the next drawing makes
        the display anew (shown()) without the panel's init sequence, drawing the
        screen whole (docs/memory.md, "The display while a hand is scored")."""
        d = self.display
        if d is None:                       # laid aside already: not drawn since
            return
        kept = d.kept()
        d = None
        if kept is None:
            return
        self.kept = kept
        self.display = None
        heap.forget_all(heap.DISPLAY)

    def shown(self):
        """The display, made anew where it was laid aside (rest())."""
        d = self.display
        if d is None:
            from ui import display
            d = self.display = display.open(self.board, self.kept)
            self.kept = None
        return d

    def draw(self):
        try:
            rows = self.ui.screen()
        except Exception as e:      # a screen that cannot be drawn: say so, go on
            self.faults += 1
            sys.print_exception(e)
            rows = ["\x01fault: " + type(e).__name__, str(e), "long * : status"]
        try:
            self.shown().show(rows)
        except MemoryError:         # the session's modules kept took the room: they go,
            try:                    # and the screen is drawn anew (a row may be half done)
                self.ui.short()
            except MemoryError:
                pass
            gc.collect()
            d = self.shown()
            d.clear()
            d.show(rows)
        if self.on_show is not None:
            self.on_show(rows)

    async def display_task(self):
        from ui.ui import ENTRY
        while True:
            await self.dirty.wait()
            self.dirty.clear()
            try:
                self.draw()
            except Exception as e:      # the panel or the heap failed this once: go on
                self.faults += 1
                sys.print_exception(e)
                if self.display is not None:
                    self.display.clear()
            # The heap collected between keys, once the screen is drawn (not between a key
            # and its screen); while a hand is typed, only when it runs short: a collection
            # leaves the loaded modules' part of the heap full of small holes, and each
            # allocation of more than one block (a string, a tuple, a call's frame) walks
            # them from the lowest one until garbage fills them (docs/display.md)
            if (self.ui.mode != ENTRY or not TYPED_UNCOLLECTED
                    or gc.mem_free() < heap.ROOMY):
                gc.collect()
            await asyncio.sleep_ms(0)   # a key already waiting goes first
            try:
                if self.ui.later():     # what the screen adds once drawn (the review's)
                    self.dirty.set()
            except Exception as e:
                self.faults += 1
                sys.print_exception(e)

    async def banner_task(self):
        """A message's time is up (ui.say): the screen without it.  Also where a keypad
        scan that stopped is started again (keypad.revive()): this task wakes every
        BANNER_CHECK_MS whatever the screen, so a stopped scan is back within half a
        second of the loop running (the key task waits on keys that would never come)."""
        kp = self.keypad
        while True:
            await asyncio.sleep_ms(BANNER_CHECK_MS)
            if self.ui.expired():
                self.dirty.set()
            if kp.revive():             # keys could have been lost: say so
                self.ui.say("keys lost? check the screen")
                self.dirty.set()

    def adjust(self):
        """The director's corrections into the journal (ui/organised.py)."""
        from ui import organised
        organised.adjust(self)

    async def watchdog_task(self, ms):
        """Feed the watchdog while the event loop runs: a key or a screen that never
        returns stops the loop, and the chip resets after `ms`."""
        from machine import WDT
        wdt = WDT(timeout=ms)
        self.wdt = True
        while True:
            wdt.feed()
            await asyncio.sleep_ms(ms // 4)

    def watchdog_off(self):
        """The application stopped (Ctrl-C from the REPL): stop the watchdog where the board
        names how (RP2040), so the REPL and mpremote are not reset under it."""
        off = getattr(self.board, "WATCHDOG_OFF", None)
        if self.wdt and off:
            import machine
            machine.mem32[off[0]] = off[1]
            self.wdt = False

    def space(self):
        """The status screen's warning (cfg["_space"]) when the flash runs low: the hands
        that still fit, about; a save that does not fit is refused (the journal says so)."""
        left = self.session.flash_left()
        if left is None:
            return
        if left >= LOW_SPACE:
            self.cfg.pop("_space", None)
        elif left < RECORD:
            self.cfg["_space"] = "FLASH FULL: no saves"
        else:
            self.cfg["_space"] = "flash low: ~%d hands" % (left // RECORD)

    def refresh(self):
        """Redraw soon, every row: what the screens show changed with no key (the seating
        pulled: the players, and their glyphs, which the rows' same text may now show)."""
        if self.display is not None:        # (laid aside: made anew, it draws whole)
            self.display.renew()
        self.dirty.set()

    def saved(self):
        """A record was saved (Session.on_save: a screen's save, a new session, the
        clock's time_up): wake the uploader, look at the flash's room."""
        net = self.status.get("net")
        if net is not None:
            net.saved(self.session.jseq)
        self.space()

    async def run(self):
        self.draw()                                     # the status screen
        self.space()                                    # then the flash's room, once
        if self.cfg.get("_space"):
            self.dirty.set()
        self.tasks.append(asyncio.create_task(self.key_task()))
        self.tasks.append(asyncio.create_task(self.display_task()))
        self.tasks.append(asyncio.create_task(self.banner_task()))
        if self.upload is not None or self.ui.clock is not None:
            from ui import organised            # (a board without an organiser: never)
            if self.upload is not None:
                self.tasks.append(asyncio.create_task(self.upload))
                self.tasks.append(asyncio.create_task(organised.tick_task(self)))
            if self.ui.clock is not None:
                self.tasks.append(asyncio.create_task(organised.clock_task(self)))
        if heap.roomy():                        # the first win's modules, in typing pauses,
            from ui import warm                 # where the heap has room to keep them
            self.tasks.append(asyncio.create_task(warm.run(self)))
        ms = getattr(self.board, "WATCHDOG_MS", 0)
        if ms:
            self.tasks.append(asyncio.create_task(self.watchdog_task(ms)))
        gc.collect()
        print("app: ready, %d bytes free" % gc.mem_free())
        await self.stopped.wait()
        for t in self.tasks:
            t.cancel()

    def stop(self):
        self.stopped.set()

    def close(self):
        self.keypad.stop()
        self.watchdog_off()


def main(board=None, root="/", hooks=None, fresh=False):
    """Run the application until stopped (on a board: until reset or Ctrl-C).  hooks(app)
    is called once the application is built, before its tasks start (the simulator)."""
    if board is None:
        import board
    app = App(board, root, fresh)
    try:
        if hooks is not None:
            hooks(app)
        asyncio.run(app.run())
    finally:
        app.close()
        asyncio.new_event_loop()
    return app
