# The screens: one state machine driven by key presses.  It changes the table only
# through the session (preview, then confirm on the review screen) and the settings
# only through the settings file; it never touches pins, panels or sockets.
#
# ui.key(k, long) takes one key ("0".."9", "A".."D", "*", "#"); ui.screen() describes the
# screen as rows of text, the first one the title; a row starting with "\x01" is drawn
# inverted.  docs/keys.md shows every screen's keys.

import gc
import sys
from ui import keymap as K
from ui.entry import Entry, Refused

STATUS = 0
ENTRY = 1
FROM = 2
REVIEW = 3
WORDS = 4
MENU = 5
FIELD = 6
NEW = 7
HISTORY = 8
SETTINGS = 9
EDIT = 10
INV = "\x01"
LEAN = sys.implementation.name == "micropython"


def cells(s):
    """Width of s in text cells: a CJK character takes two."""
    n = 0
    for ch in s:
        n += 2 if ord(ch) >= 0x2E80 else 1
    return n


def wrap(s, cols):
    """s cut into rows of at most cols cells, at a space where there is one."""
    out = []
    row = ""
    for word in s.split(" "):
        if row and cells(row) + 1 + cells(word) <= cols:
            row += " " + word
            continue
        if row:
            out.append(row)
        row = ""
        for ch in word:                 # a word longer than a row (or Chinese) is cut
            if cells(row) + cells(ch) > cols:
                out.append(row)
                row = ""
            row += ch
    out.append(row)
    return out


def fit(left, right, cols):
    """left and right on one row, right-aligned, left cut to make room."""
    room = cols - cells(right) - 1
    while cells(left) > room:
        left = left[:-1]
    return left + " " * (cols - cells(left) - cells(right)) + right


def signed(v):
    return "+%d" % v if v > 0 else str(v)


