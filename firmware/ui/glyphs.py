# The players' wide characters the device's font lacks (a Chinese name's), as the organiser
# sent them with the seating: net/seating.py keeps them beside the settings (ui.NAMES), a
# small font of the device's format (organiser/text/glyphs.py), read into RAM (at most 24
# glyphs: 640 bytes) at the first character the font lacks.  This module is loaded only
# then (ui/text.py, cpy/oled.py) and leaves with the display (heap.DISPLAY) and when the
# seating changes the glyphs (Display.renew): the application without such names carries
# none of it.

import heap
import ui
from ui import text


def _read():
    import os
    try:
        os.stat(ui.NAMES)       # (none: no file opened, the font's own not shut for it)
        f = heap.open_file(ui.NAMES, "rb")
        try:
            return text.Font(f.read())
        finally:
            f.close()
    except (OSError, ValueError, MemoryError):     # none, or no room now: "?"
        return None


FONT = _read()


def glyph(code):
    """A player's glyph (in the font's buffer), or None."""
    return FONT.glyph(code) if FONT else None
