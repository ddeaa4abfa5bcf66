# The table session (shared/spec/score-interface.md, "Replaying a table"): events in,
# the table state out.  This module is the small part that stays in RAM; the event
# logic lives in sessionops.py, the commit side (settle, journal, answer) in commit.py,
# the settlement of each ruleset in rules/<id>_table.py, the flash journal in
# journal.py (docs/table.md describes all of it).
#
# RAM on a board: a ruleset scorer needs nearly all of a 64 KB heap while it scores.
# So on MicroPython a win is handled in three steps: sessionops validates the event and
# works out the table's context for the hand (seat wind, dealer, streak, declarations),
# then sessionops, the journal code and the settlement hooks are dropped from RAM and
# the hand is scored with only this module resident, then the scorer is dropped (its
# item names, if kept apart, are loaded and dropped) and commit.py, smaller than
# sessionops, is loaded to settle, journal and answer.  Modules are loaded from flash
# (.mpy) again when needed; the state itself is a small dict that never leaves.

import gc
import sys
from errors import HandError, error_result
# The scoring path's base modules are imported first, so they sit at the bottom of the
# heap for good and what comes and goes per event (sessionops, commit, journal, hooks,
# scorer) does so above them.
import hand
import engine
import dtable
import scorers

LEAN = sys.implementation.name != "cpython"

# ---- An event's path: what it loads and drops, in order -------------------------------
# Session.handle -> _handle, step by step; each module is loaded by name from flash (load):
#   1 _prepare  load("sessionops").prepare: validates the event and works out the hand's
#               context; sessionops imports commit and journal (and journal files),
#               commit.hooks loads the ruleset's hook (rules.<id>_table) and
#               sessionops.handler its EVENTS_MODULE (rules.<id>_events: loaded for one
#               event, dropped at once); a round clock's event, an unknown event or a
#               new hand once the round's time is up loads clockops (dropped at once)
#   a win only: _unload, then score():
#   2 _score    scorers.load(rid): rules.<id> and what its import brings (rules.<id>_*);
#               scorers.unload drops them all when the heap is short
#   3 score     load(NAMER).name: the items' names (rules.<id>_names, hk), dropped at once
#               when the heap is short
#   4 _finish   load("commit").reload and .finish: settle through the hook, journal
#   5 _answer   load("commit").answer
#   handle's finally: _unload, _reload, then keep: every CHECKPOINT_EVERY records
#               load("checkpoint").write (boot's checkpoint; the undo stack below its top)
# Session._unload drops every module the table's own steps load, by name (and the scorer
# through scorers.unload); tests/test_layers.py checks an event loads nothing else.

# What an event loads (sessionops, commit, journal, the hook, the scorer) is dropped again
# when the heap is short, so that the next event's peak fits.  Once an event has ended
# with everything it loaded kept and ROOMY bytes still free (a board with nothing else to
# hold, a frozen image), the session keeps its modules for good and collects no garbage
# of its own: loading a ruleset's modules from flash, and each collection of a large
# heap, cost a board milliseconds.  A MemoryError ends that (the modules are dropped).
ROOMY = 48 * 1024 if sys.maxsize < (1 << 32) else 96 * 1024
_room = False
# Records between boot checkpoints (checkpoint.py): boot replays at most this many, and
# one save in this many also rewrites the checkpoint.
CHECKPOINT_EVERY = 16
# Undo stack entries kept in RAM once a checkpoint holds them all (the rest are read back
# from it when undo goes that deep): RAM stays flat however long the event.
STACK_WINDOW = 64
# The refusals for memory, as the screens show them (three rows of the 21-cell OLED's
# banner): an immediate retry may fail the same way, and a restart (the heap laid out
# afresh from the journal) is what then gets the event through.
SHORT = "No memory: try again; if refused, restart: saved hands stay"
UNSAVED = "No memory: NOT saved. # again; if refused, restart and retype it"


def roomy():
    """Room in the heap to keep what was loaded (always so off MicroPython)."""
    if not LEAN or _room:
        return True
    gc.collect()
    return gc.mem_free() > ROOMY


def settle_room(dropped):
    """After an event: with nothing dropped, a scorer among what is kept (a win was
    scored) and room to spare, keep everything for good."""
    global _room
    if LEAN and not _room and not dropped and scorers.loaded():
        _room = gc.mem_free() > ROOMY       # roomy() just collected: the figure is fresh


def write_failed(e):
    """The answer to a save the filesystem refused (nothing was written: the journal cuts
    a torn tail): a full flash (ENOSPC), or another write error."""
    n = e.args[0] if e.args else "?"
    if n == 28:
        return error_result("no_space", HandError("no_space", 29).message)
    return error_result("write_failed", HandError("write_failed", 30, n).message)


