# The screen: a description (a list of rows of text; a row starting with "\x01" is drawn
# inverted) drawn in a grid of 12-px rows and 6-px cells onto a framebuf.FrameBuffer, then
# pushed to the board's panel.  Only what changed is drawn and pushed: in a row that changed,
# the cells from the first that differs to the last (a digit typed changes a few); on the
# OLED, only those columns of the pages they touch (docs/display.md).
#
#   ssd1306       128x64 OLED on I2C (micropython-lib's driver): 5 rows x 21 cells; the
#                 changed columns of the changed pages, the whole frame when most changed
#   ssd1680       250x122 e-paper on SPI (drivers/ssd1680.py): 10 rows x 41 cells; partial
#                 refreshes of the changed rows, a full refresh every `full_every` of them
#   framebuffer   a plain FrameBuffer the host simulator reads; nothing is pushed
#   adafruit_ssd1306  the same OLED on CircuitPython, through Adafruit's driver (cpy/oled.py)

from micropython import const
import framebuf
import heap
from ui import text

ROW = const(12)
CELL = const(6)
INVERSE = "\x01"
FULL_EVERY = const(30)      # e-paper: partial refreshes between two full ones (ghosting)
FRAME_SHARE = const(3)      # OLED: a window of more than 1/3 of the frame: the whole frame


class Display:
    def __init__(self, fb, buffer, width, height, kind="framebuffer", panel=None,
                 full_every=FULL_EVERY):
        self.fb = fb
        self.buffer = buffer
        self.width = width
        self.height = height
        self.format = framebuf.MONO_VLSB
        self.kind = kind
        self.panel = panel
        self.rows = height // ROW
        self.cols = width // CELL
        self.full_every = full_every
        self.partials = 0
        self._shown = [None] * self.rows        # the row texts drawn; None: not yet
        self._drawn = [None] * self.rows        # and each as drawn: (UTF-8 cut, cells)
        self.pages = (height + 7) >> 3
        self._windows = []                      # OLED: (x0, x1, first page, last page) changed
        self._whole = True                      # the next push sends the whole frame
        fb.fill(0)

    def show(self, rows):
        """Draw the screen description; returns True if anything changed."""
        panel = self.panel
        if self.kind == "ssd1680":
            panel.settle()      # the previous refresh is over before the buffer changes
        lo = -1
        hi = -1
        shown = self._shown
        oled = self.kind == "ssd1306"
        for i in range(self.rows):
            row = rows[i] if i < len(rows) else ""
            old = shown[i]
            if row == old:
                continue
            shown[i] = row
            x0, x1 = self.draw_row(i, row, old)
            if x1 <= x0:
                continue        # the same once cut to the row
            if oled:
                self.mark(i * ROW, x0, x1)
            if lo < 0:
                lo = i
            hi = i
        if lo < 0:
            return False
        if oled:
            self.push()
        elif self.kind == "ssd1680":
            self.partials += 1
            if self.partials > self.full_every or not panel.shown:
                self.partials = 0
                panel.refresh()
            else:
                panel.refresh_partial(lo * ROW, hi * ROW + ROW - 1)
        return True

    def draw_row(self, i, row, old=None):
        """Draw row i; old: the row drawn there before (None: not known), whose cells that
        are the same are left as they are.  Returns the pixel columns drawn, [x0, x1).
        The row is walked as UTF-8 bytes: a str made on MicroPython (a slice, a character)
        is looked up among every interned string first, slow in a loaded application."""
        y = i * ROW
        inverse = row.startswith(INVERSE)
        bg = 1 if inverse else 0
        new, diff = self.span(i, row, old, inverse)
        if diff is None:
            self.fb.fill_rect(0, y, self.width, ROW, bg)
            text.draw(self.fb, new[0], 0, y, inverse)
            return 0, self.width
        a, b, c0, c1 = diff
        x0 = c0 * CELL
        x1 = c1 * CELL
        if x1 > x0:
            self.fb.fill_rect(x0, y, x1 - x0, ROW, bg)
            text.draw(self.fb, new[0][a:b], x0, y, inverse)
        return x0, x1

    def span(self, i, row, old, inverse):
        """(row i's UTF-8 cut to the grid and its cells, what changed from old: changed()'s
        answer, None when the whole row is to be drawn); kept as row i's drawn text."""
        new = fitted(row, 1 if inverse else 0, self.cols)
        drawn = self._drawn[i]
        self._drawn[i] = new
        if old is None or drawn is None or old.startswith(INVERSE) != inverse:
            return new, None
        return new, changed(drawn, new)

    def mark(self, y, x0, x1):
        """Pixels x0..x1-1 of the 12-px row at y changed: a window over the pages it spans."""
        self._windows.append((x0, x1 - 1, y >> 3, (y + ROW - 1) >> 3))

    def push(self):
        """The OLED: each changed row's columns, a window over its two pages (a page two
        rows share goes twice where both changed: fewer bytes than one window over both);
        the whole frame when the windows would carry more than a third of it (the screen
        changed) or after clear()."""
        ws = self._windows
        size = 0
        for x0, x1, p0, p1 in ws:
            size += (x1 - x0 + 1) * (p1 - p0 + 1)
        if self._whole or size * FRAME_SHARE > self.width * self.pages:
            self._whole = False
            self.panel.show()
        else:
            for x0, x1, p0, p1 in ws:
                self.window(x0, x1, p0, p1)
        self._windows = []

    def window(self, x0, x1, p0, p1):
        self.panel.show_window(x0, x1, p0, p1)

    def kept(self):
        """Before the display leaves the heap while a win is scored (App.rest): what
        open(board, kept) makes it anew from, without the panel's init sequence (the
        panel keeps its picture; the new display draws the next screen whole).  The
        host's frame buffer hands on its bytes (the simulator and the browser read them),
        the OLED nothing (True); None: the display stays (the e-paper, its refreshes
        counted; CircuitPython's, whose glyph cache would be read again from FAT)."""
        if self.kind == "ssd1306" and type(self) is Display:
            text.close()
            return True
        if self.kind == "framebuffer":
            text.close()
            return self.buffer
        return None

    def renew(self):
        """clear(), the players' glyphs read again (the seating may have changed them)."""
        heap.forget("ui.glyphs")
        self.clear()

    def clear(self):
        """Forget what is drawn: the next show() draws every row and pushes the whole frame
        (e-paper: a full refresh)."""
        self._shown = [None] * self.rows
        self._drawn = [None] * self.rows
        self.partials = self.full_every
        self._whole = True


