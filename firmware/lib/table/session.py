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

# The table session (shared/spec/score-interface.md, "Replaying a table"): events in,
# the table state out, and the only door from the screens (ui/) and the network (net/)
# into the table: they call a Session's methods (and this module's journal()) and import
# no other module of the table.  What the screens ask besides
# events (the ruleset's facts, a record, the words a win drops) is answered by asks.py,
# loaded when asked.  This module is the small
# part that stays in RAM; the event logic lives in sessionops.py, the commit side
# (settle, journal, answer) in commit.py, the settlement of each ruleset in
# rules/<id>_table.py, the flash journal in journal.py (docs/table.md describes all of
# it), and what is loaded and dropped when in heap.py.
#
# RAM on a board: a ruleset scorer needs nearly all of a 64 KB heap while it scores.
# So on MicroPython a win is handled in steps: sessionops validates the event and works
# out the table's context for the hand (seat wind, dealer, streak, declarations), then
# sessionops, the journal code and the settlement hooks leave the heap and the hand is
# scored with only this module resident, then the scorer leaves (its item names, if
# kept apart, are loaded and dropped) and commit.py, smaller than sessionops, is loaded
# to settle, journal and answer.  Modules are loaded from flash (.mpy) again when
# needed; the state itself is a small dict that never leaves.

import gc
import sys
import heap
from heap import LEAN
from errors import HandError, error_result
import dtable
import scorers
# The scoring path's base modules (heap.BASE) are loaded first, so they sit at the bottom
# of the heap and what comes and goes per event (sessionops, commit, journal, hooks,
# scorer) does so above them.  No global holds them: an event that scores nothing leaves
# their blocks to its own modules when the heap is short, and they are loaded back at
# the bottom when it ends (Session._guard).
heap.load("engine")
# The rulesets' package too, which the first event's hook import would otherwise create
# wherever the heap then has room, for good, splitting the free heap of every event after
__import__("rules")

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
        heap.roomy()            # collects when short
        ans = heap.load(names).name(ans)
        if not heap.roomy():
            heap.forget(names)
    # The answer was made among the scorer's blocks, now free: its small pieces would
    # stay scattered over them and split the room the settlement's imports need
    # (rules.<id>_table found no 368 bytes with 24 KB free).  Copied afresh it takes
    # the lowest free blocks; the scattered original goes with the next collection.
    # (After roomy()'s collection, here where _score's frame is gone: the one in
    # scorers.unload() ran while that frame still held the scorer.)
    return anew(ans) if LEAN and not heap.roomy() else ans


def _score(job):
    rid, body, seat, rnd, dealer, streak, more = job
    rules = scorers.load(rid)
    try:
        h = heap.load("handparse").parse(body, rules.N_SETS, rules.FLAGS, False,
                                         getattr(rules, "FIELDS", ()))
    finally:
        body = job = None
        if not heap.roomy():    # when short: the parser, the import's and the parse's leftovers go
            heap.forget("handparse")
            gc.collect()
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
        return rules.score(h, heap.load("engine").analyse(h, rules.SHAPES)), getattr(rules, "NAMER", None)
    finally:
        h = rules = None
        if not heap.roomy():
            scorers.unload()


def journal():
    """The journal module, for the uploader (it sends the records as they are stored):
    loaded while the heap has room, forgotten by the next event's cleanup."""
    return heap.load("journal")


