# The ruleset's own events (and wins by flowers): the menu, then each field asked in turn.

from ui import keymap as K
from ui import ui as U
from ui.keymap import Refused
from ui.ui import fit


def key(ui, k):
    (k_menu if ui.mode == U.MENU else k_field)(ui, k)


def show(ui):
    return (s_menu if ui.mode == U.MENU else s_field)(ui)


def k_menu(ui, k):
    menu = ui.ruleset()[3]
    if k == K.BACK:
        ui.go(U.STATUS)
        return
    if "1" <= k <= "9" and ord(k) - 49 < len(menu):
        ui.cur = ord(k) - 49
    elif k != K.OK:
        ui.scroll(k, len(menu))
        return
    name, fields = menu[ui.cur]
    ui.ev = {"event": name}
    ui.fields = list(fields)
    ui.typed = ""
    if not fields:                      # an event with nothing to ask (骰): its review
        ui.review(ui.ev, U.MENU)
        return
    ui.go(U.FIELD)


def k_field(ui, k):
    f, kind = ui.fields[0]
    if k == K.BACK:
        if ui.typed:
            ui.typed = ui.typed[:-1]
        else:
            ui.go(U.MENU)
        return
    if kind == "int":
        if "0" <= k <= "9" and len(ui.typed) < 3:
            ui.typed += k
            return
        if k != K.OK or not ui.typed:
            raise Refused("digits, then #")
        ui.ev[f] = int(ui.typed)
    elif kind == "opt" and k == K.OK:
        pass
    elif "1" <= k <= "4":
        ui.ev[f] = ord(k) - 49
    else:
        raise Refused("a seat 1-4" + (", # none" if kind == "opt" else ""))
    ui.typed = ""
    if len(ui.fields) > 1:
        ui.fields.pop(0)
    else:       # the last field: an event refused (or short of memory) stays on it
        ui.review(ui.ev, U.MENU)


def s_menu(ui):
    labels = ui.labels()
    out = []
    for i, (name, _) in enumerate(ui.ruleset()[3]):
        out.append((">" if i == ui.cur else " ") + "%d %s" % (i + 1, labels.EVENTS.get(name, name)))
    return "events", out


def s_field(ui):
    labels = ui.labels()
    f, kind = ui.fields[0]
    out = []
    if kind == "int":
        out.append(ui.typed + "_")
        out.append("digits, # ok")
    else:
        for s in range(4):
            out.append(fit(ui.name(s), "", ui.cols))
        if kind == "opt":
            out.append("# none")
    return "%s: %s?" % (labels.EVENTS.get(ui.ev["event"], ui.ev["event"]), labels.FIELDS.get(f, f)), out
