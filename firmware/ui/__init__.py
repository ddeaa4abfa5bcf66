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

NAMES = "/names.bin"    # the players' glyphs beside the settings (net/seating.py; ui/app.py sets it)


def cells(s):
    """Width of s in text cells: ASCII, Latin-1 and Latin Extended-A one (text.HALF_END),
    any other character two.  Counted on its UTF-8 bytes: walking a str makes a string of
    each character, and on MicroPython every string made is first looked up among the
    interned ones (slow with an application loaded).  Below U+0180 a character's lead
    byte is under 0xC6."""
    b = s.encode()
    n = len(b)
    if n == len(s):
        return n                    # ASCII
    w = 0
    for c in b:
        if c < 0x80:
            w += 1
        elif c >= 0xC0:             # a character's lead byte
            w += 1 if c < 0xC6 else 2
    return w


def cut(s, n):
    """The longest start of s that fits in n cells (nothing when n < 1)."""
    b = s.encode()
    if len(b) == len(s):            # ASCII
        return s if len(s) <= n else s[:max(0, n)]
    w = 0
    k = 0                           # characters that fit
    for c in b:
        if c < 0x80:
            w += 1
        elif c >= 0xC0:
            w += 1 if c < 0xC6 else 2
        else:
            continue
        if w > n:
            return s[:k]
        k += 1
    return s