class Session:
    """state: the table state dict (None before the first start).  stack: one entry per
    effective event, for undo (earlier states without a journal, journal offsets with
    one).  jpath/jseq/jend/jlast: the journal file, its last sequence number, end offset
    and last record's offset; ckseq: the seq of the boot checkpoint written last.
    writes: events written since boot; on_save(), when set, is called after each (the
    one signal that a record was saved: the application wakes the uploader with it)."""

    def __init__(self, journal_path=None):
        self.state = None
        self.parked = False     # the state put on flash while a hand is scored (_reload)
        self.stack = []
        self.jpath = journal_path
        self.jv = 0             # the journal's version (journal.py): 0 before its record 1
        self.clock = None       # () -> the round clock's reading [s left, pull] or None
        self.jseq = 0
        self.jend = 0
        self.jlast = 0
        self.ckseq = 0
        self.base = 0           # undo stack entries below self.stack, in the checkpoint
        self.window = STACK_WINDOW
        self.replay_errors = 0
        self.leftovers = False  # an import cut short may have left its module behind
        self.replayed = 0       # records replayed at boot (past the checkpoint)
        self.writes = 0
        self.on_save = None
        dtable.default()         # the table index too, with the base modules
        if journal_path is not None:
            heap.load("sessionops").resume(self)
            self._unload()
            if self.jv == 2:                    # version 2: the state by replay
                heap.load("rerun").boot(self)
            self.keep()
            heap.hold()

    # ---- An event's path, top to bottom ----------------------------------------------
    # handle(ev) writes the event; preview(ev) goes the same path and stops before the
    # write, save(preview) writes what was previewed.  Each step that loads a module runs
    # in its own call: the GC scans the stack conservatively, and a stale slot in a live
    # frame would keep the module in RAM (heap.py: what leaves when).

    def handle(self, ev):
        """One event in, written; the contract's answer out.  A refused event changes
        nothing."""
        return self._guard(ev, True)

    def preview(self, ev):
        """Score and settle an event without writing anything: the review screen's step.
        Answers {"ok": true, "state": the state after, "payments", "result" (a win: the
        scorer's answer), "settlement", "undoes", "saves"} or the refusal; save() then
        writes exactly what was previewed ("saves" holds it)."""
        got = self._guard(ev, False)
        if not isinstance(got, tuple):
            return got                  # a refusal
        new, rec = got[1], got[2]
        out = {"ok": True, "state": new, "payments": new["deltas"], "saves": got}
        for k in ("result", "settlement", "undoes"):
            if k in rec:
                out[k] = rec[k]
        return out

    def save(self, pv):
        """Write a preview (journal append, synced) and answer as handle() does.  A preview
        made before another event was written is refused: nothing is written twice,
        nothing over a table that moved."""
        saves = pv.get("saves") if isinstance(pv, dict) else None
        if saves is None:
            return error_result("bad_event", "nothing previewed to save")
        if saves[3] != self.writes:         # the table moved since: nothing written
            return error_result("bad_event", HandError("bad_event", 31).message)
        return self._guard(saves, True)

    def _guard(self, ev, write):
        """_event, with what a board runs short of: a MemoryError with nothing written is
        tried once more with everything kept dropped; the refusals as answers (a preview
        short of memory when saved stays: the save key may be pressed again)."""
        seq = self.jseq
        at = self.writes
        out = None
        self._reload()                      # a state a shortage left on flash
        if self.parked:                     # and still no room to take it back
            return error_result("bad_event", SHORT)
        if LEAN and type(ev) is dict and not heap.roomy():
            # the scoring path's base modules leave while the event is checked (a win
            # loads them back for its scoring, in _event, once the table's steps left)
            heap.forget_all(heap.BASE)
        try:
            try:
                out = self._event(ev, write)
            except MemoryError:
                if not LEAN or self.jseq != seq:
                    raise
                # What was kept (modules of earlier events, an import's leftovers) took
                # the room: drop it all and try once more (nothing was written).
                self.release(True)          # (the state taken back, where parked)
                if self.parked:
                    raise
                out = self._event(ev, write)
        except HandError as e:
            out = error_result(e.code, e.message)
            if hasattr(e, "detail"):        # a win the ruleset does not allow: its parts
                out["error"]["detail"] = e.detail
        except MemoryError:
            self.release(True)          # the next event finds the heap as the last one did
            if self.jseq != seq:
                # written, then short (the answer's hook): saved, and answered so (a
                # refusal here had the referee enter the event twice)
                out = heap.load("commit").answer(self.state)
            else:
                out = error_result("bad_event", UNSAVED if type(ev) is tuple else SHORT)
        except OSError as e:
            out = heap.load("commit").write_failed(e)  # the write's module: loaded
        finally:
            dropped = self._unload()
            self._reload()
            if not dropped and scorers.loaded():
                heap.room(True)         # a win scored, all kept: keep it for good if roomy
            if "engine" not in sys.modules:
                heap.load("engine")     # back at the bottom, before the state's copy
            if dropped:
                # What outlives the event was allocated among modules that are gone now;
                # copied afresh it takes the lowest free blocks (first fit) and leaves
                # the free heap above in one stretch for the next event's modules.
                self.state = anew(self.state)
                self.stack = anew(self.stack)
                if not write:
                    out = anew(out)
                gc.collect()
            if write:                   # never mid-replay (rerun): its state is not the session's
                self.keep()
            heap.hold()                 # the piece the next event's files take (heap.py)
        if self.writes != at and self.on_save is not None:
            self.on_save()
        return out

    def _event(self, ev, write):
        if type(ev) is tuple:                   # a preview to save (save): step 4
            ev, new, rec, job = ev
        else:
            # 1 the event checked, its outcome worked out (a win: its scoring job)
            new, rec, job = self._prepare(ev)
            if job is None and LEAN and not heap.roomy():
                # its work done, the event logic leaves before the journal's code comes
                # in (sessionops is the largest step: the commit's imports found no
                # piece of a few hundred bytes with it resident)
                heap.forget("sessionops")
                gc.collect()
            if type(job) is int:            # a version-2 undo: the state before, replayed
                self._unload()              # from a heap without the undo's own steps
                new = heap.load("rerun").replay(self, job)
                job = None
                if self._unload():
                    # what the replay loaded leaves before the commit's modules come in
                    # (sessionops, rebuild, checkpoint...: an undo's answer found no room
                    # for the hook), and the state it made, among their blocks, is copied
                    # to the lowest free ones
                    new = anew(new)
            if job is not None:
                # 2 a win: the table's steps leave the heap, the hand is scored
                if LEAN and self.jpath is not None and not heap.roomy():
                    # on flash already (version 1), or put there (version 2), read back
                    # after scoring
                    if self.jv == 2:
                        heap.load("commit").park(self)
                    elif self.stack:        # the state is in the record on its top
                        self.state = None
                    self.parked = self.state is None
                self._unload()
                heap.load("engine")     # with tiles and hand: low, where the steps were
                heap.hold()     # a file's piece for reload(), held while the hand is scored
                result = score(job)
                job = None
                if LEAN and not heap.roomy():
                    # the scoring path's base modules too: nothing after the scoring
                    # needs them, and _guard loads them back at the bottom at the end
                    heap.forget_all(heap.BASE)
                    gc.collect()
                # 3 settled through the ruleset's hook
                new, rec = self._settle(ev, result)
                result = None                   # rec holds it (version 2: its total only)
            if not write:
                return ev, new, rec, self.writes    # a preview: what save() writes
        # 4 journaled, pushed on the undo stack, the state moved on; the answer
        ops = heap.load("commit")
        ops.commit(self, ev, new, rec)
        self.writes += 1
        return ops.answer(self.state)

    def _prepare(self, ev):
        return heap.load("sessionops").prepare(self, ev)

    def _settle(self, ev, result):
        ops = heap.load("commit")       # not sessionops: after scoring, load little
        ops.reload(self)
        self.parked = False
        heap.hold()                     # and for the journal's append, past the hook
        return ops.settle_win(self.state, ev, result)

    # ---- The heap between events ----------------------------------------------------

    def release(self, short=False):
        """Drop the modules an event or a look at the ruleset loaded when the heap is short
        (MicroPython only); short: the caller ran out of memory, drop them now, and the
        leftovers of an import cut short with them (at the next call with room for it,
        when this one has none)."""
        self._unload(short)
        self._reload()
        if short and LEAN:
            heap.room(False)    # from now on drop what events load
        if (short or self.leftovers) and LEAN:
            self.leftovers = not heap.fresh_modules()

    def _unload(self, force=False):
        """Drop what events loaded when the heap is short (or force); True if dropped."""
        if LEAN and (force or not heap.roomy()):
            heap.forget_all(heap.EVENT)
            if scorers.loaded():
                scorers.unload()
            gc.collect()
            return True
        return False

    def _reload(self):
        """The state back from flash after a win refused while scoring it.  Short of
        memory for it, the state stays on flash and the next call takes it back (every
        event and the heap's release try): the session never goes on without a state."""
        if self.parked:
            try:
                heap.load("commit").reload(self)
                self.parked = False
            except MemoryError:
                pass
            self._unload()

    # ---- The undo stack and the boot checkpoint ---------------------------------------

    def depth(self):
        """Entries on the undo stack, those on flash below the window included."""
        return self.base + len(self.stack)

    def keep(self):
        """Write the boot checkpoint when CHECKPOINT_EVERY records were appended since the
        last one.  A failure costs only boot time (the whole journal is replayed), so it
        is never the save's: the next try comes CHECKPOINT_EVERY records later."""
        if self.jpath is None or self.jseq - self.ckseq < CHECKPOINT_EVERY:
            return
        self.ckseq = self.jseq
        try:
            heap.load("checkpoint").write(self)
        except (OSError, MemoryError) as e:
            print("checkpoint not written:", repr(e))
        finally:
            if not heap.roomy():
                heap.forget("checkpoint")
                heap.forget("journal")

    # ---- What the screens ask ---------------------------------------------------------
    # Besides events the screens ask the session questions (ses.facts(), ses.record(i),
    # ...): each, named in _ASKS, is a function of ses in asks.py, loaded when asked
    # (a list of names and __getattr__, as micropython-async's `_attrs`: none of it in RAM
    # before, nor while an event is handled).
    # The module an answer loads leaves with the table's steps when the heap is short
    # (release(): the screens call it where a look at the table ends).

    def __getattr__(self, name):
        if name not in _ASKS.split():
            raise AttributeError(name)
        f = getattr(heap.load("asks"), name)
        return lambda *args: f(self, *args)


# The questions the screens ask (Session.__getattr__), answered by asks.py.
# (one str split when asked: a tuple of names costs the resident heap more)
_ASKS = ("facts words_dropped in_lang time_closed flash_left records record seat_winds"
         " defaults warm refusal")