def fitted(row, start, cols):
    """(the row's UTF-8 from byte `start`, cut to cols cells; its cells)."""
    b = row.encode()
    n = len(b)
    if n == len(row):               # ASCII: a cell a byte
        w = min(n - start, cols)
        return b[start:start + w], w
    i = start
    w = 0
    while i < n:
        c = b[i]
        if c < 0x80:
            k = 1
            step = 1
        else:                       # below U+0180 (lead byte under 0xC6): half width
            k = 1 if c < 0xC6 else 2
            step = 2 if c < 0xE0 else 3 if c < 0xF0 else 4
        if w + k > cols:
            break
        w += k
        i += step
    return b[start:i], w


def span_cells(b, i, j):
    """Cells of the UTF-8 bytes b[i:j] (whole characters)."""
    w = 0
    while i < j:
        c = b[i]
        if c < 0x80:
            w += 1
        elif c >= 0xC0:             # a lead byte: one cell below U+0180, else two
            w += 1 if c < 0xC6 else 2
        i += 1
    return w


def changed(old, new):
    """Where new differs from old (each (UTF-8, cells) as fitted() gives them, both laid
    out from cell 0): (first, end) bytes of new and (first, end) cells to draw.  The cells
    past the common start and, when both are as wide, before the common end; a narrower
    new reaches to where old ended (the cells behind are painted)."""
    ob, wo = old
    nb, wn = new
    n = min(len(ob), len(nb))
    a = 0
    while a < n and ob[a] == nb[a]:
        a += 1
    while a > 0 and a < len(nb) and 0x80 <= nb[a] < 0xC0:
        a -= 1                      # back to the start of a character
    c0 = span_cells(nb, 0, a)
    b = len(nb)
    c1 = wn
    if wo == wn:
        o = len(ob)
        while b > a and o > a and ob[o - 1] == nb[b - 1]:
            b -= 1
            o -= 1
        while b < len(nb) and 0x80 <= nb[b] < 0xC0:
            b += 1                  # on to the start of a character
        c1 = wn - span_cells(nb, b, len(nb))
    elif wo > wn:
        c1 = wo
    return a, b, c0, c1


