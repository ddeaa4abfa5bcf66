# Text in the screens' 12-px grid, drawn from the glyph font built on the host
# (host_tools/gen/font.py documents the file).  A character below HALF_END (ASCII, Latin-1,
# Latin Extended-A: the names of European players) takes one 6x12 cell, any other
# character two (12x12); a character the font lacks is looked up among the players' glyphs
# the organiser sent (ui/glyphs.py), else drawn as "?", never a box.
#
# The font stays on flash: RAM holds the table of wide code points (2 bytes a glyph, bisected)
# and one 24-byte glyph buffer; each glyph is read with seek/readinto when drawn.  A firmware
# that freezes the font (a module `font_data` holding FONT = bytes) is read in place.

import framebuf
from micropython import const
import heap

_HEADER = const(16)
_HEIGHT = const(12)
_HALF = const(6)
_FULL = const(12)
_ASCII_BYTES = const(12)
_WIDE_BYTES = const(24)
HALF_END = const(0x180)     # the half-width glyphs: U+0020..U+017F (ui.cells counts them so)

PATH = "font.bin"    # on the device's root, beside the modules; found on sys.path


def _find(name):
    import os
    import sys
    for d in sys.path:
        p = (d + "/" + name) if d else name
        try:
            os.stat(p)          # (no file opened: an open takes a board's file piece)
            return p
        except OSError:
            pass
    raise OSError("glyph font %s not found" % name)


class Font:
    def __init__(self, source):
        """source: a path, or a bytes object holding the whole font (frozen firmware)."""
        if isinstance(source, str):
            self._file = heap.open_file(source, "rb")
            self._mem = None
            head = self._file.read(_HEADER)
        else:
            self._file = None
            self._mem = memoryview(source)
            head = bytes(self._mem[:_HEADER])
        if head[0:4] != b"MJFN" or head[4] != 2 or head[5] != _HEIGHT:
            raise ValueError("not a version 2 glyph font")
        self.n_wide = head[8] | head[9] << 8
        self.first = head[10] | head[11] << 8
        self.n_ascii = head[12] | head[13] << 8
        codes_at = _HEADER + _ASCII_BYTES * self.n_ascii
        if self._mem is not None:
            self._codes = self._mem[codes_at:codes_at + 2 * self.n_wide]
        else:
            self._codes = None      # a tight heap: the table stays on flash (_on_flash)
            if not heap.tight():
                self._file.seek(codes_at)
                self._codes = self._file.read(2 * self.n_wide)
        self._wide_at = codes_at + 2 * self.n_wide
        self._buf = bytearray(_WIDE_BYTES)
        self._key = bytearray(2)
        self._half_view = memoryview(self._buf)[:_ASCII_BYTES]
        # one glyph buffer seen as a 6x12 and as a 12x12 bitmap (rows of whole bytes)
        self._half = framebuf.FrameBuffer(self._buf, _HALF, _HEIGHT, framebuf.MONO_HLSB)
        self._full = framebuf.FrameBuffer(self._buf, _FULL, _HEIGHT, framebuf.MONO_HLSB)

    def close(self):
        if self._file:
            self._file.close()

    def shut(self):
        """The file closed on a tight heap, its piece lent to a file about to be opened
        (heap.lend()): opened again (PATH) at the next glyph read.  Only the device's font
        (font()) is ever shut: heap.kept."""
        self.close()
        self._file = None

    def _load(self, offset, n):
        if self._mem is not None:
            self._buf[:n] = self._mem[offset:offset + n]
        else:
            f = self._file
            if f is None:           # (no call on the way of every glyph: a Pico's review
                f = self._opened()  # reads a few hundred)
            f.seek(offset)
            f.readinto(self._half_view if n == _ASCII_BYTES else self._buf)

    def _opened(self):
        f = self._file
        if f is None:               # shut for another file's open (shut())
            f = self._file = heap.open_file(PATH, "rb")
        return f

    def _on_flash(self, code):
        """_wide_index() with the table of wide codes left on flash (the font opened on a
        tight heap: 730 bytes in one piece not asked for): bisected, two bytes read a step."""
        key = self._key
        at = self._wide_at - 2 * self.n_wide
        f = self._opened()
        lo = 0
        hi = self.n_wide
        while lo < hi:
            mid = (lo + hi) >> 1
            f.seek(at + 2 * mid)
            f.readinto(key)
            c = key[0] | key[1] << 8
            if c == code:
                return mid
            if c < code:
                lo = mid + 1
            else:
                hi = mid
        return -1

    def _wide_index(self, code):
        codes = self._codes
        if codes is None:
            return self._on_flash(code)
        if self._mem is None:       # the table in RAM: C's search for the code's two
            key = self._key         # bytes, at an even offset (a code, not the halves of
            key[0] = code & 0xFF    # two neighbours); no bisection step by step
            key[1] = code >> 8
            i = codes.find(key)
            while i > 0 and i & 1:
                i = codes.find(key, i + 1)
            return i >> 1 if i >= 0 else -1
        lo = 0
        hi = self.n_wide
        while lo < hi:
            mid = (lo + hi) >> 1
            c = codes[2 * mid] | codes[2 * mid + 1] << 8
            if c < code:
                lo = mid + 1
            else:
                hi = mid
        if lo < self.n_wide and (codes[2 * lo] | codes[2 * lo + 1] << 8) == code:
            return lo
        return -1

    def glyph(self, code):
        """The glyph of a code point as a FrameBuffer (valid until the next call), or None
        when the font lacks it."""
        if code < HALF_END:
            i = code - self.first
            if i < 0 or i >= self.n_ascii:
                return None
            self._load(_HEADER + _ASCII_BYTES * i, _ASCII_BYTES)
            return self._half
        i = self._wide_index(code)
        if i < 0:
            return None
        self._load(self._wide_at + _WIDE_BYTES * i, _WIDE_BYTES)
        return self._full


