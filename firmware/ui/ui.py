# The screens: one state machine driven by key presses.  It changes the table only
# through the session (preview, then save on the review screen: the session is the
# screens' only door into the table) and the settings only through the settings file;
# it never touches pins, panels or sockets.
#
# ui.key(k, long) takes one key ("0".."9", "A".."D", "*", "#"); ui.screen() describes the
# screen as rows of text, the first one the title; a row starting with "\x01" is drawn
# inverted.  docs/keys.md shows every screen's keys.  This module holds the state and the
# preview (review()); every screen is a module of its own (PARTS: status, typed, review,
# setup, events, history...), each a key(ui, k) and a show(ui).  Which of them stay in the
# heap, and when, is heap.py's (SCREENS, PEAK).

import gc
import sys
import time
import heap
from ui import keymap as K, cells, cut
from ui.keymap import Refused

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
CONFIRM = 11        # a new session over a running one: what it ends, # to go on
OPENED = 12         # one saved event from the history: its elements and payments
INV = "\x01"
LEAN = sys.implementation.name != "cpython"
BANNER_MS = 4000    # a message goes after this long (or at the next key): never over
                    # the scores for good
# The screen module (ui/<name>.py) of each mode: the typed hand's entry and from screens
# (typed), its review (review).  On a tight heap only the shown screen's module stays
# loaded (heap.SCREENS), with the typed hand's entry (ui/entry.py) while it is typed.
PARTS = ("status", "typed", "typed", "review", "words", "events", "events", "setup", "history",
         "setup", "setup", "setup", "history")
# The screens' names in each language (`lang`): ui/labels.py is Traditional Chinese's
LABELS = {"zh-Hans": "labels_hans", "en": "labels_en"}
LAID = (None, (), ("",))    # no rows laid out (UI.rows_of)

if hasattr(time, "ticks_ms"):
    ticks = time.ticks_ms
    since = time.ticks_diff
else:                                   # CPython (tests, host tools)
    def ticks():
        return int(time.monotonic() * 1000)

    def since(a, b):
        return a - b


def wrap(s, cols):
    """s cut into rows of at most cols cells, at a space where there is one."""
    out = []
    row = ""
    rw = 0                              # the row's cells, counted as it grows
    for word in s.split(" "):
        w = cells(word)
        if row and rw + 1 + w <= cols:
            row += " " + word
            rw += 1 + w
            continue
        if row and w > cols and rw + 2 <= cols:
            row += " "                  # a word longer than a row goes on from here
            rw += 1
        else:
            if row:
                out.append(row)
            row = ""
            rw = 0
            if w <= cols:               # on a row of its own, whole: no string made a
                row = word              # character at a time (each is a qstr lookup on
                rw = w                  # a loaded board: the entry's rows, every key)
                continue
        for ch in word:                 # a word longer than a row (or Chinese) is cut
            c = cells(ch)
            if row and rw + c > cols:
                out.append(row)
                row = ""
                rw = 0
            row += ch
            rw += c
    out.append(row)
    return out


def load(name):
    """A module of the ui package by name (loaded when first needed; from a `.mpy` file,
    with a file's piece lent to its open: heap.load)."""
    return heap.load("ui." + name)


def word(labels, w):
    """A context word as the labels (ui/labels*.py) name it; a chain of n draws (sh) by n."""
    if w.startswith("chain_"):
        return labels.CHAIN + w[6:]
    return labels.WORDS.get(w, w)


