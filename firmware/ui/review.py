# The review of an event before it is saved (a win's elements and payments, a draw's, an
# undo's, a ruleset's own event): # saves it, * goes back, C (a win) its context words.
# Loaded while it is shown (ui.PARTS, heap.SCREENS): the preview itself is ui.review's,
# made before this module is loaded, so the win's scorer never shares the heap with it.

from ui import keymap as K
from ui import ui as U
from ui.ui import fit, wrap


def key(ui, k):
    if k == K.OK:
        ui.lighten()
        ans = ui.ses.save(ui.pv)
        if not ans.get("ok"):           # the review stays: save may be pressed again
            ui.say(ans["error"]["message"], 0)
            return
        ui.pv = None
        ui.go(U.STATUS)
        ui.say("saved #%d" % ui.ses.jseq)
    elif k == K.BACK:
        ui.pv = None
        ui.go(ui.back_to)
    elif k == K.FLAGS_KEY and ui.ev["event"] == "win":
        ui.pv = None
        ui.words_back = U.REVIEW
        ui.go(U.WORDS)
    else:
        ui.page(k, len(lines(ui, True)))


def lines(ui, rows=False):
    """The review's lines; rows: those of the elements and payments as (left, right),
    laid out by rows_of() when shown (a heavy hand's are three pages: each line laid
    out costs a Pico about a millisecond)."""
    labels = ui.labels()
    pv = ui.pv
    cols = ui.cols
    out = []
    res = pv.get("result")
    row = (lambda a, b, n: (a, b)) if rows else fit
    if res:
        for it in res["items"]:
            out.append(row(it["name"], U.item_value(it, labels), cols))
        if res.get("fu") and not res.get("yakuman"):      # riichi: han, fu, the limit
            out.append(fit("%d han %d fu" % (res["han"], res["fu"]), res["limit"], cols))
        for w in ui.dropped or ():
            out.extend(wrap("%s: not counted here" % U.word(labels, w), cols))
    if "undoes" in pv:           # an undo: what it takes back, the scores it brings back
        out.extend(ui.part("history").undone_lines(ui, pv["undoes"]))
        out.append("scores then:")
        for s in range(4):
            out.append(fit(ui.name(s), str(pv["state"]["scores"][s]), cols))
    else:
        pay = pv["payments"]
        for s in range(4):
            if pay[s]:
                out.append(row(ui.name(s), U.signed(pay[s]), cols))
        if not any(pay):
            out.append("no payments")
    out.append("# save * back" + (" C words" if res else ""))
    return out


def show(ui):
    labels = ui.labels()
    ev = ui.ev
    res = ui.pv.get("result")
    if res:
        title = fit(ui.name(ev["winner"]), "%d%s" % (
            res["total"], labels.UNITS.get(res["unit"], res["unit"])), ui.cols)
    else:
        title = labels.EVENTS.get(ev["event"], ev["event"])
    return title, lines(ui, True)


def later(ui):
    """UI.later()'s words that change nothing, found once the review is drawn."""
    if not (ui.ev.get("hand") or {}).get("flags"):
        ui.dropped = ()             # no word to drop: nothing loaded to say so
        return False
    try:
        ui.dropped = ui.ses.words_dropped(ui.pv)
    except Exception as e:          # the hint lost, never the review
        print("dropped:", repr(e))
        ui.dropped = ()
    return bool(ui.dropped)
