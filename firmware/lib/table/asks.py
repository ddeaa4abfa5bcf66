# What the screens ask the table session besides events (ses.<name>(...) is <name>(ses,
# ...) here: session._ASKS names the module of each question): the ruleset's facts, the
# context words a win drops, the review's names in the settings' language, the flash's
# room, the round clock's rule once time is up, the history's records, the seats' winds,
# a ruleset's settings, the first win's modules loaded beforehand: never in the heap
# while an event is handled.
# Loaded when asked and forgotten with the table's steps when the heap is short
# (heap.EVENT, Session.release), so the session that stays in RAM stays small.

import json
import heap
import hand
import scorers


def ruleset_info(rid):
    """(sets in a hand, context words in screen order, events menu) of a ruleset.
    The menu lists (event name, ((field, "seat" | "opt" | "int"), ...)): a win by
    flowers where the ruleset has one, then the ruleset's own events by name."""
    r = scorers.load(rid)
    n = r.N_SETS
    # the words a hand may carry (a ruleset's words for its table's settings are the
    # table's to add: riichi's HAND_FLAGS)
    words = hand.COMMON_FLAGS + tuple(getattr(r, "HAND_FLAGS", r.FLAGS))
    r = None
    if not heap.roomy():            # the scorer and the table hook one after the other
        scorers.unload()
    hk = heap.load("commit").hooks(rid)
    menu = []
    if hk.FLOWER_WINS:
        menu.append(("flowers", (("winner", "seat"), ("from", "opt"))))
    for name in sorted(hk.EVENTS):
        req, opt, ints = hk.EVENTS[name]
        menu.append((name, tuple([(f, "seat") for f in req] + [(f, "opt") for f in opt]
                                 + [(f, "int") for f in ints])))
    return n, words, tuple(menu)


def words_dropped(ses, pv):
    """The context words of a previewed win (pv) that change nothing for its hand
    (dropped.py: one analysis of the hand, not one preview a word)."""
    m = heap.load("dropped")
    try:
        return m.words_dropped(ses, pv)
    finally:
        m = None
        if not heap.roomy():
            heap.forget("dropped")


def in_lang(ses, pv, lang):
    """A copy of a preview named in lang for the review (langs.review: the names read
    now and forgotten at once); pv itself, what save() writes, keeps the scorer's."""
    out = heap.load("langs").review(pv, lang)
    if not heap.roomy():        # kept only where what events load stays (heap.room)
        heap.forget("langs")
    return out


def refusal(ses, detail, lang):
    """A win's refusal (the answer's error "detail": the ruleset's reason, the elements it
    counted) in lang: the elements named as the review names them, the reason as the
    ruleset's names module words it (langs.reason)."""
    lg = heap.load("langs")
    items = detail["items"]
    rid = detail["rules"]
    shown = lg.names(items, rid, lang, True)
    if shown:
        items = [dict(it, name=nm) if nm else it for it, nm in zip(items, shown)]
    why = lg.reason(detail["reason"], rid, lang)
    heap.forget("langs")
    return heap.load("commit").refusal({"reason": why, "items": items})


def facts(ses, rid=None):
    """The ruleset's facts for the screens: ruleset_info() of the session's ruleset
    (rid: another's)."""
    if rid is None:
        rid = ses.state["rules"]
    # from the facts' rows, not the scorer and its hook: the first hand's entry asks
    # them with the entry's screen loaded (facts.py)
    got = heap.load("facts").info(rid, hand.COMMON_FLAGS)
    heap.forget("facts")
    if got is not None:
        return got
    try:
        try:
            return ruleset_info(rid)
        except MemoryError:         # what the session kept took the room: once more
            ses.release(True)
            return ruleset_info(rid)
    finally:
        ses.release()


def time_closed(ses):
    """No new hand: the round's time is up (the screens ask only then) and the referee
    has not overridden: the clock's rule (clockops, loaded for it)."""
    return heap.load("clockops").time_closed(ses.state)


