# SSD1680 e-paper driver for a 2.13" black/white panel (122 sources x 250 gates, e.g.
# WeAct or Waveshare V4 2.13"), drawn in landscape: a framebuf.FrameBuffer of 250x122
# (MONO_VLSB, 1 = black) like micropython-lib's ssd1306, pushed over SPI.
#
# Orientation: landscape x runs along the gates from gate 249 down to gate 0, y along the
# sources from S0.  A MONO_VLSB page byte holds 8 pixels of one column, which is what one
# RAM byte holds (8 sources of one gate, first source in the MSB): with the address counter
# moving along Y first (data entry mode AM=1, Y decreasing), page p is sent as X address p,
# byte for byte, bit-reversed and inverted (RAM: 1 = white).
#
# Refreshes: full (display mode 1, the whole panel flashes: clears ghosting) and partial
# (display mode 2: the controller drives only pixels whose new value, BW RAM 0x24, differs
# from the previous one, RED RAM 0x26).  The SSD1680 does not copy 0x24 into 0x26 after an
# update, so once a partial refresh has finished the driver writes the same window into 0x26
# (settle()); a full refresh writes both RAMs first.  refresh() returns while the panel
# still works (BUSY high); every command waits for BUSY to fall first.

from micropython import const
import framebuf
import time

_DRIVER_OUTPUT = const(0x01)
_DEEP_SLEEP = const(0x10)
_DATA_ENTRY = const(0x11)
_SW_RESET = const(0x12)
_TEMP_SENSOR = const(0x18)
_MASTER_ACTIVATION = const(0x20)
_UPDATE_CTRL1 = const(0x21)
_UPDATE_CTRL2 = const(0x22)
_WRITE_BW = const(0x24)
_WRITE_RED = const(0x26)
_BORDER = const(0x3C)
_RAM_X = const(0x44)
_RAM_Y = const(0x45)
_RAM_X_COUNT = const(0x4E)
_RAM_Y_COUNT = const(0x4F)

# Display update control 2: clock on, analog on, load temperature and LUT, display in
# mode 1 (full) / mode 2 (partial), analog off, clock off.
_SEQ_FULL = const(0xF7)
_SEQ_PARTIAL = const(0xFF)
_ENTRY_Y_FIRST = const(0x05)    # AM=1 (Y first), Y decrement, X increment
_BUSY_TIMEOUT_MS = const(10000)


def _reverse_inverted():
    t = bytearray(256)
    for b in range(256):
        r = 0
        for k in range(8):
            if b >> k & 1:
                r |= 0x80 >> k
        t[b] = r ^ 0xFF
    return t