def fit(left, right, cols):
    """left and right on one row, right-aligned, left cut to make room (right itself cut
    to the row when it alone is too wide)."""
    right = cut(right, cols)
    left = cut(left, cols - cells(right) - 1) if right else cut(left, cols)
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
        self.info = None            # (rules id, sets, context words, events menu)
        self.winds = None           # (state, the four seat winds)
        self.mode = STATUS
        self.top = 0                # first body row shown
        self.cur = 0                # cursor in lists
        self.msg = ""               # a message: say()
        self.msg_at = 0
        self.msg_ms = BANNER_MS
        self.why = None             # the from screen: why the hand was refused
        self.dropped = ()           # the review: context words that change nothing
        self.words_back = FROM
        self.chain = None           # WORDS: the digits of a streak's number being typed
        self.wants = None           # an event to preview once the key's screen returned
        self.entry = None           # the typed hand (ui/entry.py's Entry): hand()
        self.stash = None           # the same as plain data while a win is scored
        self.ev = None              # the event being built or reviewed
        self.pv = None              # its preview
        self.fields = None          # FIELD: [(field, kind)] still to ask
        self.typed = ""             # FIELD / EDIT: digits typed
        self.rob = False
        self.new_rules = None
        self.asked = None           # the ruleset a referee was asked about (setup.k_new)
        self.new_dealer = 0
        self.items = None           # SETTINGS: [(label, key, kind)]
        self.opened = None          # OPENED: (the record's lines, the history's cursor)
        self.clock = None           # the round clock (roundclock.Clock), where there is one
        self.clock_step = 1         # its time shown by the second (60: by the minute)
        self.collect = True         # key() collects; the application does it after drawing
        self.defer = False          # the review's dropped words found once it is drawn
                                    # (later()): the application's; else at once
        self._laid = LAID           # rows_of(): the entry's (title, lines, rows) laid out
        self._labels = None         # (lang, the labels module): labels()
        self._part = None           # (name, the screen module last asked for): part()
        self.rest = None            # the application's: lays its display aside while an
                                    # event is scored on a tight heap (preview())

    # -- messages -----------------------------------------------------------------------

    def say(self, text, ms=BANNER_MS):
        """A message for the screen: in the title row when it fits there, else a banner
        over the bottom rows.  It goes at the next key or after ms (0: only at the next
        key, never on the status screen, whose scores it would cover)."""
        self.msg = text
        self.msg_at = ticks()
        self.msg_ms = ms

    def expired(self):
        """True (once) when the message's time is up: the screen is to be drawn again."""
        if not self.msg:
            return False
        ms = self.msg_ms or (BANNER_MS if self.mode == STATUS else 0)
        if ms and since(ticks(), self.msg_at) >= ms:
            self.msg = ""
            return True
        return False

    # -- the table ----------------------------------------------------------------------

    def name(self, s):
        """Seat s as the screens name it: its number, and the player's whole name if it has
        one (rows cut it with fit(); the status screen's second page shows it whole)."""
        st = self.ses.state
        p = (st["players"] if st else self.cfg["players"])[s]
        return p if p == str(s + 1) else "%d %s" % (s + 1, p)

    def ruleset(self):
        """The session's ruleset facts, asked once per ruleset (Session.facts); those asked
        last while the session's state is on flash (a win refused for memory)."""
        st = self.ses.state
        if st is None and self.info is not None:
            return self.info
        rid = st["rules"]
        if self.info is None or self.info[0] != rid:
            n, words, menu = self.ses.facts(rid)
            self.info = (rid, n, K.SCREEN_WORDS.get(rid, words), menu)
        return self.info

    def seat_winds(self):
        st = self.ses.state
        if self.winds is None or self.winds[0] is not st:
            self.winds = (st, self.ses.seat_winds())
            self.ses.release()
        return self.winds[1]

    # -- keys ---------------------------------------------------------------------------

    def key(self, k, long=False):
        """One key press; True when the screen changed."""
        if long and k == K.BACK:
            self.go(STATUS)
            self.msg = ""
            return True
        self.msg = ""
        try:
            mode = self.mode
            if mode == ENTRY or mode == FROM:
                self.part("typed").key(self, k, long)
            else:
                self.part(PARTS[mode]).key(self, k)
                if long and mode == STATUS and self.mode == ENTRY:
                    self.entry.press("0")       # a winner's key held: its flowers first
            w = self.wants
            if w is not None:                   # the screen's module has returned: the
                self.wants = None               # preview without it
                self.preview(w[0], w[1])
        except Refused as e:
            self.say(str(e))
        except MemoryError:
            self.short()
            from session import SHORT   # a text the session holds: nothing new in the heap
            self.say(SHORT)
        if LEAN and self.collect:
            gc.collect()        # between key presses, while nothing waits
        return True

    def go(self, mode, cur=0):
        self.mode = mode
        self.top = 0
        self.cur = cur
        self.chain = None
        if mode not in (ENTRY, FROM, REVIEW, WORDS):
            self.entry = None               # the hand typed is saved or given up
            self.stash = None
        if not heap.roomy():
            self.trim()

    def shed(self, rows, keep=None):
        """The screens' modules named in heap's rows (keep aside) leave the heap, and the
        names and module kept at hand with them (drawing loads them again)."""
        self._labels = self._part = None
        for row in rows:
            heap.forget_all(row, keep, "ui.")

    def trim(self):
        """Only the shown screen's module stays loaded (and the entry's, with a hand; from
        `.mpy` files the review and the words screen keep the hand as plain data: hand()
        makes it anew).  Frozen, the entry's module costs the heap only its functions, and
        making it anew after the words screen cut a 24 KB heap too fine for its import
        (docs/memory.md, "Hong Kong frozen at 24 KB")."""
        self.shed((heap.SCREENS, heap.STEPS), PARTS[self.mode])
        if (heap.FILES and self.entry is not None
                and (self.mode == REVIEW or self.mode == WORDS)):
            self.stash = self.entry.data()
            self.entry = None
        if self.entry is None:
            heap.forget("ui.entry")

    def hand(self):
        """The typed hand (an Entry), made anew from its plain data (stash) where a win
        was scored without it."""
        if self.entry is None and self.stash is not None:
            self.entry = load("entry").again(self.stash)
            self.stash = None
        return self.entry

    def short(self):
        """Out of memory in a key or a drawing: the screens not shown and the session's
        modules go, and the session's recovery drops what an import cut short left in
        sys.modules' table (the module, with what it had imported by then)."""
        try:
            self.trim()
        except MemoryError:     # no room even for a module's name: the session's step frees
            pass
        self.ses.release(True)

    def lighten(self):
        """Before the session's peak (a save, a start) on a tight heap: the screens' names
        go (drawing loads them again), and the application's display (rest)."""
        if not heap.roomy():
            self.shed((heap.PEAK,))
            if self.rest is not None:
                self.rest()

    def part(self, name):
        """A screen module, loaded when first needed; the last one asked for is kept at
        hand until the heap's screens go (trim, lighten, preview), as a screen asks for its
        module at each key and each drawing (__import__ looks a dotted name up part by
        part: a millisecond on a Pico)."""
        p = self._part
        if p is None or p[0] != name:
            p = self._part = (name, load(name))
        return p[1]

    def labels(self):
        """What the screens call things, in the settings' language (ui/labels*.py): kept
        at hand until the heap's names go (trim, lighten), as every screen asks for them
        (__import__ looks a dotted name up part by part: a millisecond on a Pico)."""
        lang = self.cfg.get("lang")
        lb = self._labels
        if lb is None or lb[0] != lang:
            lb = self._labels = (lang, load(LABELS.get(lang, "labels")))
        return lb[1]

    def named(self, pv):
        """A preview or a record as the screens show it: its elements named in the
        settings' language (the session's in_lang), where they differ from the scorer's
        (Traditional Chinese, sh's Simplified, riichi's romaji): the names module is loaded
        only then."""
        lang = self.cfg.get("lang", "zh-Hant")
        res = pv.get("result")
        if res and (lang != "zh-Hant" or res.get("rules") in ("sh", "riichi")):
            return self.ses.in_lang(pv, lang)
        return pv

    def refusal(self, err):
        """A refusal's text in the settings' language: a win the ruleset does not allow
        names the elements it counted as the review would (the answer's "detail"); the
        game's terms a ruleset's rule names in Chinese, in the language (ui/terms.py,
        loaded only for a text that has such a term)."""
        lang = self.cfg.get("lang", "zh-Hant")
        if "detail" in err and (lang != "zh-Hant" or err["detail"].get("rules") == "sh"):
            text = self.ses.refusal(err["detail"], lang)
        else:
            text = err["message"]
        for ch in text:
            if ord(ch) > 0x7F:
                break
        else:                           # (a refusal for memory among them: nothing loaded)
            if lang == "en" or " fan " not in text:
                return text
        from ui import terms
        text = terms.terms(text, lang)
        heap.forget("ui.terms")         # only while a refusal is said
        return text

    def status_lines(self):
        return self.part("status").lines(self)

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

    def review(self, ev, back=STATUS):
        """Preview ev and show it for review, once the screen that asks has returned
        (key(): its module need not stay in the heap while the event is scored)."""
        self.wants = (ev, back)

    def preview(self, ev, back):
        """review()'s preview; a refusal stays on the screen before (the from screen
        lists it in its body, where it stays until a key)."""
        self.ev = ev
        self.back_to = back
        if not heap.roomy():
            # the screens' names and modules leave while the event is scored (drawing
            # loads them again), the typed hand as plain data without its module (the
            # from screen makes it anew: hand()), and what the application lays aside
            # (its display: made anew to draw the next screen)
            self.shed((heap.PEAK, heap.SCREENS))
            if self.entry is not None:
                self.stash = self.entry.data()
                self.entry = None
            heap.forget("ui.entry")
            if self.rest is not None:
                self.rest()
        pv = self.ses.preview(ev)
        if not pv.get("ok"):
            if self.mode == FROM:
                self.why = self.refusal(pv["error"])
            else:
                self.say(self.refusal(pv["error"]))
            return
        # the words the rules drop: now, or once the review is drawn (later())
        self.dropped = None if self.defer else self.ses.words_dropped(pv)
        # a copy named in the settings' language, for this review (the journal keeps the
        # scorer's own names: save() writes what was previewed)
        pv = self.named(pv)
        self.pv = pv
        self.go(REVIEW)

    def later(self):
        """What a screen shows that may come once it is drawn, in the pause before the next
        key (the application calls it after drawing): the review's words that change
        nothing (the hand scored again without each), listed below its elements, most
        often on a page after the first.  True when the screen changed."""
        if self.mode != REVIEW or self.dropped is not None or self.pv is None:
            return False
        return self.part("review").later(self)

    # -- what the screen shows ----------------------------------------------------------

    def screen(self):
        """The screen's rows; short of memory, drawn once more after short(); a second
        failure goes to the caller (the application's fault row), what it left dropped."""
        try:
            return self.rows_of()
        except MemoryError:
            self.short()
        try:
            return self.rows_of()
        except MemoryError:
            self.short()
            raise

    def rows_of(self):
        mode = self.mode
        title, lines = self.part(PARTS[mode]).show(self)
        body = self.rows - 1
        # the entry's rows laid out at the key before: a title or line the same keeps its
        # row (a key changes one or two; a row laid out costs a Pico about a millisecond)
        was_title, was_lines, was = self._laid
        rows = [was[0] if title == was_title else INV + fit(title, "", self.cols)]
        if mode == REVIEW and len(lines) > body:
            # a review longer than the screen: its keys on the bottom row of every page
            lines = lines[self.top:self.top + body - 1] + lines[-1:]
        else:
            lines = lines[self.top:self.top + body]
        n = len(was_lines)
        for j in range(len(lines)):
            line = lines[j]
            if j < n and line == was_lines[j]:
                rows.append(was[j + 1])
            elif type(line) is tuple:   # (left, right): a review's row, laid out when shown
                rows.append(fit(line[0], line[1], self.cols))
            else:
                rows.append(fit(line, "", self.cols))
        self._laid = (title, lines, rows) if mode == ENTRY else LAID   # (kept for the entry
        self.expired()                                                  # alone: its heap)
        m = self.msg
        if m:
            rows = rows[:]              # (the rows laid out stay as they were)
            if cells(m) <= self.cols:       # in the title row: the body stays whole
                rows[0] = INV + fit(m, "", self.cols)
            else:                           # a banner over the bottom rows, for a while
                m = wrap(m, self.cols)[:self.rows - 1]
                rows = rows[:max(1, self.rows - len(m))]
                for line in m:
                    rows.append(INV + fit(line, "", self.cols))
        return rows


def item_value(it, labels):
    """A scoring element's value as the review shows it."""
    if "hua" in it:
        return labels.HUA % it["hua"]
    if "multiplier" in it:
        return "x%d" % it["multiplier"]
    return str(it["value"] * it["count"])
