# Setting the table up: a new session (ruleset, dealer) and the settings a referee may
# change (the rest is set when the board is deployed).

from ui import keymap as K
from ui import ui as U
from ui.keymap import Refused
from ui.ui import fit, wrap


def key(ui, k):
    m = ui.mode
    (k_new if m == U.NEW else k_confirm if m == U.CONFIRM else k_settings
     if m == U.SETTINGS else k_edit)(ui, k)


def show(ui):
    m = ui.mode
    return (s_new if m == U.NEW else s_confirm if m == U.CONFIRM else s_settings
            if m == U.SETTINGS else s_edit)(ui)


def running(ui):
    """A session with saved events after its start: a new one would end it."""
    return ui.ses.state is not None and ui.ses.depth() > 1


# the event's ruleset, named for a referee asked to start another (docs/upload.md)
EVENT_PLAYS = {"mcr": "Chinese Official", "hk": "Hong Kong", "tw": "Taiwan",
               "sh": "Shanghai"}


def other_rules(ui):
    """The event's ruleset (from the organiser's pull) when the new session's differs."""
    er = ui.cfg.get("event_rules")
    return er if er in EVENT_PLAYS and er != ui.new_rules else None


def k_new(ui, k):
    if k == K.NEW_RULES:
        r = K.RULESETS
        ui.new_rules = r[(r.index(ui.new_rules) + 1) % len(r)]
    elif "1" <= k <= "4":
        ui.new_dealer = ord(k) - 49
    elif k == K.BACK:
        ui.go(U.STATUS)
    elif k == K.OK:
        er = other_rules(ui)
        if er is not None and ui.asked != ui.new_rules:
            # asked first: the organiser will hold a session of another ruleset
            ui.asked = ui.new_rules
            raise Refused("the event plays %s: # again starts %s" % (EVENT_PLAYS[er],
                                                                     ui.new_rules))
        ui.asked = None
        if running(ui):
            ui.go(U.CONFIRM)
        else:
            start(ui)


def k_confirm(ui, k):
    if k == K.OK:
        start(ui)
    elif k == K.BACK:
        ui.go(U.NEW)
    else:
        raise Refused("# starts anew, * back")


def s_confirm(ui):
    """What a new session ends: the scores as they stand (like undo's review)."""
    st = ui.ses.state
    out = []
    for s in range(4):
        out.append(fit(ui.name(s), str(st["scores"][s]), ui.cols))
    return fit("end hand %d?" % st["hand_no"], "#yes *no", ui.cols), out


def start(ui):
    """The new session, as the new-session screen sets it."""
    cfg = ui.cfg
    ev = {"event": "start", "rules": ui.new_rules, "dealer": ui.new_dealer,
          "players": list(cfg["players"]), "tag": {"table": cfg["table"]}}
    if cfg.get("tround") is not None:   # the organiser's round, with its seating
        ev["tag"]["tround"] = cfg["tround"]
    if cfg.get("resume") and ui.new_dealer == cfg.get("dealer") and ui.new_rules == cfg["rules"]:
        ev["resume"] = cfg["resume"]    # a spare device continuing the table's session
    if ui.new_rules == cfg["rules"] and cfg["settings"]:
        ev["settings"] = cfg["settings"]
    ui.lighten()
    ans = ui.ses.handle(ev)
    if not ans.get("ok"):
        ui.say(ui.refusal(ans["error"]))
        return
    if cfg["rules"] != ui.new_rules:
        cfg["rules"] = ui.new_rules
        cfg["settings"] = {}
        store(ui)
    ui.go(U.STATUS)
    ui.say("started #%d" % ui.ses.jseq)


def s_new(ui):
    # where a referee picks a ruleset, hk is named the 16-tile (Cloud Dragon Cup) table,
    # not Hong Kong old style
    lb, rid = ui.labels(), ui.new_rules
    out = ["0 rules: %s %s%s" % (rid, lb.RULES[rid], lb.HK16 if rid == "hk" else ""),
           "1-4 dealer: %d" % (ui.new_dealer + 1), "# start  * back"]
    er = other_rules(ui)
    if er is not None:
        out[1:1] = wrap("the event plays " + EVENT_PLAYS[er], ui.cols)
    for s in range(4):
        p = ui.cfg["players"][s]
        if p != str(s + 1):
            out.extend(wrap("%d %s" % (s + 1, p), ui.cols))
    return "new session", out


