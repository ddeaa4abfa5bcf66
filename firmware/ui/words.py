# The context words screen of a win (from the from screen's C, or the review's): each word
# on or off by its number, nine a page.  Loaded while it is shown (ui.PARTS, heap.SCREENS).
#
#   1-9     the word of that number on the cursor's page on or off (one key a word)
#   D       the next nine words (from the last page: the first); A/B move, 0 the cursor's
#   # *     done: back to the from screen (or the review, scored again)
#
# A ruleset with many words has them in the order of how often a hand brings them
# (ORDER); Hong Kong's streak of replacement draws (chain_2 ... chain_12) is one word,
# "chain_", whose number is typed after it (digits, #).  A word the scorer refuses
# without another sets that one too (IMPLIES).

from ui import keymap as K
from ui import ui as U
from ui.keymap import Refused

PAGE = 9
NEXT_PAGE = "D"
CHAIN = "chain_"
# a ruleset's words in screen order, where they are not the scorer's (ui.ruleset()'s)
ORDER = {"hk": ("last_tile", "last_of_kind", "ready_declared", "kong_replacement",
                "flower_replacement", "true_last", "double_win", "ready_deal_in", "fanxue",
                "within_10", "within_7", "within_4", "fanxue_big", "ready_immediate",
                "triple_win", CHAIN, "heavenly_ready", "earthly_ready",
                "human", "heavenly", "earthly")}
# ruleset: (word, the word it needs), ...
IMPLIES = {"hk": (("ready_immediate", "ready_declared"), ("heavenly_ready", "ready_declared"),
                  ("earthly_ready", "ready_declared"))}


def words(ui):
    rid = ui.ruleset()[0]
    return ORDER.get(rid) or ui.ruleset()[2]


def key(ui, k):
    ws = words(ui)
    h = ui.ev["hand"]
    flags = h.get("flags") or []
    if ui.chain is not None:                # the streak's number: digits, # sets it
        k_chain(ui, k, flags)
        return
    if k == NEXT_PAGE and len(ws) > PAGE:
        ui.cur = ui.cur // PAGE * PAGE + PAGE
        if ui.cur >= len(ws):
            ui.cur = 0
        ui.top = ui.cur
        return
    if "1" <= k <= "9":                     # word k of the page, one key
        i = ui.cur // PAGE * PAGE + ord(k) - 49
        if i >= len(ws):
            return
        ui.cur = i
        body = ui.rows - 1                  # the window shows it (and its number typed)
        if not ui.top <= i < ui.top + body:
            ui.top = max(0, i - body + 1)
        k = K.TOGGLE
    if k == K.TOGGLE:
        w = ws[ui.cur]
        on = w in flags
        if w == CHAIN:                      # off, or on by its number (the next keys)
            for f in flags:
                if f.startswith(w):
                    on = f
            if on:
                flags.remove(on)
            else:
                ui.chain = ""
        elif on:
            flags.remove(w)
        else:
            flags.append(w)
            for a, b in IMPLIES.get(ui.ruleset()[0], ()):
                if a == w and b not in flags:
                    flags.append(b)
        if flags:
            h["flags"] = flags
        else:
            h.pop("flags", None)
    elif k in (K.OK, K.BACK):
        ui.go(U.FROM)           # a refused preview stays on the from screen
        if ui.words_back == U.REVIEW:
            ui.review(ui.ev, U.FROM)
    else:
        ui.scroll(k, len(ws))


def k_chain(ui, k, flags):
    n = ui.chain
    if "0" <= k <= "9" and len(n) < 2:
        ui.chain = n + k
    elif k == K.BACK:
        ui.chain = n[:-1] if n else None
    elif k == K.OK:
        if not n or int(n) < 2:
            raise Refused("a streak of 2 or more draws")
        flags.append(CHAIN + str(int(n)))
        ui.ev["hand"]["flags"] = flags
        ui.chain = None
    else:
        raise Refused("digits, # done")


def show(ui):
    labels = ui.labels()
    flags = ui.ev["hand"].get("flags") or []
    page = ui.cur // PAGE
    ws = words(ui)
    out = []
    for i, w in enumerate(ws):
        if w == CHAIN:                      # on: its number; typing: the digits so far
            for f in flags:
                if f.startswith(w):
                    w = f
            if ui.chain is not None:
                w += ui.chain + "_"
        out.append((">" if i == ui.cur else str(i % PAGE + 1) if i // PAGE == page else " ")
                   + ("[x]" if w in flags else "[ ]") + U.word(labels, w))
    if ui.chain is not None:
        return "streak: digits #", out
    return ("1-9 on/off D+9 # done" if len(ws) > PAGE else "1-9/0 on/off # done"), out
