# The key map of every screen but the tile entry (ui/entry.py has that one): data the
# screens and the host's key encoder (host_tools/keys.py) share, and only data (a
# ruleset's words and events menu are the session's: asks.ruleset_info).  docs/keys.md
# shows it.

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
COUNTED_FLOWERS = ("mcr", "hk")  # rulesets whose flowers are all worth the same: typed as a count

# the from screen of a ruleset whose win counts what the tiles do not show (riichi: dora,
# ura dora, red fives, counted as the players call them): each key adds one to the hand's
# field of that name, held it puts it back to 0
COUNT_KEYS = {"riichi": (("5", "dora"), ("6", "ura"), ("7", "aka"))}
# a ruleset's context words as its words screen offers them, in this order (else every
# word its scorer takes): riichi's own first; its riichi and double riichi are the table's
# events (the stick), not words
SCREEN_WORDS = {"riichi": ("ippatsu", "last_tile", "kong_replacement", "heavenly", "earthly",
                           "human")}
# the status screen of a ruleset whose hands bring a declaration (riichi: the stick):
# 5-8, seat 1-4 declares it (its review, then #); the events menu has it too
DECLARE_KEYS = {"riichi": "riichi"}
