# The status screen: the table's seats, winds, dealer, streak, 荒番 and scores, what waits
# to upload, and the keys that lead to every other screen.

from ui import keymap as K
from ui import ui as U
from ui.entry import Entry, Refused
from ui.ui import fit


def key(ui, k):
    st = ui.ses.state
    if k == K.NEW_KEY:                  # the settings' ruleset: the organiser may change it
        ui.new_rules = ui.cfg["rules"]
        ui.new_dealer = ui.cfg.get("dealer", 0)
        ui.go(U.NEW)
    elif k == K.SETTINGS_KEY:
        ui.part("setup").open(ui)
    elif st is None:
        raise Refused("no session: 0 starts one")
    elif "1" <= k <= "4":
        ui.ev = {"event": "win", "winner": ord(k) - 49}
        ui.entry = Entry(ui.ruleset()[1])
        ui.go(U.ENTRY)
    elif k == K.DRAW_KEY:
        ui.review({"event": "draw"})
    elif k == K.UNDO_KEY:
        ui.review({"event": "undo"})
    elif k == K.EVENTS_KEY:
        if not ui.ruleset()[3]:
            raise Refused("this ruleset has no events of its own")
        ui.go(U.MENU)
    elif k == K.HISTORY_KEY:
        ui.go(U.HISTORY)
    elif k == K.PAGE_KEY:
        ui.top += ui.rows - 1
        if ui.top >= len(lines(ui)):
            ui.top = 0


def lines(ui):
    st = ui.ses.state
    if st is None:
        out = ["0 new session", "D settings"]
        if ui.cfg.get("_error"):
            out.insert(0, ui.cfg["_error"])
        if ui.cfg.get("_space"):                # the flash running low (ui/app.py)
            out.insert(0, ui.cfg["_space"])
        return out
    from ui import labels
    winds = ui.seat_winds()
    out = []
    for s in range(4):
        mark = "*" if s == st["dealer"] else " "
        out.append(fit(labels.WINDS[winds[s]] + mark + ui.name(s), str(st["scores"][s]),
                       ui.cols))
    more = []
    if st["streak"]:
        more.append("連%d" % st["streak"])
    if st["huang"]:
        more.append("荒%d" % st["huang"])
    if st.get("over"):
        more.append("game over: 0 new")
    net = ui.net
    if net is not None:                 # the upload: hands waiting, the last success
        up = "up %d wait" % net.waiting if net.waiting else "up all"
        ago = net.since_ok()
        if ago is not None:
            up += " ok %s ago" % ("%ds" % ago if ago < 120 else "%dm" % (ago // 60))
        more.append(up)
        if net.last_error:
            more.append(net.last_error)
    if more:
        out.append(" ".join(more))
    if ui.cfg.get("_error"):
        out.append(ui.cfg["_error"])
    if ui.cfg.get("_space"):                    # the flash running low (ui/app.py)
        out.append(ui.cfg["_space"])
    out.append("1-4 win A draw")
    out.append("B event C history")
    out.append("* undo 0 new D set")
    return out


def show(ui):
    st = ui.ses.state
    if st is None:
        return "T%s no session" % ui.cfg["table"], lines(ui)
    from ui import labels
    return ("T%s %s %s%d" % (ui.cfg["table"], labels.RULES[st["rules"]],
                            labels.WINDS[st["round"]], st["hand_no"]), lines(ui))