def flash_left(ses):
    """Bytes of flash the journal may still take (its reserve kept back), or None
    where the port cannot tell."""
    j = heap.load("journal")
    room = j.free(ses.jpath)
    left = None if room is None else room[0] - j.RESERVE_BLOCKS * room[1]
    j = None
    ses.release()               # asks and the journal leave when the heap is short
    return left


def records(ses):
    """How many saved events the history can open (those in RAM, newest first)."""
    return len(ses.stack) if ses.jpath is not None else 0


def record(ses, i, whole=False):
    """The i-th saved event back from the newest (0: the last) as (seq, the record dict);
    OSError where the flash cannot give it back.  A version-2 record under version 1's
    names: a win's total and unit as it carries them, and (whole: the history's opened
    record) the scorer's whole answer, the hand scored again in the state it was won in
    (replayed: rerun.py)."""
    stack = ses.stack
    r = heap.load("journal").Journal(ses.jpath).raw(stack[len(stack) - 1 - i])
    if r is None:
        raise OSError("journal record damaged")
    rec = json.loads(r[1])
    if "e" in rec and "event" not in rec:
        rec = heap.load("record2").v1_view(rec, ses.state["rules"] if ses.state else None)
        if whole and "result" in rec:
            res = rescored(ses, ses.depth() - 1 - i, rec["event"])
            if res is not None:
                rec["result"] = res
    return r[0], rec


def rescored(ses, n, ev):
    """The scorer's answer for the win ev, the undo stack's entry n, scored again in the
    state the first n entries give (None where the engine refuses it now)."""
    st = heap.load("rerun").replay(ses, n)
    m = heap.load("rebuild")
    top = m.aside(ses)
    m = None
    try:
        ses.state = st
        st = None
        got = ses._guard(ev, False)
        return got[2].get("result") if type(got) is tuple else None
    finally:
        ses.state = heap.load("rebuild").back(ses, top)


def seat_winds(ses):
    """The four seats' winds (0..3) for the hand now played."""
    st = ses.state
    hk = heap.load("commit").hooks(st["rules"])
    return [hk.seat_wind(st, s) for s in range(4)]


def defaults(ses, rid):
    """The settings of ruleset rid and their defaults ({name: default})."""
    return dict(heap.load("commit").hooks(rid).SETTINGS)


def warm(ses, step, lang=None):
    """Step `step` of loading beforehand what the session's first win loads (ui/warm.py,
    in a referee's pauses between keys): 0 the table's steps, 1 the ruleset's settlement
    hook, 2 its scorer with its names and the hand's parser, after which, with room to
    spare, what was loaded stays for good (heap.room); 3 with room, the scorer's parts
    it loads on demand (its PARTS); 4 (lang: the screens' language)
    the review's names in lang where they are not the scorer's (langs.module), kept as
    the scorer is.  True while steps remain."""
    rid = ses.state["rules"]
    if step == 0:
        heap.load("sessionops")
    elif step == 1:
        heap.load("commit").hooks(rid)
    elif step == 2:
        names = getattr(scorers.load(rid), "NAMER", None)
        if names:
            heap.load(names)
        # the hand's parser with it (handparse.py, no longer resident): its first import
        # in the first review cost a Pico's .mpy 20 ms (first hand 100.7 ms, 80.5 warmed)
        heap.load("handparse")
        # room() reads the free heap as the last collection left it: the imports' garbage
        # collected first (here, in a pause), else a heap with room looks short and the
        # first win collects at every step (9 times, 136 ms on CircuitPython)
        heap.roomy()
        heap.room(True)
    elif step == 3:
        # with room to keep them, the parts the scorer loads for some hands only (PARTS:
        # hk's special shapes): their first import in a review cost a Pico's .mpy 21 ms
        # (Hong Kong's heavy 嚦咕 hand 114.7 ms)
        if heap.roomy():
            for name in getattr(scorers.load(rid), "PARTS", "").split():
                heap.load(name)
        return lang is not None
    else:
        if heap.roomy():
            mod = heap.load("langs").module(rid, lang)
            if mod is None:
                heap.forget("langs")
            else:
                heap.load(mod)
        return False
    return True