class SSD1680(framebuf.FrameBuffer):
    def __init__(self, spi, dc, cs, rst, busy, width=250, height=122):
        """spi: machine.SPI (mode 0); dc, cs, rst: output Pins; busy: input Pin (high while
        the controller works).  width = gates, height = sources (landscape)."""
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.rst = rst
        self.busy = busy
        self.width = width
        self.height = height
        self.pages = (height + 7) // 8
        self.buffer = bytearray(self.pages * width)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self._row = bytearray(width)
        self._lut = _reverse_inverted()
        self._b1 = bytearray(1)
        self._args = bytearray(4)
        self._sync = None           # (first page, last page) 0x26 still lacks
        self.shown = False          # RED RAM holds the picture on the panel
        self.asleep = False
        self.init_display()

    # -- bus -----------------------------------------------------------------------

    def wait(self):
        """Block until BUSY falls (the controller takes no command while it is high)."""
        t0 = time.ticks_ms()
        while self.busy():
            if time.ticks_diff(time.ticks_ms(), t0) > _BUSY_TIMEOUT_MS:
                raise OSError(110)      # ETIMEDOUT: no panel, or it hangs
            time.sleep_ms(1)

    def _cmd(self, c, data=None, n=0):
        self.wait()
        self._b1[0] = c
        self.dc(0)
        self.cs(0)
        self.spi.write(self._b1)
        self.cs(1)
        if data is not None:
            self.dc(1)
            self.cs(0)
            self.spi.write(memoryview(data)[:n or len(data)])
            self.cs(1)

    def _arg(self, c, *values):
        a = self._args
        for i in range(len(values)):
            a[i] = values[i]
        self._cmd(c, a, len(values))

    # -- setup ---------------------------------------------------------------------

    def reset(self):
        self.rst(1)
        time.sleep_ms(10)
        self.rst(0)
        time.sleep_ms(10)
        self.rst(1)
        time.sleep_ms(10)

    def init_display(self):
        """Hardware and software reset, then the panel's geometry and scan settings."""
        self.cs(1)
        self.reset()
        self._cmd(_SW_RESET)
        last = self.width - 1
        self._arg(_DRIVER_OUTPUT, last & 0xFF, last >> 8, 0x00)   # gates, GD=SM=TB=0
        self._arg(_DATA_ENTRY, _ENTRY_Y_FIRST)
        self._arg(_BORDER, 0x05)                                 # border follows LUT1
        self._arg(_UPDATE_CTRL1, 0x00, 0x80)    # both RAMs as they are; sources S8..S167
        self._arg(_TEMP_SENSOR, 0x80)           # internal temperature sensor
        self._window(0, self.pages - 1)
        self._sync = None
        self.shown = False
        self.asleep = False

    def _window(self, p0, p1):
        """RAM window: X bytes p0..p1 (sources 8*p0..), Y every gate, walked from the last."""
        last = self.width - 1
        self._arg(_RAM_X, p0, p1)
        self._arg(_RAM_Y, last & 0xFF, last >> 8, 0, 0)
        self._arg(_RAM_X_COUNT, p0)
        self._arg(_RAM_Y_COUNT, last & 0xFF, last >> 8)

    def _write_ram(self, ram, p0, p1):
        self._window(p0, p1)
        self._cmd(ram)
        w = self.width
        buf = self.buffer
        lut = self._lut
        row = self._row
        self.dc(1)
        self.cs(0)
        for p in range(p0, p1 + 1):
            o = p * w
            for x in range(w):
                row[x] = lut[buf[o + x]]
            self.spi.write(row)
        self.cs(1)

    # -- refreshes -----------------------------------------------------------------

    def settle(self):
        """Wait for a running refresh, then bring the RED RAM up to what the panel shows.
        Call before drawing the next picture into the buffer.  Wakes a sleeping panel."""
        if self.asleep:
            self.init_display()
        if self._sync is not None:
            p0, p1 = self._sync
            self._sync = None
            self._write_ram(_WRITE_RED, p0, p1)
        self.wait()

    def refresh(self):
        """Full refresh of the whole picture (flashes; clears ghosting)."""
        self.settle()
        self._write_ram(_WRITE_RED, 0, self.pages - 1)
        self._write_ram(_WRITE_BW, 0, self.pages - 1)
        self._arg(_BORDER, 0x05)
        self._arg(_UPDATE_CTRL2, _SEQ_FULL)
        self._cmd(_MASTER_ACTIVATION)
        self.shown = True

    def refresh_partial(self, y0, y1):
        """Partial refresh of rows y0..y1 (the panel redraws only pixels that change).
        Falls back to a full refresh when the panel's picture is not known yet."""
        self.settle()
        if not self.shown:
            self.refresh()
            return
        p0 = max(0, y0) >> 3
        p1 = min(self.height - 1, y1) >> 3
        self._write_ram(_WRITE_BW, p0, p1)
        self._arg(_BORDER, 0x80)
        self._arg(_UPDATE_CTRL2, _SEQ_PARTIAL)
        self._cmd(_MASTER_ACTIVATION)
        self._sync = (p0, p1)

    def sleep(self):
        """Deep sleep mode 1 (RAM kept); the next refresh wakes the panel (a reset and
        a full refresh)."""
        if self.asleep:
            return
        self.settle()
        self._arg(_DEEP_SLEEP, 0x01)
        self.asleep = True

    def show(self):
        """Push the whole buffer (full refresh), as ssd1306's show() does."""
        self.refresh()