def open(ui):
    cfg = ui.cfg
    items = [("table", "table", "int"), ("rules", "rules", "rules"),
             ("dealer", "dealer", "seat"), ("lang", "lang", "lang")]
    defaults = ui.ses.defaults(cfg["rules"])
    for name in sorted(defaults):
        kind = "bool" if defaults[name] is True or defaults[name] is False else "int"
        items.append((name, "settings." + name, kind))
    ui.defaults = defaults
    ui.ses.release()
    for key in ("device", "organiser"):
        items.append((key, key, "show"))
    items.append(("wifi", "wifi.ssid", "show"))
    ui.items = items
    ui.go(U.SETTINGS)


def value(ui, key):
    if key.startswith("settings."):
        name = key[9:]
        return ui.cfg["settings"].get(name, ui.defaults[name])
    if key == "wifi.ssid":
        return ui.cfg["wifi"].get("ssid", "")
    if key == "lang":                   # settings older than the language: the default
        return ui.cfg.get("lang", "zh-Hant")
    return ui.cfg[key]


def put(ui, key, v):
    if key.startswith("settings."):
        ui.cfg["settings"][key[9:]] = v
    else:
        ui.cfg[key] = v
        if key == "rules":
            ui.cfg["settings"] = {}
    store(ui)


def store(ui):
    if ui.save_cfg:
        ui.save_cfg(ui.cfg)


def k_settings(ui, k):
    if k == K.BACK:
        ui.items = None
        ui.go(U.STATUS)
        return
    if k != K.OK:
        ui.scroll(k, len(ui.items))
        return
    label, key, kind = ui.items[ui.cur]
    if kind == "bool":
        put(ui, key, not value(ui, key))
    elif kind == "rules":
        r = K.RULESETS
        put(ui, key, r[(r.index(value(ui, key)) + 1) % len(r)])
        open(ui)
        ui.cur = 1
    elif kind == "lang":                # the names' language: the next one
        from settings import LANGS
        put(ui, key, LANGS[(LANGS.index(value(ui, key)) + 1) % len(LANGS)])
    elif kind in ("int", "seat"):
        ui.typed = ""
        ui.mode = U.EDIT
    else:                               # set when deployed: shown whole, for a while
        ui.say("%s: %s" % (named(ui, label), value(ui, key) or "none"))


def k_edit(ui, k):
    label, key, kind = ui.items[ui.cur]
    if k == K.BACK:
        if ui.typed:
            ui.typed = ui.typed[:-1]
        else:
            ui.mode = U.SETTINGS
    elif kind == "seat":
        if not "1" <= k <= "4":
            raise Refused("a seat 1-4")
        put(ui, key, ord(k) - 49)
        ui.mode = U.SETTINGS
    elif "0" <= k <= "9" and len(ui.typed) < 5:
        ui.typed += k
    elif k == K.OK and ui.typed:
        put(ui, key, int(ui.typed))
        ui.mode = U.SETTINGS
    else:
        raise Refused("digits, then #")


def named(ui, label):
    """A settings row's name in the settings' language."""
    from ui import setnames
    return setnames.name(label, ui.cfg.get("lang", "zh-Hant"))


def s_settings(ui):
    lb = ui.labels()
    out = []
    for i, (label, key, kind) in enumerate(ui.items):
        v = value(ui, key)
        if kind == "seat":
            v = v + 1
        elif kind == "rules":
            v = lb.RULES[v]
        elif kind == "show" and v:      # set when deployed: a long one shows its start
            v = v[:8] + ".." if len(v) > 10 else v
        # the label cut, never the value nor the cursor: ">" then the label
        out.append(fit((">" if i == ui.cur else " ") + named(ui, label), str(v), ui.cols))
    return "settings", out


def s_edit(ui):
    label, key, kind = ui.items[ui.cur]
    return named(ui, label), [ui.typed + "_", "1-4" if kind == "seat" else "digits, # ok",
                   "* back"]
