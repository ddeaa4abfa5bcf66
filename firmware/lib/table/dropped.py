# The review's hint "not counted here": the context words of a previewed win that change
# nothing for its hand (Session.words_dropped, asked through asks.py once the review is
# drawn).  Loaded for the question and forgotten at once where the heap is short.

import heap
import scorers
from errors import HandError


def words_dropped(ses, pv):
    """The context words of a previewed win (pv) that change nothing for its hand:
    those whose removal leaves the total and the payments as previewed (the rules drop
    them).  The hand is parsed and analysed once (its readings do not depend on its
    words) and scored again without each word, nothing named, nothing settled but a
    total that stayed the same: one preview's work a win, not one a word (a heavy hand's
    review on a Pico: two words had cost two previews, 50 ms).  pv stays what save()
    writes."""
    ev = pv["saves"][0]
    h = ev.get("hand") or {}
    flags = h.get("flags")
    if ev.get("event") != "win" or not flags or "result" not in pv:
        return ()
    try:
        same = _same_totals(ses, ev, flags, pv["result"]["total"])
        out = []
        if same:
            pay = list(pv["payments"])
            settle = heap.load("commit").settle_win
            for w, res in same:
                try:
                    if list(settle(ses.state, ev, res)[0]["deltas"]) == pay:
                        out.append(w)
                except HandError:
                    pass
        return out
    except MemoryError:         # the hint is lost, never the review
        ses.release(True)
        return ()
    finally:
        ses.release()
        heap.forget("dropped")  # loaded for this question only (heap.py's ONCE row)


def _same_totals(ses, ev, flags, total):
    """(word, the scorer's answer without it) for each of flags whose removal leaves the
    hand scored at total (refused without it: not listed)."""
    rid, body, seat, rnd, dealer, streak, more = heap.load("sessionops").win_job(ses.state, ev)
    if not heap.roomy():
        heap.forget("sessionops")
    r = scorers.load(rid)
    hd = heap.load("handparse").parse(body, r.N_SETS, r.FLAGS, False, getattr(r, "FIELDS", ()))
    body = None
    if not heap.roomy():
        heap.forget("handparse")    # before the analysis, as in session.score
    hd.seat = seat
    hd.round = rnd
    hd.dealer = dealer
    hd.streak = streak
    a = heap.load("engine").analyse(hd, r.SHAPES)
    out = []
    for w in flags:
        fl = [f for f in flags if f != w]
        for f in more:              # the table's own words, as session.score adds them
            if f not in fl:
                fl.append(f)
        hd.flags = tuple(fl)
        try:
            res = r.score(hd, a)
        except HandError:
            continue
        if res.get("ok") and res.get("total") == total:
            out.append((w, res))
    names = getattr(r, "NAMER", None)
    if out and names:           # the answer as the table settles it (session.score)
        names = heap.load(names)
        out = [(w, names.name(res)) for w, res in out]
    return out
