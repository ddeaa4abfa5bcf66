# The key map of every screen but the tile entry (ui/entry.py has that one): data the
# screens and the host's key encoder (host_tools/keys.py) share.  docs/keys.md shows it.

class Refused(Exception):
    """A key a screen does not take; str(e) is the reason for the screen.  (Here, not in
    ui/entry.py, so that the entry's module may leave the heap between hands.)"""


# status screen
DRAW_KEY = "A"          # 流局: an exhaustive draw
EVENTS_KEY = "B"        # the ruleset's own events and wins by flowers
HISTORY_KEY = "C"
SETTINGS_KEY = "D"
UNDO_KEY = "*"          # take back the last saved event (asks to confirm)
NEW_KEY = "0"           # a new session
PAGE_KEY = "#"          # more of the status
OVERRIDE_KEY = "9"      # the round's time is up: the referee lets the table play on
# lists and reviews
UP = "A"
DOWN = "B"
OK = "#"                # choose, confirm, save
BACK = "*"
TOGGLE = "0"            # a context word on or off
FLAGS_KEY = "C"         # review of a win: the context words
ROBKONG = "0"           # the from screen: the win robs a kong
NEW_RULES = "0"         # the new-session screen: the next ruleset
RULESETS = ("mcr", "hk", "tw", "sh", "riichi")
# the entry screen (ui/entry.py has the tiles' keys)
EDIT_KEY = "#"          # held: edit the typed tiles (A/B move, 1-9 the number, C the
EDIT_SUIT = "C"         # suit, * deletes, # done)
COUNTED_FLOWERS = ("mcr",)  # rulesets whose flowers are all worth the same: typed as a count


def ruleset_info(rid):
    """(sets in a hand, context words in screen order, events menu) of a ruleset.
    The menu lists (event name, ((field, "seat" | "opt" | "int"), ...)): a win by
    flowers where the ruleset has one, then the ruleset's own events by name."""
    import hand
    import scorers
    import session
    import commit
    r = scorers.load(rid)
    n = r.N_SETS
    # the words a hand may carry (a ruleset's words for its table's settings are the
    # table's to add: riichi's HAND_FLAGS)
    words = hand.COMMON_FLAGS + tuple(getattr(r, "HAND_FLAGS", r.FLAGS))
    r = None
    if not session.roomy():     # the scorer and the table hook one after the other
        scorers.unload()
    hk = commit.hooks(rid)
    menu = []
    if hk.FLOWER_WINS:
        menu.append(("flowers", (("winner", "seat"), ("from", "opt"))))
    for name in sorted(hk.EVENTS):
        req, opt, ints = hk.EVENTS[name]
        menu.append((name, tuple([(f, "seat") for f in req] + [(f, "opt") for f in opt]
                                 + [(f, "int") for f in ints])))
    return n, words, tuple(menu)
