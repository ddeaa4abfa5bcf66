# The SSD1306 on CircuitPython: the panel driven here over busio.I2C (its init sequence as
# adafruit_ssd1306 sends it, the frame or a window of it pushed in one write each), the
# screen's rows drawn straight into its buffer.  Why not adafruit_ssd1306's text():
# adafruit_framebuf is pure Python and draws pixel by pixel (21 characters 92 ms, a whole
# screen 477 ms on the emulated Pico) and has no blit for the application's glyph font;
# and the two libraries kept 11.6 KB resident (8.1 KB adafruit_framebuf) that the session's
# modules need on CircuitPython's smaller heap (docs/circuitpython.md, "Heavy hands").
# Here each glyph's columns are read once from the font turned on its side on the host
# (fontcol.bin; cached in two fixed buffers: no object per glyph); a row is then the
# glyphs' column bytes laid side by side and merged, column by column, into the two pages
# the 12-px row spans, allocating nothing: a few ms a row.
# The picture is the one MicroPython's framebuf draws (ui/display.py, ui/text.py), pixel
# for pixel: an inverted row is the plain row's complement across the full width.
#
# Pushed as on MicroPython: the columns that changed in a row (ui/display.py's changed())
# over its two pages, a window of the panel's RAM, the whole frame when most changed; the
# window's commands go in one write, each page's slice behind the data byte; only those
# columns are merged into the buffer.

import heap
from ui import text

ROW = 12                # ui/display.py's grid: 12-px rows, "\x01" starting an inverted one
INVERSE = "\x01"
_GLYPHS = 96            # glyphs kept as columns (ASCII all fit; wide ones come and go)
_SLOT = 24              # a glyph's columns in the cache: rows 0-7 (12 bytes), rows 8-11 (12)
COLUMNS = "fontcol.bin"     # the glyph font in columns (host_tools/gen/fontcols.py), on sys.path
# adafruit_ssd1306's init, as one command write (Co=0, D/C#=0): display off, horizontal
# addressing, start line 0, segment remap, multiplex (height - 1), COM scan reversed,
# offset 0, COM pins (per size), clock, precharge, VCOMH, contrast, RAM shown, not
# inverted, internal IREF, charge pump, display on
_INIT = (b"\x00\xae\x20\x00\x40\xa1\xa8\x3f\xc8\xd3\x00\xda\x12\xd5\x80\xd9\xf1\xdb\x30"
         b"\x81\xff\xa4\xa6\xad\x30\x8d\x14\xaf")


class Panel:
    """The SSD1306 on I2C: buffer is the frame behind one I2C data byte (MONO_VLSB pages)."""

    page_addressing = False

    def __init__(self, i2c, w, h, addr):
        from adafruit_bus_device.i2c_device import I2CDevice
        self.i2c_device = I2CDevice(i2c, addr)
        self.buffer = bytearray(1 + w * (h >> 3))
        self.buffer[0] = 0x40
        self.frame = bytearray(b"\x00\x21\x00\x7f\x22\x00\x07")
        self.frame[3] = w - 1
        self.frame[6] = (h >> 3) - 1
        init = bytearray(_INIT)
        init[7] = h - 1
        init[12] = 0x02 if w > 2 * h else 0x12
        with self.i2c_device as bus:
            bus.write(init)
        self.show()

    def fill(self, c):
        b = self.buffer
        b[1:] = (b"\xff" if c else b"\x00") * (len(b) - 1)

    def show(self):
        """The whole frame."""
        with self.i2c_device as bus:
            bus.write(self.frame)
            bus.write(self.buffer)


