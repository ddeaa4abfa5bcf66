# The status screen: the table's seats, winds, dealer, streak, 荒番 and scores, what waits
# to upload, the round's clock (its time in the title), and the keys that lead to every
# other screen.

from ui import keymap as K
from ui import ui as U
from ui.keymap import Refused
from ui.ui import fit, wrap


def key(ui, k):
    st = ui.ses.state
    if k == K.NEW_KEY:                  # the settings' ruleset: the organiser may change it
        er = ui.cfg.get("event_rules")  # the event's, once pulled: a new session plays it
        ui.new_rules = er if er in K.RULESETS else ui.cfg["rules"]
        ui.new_dealer = ui.cfg.get("dealer", 0)
        ui.go(U.NEW)
    elif k == K.SETTINGS_KEY:
        ui.part("setup").open(ui)
    elif st is None:
        raise Refused("0 starts a session")
    elif k == K.OVERRIDE_KEY:
        if not st.get("time_up"):
            raise Refused("9: only once the round's time is up")
        ui.review({"event": "override"})
    elif closed(ui) and ("1" <= k <= "4" or k == K.DRAW_KEY or k == K.EVENTS_KEY):
        raise Refused(CLOSED)
    elif "5" <= k <= "8" and st["rules"] in K.DECLARE_KEYS:    # a seat declares
        if closed(ui):
            raise Refused(CLOSED)
        ui.review({"event": K.DECLARE_KEYS[st["rules"]], "seat": ord(k) - 53})
    elif "1" <= k <= "4":
        from ui.entry import Entry, KINDS  # loaded per hand (a tight heap drops it between)
        ui.ev = {"event": "win", "winner": ord(k) - 49}
        lb = ui.labels()
        ui.entry = Entry(ui.ruleset()[1], counted=st["rules"] in K.COUNTED_FLOWERS,
                         faces=(lb.HONOURS, lb.FLOWERS, lb.FLOWER_COUNT, lb.FLOWER_KIND),
                         kinds=st["rules"] in KINDS)
        ui.go(U.ENTRY)
    elif k == K.DRAW_KEY:
        ui.review({"event": "draw"})
    elif k == K.UNDO_KEY:
        if ui.ses.depth() < 2:          # the stack below its window counts (checkpoint)
            raise Refused("nothing to take back")
        ui.review({"event": "undo"})
    elif k == K.EVENTS_KEY:
        if not ui.ruleset()[3]:
            raise Refused("no events of its own")
        ui.go(U.MENU)
    elif k == K.HISTORY_KEY:
        ui.go(U.HISTORY)
    elif k == K.PAGE_KEY:
        ui.top += ui.rows - 1
        if ui.top >= len(lines(ui)):
            ui.top = 0


CLOSED = "time is up: no new hand; 9 referee override"


def closed(ui):
    """No new hand: the round's time is up and the referee has not overridden.  The rule
    (the session's time_closed) is asked only once time is up: before, no heap holds it."""
    return bool(ui.ses.state.get("time_up")) and ui.ses.time_closed()


def clock_line(ui, st):
    """What the round's clock means for the table, or None."""
    if st.get("time_up"):
        if st.get("override"):
            return "time up: referee override"
        if closed(ui):
            return CLOSED
        return "time up: hand %d is the last" % st["time_up"]
    c = ui.clock
    if c is not None and c.left is not None and not c.runs and c.left:
        return "clock paused"
    return None


def alert(ui):
    """What the organiser says that the table must act on (hands held, the device
    revoked, answers not verified, the organiser unreachable): the first page's first
    rows, in words (docs/upload.md, "The verdict in every answer")."""
    net = ui.net
    a = net.alert() if net is not None else None
    return wrap(a, ui.cols) if a else []


def lines(ui):
    st = ui.ses.state
    if st is None:
        out = ["0 new session", "D settings"]
        if ui.cfg.get("_error"):
            out[:0] = wrap(ui.cfg["_error"], ui.cols)
        if ui.cfg.get("_space"):                # the flash running low (ui/app.py)
            out[:0] = wrap(ui.cfg["_space"], ui.cols)
        return alert(ui) + out
    labels = ui.labels()
    winds = ui.seat_winds()
    out = alert(ui)
    names = []
    for s in range(4):
        mark = "*" if s == st["dealer"] else " "
        row = labels.WINDS[winds[s]] + mark + ui.name(s)
        out.append(fit(row, str(st["scores"][s]), ui.cols))
        if not out[-1].startswith(row):     # cut: the next page shows it whole
            names.extend(wrap(ui.name(s), ui.cols))
    out.extend(names)
    more = []
    if st["streak"]:
        more.append(labels.STREAK % st["streak"])
    if st["huang"]:
        more.append(labels.HUANG % st["huang"])
    if st.get("over"):
        more.append("game over: 0 new")
    t = clock_line(ui, st)
    if t:
        more.append(t)
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
        out.extend(wrap(" ".join(more), ui.cols))
    if ui.cfg.get("_error"):
        out.extend(wrap(ui.cfg["_error"], ui.cols))
    if ui.cfg.get("_space"):                    # the flash running low (ui/app.py)
        out.extend(wrap(ui.cfg["_space"], ui.cols))
    out.append("1-4 win A draw")
    if st and st["rules"] in K.DECLARE_KEYS:
        out.append("5-8 " + K.DECLARE_KEYS[st["rules"]])
    out.append("B event C history")
    out.append("* undo 0 new D set")
    return out


def show(ui):
    st = ui.ses.state
    if st is None:
        title = "T%s no session" % ui.cfg["table"]
    else:
        labels = ui.labels()
        title = "T%s %s %s%d" % (ui.cfg["table"], labels.RULES[st["rules"]],
                                 labels.WINDS[st["round"]], st["hand_no"])
    t = ui.clock.text(ui.clock_step) if ui.clock is not None else None
    if t:                       # the round's time left, at the title's right
        title = fit(title, t, ui.cols)
    return title, lines(ui)