def oled(w, h, i2c, addr, again=False):
    """micropython-lib's SSD1306_I2C with its frame behind the I2C data byte in one buffer
    (out: 0x40, then the pages the FrameBuffer draws into), so the frame goes in one write
    as it is: the driver's writevto of two parts makes a port join them in a fresh
    allocation on every push (rp2 does: 1 KB), which a tight or fragmented heap may not
    have, and a copy behind the byte held for good was a second 1 KB.  A window's slice
    of a page is copied behind the byte in a page-wide buffer.  again: the panel is
    running (the display made anew after a win was scored): no init sequence, the panel
    keeps its picture until the first push."""
    from drivers.ssd1306 import SSD1306, SSD1306_I2C

    class OLED(SSD1306_I2C):
        def __init__(self):
            # SSD1306_I2C's and SSD1306's constructors, the frame placed in out
            self.i2c = i2c
            self.addr = addr
            self.temp = bytearray(2)
            self.width = w
            self.height = h
            self.external_vcc = False
            self.pages = h // 8
            out = self.out = bytearray(1 + self.pages * w)
            out[0] = 0x40                       # Co=0, D/C#=1: data follows
            self.buffer = memoryview(out)[1:]
            super(SSD1306, self).__init__(self.buffer, w, h, framebuf.MONO_VLSB)
            part = self.part = bytearray(1 + w)
            part[0] = 0x40
            self.view = memoryview(part)
            if not again:
                self.init_display()

        def write_data(self, buf):
            if buf is self.buffer:
                self.i2c.writeto(self.addr, self.out)
                return
            n = len(buf)
            self.view[1:1 + n] = buf
            self.i2c.writeto(self.addr, self.view[:1 + n])

    return OLED()


def open(board, kept=None):
    """The board's display, as boards/<name>.py DISPLAY describes it; kept: made anew from
    what Display.kept() gave (the panel running, its picture shown)."""
    d = board.DISPLAY
    kind = d["driver"]
    w = d["width"]
    h = d["height"]
    if kind == "ssd1306":
        from machine import Pin, I2C
        i2c = I2C(d["bus_id"], scl=Pin(d["scl"]), sda=Pin(d["sda"]), freq=d.get("freq", 400_000))
        panel = oled(w, h, i2c, d.get("address", 0x3C), kept is not None)
        return Display(panel, panel.buffer, w, h, kind, panel)
    if kind == "ssd1680":
        from machine import Pin, SPI
        from drivers.ssd1680 import SSD1680
        spi = SPI(d["bus_id"], baudrate=d.get("baudrate", 10_000_000), polarity=0, phase=0,
                  sck=Pin(d["sck"]), mosi=Pin(d["mosi"]))
        panel = SSD1680(spi, Pin(d["dc"], Pin.OUT, value=0), Pin(d["cs"], Pin.OUT, value=1),
                        Pin(d["rst"], Pin.OUT, value=1), Pin(d["busy"], Pin.IN), w, h)
        return Display(panel, panel.buffer, w, h, kind, panel, d.get("full_every", FULL_EVERY))
    if kind == "adafruit_ssd1306":
        from cpy import oled as glyph_rows
        return glyph_rows.open(board, Display)
    if kind == "framebuffer":
        buf = kept if isinstance(kept, bytearray) else bytearray(((h + 7) // 8) * w)
        return Display(framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB), buf, w, h)
    raise ValueError("unknown display driver " + kind)
