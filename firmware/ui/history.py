# The history: the saved events, newest first, read from the journal a window at a time.

from ui import keymap as K
from ui import ui as U


def key(ui, k):
    if k == K.BACK:
        ui.go(U.STATUS)
    else:
        ui.scroll(k, len(ui.ses.stack))


def show(ui):
    from ui import labels
    import journal
    stack = ui.ses.stack
    out = []
    if ui.ses.jpath is None:
        return "history", ["no journal"]
    j = journal.Journal(ui.ses.jpath)
    n = len(stack)
    for i in range(ui.top, min(n, ui.top + ui.rows - 1)):
        off = stack[n - 1 - i]
        rec = j.read(off)
        ev = rec["event"]
        line = "%s%d %s" % (">" if i == ui.cur else " ", j.seq_at(off),
                            labels.event(ev.get("event", "")))
        if "winner" in ev:
            line += " %d" % (ev["winner"] + 1)
        res = rec.get("result")
        if res:
            line += " %d" % res["total"]
        out.append(line)
        rec = None
    # rows above the window are blank: screen() shows lines from ui.top
    return "history (%d)" % n, [""] * ui.top + out
