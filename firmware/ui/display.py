# The screen: a description (a list of rows of text; a row starting with "\x01" is drawn
# inverted) drawn in a grid of 12-px rows and 6-px cells onto a framebuf.FrameBuffer, then
# pushed to the board's panel.  Only rows that changed are drawn and pushed.
#
#   ssd1306       128x64 OLED on I2C (micropython-lib's driver): 5 rows x 21 cells
#   ssd1680       250x122 e-paper on SPI (drivers/ssd1680.py): 10 rows x 41 cells; partial
#                 refreshes of the changed rows, a full refresh every `full_every` of them
#   framebuffer   a plain FrameBuffer the host simulator reads; nothing is pushed
#   adafruit_ssd1306  the same OLED on CircuitPython, through Adafruit's driver (cpy/oled.py)

from micropython import const
import framebuf
from ui import text, cut

ROW = const(12)
CELL = const(6)
INVERSE = "\x01"
FULL_EVERY = const(30)      # e-paper: partial refreshes between two full ones (ghosting)


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
        fb.fill(0)

    def show(self, rows):
        """Draw the screen description; returns True if anything changed."""
        panel = self.panel
        if self.kind == "ssd1680":
            panel.settle()      # the previous refresh is over before the buffer changes
        lo = -1
        hi = -1
        shown = self._shown
        for i in range(self.rows):
            row = rows[i] if i < len(rows) else ""
            if row == shown[i]:
                continue
            shown[i] = row
            self.draw_row(i, row)
            if lo < 0:
                lo = i
            hi = i
        if lo < 0:
            return False
        if self.kind == "ssd1306":
            panel.show()
        elif self.kind == "ssd1680":
            self.partials += 1
            if self.partials > self.full_every or not panel.shown:
                self.partials = 0
                panel.refresh()
            else:
                panel.refresh_partial(lo * ROW, hi * ROW + ROW - 1)
        return True

    def draw_row(self, i, row):
        y = i * ROW
        inverse = row.startswith(INVERSE)
        if inverse:
            row = row[1:]
        self.fb.fill_rect(0, y, self.width, ROW, 1 if inverse else 0)
        text.draw(self.fb, cut(row, self.cols), 0, y, inverse)

    def clear(self):
        """Forget what is drawn: the next show() draws every row (e-paper: a full refresh)."""
        self._shown = [None] * self.rows
        self.partials = self.full_every


def oled(w, h, i2c, addr):
    """micropython-lib's SSD1306_I2C pushing its picture in one write from a buffer held
    for good, the I2C data byte before a copy of the picture: the driver's writevto of two
    parts makes a port join them in a fresh 1 KB allocation on every push (rp2 does), which
    a tight or fragmented heap may not have."""
    from drivers.ssd1306 import SSD1306_I2C

    class OLED(SSD1306_I2C):
        def write_data(self, buf):
            out = self.out
            if out is None:
                out = self.out = bytearray(1 + len(buf))
                out[0] = 0x40                   # Co=0, D/C#=1: data follows
                self.tail = memoryview(out)[1:]
            self.tail[:] = buf
            self.i2c.writeto(self.addr, out)

    OLED.out = None
    return OLED(w, h, i2c, addr)


def open(board):
    """The board's display, as boards/<name>.py DISPLAY describes it."""
    d = board.DISPLAY
    kind = d["driver"]
    w = d["width"]
    h = d["height"]
    if kind == "ssd1306":
        from machine import Pin, I2C
        i2c = I2C(d["bus_id"], scl=Pin(d["scl"]), sda=Pin(d["sda"]), freq=d.get("freq", 400_000))
        panel = oled(w, h, i2c, d.get("address", 0x3C))
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
        buf = bytearray(((h + 7) // 8) * w)
        return Display(framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB), buf, w, h)
    raise ValueError("unknown display driver " + kind)