class GlyphRows:
    """Mixed into ui/display.py's Display (open() is handed the class: the display module
    imports this one, not the other way round)."""

    def __init__(self, panel, w, h):
        # the panel's buffer: one I2C control byte, then the pages (MONO_VLSB)
        self.Display.__init__(self, panel, panel.buffer, w, h, "ssd1306", panel)
        self.lo = bytearray(w)          # a row's columns: rows 0-7 of the glyphs
        self.hi = bytearray(w)          # rows 8-11, in the low nibble
        self.zero = bytes(w)
        self.columns = bytearray(_SLOT * _GLYPHS)   # the cached glyphs' columns, a slot each
        self.view = memoryview(self.columns)
        self.at = {}                            # code point: its slot's offset (small ints)
        self.slots = [None] * _GLYPHS           # the code point in each slot
        self.next = 0                           # the slot the next new glyph takes
        self.font = None                        # fontcol.bin, opened on the first glyph
        self.out = bytearray(1 + w)     # a page's slice behind the I2C data byte
        self.out[0] = 0x40
        self.cmds = bytearray(b"\x00\x21\x00\x7f\x22\x00\x07")   # column, page window

    def glyph(self, code):
        """The cache's offset of a code point's columns (rows 0-7 at it, rows 8-11 twelve
        bytes on), read from the font turned on its side on the host (fontcol.bin: a glyph
        turned here in Python took 1-2 ms; a code point the font lacks: "?").  The slots
        are taken in turn; nothing is allocated for a glyph seen before."""
        at = self.at.get(code)
        if at is not None:
            return at
        s = self.next
        self.next = (s + 1) % _GLYPHS
        old = self.slots[s]
        if old is not None:
            del self.at[old]
        self.slots[s] = code
        at = self.at[code] = s * _SLOT
        cols = self.columns
        f = self.font
        if f is None:
            f = self.font = text.Font(text._find(COLUMNS))
        wide = code >= text.HALF_END
        more = None
        if f.glyph(code) is None:
            more = heap.load("ui.glyphs").FONT if wide else None
            if not more or more.glyph(code) is None:    # in neither: "?" in its cells
                more = None
                f.glyph(0x3F)
                wide = False
        b = f._buf                      # the glyph's columns, as the slot holds them
        if more:                        # a player's glyph, in rows (ui/text.py): turned
            b = more._buf               # here, once (about 2 ms)
            for x in range(12):
                m = 0x80 >> (x & 7)
                v = 0
                for y in range(12):
                    if b[2 * y + (x >> 3)] & m:
                        v |= 1 << y
                cols[at + x] = v & 0xFF
                cols[at + 12 + x] = v >> 8
        elif wide:
            cols[at:at + _SLOT] = b
        else:                           # 6 columns of rows 0-7, then of rows 8-11
            cols[at:at + 6] = b[0:6]
            cols[at + 12:at + 18] = b[6:12]
            if code >= text.HALF_END:   # "?" in a wide cell: blank on its right
                cols[at + 6:at + 12] = self.zero[:6]
                cols[at + 18:at + 24] = self.zero[:6]
        return at

    def window(self, x0, x1, p0, p1):
        """Columns x0..x1 of pages p0..p1 to the panel's RAM (horizontal addressing, as
        adafruit_ssd1306 sets it)."""
        c = self.cmds
        c[2] = x0
        c[3] = x1
        c[5] = p0
        c[6] = p1
        panel = self.panel
        if panel.page_addressing:       # a panel addressed by pages (not the boards'): all
            panel.show()
            return
        out = self.out
        w = self.width
        n = x1 - x0 + 1
        with panel.i2c_device as bus:
            bus.write(c)
            for p in range(p0, p1 + 1):
                a = 1 + p * w + x0
                out[1:1 + n] = panel.buffer[a:a + n]
                bus.write(out, end=1 + n)

    def draw_row(self, i, row, old=None):
        """Row i drawn where it changed from old; returns those pixel columns, [x0, x1)."""
        inverse = row.startswith(INVERSE)
        x0, x1 = 0, self.width
        new, diff = self.span(i, row, old, inverse)     # ui/display.py's Display
        if diff is not None:
            x0, x1 = diff[2] * 6, diff[3] * 6
            if x1 <= x0:
                return x0, x1
        w = self.width
        lo = self.lo
        hi = self.hi
        lo[:] = self.zero
        hi[:] = self.zero
        x = 0
        view = self.view
        b = new[0]                  # the row's UTF-8, cut to the grid: walked as bytes (a
        j = 0                       # str walked makes a string of every character)
        n = len(b)
        while j < n:
            code = b[j]
            if code < 0x80:
                j += 1
            elif code < 0xE0:
                code = (code & 0x1F) << 6 | b[j + 1] & 0x3F
                j += 2
            elif code < 0xF0:
                code = (code & 0x0F) << 12 | (b[j + 1] & 0x3F) << 6 | b[j + 2] & 0x3F
                j += 3
            else:
                code = ((code & 0x07) << 18 | (b[j + 1] & 0x3F) << 12 | (b[j + 2] & 0x3F) << 6
                        | b[j + 3] & 0x3F)
                j += 4
            at = self.glyph(code)
            k = 6 if code < text.HALF_END else 12
            lo[x:x + k] = view[at:at + k]
            hi[x:x + k] = view[at + 12:at + 12 + k]
            x += k
        # Merged column by column into the two pages, only the columns that changed:
        # whole-row integers (int.from_bytes, shifts, to_bytes) made a dozen 128-byte
        # objects a row, and on a heap the kept modules leave in small pieces each such
        # allocation looked through the whole heap, or collected it (15 ms), to find room
        # (docs/circuitpython.md, "Where the review's time went"); this allocates nothing.
        inv = 0xFF if inverse else 0
        inv4 = inv & 0x0F
        y = i * ROW
        buf = self.buffer
        p = 1 + (y >> 3) * w                # the first page the row touches
        q = p + w                           # the second
        if y & 7 == 0:                      # rows 0-7 fill page p, 8-11 page q's low half
            for c in range(x0, x1):
                buf[p + c] = lo[c] ^ inv
                buf[q + c] = (buf[q + c] & 0xF0) | (hi[c] ^ inv4)
        else:                               # starts half way down page p
            for c in range(x0, x1):
                v = lo[c] ^ inv
                buf[p + c] = (buf[p + c] & 0x0F) | ((v << 4) & 0xF0)
                buf[q + c] = (v >> 4) | (((hi[c] ^ inv4) << 4) & 0xF0)
        return x0, x1


def open(board, Display):
    """The board's OLED as a Display (ui/display.py's class) drawing its rows here."""
    import busio
    from cpy.pins import pin
    d = board.DISPLAY
    w = d["width"]
    h = d["height"]
    i2c = busio.I2C(pin(d["scl"]), pin(d["sda"]), frequency=d.get("freq", 400_000))
    panel = Panel(i2c, w, h, d.get("address", 0x3C))
    class OLED(GlyphRows, Display):
        pass

    OLED.Display = Display
    return OLED(panel, w, h)
