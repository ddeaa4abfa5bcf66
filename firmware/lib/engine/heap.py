# The heap's choreography (docs/memory.md): what is loaded when and what leaves when the
# heap is short, in one place.  A board's heap cannot hold the table's code, a ruleset's
# scorer and the screens at once, so they take turns; every module that takes a turn is
# named in the table below, and forget() is the one way any of them leaves.
#
# When                       what leaves then, when the heap is short (roomy() False)
# -------------------------  -------------------------------------------------------------
# after each table event,    EVENT: the table's own steps (sessionops, commit, journal,
# and before a win scores,   checkpoint, files, the rulesets' hooks) and the answers to
# and after a screen's look  the screens' questions (asks), then the scorer with what its
# at the table               import brought (scorers.unload)
# after a win's names        the ruleset's names module (rules.<id>_names, NAMER)
# at once, after one call    ONCE: the round clock's rules, a spare's start, a ruleset's
#                            events module, the settings, the names in another language,
#                            the hand's parser, tile text's check
#                            (forgotten by whoever loads them; a comment: RAM holds none)
# ONCE: clockops adjustops spare settings langs dropped facts handparse tilecheck rules.*_events rules.*_en rules.*_hans rules.*_hant
# a screen opens             SCREENS: every screen's module but the one shown (ui.entry
#                            too, with no hand being typed), and STEPS: the entry's editor
# an event is previewed      PEAK, SCREENS and ui.entry, the typed hand kept as plain
#                            data (UI.preview, once the key's screen module returned),
#                            and DISPLAY: the display's objects and modules (App.rest;
#                            the next drawing makes it anew, the panel left running)
# before the session's peak  PEAK: the screens' names and the entry's editor (drawing
# (a save, a start)          loads them again), and DISPLAY (UI.lighten)
#
# The table session reaches its steps as heap.load("sessionops").prepare(...), never
# holding them in a global, so that forget() can take them back between events (no
# table of names nor __getattr__ here: they cost the resident heap more than the calls).

import gc
import sys

LEAN = sys.implementation.name != "cpython"

EVENT = ("sessionops commit journal checkpoint files asks record2 rebuild rerun rules.mcr_table"
         " rules.tw_table rules.hk_table rules.sh_table rules.riichi_table")
# The scoring path's base modules (engine brings the other two), resident between events
# and forgotten while an event that scores no hand is handled (Session._guard)
BASE = "hand engine tiles"
# The screens' rows name modules of the ui package (forget_all(row, keep, "ui.")).  Every
# row is text split when used: one str costs the resident heap less than a tuple of names
SCREENS = "status events setup history typed review setnames words"
STEPS = "handedit"
PEAK = "labels labels_hans labels_en handedit"
DISPLAY = "ui.display ui.text ui.glyphs drivers.ssd1306 drivers"

# Once an event has ended with everything it loaded kept and ROOMY bytes still free (a
# board with nothing else to hold, a frozen image), what events load stays for good and
# the session collects no garbage of its own: loading a ruleset's modules from flash, and
# each collection of a large heap, cost a board milliseconds.  A MemoryError ends that
# (room(False)).
ROOMY = 48 * 1024 if sys.maxsize < (1 << 32) else 96 * 1024
if sys.implementation.name == "circuitpython":
    # CircuitPython's heap is smaller and the application keeps more resident there
    # (pure-Python asyncio): with everything kept 43-50 KB stay free (mcr, tw, sh),
    # and below 48 KB every event loaded its modules from FAT anew and collected a dozen
    # times (a heavy hand's review 1-2 s against MicroPython's 110-160 ms).  Hong Kong
    # leaves 32-33 KB once its first win's modules are loaded in the referee's pauses:
    # at 36 KB the first win began short, collected at each step (or, a few KB less
    # free, dropped and read everything from FAT again) and kept all only at its end;
    # at 30 KB it keeps from the pauses on, as every later win did anyway (its long
    # session: 19 KB left at the heaviest review, the journal equal; docs/circuitpython.md,
    # "Hong Kong's first hand")
    ROOMY = 30 * 1024
# Whether roomy() first looks at the free heap as it is, and collects only when that alone
# is under ROOMY (collected, it can only be more).  CircuitPython: a collection of its
# 128 KB heap takes 13-15 ms on a Pico (1 ms while little is loaded), and a first win on
# a heap just over ROOMY collected at each of its nine steps (136 ms; docs/circuitpython.md,
# "Where the review's time went").  MicroPython collects each time, as its budgets were
# measured so.
PEEK = sys.implementation.name == "circuitpython"
_room = False
# A board's open file holds its filesystem's cache in one piece (a Pico's LittleFS, progsize
# 256: 1,148 bytes), and a frozen heap cut into small pieces refused the table's opens with
# 3-6 KB free (docs/memory.md, "The engine's objects at the peak").  So a piece that size
# is held between events (hold()) and let go just before the table opens a file
# (open_file(): the allocator, finding no piece, collects, and the open takes it).  Not on
# the unix port (its files hold no such cache) nor on CircuitPython (FAT, a larger heap).
FILE = 1152 if LEAN and sys.platform not in ("linux", "darwin") and \
    sys.implementation.name == "micropython" else 0
