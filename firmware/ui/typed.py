# The typed hand's screens: the entry (tiles typed on the keypad, ui/entry.py's Entry) and
# the from screen (who paid in, the context words, a robbed kong) whose key 1-4 previews
# the win (ui.review).  Loaded while one of them is shown (ui.PARTS, heap.SCREENS): the
# status screen, the review and the others leave it behind.  The typed hand itself is
# ui.hand(): while the win is scored on a tight heap it is plain data and ui/entry.py
# out of the heap (docs/memory.md, "The resident application").

from ui import keymap as K
from ui import ui as U
from ui import cells
from ui.keymap import Refused
from ui.ui import fit, wrap


def key(ui, k, long=False):
    if ui.mode == U.ENTRY:
        k_entry(ui, k, long)
    else:
        k_from(ui, k, long)


def show(ui):
    if ui.mode == U.ENTRY:
        return s_entry(ui)
    return s_from(ui)


def k_entry(ui, k, long=False):
    e = ui.hand()
    if e.cur is not None:                   # editing a typed set
        if ui.part("handedit").key(ui, k) and e.done():
            to_from(ui)
        return
    if long and k == K.EDIT_KEY:
        ui.part("handedit").start(e)
        return
    if k == K.BACK:
        if not e.back():
            ui.go(U.STATUS)
        return
    e.press(k, long)                        # held 1-9, 0: a concealed set
    if e.done():
        to_from(ui)


def to_from(ui):
    ui.rob = False
    ui.why = None
    ui.go(U.FROM)


def counted(ui):
    """The from screen's count keys of the session's ruleset: ((key, field), ...)."""
    return K.COUNT_KEYS.get(ui.ruleset()[0], ())


def k_from(ui, k, long=False):
    if k == K.UP or k == K.DOWN:            # the refusal's lines
        ui.page(k, len(s_from(ui)[1]))
        return
    ui.why = None
    ui.top = 0
    e = ui.hand()
    ev = ui.ev
    for key, field in counted(ui):
        if k == key:                        # one more (held: none) of what it counts
            if "hand" not in ev:            # kept with the hand typed so far
                ev["hand"] = e.hand()
            h = ev["hand"]
            n = 0 if long else h.get(field, 0) + 1
            if n:
                h[field] = n
            else:
                h.pop(field, None)
            return
    if k == K.BACK:
        e.back()
        ui.go(U.ENTRY)
    elif k == K.ROBKONG:
        ui.rob = not ui.rob
    elif k == K.FLAGS_KEY:
        if "hand" not in ev:                # the words go with the hand typed so far
            ev["hand"] = e.hand()
        ui.words_back = U.FROM
        ui.go(U.WORDS)
    elif "1" <= k <= "4":
        s = ord(k) - 49
        h = e.hand()
        e = None                            # (no Entry held while the win is scored)
        old = ev.get("hand") or {}
        flags = old.get("flags")
        if flags:
            h["flags"] = flags
        for _, field in counted(ui):
            if field in old:
                h[field] = old[field]
        ev["hand"] = h
        if s == ev["winner"]:
            if ui.rob:
                raise Refused("a robbed kong is another's")
            ev.pop("from", None)
            h["by"] = "self"
        else:
            ev["from"] = s
            h["by"] = "robkong" if ui.rob else "discard"
        ui.review(ev, U.FROM)


def s_entry(ui):
    e = ui.hand()
    if e.cur is not None:
        return ui.part("handedit").show(ui)
    lb = ui.labels()
    t = e.show()
    cols = ui.cols
    out = [t] if cells(t) <= cols else wrap(t, cols)   # (a hand begun: a row)
    if e.suit == 4:                 # after 0: the flowers' keys
        out.append(lb.FLOWERS_COUNT_HINT if e.counted else lb.FLOWERS_HINT)
    elif e.kinds and not e.tokens and 1 < len(e.flowers) < 5:   # hk: both kinds, or 0
        out.append(lb.FLOWERS_KIND_HINT)
    else:
        out.append(lb.HINT)
    return fit(ui.name(ui.ev["winner"]), "%s %d/%d %s" % (
        lb.WIN, e.count, e.target, lb.SUITS[e.suit]), cols), out


def s_from(ui):
    ev = ui.ev
    w = ev["winner"]
    flags = (ev.get("hand") or {}).get("flags")
    e = ui.hand()
    win = e.winning()
    cols = ui.cols
    out = []
    if ui.why:
        out.extend(wrap(ui.why, cols))
    lb = ui.labels()
    out.extend(["1-4 paid in, %d %s" % (w + 1, lb.SELF), "win on %s? * no" % win,
                "0 robbed kong: %s" % ("yes" if ui.rob else "no"),
                "C words" + (": %d on" % len(flags) if flags else "")])
    cn = counted(ui)
    if cn:                          # 5 dora0 6 ura0 7 aka0
        h = ev.get("hand") or {}
        out.append(" ".join(["%s %s%d" % (key, field, h.get(field, 0)) for key, field in cn]))
    out.extend(wrap(e.show(), cols))
    return fit(ui.name(w), "%s %s from?" % (lb.WIN, win), cols), out
