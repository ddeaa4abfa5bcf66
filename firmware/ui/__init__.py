# The application package: the app that runs the tasks (app.py), the screens' state machine
# (ui.py) and the other screens (status, setup, events, history), hand entry (entry.py),
# keys and names as data (keymap, labels), the keypad and the display (keypad, display,
# text).  May import: the table through its door alone (session: tests/test_layers.py),
# heap, settings, the network (net/, the upload task), drivers/ and the board; never a
# ruleset directly, never host_tools/.  Modules are imported where they are used, not
# here, to save RAM.
#
# Here: the width of text as the display draws it (ui/text.py), which the screens lay
# their rows out by and the display cuts a row to: kept in the package, which every
# screen and display module loads anyway, rather than in a module of its own.


def cells(s):
    """Width of s in text cells: ASCII, Latin-1 and Latin Extended-A one (text.HALF_END),
    any other character two."""
    n = 0
    for ch in s:
        n += 1 if ord(ch) < 0x180 else 2
    return n


def cut(s, n):
    """The longest start of s that fits in n cells (nothing when n < 1)."""
    w = 0
    for i in range(len(s)):
        w += 1 if ord(s[i]) < 0x180 else 2
        if w > n:
            return s[:i]
    return s
