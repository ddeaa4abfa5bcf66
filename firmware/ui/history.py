# The history: the saved events, newest first, read from the journal a window at a time;
# # opens one (its elements and payments).  Undo's review shows what it takes back with
# the same lines.

from ui import keymap as K
from ui import ui as U
from ui.ui import fit, item_value, signed


def key(ui, k):
    if ui.mode == U.OPENED:
        if k == K.BACK:
            ui.go(U.HISTORY, ui.opened[1])
            ui.top = max(0, ui.cur - (ui.rows - 2))
            ui.opened = None
        else:
            ui.page(k, len(ui.opened[0]))
        return
    if k == K.BACK:
        ui.go(U.STATUS)
    elif k == K.OK and ui.ses.records():
        seq, rec = ui.ses.record(ui.cur, True)   # whole: a win's elements too
        ui.opened = (record_lines(ui, rec, True), ui.cur, seq)
        ui.go(U.OPENED)
    else:
        ui.scroll(k, ui.ses.records())


def summary(ui, ev, rec, cols):
    """One line of cols cells: the event, its winner and total."""
    labels = ui.labels()
    line = labels.EVENTS.get(ev.get("event", ""), ev.get("event", ""))
    if "winner" in ev:
        line += " " + ui.name(ev["winner"])
    res = rec.get("result")
    if res:
        return fit(line, "%d%s" % (res["total"], labels.UNITS.get(res["unit"], res["unit"])), cols)
    return fit(line, "", cols)


def record_lines(ui, rec, whole=False):
    """A saved record as lines: what it was, (whole: its elements,) its payments."""
    ev = rec["event"]
    out = [summary(ui, ev, rec, ui.cols)]
    if "from" in ev:
        out.append(fit("from " + ui.name(ev["from"]), "", ui.cols))
    res = rec.get("result")
    if whole and res:
        # the journal holds the scorer's names: shown in the settings' language
        res = ui.named(rec)["result"]
        labels = ui.labels()
        for it in res["items"]:
            out.append(fit(it["name"], item_value(it, labels), ui.cols))
    pay = rec.get("payments") or ()
    for s in range(len(pay)):
        if pay[s]:
            out.append(fit(ui.name(s), signed(pay[s]), ui.cols))
    return out


def undone_lines(ui, seq):
    """What an undo takes back: the last saved event (seq), its winner, total, payments."""
    out = ["takes back #%d:" % seq]
    if ui.ses.records():
        out.extend(record_lines(ui, ui.ses.record(0)[1]))
    return out


def show(ui):
    if ui.mode == U.OPENED:
        return fit("#%d" % ui.opened[2], "* back", ui.cols), ui.opened[0]
    out = []
    if ui.ses.jpath is None:
        return "history", ["no journal"]
    n = ui.ses.records()
    for i in range(ui.top, min(n, ui.top + ui.rows - 1)):
        seq, rec = ui.ses.record(i)
        line = "%s%d " % (">" if i == ui.cur else " ", seq)
        out.append(line + summary(ui, rec["event"], rec, ui.cols - len(line)))
        rec = None
    # rows above the window are blank: screen() shows lines from ui.top
    return fit("history (%d)" % n, "# open", ui.cols), [""] * ui.top + out