class UI:
    def __init__(self, session, cfg, rows=5, cols=21, save_cfg=None, net=None):
        self.ses = session
        self.cfg = cfg
        self.rows = rows
        self.cols = cols
        self.save_cfg = save_cfg    # writes the settings file (settings.save)
        self.net = net              # the uploader's counters: waiting, last_ok, error
        self.on_saved = None        # called after each save (wakes the uploader)
        self.info = None            # (rules id, sets, context words, events menu)
        self.winds = None           # (state, the four seat winds)
        self.mode = STATUS
        self.top = 0                # first body row shown
        self.cur = 0                # cursor in lists
        self.msg = ""
        self.words_back = FROM
        self.entry = None
        self.ev = None              # the event being built or reviewed
        self.pv = None              # its preview
        self.fields = None          # FIELD: [(field, kind)] still to ask
        self.typed = ""             # FIELD / EDIT: digits typed
        self.rob = False
        self.new_rules = None
        self.new_dealer = 0
        self.items = None           # SETTINGS: [(label, key, kind)]

    # -- the table ----------------------------------------------------------------------

    def name(self, s):
        """Seat s as the screens name it: its number, and the player's name if it has one."""
        st = self.ses.state
        p = (st["players"] if st else self.cfg["players"])[s]
        return p if p == str(s + 1) else "%d %s" % (s + 1, p[:8])

    def ruleset(self):
        """The session's ruleset info, read once per ruleset (loads and drops its modules)."""
        rid = self.ses.state["rules"]
        if self.info is None or self.info[0] != rid:
            try:
                n, words, menu = K.ruleset_info(rid)
            except MemoryError:         # what the session kept took the room: once more
                self.ses.release(True)
                n, words, menu = K.ruleset_info(rid)
            self.info = (rid, n, words, menu)
            self.ses.release()
        return self.info

    def seat_winds(self):
        st = self.ses.state
        if self.winds is None or self.winds[0] is not st:
            import commit
            hk = commit.hooks(st["rules"])
            self.winds = (st, [hk.seat_wind(st, s) for s in range(4)])
            self.ses.release()
        return self.winds[1]

    # -- keys ---------------------------------------------------------------------------

    def key(self, k, long=False):
        """One key press; True when the screen changed."""
        if long and k == K.BACK:
            self.go(STATUS)
            return True
        self.msg = ""
        try:
            (self.k_status, self.k_entry, self.k_from, self.k_review, self.k_words,
             self.k_menu, self.k_field, self.k_new, self.k_history, self.k_settings,
             self.k_edit)[self.mode](k)
        except Refused as e:
            self.msg = str(e)
        if LEAN:
            gc.collect()        # between key presses, while nothing waits
        return True

    def go(self, mode, cur=0):
        self.mode = mode
        self.top = 0
        self.cur = cur

    def scroll(self, k, n):
        """A/B move the cursor over n items (and the window with it)."""
        if k == K.UP and self.cur > 0:
            self.cur -= 1
        elif k == K.DOWN and self.cur < n - 1:
            self.cur += 1
        else:
            return False
        body = self.rows - 1
        if self.cur < self.top:
            self.top = self.cur
        elif self.cur >= self.top + body:
            self.top = self.cur - body + 1
        return True

    def page(self, k, n):
        """A/B move the window over n rows of a screen without a cursor."""
        if k == K.UP and self.top > 0:
            self.top -= 1
        elif k == K.DOWN and self.top < n - (self.rows - 1):
            self.top += 1

    def k_status(self, k):
        st = self.ses.state
        if k == K.NEW_KEY:                  # the settings' ruleset: the organiser may change it
            self.new_rules = self.cfg["rules"]
            self.new_dealer = self.cfg.get("dealer", 0)
            self.go(NEW)
        elif k == K.SETTINGS_KEY:
            self.open_settings()
        elif st is None:
            raise Refused("no session: 0 starts one")
        elif "1" <= k <= "4":
            self.ev = {"event": "win", "winner": ord(k) - 49}
            self.entry = Entry(self.ruleset()[1])
            self.go(ENTRY)
        elif k == K.DRAW_KEY:
            self.review({"event": "draw"})
        elif k == K.UNDO_KEY:
            self.review({"event": "undo"})
        elif k == K.EVENTS_KEY:
            if not self.ruleset()[3]:
                raise Refused("this ruleset has no events of its own")
            self.go(MENU)
        elif k == K.HISTORY_KEY:
            self.go(HISTORY)
        elif k == K.PAGE_KEY:
            self.top += self.rows - 1
            if self.top >= len(self.status_lines()):
                self.top = 0

    def k_entry(self, k):
        e = self.entry
        if k == K.BACK:
            if not e.back():
                self.go(STATUS)
            return
        e.press(k)
        if e.done():
            self.rob = False
            self.go(FROM)

    def k_from(self, k):
        if k == K.BACK:
            self.entry.back()
            self.go(ENTRY)
        elif k == K.ROBKONG:
            self.rob = not self.rob
        elif k == K.FLAGS_KEY:
            if "hand" not in self.ev:       # the words go with the hand typed so far
                self.ev["hand"] = self.entry.hand()
            self.words_back = FROM
            self.go(WORDS)
        elif "1" <= k <= "4":
            s = ord(k) - 49
            ev = self.ev
            h = self.entry.hand()
            flags = (ev.get("hand") or {}).get("flags")
            if flags:
                h["flags"] = flags
            ev["hand"] = h
            if s == ev["winner"]:
                if self.rob:
                    raise Refused("a robbed kong is another's")
                ev.pop("from", None)
                h["by"] = "self"
            else:
                ev["from"] = s
                h["by"] = "robkong" if self.rob else "discard"
            self.review(ev, FROM)

    def review(self, ev, back=STATUS):
        """Preview ev and show it for review; a refusal stays on the screen before."""
        self.ev = ev
        self.back_to = back
        pv = self.ses.preview(ev)
        if not pv.get("ok"):
            self.msg = pv["error"]["message"]
            return
        self.pv = pv
        self.go(REVIEW)

    def k_review(self, k):
        if k == K.OK:
            ans = self.ses.confirm()
            if not ans.get("ok"):           # the review stays: save may be pressed again
                self.msg = ans["error"]["message"]
                return
            self.pv = None
            self.go(STATUS)
            self.msg = "saved #%d" % self.ses.jseq
            if self.on_saved:
                self.on_saved()
        elif k == K.BACK:
            self.pv = None
            self.go(self.back_to)
        elif k == K.FLAGS_KEY and self.ev["event"] == "win":
            self.pv = None
            self.words_back = REVIEW
            self.go(WORDS)
        else:
            self.page(k, len(self.review_lines()))

    def k_words(self, k):
        words = self.ruleset()[2]
        h = self.ev["hand"]
        flags = h.get("flags") or []
        if k == K.TOGGLE:
            w = words[self.cur]
            if w in flags:
                flags.remove(w)
            else:
                flags.append(w)
            if flags:
                h["flags"] = flags
            else:
                h.pop("flags", None)
        elif k in (K.OK, K.BACK):
            self.go(FROM)           # a refused preview stays on the from screen
            if self.words_back == REVIEW:
                self.review(self.ev, FROM)
        else:
            self.scroll(k, len(words))

    def k_menu(self, k):
        menu = self.ruleset()[3]
        if k == K.BACK:
            self.go(STATUS)
            return
        if "1" <= k <= "9" and ord(k) - 49 < len(menu):
            self.cur = ord(k) - 49
        elif k != K.OK:
            self.scroll(k, len(menu))
            return
        name, fields = menu[self.cur]
        self.ev = {"event": name}
        self.fields = list(fields)
        self.typed = ""
        self.go(FIELD)

    def k_field(self, k):
        f, kind = self.fields[0]
        if k == K.BACK:
            if self.typed:
                self.typed = self.typed[:-1]
            else:
                self.go(MENU)
            return
        if kind == "int":
            if "0" <= k <= "9" and len(self.typed) < 3:
                self.typed += k
                return
            if k != K.OK or not self.typed:
                raise Refused("digits, then #")
            self.ev[f] = int(self.typed)
        elif kind == "opt" and k == K.OK:
            pass
        elif "1" <= k <= "4":
            self.ev[f] = ord(k) - 49
        else:
            raise Refused("a seat 1-4" + (", # none" if kind == "opt" else ""))
        self.typed = ""
        self.fields.pop(0)
        if not self.fields:
            self.review(self.ev, MENU)

    def k_new(self, k):
        if k == K.NEW_RULES:
            r = K.RULESETS
            self.new_rules = r[(r.index(self.new_rules) + 1) % len(r)]
        elif "1" <= k <= "4":
            self.new_dealer = ord(k) - 49
        elif k == K.BACK:
            self.go(STATUS)
        elif k == K.OK:
            cfg = self.cfg
            ev = {"event": "start", "rules": self.new_rules, "dealer": self.new_dealer,
                  "players": list(cfg["players"]), "tag": {"table": cfg["table"]}}
            if cfg.get("tround") is not None:   # the organiser's round, with its seating
                ev["tag"]["tround"] = cfg["tround"]
            if self.new_rules == cfg["rules"] and cfg["settings"]:
                ev["settings"] = cfg["settings"]
            ans = self.ses.handle(ev)
            if not ans.get("ok"):
                self.msg = ans["error"]["message"]
                return
            if cfg["rules"] != self.new_rules:
                cfg["rules"] = self.new_rules
                cfg["settings"] = {}
                self.store()
            self.go(STATUS)
            self.msg = "started #%d" % self.ses.jseq
            if self.on_saved:
                self.on_saved()

    def k_history(self, k):
        if k == K.BACK:
            self.go(STATUS)
        else:
            self.scroll(k, len(self.ses.stack))

    # -- settings -----------------------------------------------------------------------

    def open_settings(self):
        import commit
        cfg = self.cfg
        items = [("table", "table", "int"), ("rules", "rules", "rules"),
                 ("dealer", "dealer", "seat")]
        defaults = commit.hooks(cfg["rules"]).SETTINGS
        for name in sorted(defaults):
            kind = "bool" if defaults[name] is True or defaults[name] is False else "int"
            items.append((name, "settings." + name, kind))
        self.defaults = dict(defaults)
        self.ses.release()
        for key in ("device", "organiser"):
            items.append((key, key, "show"))
        items.append(("wifi", "wifi.ssid", "show"))
        self.items = items
        self.go(SETTINGS)

    def value(self, key):
        if key.startswith("settings."):
            name = key[9:]
            return self.cfg["settings"].get(name, self.defaults[name])
        if key == "wifi.ssid":
            return self.cfg["wifi"].get("ssid", "")
        return self.cfg[key]

    def put(self, key, v):
        if key.startswith("settings."):
            self.cfg["settings"][key[9:]] = v
        else:
            self.cfg[key] = v
            if key == "rules":
                self.cfg["settings"] = {}
        self.store()

    def store(self):
        if self.save_cfg:
            self.save_cfg(self.cfg)

    def k_settings(self, k):
        if k == K.BACK:
            self.items = None
            self.go(STATUS)
            return
        if k != K.OK:
            self.scroll(k, len(self.items))
            return
        label, key, kind = self.items[self.cur]
        if kind == "bool":
            self.put(key, not self.value(key))
        elif kind == "rules":
            r = K.RULESETS
            self.put(key, r[(r.index(self.value(key)) + 1) % len(r)])
            self.open_settings()
            self.cur = 1
        elif kind in ("int", "seat"):
            self.typed = ""
            self.mode = EDIT
        else:
            raise Refused("set when the board is deployed")

    def k_edit(self, k):
        label, key, kind = self.items[self.cur]
        if k == K.BACK:
            if self.typed:
                self.typed = self.typed[:-1]
            else:
                self.mode = SETTINGS
        elif kind == "seat":
            if not "1" <= k <= "4":
                raise Refused("a seat 1-4")
            self.put(key, ord(k) - 49)
            self.mode = SETTINGS
        elif "0" <= k <= "9" and len(self.typed) < 5:
            self.typed += k
        elif k == K.OK and self.typed:
            self.put(key, int(self.typed))
            self.mode = SETTINGS
        else:
            raise Refused("digits, then #")

    # -- what the screen shows ----------------------------------------------------------

    def screen(self):
        title, lines = (self.s_status, self.s_entry, self.s_from, self.s_review,
                        self.s_words, self.s_menu, self.s_field, self.s_new,
                        self.s_history, self.s_settings, self.s_edit)[self.mode]()
        body = self.rows - 1
        rows = [INV + fit(title, "", self.cols)]
        for line in lines[self.top:self.top + body]:
            rows.append(line)
        if self.msg:
            m = wrap(self.msg, self.cols)[:self.rows - 2]
            rows = rows[:max(1, self.rows - len(m))]
            for line in m:
                rows.append(INV + line)
        return rows

    def status_lines(self):
        st = self.ses.state
        if st is None:
            out = ["0 new session", "D settings"]
            if self.cfg.get("_error"):
                out.insert(0, self.cfg["_error"])
            return out
        from ui import labels
        winds = self.seat_winds()
        out = []
        for s in range(4):
            mark = "*" if s == st["dealer"] else " "
            out.append(fit(labels.WINDS[winds[s]] + mark + self.name(s), str(st["scores"][s]),
                           self.cols))
        more = []
        if st["streak"]:
            more.append("連%d" % st["streak"])
        if st["huang"]:
            more.append("荒%d" % st["huang"])
        if st.get("over"):
            more.append("game over: 0 new")
        net = self.net
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
        if self.cfg.get("_error"):
            out.append(self.cfg["_error"])
        out.append("1-4 win A draw")
        out.append("B event C history")
        out.append("* undo 0 new D set")
        return out

    def s_status(self):
        st = self.ses.state
        if st is None:
            return "T%s no session" % self.cfg["table"], self.status_lines()
        from ui import labels
        return ("T%s %s %s%d" % (self.cfg["table"], labels.RULES[st["rules"]],
                                labels.WINDS[st["round"]], st["hand_no"]), self.status_lines())

    def s_entry(self):
        e = self.entry
        out = wrap(e.show(), self.cols)
        out.append("ABCD 0吃 #碰 *back")
        return ("%s 和 %d/%d %s" % (self.name(self.ev["winner"]), e.count, e.target,
                                    "萬筒索字花"[e.suit]), out)

    def s_from(self):
        w = self.ev["winner"]
        flags = (self.ev.get("hand") or {}).get("flags")
        out = ["1-4 who paid in", "%d self-drawn 自摸" % (w + 1),
               "0 robbed kong: %s" % ("yes" if self.rob else "no"),
               "C words" + (": %d on" % len(flags) if flags else "")]
        out.extend(wrap(self.entry.show(), self.cols))
        return "%s 和: from?" % self.name(w), out

    def review_lines(self):
        from ui import labels
        pv = self.pv
        out = []
        res = pv.get("result")
        if res:
            for it in res["items"]:
                if "hua" in it:
                    v = "花%d" % it["hua"]
                elif "multiplier" in it:
                    v = "x%d" % it["multiplier"]
                else:
                    v = str(it["value"] * it["count"])
                out.append(fit(it["name"], v, self.cols))
        if "undoes" in pv:           # an undo: the scores it brings back
            out.append("takes back #%d" % pv["undoes"])
            for s in range(4):
                out.append(fit(self.name(s), str(pv["state"]["scores"][s]), self.cols))
        else:
            pay = pv["payments"]
            for s in range(4):
                if pay[s]:
                    out.append(fit(self.name(s), signed(pay[s]), self.cols))
            if not any(pay):
                out.append("no payments")
        out.append("# save * back" + (" C words" if res else ""))
        return out

    def s_review(self):
        from ui import labels
        ev = self.ev
        res = self.pv.get("result")
        if res:
            title = "%s %d%s" % (self.name(ev["winner"]), res["total"],
                                 labels.UNITS.get(res["unit"], res["unit"]))
        else:
            title = labels.event(ev["event"])
        return title, self.review_lines()

    def s_words(self):
        from ui import labels
        flags = self.ev["hand"].get("flags") or []
        out = []
        for i, w in enumerate(self.ruleset()[2]):
            out.append((">" if i == self.cur else " ") + ("[x]" if w in flags else "[ ]")
                       + labels.word(w))
        return "0 on/off # done", out

    def s_menu(self):
        from ui import labels
        out = []
        for i, (name, _) in enumerate(self.ruleset()[3]):
            out.append((">" if i == self.cur else " ") + "%d %s" % (i + 1, labels.event(name)))
        return "events", out

    def s_field(self):
        from ui import labels
        f, kind = self.fields[0]
        out = []
        if kind == "int":
            out.append(self.typed + "_")
            out.append("digits, # ok")
        else:
            for s in range(4):
                out.append(self.name(s))
            if kind == "opt":
                out.append("# none")
        return "%s: %s?" % (labels.event(self.ev["event"]), labels.FIELDS.get(f, f)), out

    def s_new(self):
        from ui import labels
        out = ["0 rules: %s %s" % (self.new_rules, labels.RULES[self.new_rules]),
               "1-4 dealer: %d" % (self.new_dealer + 1), "# start  * back"]
        for s in range(4):
            p = self.cfg["players"][s]
            if p != str(s + 1):
                out.append("%d %s" % (s + 1, p))
        return "new session", out

    def s_history(self):
        from ui import labels
        import journal
        stack = self.ses.stack
        out = []
        if self.ses.jpath is None:
            return "history", ["no journal"]
        j = journal.Journal(self.ses.jpath)
        n = len(stack)
        for i in range(self.top, min(n, self.top + self.rows - 1)):
            off = stack[n - 1 - i]
            rec = j.read(off)
            ev = rec["event"]
            line = "%s%d %s" % (">" if i == self.cur else " ", j.seq_at(off),
                                labels.event(ev.get("event", "")))
            if "winner" in ev:
                line += " %d" % (ev["winner"] + 1)
            res = rec.get("result")
            if res:
                line += " %d" % res["total"]
            out.append(line)
            rec = None
        # rows above the window are blank: screen() shows lines from self.top
        return "history (%d)" % n, [""] * self.top + out

    def s_settings(self):
        out = []
        for i, (label, key, kind) in enumerate(self.items):
            v = self.value(key)
            if kind == "seat":
                v = v + 1
            out.append(fit((">" if i == self.cur else " ") + label, str(v), self.cols))
        return "settings", out

    def s_edit(self):
        label, key, kind = self.items[self.cur]
        return label, [self.typed + "_", "1-4" if kind == "seat" else "digits, # ok",
                       "* back"]