_font = None
_inverse = None


def font():
    """The device's font, opened on first use: frozen if the firmware holds it, else the file."""
    global _font, PATH
    if _font is None:
        try:
            from font_data import FONT
            _font = Font(FONT)
        except ImportError:
            if "/" not in PATH:
                PATH = _find(PATH)
            _font = Font(PATH)
            heap.kept = _font       # its file's piece lent to an open on a tight heap
    return _font


def close():
    """The font's file closed and the font forgotten (the display leaves the heap while a
    win is scored: font() opens it again)."""
    global _font
    if _font is not None:
        _font.close()
        _font = None
        heap.kept = None


def draw(fb, s, x, y, inverse=False, f=None):
    """Draw s (a str, or its UTF-8 bytes) with its top-left corner at (x, y); returns the x
    after the last glyph.  The cells behind the text are painted (black, or white when
    inverse), so a row need not be cleared first; the framebuf clips whatever passes the
    edge."""
    global _inverse
    f = f or font()
    bg = 1 if inverse else 0
    palette = None
    if inverse:
        if _inverse is None:       # maps a glyph's 0 to 1 and 1 to 0
            _inverse = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
            _inverse.pixel(0, 0, 1)
        palette = _inverse
    # one copy; walking a str would make a string of every character (bytes: drawn as they are)
    b = s.encode() if isinstance(s, str) else s
    i = 0
    n = len(b)
    while i < n:        # UTF-8 by hand
        code = b[i]
        if code == 0x20:    # a run of spaces: its cells painted, no glyph read (on .mpy
            j = i + 1       # each glyph is a seek and a read of the font file; a review's
            while j < n and b[j] == 0x20:   # rows are half padding)
                j += 1
            fb.fill_rect(x, y, _HALF * (j - i), _HEIGHT, bg)
            x += _HALF * (j - i)
            i = j
            continue
        if code < 0x80:
            i += 1
        elif code < 0xE0:
            code = (code & 0x1F) << 6 | b[i + 1] & 0x3F
            i += 2
        elif code < 0xF0:
            code = (code & 0x0F) << 12 | (b[i + 1] & 0x3F) << 6 | b[i + 2] & 0x3F
            i += 3
        else:
            code = (code & 0x07) << 18 | (b[i + 1] & 0x3F) << 12 | (b[i + 2] & 0x3F) << 6 | b[i + 3] & 0x3F
            i += 4
        w = _HALF if code < HALF_END else _FULL
        g = f.glyph(code)
        if g is None and w == _FULL:               # a player's character (ui/glyphs.py)?
            g = heap.load("ui.glyphs").glyph(code)
        if g is None:                              # not in the font: "?" in its cells
            fb.fill_rect(x, y, w, _HEIGHT, bg)
            g = f.glyph(0x3F)
        if palette is None:
            fb.blit(g, x, y)
        else:
            fb.blit(g, x, y, -1, palette)
        x += w
    return x