def load(name):
    return __import__(name, None, None, (name.split(".")[-1],))


def drop(name):
    """Forget a module so the GC can take its code back (MicroPython only)."""
    if not LEAN:
        return
    if name in sys.modules:
        del sys.modules[name]
    i = name.rfind(".")
    if i > 0:
        pkg = sys.modules.get(name[:i])
        if pkg is not None and hasattr(pkg, name[i + 1:]):
            delattr(pkg, name[i + 1:])


def anew(v):
    """A fresh copy of a JSON-like value (dicts, lists, tuples; other values are shared)."""
    if isinstance(v, dict):
        out = {}
        for k in v:
            out[k] = anew(v[k])
        return out
    if isinstance(v, list):
        return [anew(x) for x in v]
    if isinstance(v, tuple):
        return tuple([anew(x) for x in v])
    return v


def score(job):
    """Score one hand for the table.  job: (scorer id, hand dict, seat wind, round,
    dealer flag, streak, extra context words).  Returns the contract's answer dict."""
    ans, names = _score(job)
    if names:
        # The items' names (rules.<id> NAMER), loaded once the scorer and the analysis
        # have left the heap: _score's frame, which held the last references, is gone.
        roomy()                 # collects when short
        ans = load(names).name(ans)
        if not roomy():
            drop(names)
    return ans


def _score(job):
    rid, body, seat, rnd, dealer, streak, more = job
    rules = scorers.load(rid)
    h = hand.parse(body, rules.N_SETS, rules.FLAGS, False, getattr(rules, "FIELDS", ()))
    body = job = None
    roomy()                     # when short: the import's and the parse's leftovers go
    h.seat = seat
    h.round = rnd
    h.dealer = dealer
    h.streak = streak
    if more:
        fl = list(h.flags)
        for f in more:
            if f not in fl:
                fl.append(f)
        h.flags = tuple(fl)
    try:
        return rules.score(h, engine.analyse(h, rules.SHAPES)), getattr(rules, "NAMER", None)
    finally:
        h = rules = None
        if not roomy():
            scorers.unload()