_held = None
FILES = __file__.endswith(".mpy")     # modules read from files (frozen ones name none)
# A file the screens keep open holds a piece that size too (the display's font read from
# flash, `.mpy` only: ui/text.py sets it): on a tight heap it is shut when a file is about
# to be opened, and opened again where it is next read (open_file).  From `.mpy` at 72 KB
# Hong Kong's context words screen found 6 KB free in pieces of at most 640 bytes, no held
# piece, the font's file open (docs/memory.md, "Hong Kong on the board").
kept = None


def load(name):
    """A module by name (from sys.modules while it stays, else from flash: a `.mpy` file
    opened takes the file's piece held, or the font's on a tight heap, as the table's
    files do; the screens' modules come this way too, ui.ui.load)."""
    mod = sys.modules.get(name)
    if mod is not None:
        return mod
    lent = FILES and (_held is not None or (kept is not None and tight()))
    if lent:
        lend()
    try:
        return __import__(name, None, None, (name.split(".")[-1],))
    finally:
        if lent:
            hold()


def forget(name):
    """Forget a module so the GC can take its code back: out of sys.modules and out of
    its package (MicroPython only: CPython keeps everything)."""
    if not LEAN:
        return
    if name in sys.modules:
        del sys.modules[name]
    i = name.rfind(".")
    if i > 0:
        pkg = sys.modules.get(name[:i])
        if pkg is not None and hasattr(pkg, name[i + 1:]):
            delattr(pkg, name[i + 1:])


def forget_all(names, keep=None, package=""):
    """forget() each of names (a tuple, or a str of names and spaces; in package: "ui."),
    keep aside."""
    if isinstance(names, str):
        names = names.split()
    for name in names:
        if name != keep:
            forget(package + name)


def roomy():
    """Room in the heap to keep what was loaded (always so off MicroPython); collects
    when it has to look."""
    if not LEAN or _room:
        return True
    if PEEK and gc.mem_free() > ROOMY:
        return True
    gc.collect()
    return gc.mem_free() > ROOMY


def room(keep):
    """keep True: an event ended with everything it loaded kept, a scorer among it: with
    ROOMY bytes free, keep everything for good.  False: a MemoryError, from now on what
    steps load leaves again."""
    global _room
    if not LEAN:
        return
    if not keep:
        _room = False
    elif not _room:
        _room = gc.mem_free() > ROOMY       # roomy() just collected: the figure is fresh


def hold():
    """Hold a piece of FILE bytes for the next file the table opens, on a heap with little
    left (under 8 pieces free, as last collected): elsewhere an open finds its piece, and
    the allocation's collections cost a Pico's .mpy review 6-9 ms (Hong Kong's p99)."""
    global _held
    if FILE and _held is None and not _room and gc.mem_free() < 8 * FILE:
        try:
            _held = bytearray(FILE)
        except MemoryError:
            pass


def tight():
    """A heap with little left, where a file kept open is shut for an open (kept) and the
    font leaves its table of wide codes on flash (ui/text.py): never where the heap keeps
    everything, nor with ROOMY bytes free (a Pico's whole heap: a review that opened the
    font anew would be the slower for it)."""
    return FILE and not _room and gc.mem_free() < ROOMY


def lend():
    """Let the held piece go, and on a tight heap shut the file kept open: the file about
    to be opened takes one of them."""
    global _held
    _held = None
    if kept is not None and tight():
        kept.shut()


def open_file(path, mode="r"):
    """open(), the held piece let go first: every file the table opens goes through here."""
    lend()
    return open(path, mode)


def fresh_modules():
    """sys.modules' table built afresh; False when the heap has no room for it now.
    An import cut short (a MemoryError halfway through it): MicroPython takes the name
    out of sys.modules but leaves the module in the table's slot, with all it had
    imported (8-16 KB of the session's modules), until another name takes that slot.
    The leftovers go with the old table.  The modules are held meanwhile in a flat
    list: a block a third the size of a copy of the table (which keeps the slots its
    growth made), so a heap too cut up for that copy still takes it.  The table grows
    back a size at a time, each a new block: a second block as large as the grown
    table (its sizes step by at most 1.36, two words a slot) is set aside first and
    freed with the old table, so the growth always finds room and no module is lost
    halfway (a screen's own module among them)."""
    mods = sys.modules
    try:
        live = [None] * (2 * len(mods))
        spare = [None] * (3 * len(mods) + 3)
    except MemoryError:
        return False        # nothing changed
    i = 0
    for k in mods:
        live[i] = k
        live[i + 1] = mods[k]
        i += 2
    mods.clear()
    spare = None
    gc.collect()            # live holds the modules meanwhile
    for i in range(0, len(live), 2):
        mods[live[i]] = live[i + 1]
    return True