class Session:
    """state: the table state dict (None before the first start).  stack: one entry per
    effective event, for undo (earlier states without a journal, journal offsets with
    one).  jpath/jseq/jend/jlast: the journal file, its last sequence number, end offset
    and last record's offset; ckseq: the seq of the boot checkpoint written last."""

    def __init__(self, journal_path=None):
        self.state = None
        self.stack = []
        self.jpath = journal_path
        self.jseq = 0
        self.jend = 0
        self.jlast = 0
        self.ckseq = 0
        self.base = 0           # undo stack entries below self.stack, in the checkpoint
        self.window = STACK_WINDOW
        self.replay_errors = 0
        self.replayed = 0       # records replayed at boot (past the checkpoint)
        self.dry = False        # True while a preview runs: commit() keeps, never writes
        self.pending = None     # the last preview's (event, state after, record extras)
        dtable.default()         # the table index too, with the base modules
        if journal_path is not None:
            load("sessionops").resume(self)
            self._unload()
            self.keep()

    def release(self, short=False):
        """Drop the modules an event or a look at the ruleset loaded when the heap is short
        (MicroPython only); short: the caller ran out of memory, drop them now."""
        global _room
        if short:
            _room = False       # from now on drop what events load
        self._unload(short)
        if short and LEAN:
            # An import cut short (a MemoryError halfway through it): MicroPython takes
            # the name out of sys.modules but leaves the module in the table's slot, with
            # all it had imported (8-16 KB of the session's modules), until another name
            # takes that slot.  The table is built afresh: the leftovers go with the old.
            mods = sys.modules
            try:
                live = dict(mods)
            except MemoryError:
                return          # nothing changed: the next shortage tries again
            mods.clear()
            gc.collect()        # live holds the modules meanwhile
            mods.update(live)

    def _unload(self, force=False):
        """Drop what events loaded when the heap is short (or force); True if dropped.
        The list of the table's own modules, in the order they load (An event's path)."""
        if LEAN and (force or not roomy()):
            drop("sessionops")
            drop("commit")
            drop("journal")
            drop("checkpoint")
            drop("files")
            drop("rules.mcr_table")
            drop("rules.tw_table")
            drop("rules.hk_table")
            drop("rules.sh_table")
            drop("rules.riichi_table")
            if scorers.loaded():
                scorers.unload()
            gc.collect()
            return True
        return False

    def depth(self):
        """Entries on the undo stack, those on flash below the window included."""
        return self.base + len(self.stack)

    def refill(self):
        """Undo reaches below the entries in RAM: read the next ones from the checkpoint;
        if it cannot be read, the whole journal is replayed (the stack then whole in RAM)."""
        if not self.base:
            return
        try:
            load("checkpoint").below(self)
        except (OSError, ValueError):
            import os
            try:
                os.remove(load("checkpoint").path_of(self.jpath))
            except OSError:
                pass
            self.stack = []
            self.base = 0
            self.replay_errors = 0
            load("sessionops").resume(self)

    def keep(self):
        """Write the boot checkpoint when CHECKPOINT_EVERY records were appended since the
        last one.  A failure costs only boot time (the whole journal is replayed), so it
        is never the save's: the next try comes CHECKPOINT_EVERY records later."""
        if self.jpath is None or self.dry or self.jseq - self.ckseq < CHECKPOINT_EVERY:
            return
        self.ckseq = self.jseq
        try:
            load("checkpoint").write(self)
        except (OSError, MemoryError) as e:
            print("checkpoint not written:", repr(e))
        finally:
            if LEAN and not roomy():
                drop("checkpoint")
                drop("journal")

    def preview(self, ev):
        """Score and settle an event without writing anything: the review screen's step.
        Answers {"ok": true, "state": the state after, "payments", "result" (a win: the
        scorer's answer), "settlement", "undoes"} or the refusal; confirm() then saves
        exactly what was previewed."""
        self.pending = None
        self.dry = True
        try:
            ans = self.handle(ev)
        finally:
            self.dry = False
        if not ans.get("ok"):
            return ans
        _, new, rec = self.pending
        out = {"ok": True, "state": new, "payments": new["deltas"]}
        for k in ("result", "settlement", "undoes"):
            if k in rec:
                out[k] = rec[k]
        return out

    def confirm(self):
        """Save the last preview (journal append, synced) and answer as handle() does."""
        if self.pending is None:
            return error_result("bad_event", "nothing previewed to save")
        pending = self.pending
        ev = pending[0]
        if ev.get("event") == "undo":
            self.pending = None
            return self.handle(ev)
        seq = self.jseq
        try:
            try:
                self._commit(pending)
            except MemoryError:
                if not LEAN or self.jseq != seq:
                    raise
                self.release(True)      # what was kept took the room: once more
                self._commit(pending)
            self.pending = None
            return self._answer()
        except HandError as e:
            return error_result(e.code, e.message)
        except MemoryError:
            # Nothing was written (the journal cuts a torn tail): the preview stays,
            # and the save key may be pressed again.
            self.release(True)
            return error_result("bad_event", UNSAVED)
        except OSError as e:
            return write_failed(e)
        finally:
            self._unload()
            self.keep()

    def _commit(self, pending):
        ev, new, rec = pending
        load("commit").commit(self, ev, new, rec)

    def handle(self, ev):
        """One event in, the contract's answer out; a refused event changes nothing."""
        seq = self.jseq
        try:
            try:
                return self._handle(ev)
            except MemoryError:
                if not LEAN or self.jseq != seq:
                    raise
                # What was kept (modules of earlier events, an import's leftovers) took
                # the room: drop it all and try once more (nothing was written).
                self.release(True)
                self._reload()
                return self._handle(ev)
        except HandError as e:
            return error_result(e.code, e.message)
        except MemoryError:
            self.release(True)          # the next event finds the heap as the last one did
            return error_result("bad_event", SHORT)
        except OSError as e:
            return write_failed(e)
        finally:
            dropped = self._unload()
            self._reload()
            settle_room(dropped)
            if dropped:
                # What outlives the event was allocated among modules that are gone now;
                # copied afresh it takes the lowest free blocks (first fit) and leaves
                # the free heap above in one stretch for the next event's modules.
                self.state = anew(self.state)
                self.stack = anew(self.stack)
                self.pending = anew(self.pending)
                gc.collect()
            self.keep()

    def _reload(self):
        if self.state is None and self.stack:   # a win refused while scoring:
            load("commit").reload(self)         # the state is on flash
            self._unload()

    # Each step that uses sessionops runs in its own call: the GC scans the stack
    # conservatively, and a stale slot in a live frame would keep the module in RAM.
    def _prepare(self, ev):
        return load("sessionops").prepare(self, ev)

    def _finish(self, ev, result):
        ops = load("commit")            # not sessionops: after scoring, load little
        ops.reload(self)
        ops.finish(self, ev, result)

    def _answer(self):
        return load("commit").answer(self.state)

    def _handle(self, ev):
        job = self._prepare(ev)
        if job is not None:                     # a win: score with the rest unloaded
            if LEAN and self.jpath is not None and not roomy():
                self.state = None               # on flash already: read back after scoring
            self._unload()
            result = score(job)
            job = None
            self._finish(ev, result)
        return self._answer()
