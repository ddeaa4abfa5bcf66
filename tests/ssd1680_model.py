# A model of an SSD1680 e-paper controller driving a black/white 122-source x 250-gate
# panel, seen from the host side: an SPI bus, DC, CS, RST and BUSY pins.  It parses the
# command stream, refuses sequences the controller would not honour (ModelError), keeps both
# RAMs and the picture the panel ends with after full and partial refreshes.
#
# Runs on MicroPython (the unix port, with the compiled driver) and on CPython.
#
# What it checks:
#   - no byte while RST is low, CS is high, the panel is in deep sleep, or BUSY is high
#   - RAM writes only after a software reset, driver output control (0x01) and data entry
#     mode (0x11), with the RAM window (0x44/0x45) and then the address counters (0x4E/0x4F)
#     set, and never more bytes than the window holds
#   - master activation (0x20) only after display update control 2 (0x22) was set, the
#     display sequence enabling clock and analog (or finding them on)
#   - a full refresh (display mode 1) shows the BW RAM (0x24); it needs every visible pixel
#     of it written since power-on
#   - a partial refresh (display mode 2) drives only pixels whose BW RAM bit differs from
#     the RED RAM bit (0x26, the "previous" picture): a stale RED RAM leaves wrong pixels
#     behind, as on the real panel; it needs both RAMs written since power-on
# The picture: 1 = black, 0 = white, 2 = unknown (never driven since power-on).

_PARAMS = {0x01: 3, 0x03: 1, 0x04: 3, 0x0C: 5, 0x10: 1, 0x11: 1, 0x18: 1, 0x1A: 2,
           0x21: 2, 0x22: 1, 0x2C: 1, 0x3C: 1, 0x44: 2, 0x45: 4, 0x4E: 1, 0x4F: 2}
_NO_PARAMS = (0x12, 0x20)
_RAMS = (0x24, 0x26)


class ModelError(Exception):
    pass


class _Pin:
    def __init__(self, model, name, value=1):
        self.model = model
        self.name = name
        self.v = value

    def __call__(self, v=None):
        if v is None:
            return self.v
        v = 1 if v else 0
        old = self.v
        self.v = v
        self.model._edge(self.name, old, v)

    def value(self, v=None):
        return self(v)

    def on(self):
        self(1)

    def off(self):
        self(0)


class _Busy:
    def __init__(self, model):
        self.model = model

    def __call__(self, v=None):
        return self.model._busy_read()

    def value(self, v=None):
        return self()


class _SPI:
    def __init__(self, model):
        self.model = model

    def write(self, data):
        for b in bytes(data):
            self.model._byte(b)

    def init(self, *args, **kw):
        pass


class SSD1680Model:
    def __init__(self, gates=250, sources=122, busy_reads=3):
        self.gates = gates
        self.sources = sources
        self.xbytes = (sources + 7) // 8
        self.busy_reads = busy_reads     # reads of BUSY that see it high after a long command
        self.dc = _Pin(self, "dc", 0)
        self.cs = _Pin(self, "cs", 1)
        self.rst = _Pin(self, "rst", 1)
        self.busy = _Busy(self)
        self.spi = _SPI(self)
        n = self.xbytes * gates
        self.ram = {0x24: bytearray(n), 0x26: bytearray(n)}
        self.written = {0x24: bytearray(n), 0x26: bytearray(n)}    # 1: written since power-on
        self.picture = bytearray(b"\x02" * (gates * sources))
        self.full_refreshes = 0
        self.partial_refreshes = 0
        self.data_bytes = 0
        self.log = []                  # (command, params) in order
        self._busy_left = 0
        self._power_on()

    # -- pins ----------------------------------------------------------------------

    def _power_on(self):
        self.asleep = False
        self.clock = False
        self.analog = False
        self._soft_reset()
        self.swreset = False

    def _soft_reset(self):
        self.cmd = None
        self.params = []
        self.ctrl2 = None
        self.driver_output = None
        self.entry = 0x03              # POR: X then Y, both increasing
        self.window_x = None
        self.window_y = None
        self.counter_ok = False
        self.x = 0
        self.y = 0
        self.ram_cmd = None
        self.ram_left = 0
        self._entry_set = False
        self._x_set = False
        self._y_set = False

    def _edge(self, name, old, new):
        if name == "rst":
            if old == 1 and new == 0:
                self._in_reset = True
            elif old == 0 and new == 1:
                self._in_reset = False
                if self.asleep and self._sleep_mode == 3:   # deep sleep 2 keeps no RAM
                    for r in _RAMS:
                        self.written[r][:] = bytes(len(self.written[r]))
                self.asleep = False
                self._soft_reset()
                self.swreset = False
                self._busy_left = 1

    _in_reset = False
    _sleep_mode = 0

    def _busy_read(self):
        if self._busy_left > 0:
            self._busy_left -= 1
            return 1
        return 0

    # -- bytes ---------------------------------------------------------------------

    def _fail(self, why):
        raise ModelError(why)

    def _byte(self, b):
        if self._in_reset or self.rst.v == 0:
            self._fail("byte 0x%02x while RST is low" % b)
        if self.cs.v != 0:
            self._fail("byte 0x%02x with CS high (the controller ignores it)" % b)
        if self.asleep:
            self._fail("byte 0x%02x in deep sleep (needs a hardware reset)" % b)
        if self._busy_left > 0:
            self._fail("byte 0x%02x while BUSY is high" % b)
        if self.dc.v == 0:
            self._command(b)
        else:
            self._data(b)

    def _command(self, c):
        if self.cmd is not None and self.cmd not in _RAMS and self.cmd in _PARAMS:
            self._fail("command 0x%02x cut short: %d of %d parameters"
                       % (self.cmd, len(self.params), _PARAMS[self.cmd]))
        self.cmd = c
        self.params = []
        if c in _RAMS:
            self._start_ram(c)
        elif c in _NO_PARAMS:
            self.log.append((c, ()))
            self._execute(c, [])
            self.cmd = None
        elif c not in _PARAMS:
            self._fail("command 0x%02x is not modelled" % c)

    def _data(self, b):
        c = self.cmd
        if c is None:
            self._fail("data byte 0x%02x with no command" % b)
        if c in _RAMS:
            self._ram_byte(b)
            return
        self.params.append(b)
        if len(self.params) == _PARAMS[c]:
            self.log.append((c, tuple(self.params)))
            self._execute(c, self.params)
            self.cmd = None

    def _execute(self, c, p):
        if c == 0x12:
            self._soft_reset()
            self.swreset = True
            self._busy_left = self.busy_reads
            return
        if not self.swreset:
            self._fail("command 0x%02x before the software reset" % c)
        if c == 0x01:
            mux = p[0] | p[1] << 8
            if mux != self.gates - 1 or p[2] != 0:
                self._fail("driver output control %r: the model scans %d gates, GD=SM=TB=0"
                           % (p, self.gates))
            self.driver_output = p
        elif c == 0x11:
            self.entry = p[0] & 7
            self._entry_set = True
        elif c == 0x44:
            self.window_x = (p[0] & 0x3F, p[1] & 0x3F)
            self.counter_ok = self._x_set = self._y_set = False
        elif c == 0x45:
            self.window_y = (p[0] | (p[1] & 1) << 8, p[2] | (p[3] & 1) << 8)
            self.counter_ok = self._x_set = self._y_set = False
        elif c == 0x4E:
            self.x = p[0] & 0x3F
            self._x_set = True
            self._check_counter()
        elif c == 0x4F:
            self.y = p[0] | (p[1] & 1) << 8
            self._y_set = True
            self._check_counter()
        elif c == 0x22:
            self.ctrl2 = p[0]
        elif c == 0x20:
            self._activate()
        elif c == 0x10:
            if p[0] & 3:
                self.asleep = True
                self._sleep_mode = p[0] & 3
        # 0x03, 0x04, 0x0C, 0x18, 0x1A, 0x21, 0x2C, 0x3C: settings the picture does not show

    def _check_counter(self):
        if self.window_x is None or self.window_y is None:
            self._fail("address counter set before the RAM window")
        (xs, xe), (ys, ye) = self.window_x, self.window_y
        if not (min(xs, xe) <= self.x <= max(xs, xe)) or not (min(ys, ye) <= self.y <= max(ys, ye)):
            return      # outside the window: not ready for a write
        self.counter_ok = self._x_set and self._y_set

    # -- RAM -----------------------------------------------------------------------

    def _start_ram(self, c):
        if not self.swreset or self.driver_output is None or not self._entry_set:
            self._fail("RAM write 0x%02x before the panel is set up (0x12, 0x01, 0x11)" % c)
        if self.window_x is None or self.window_y is None:
            self._fail("RAM write 0x%02x before the RAM window (0x44/0x45)" % c)
        if not self.counter_ok:
            self._fail("RAM write 0x%02x with the address counters (0x4E/0x4F) unset since the window changed" % c)
        (xs, xe), (ys, ye) = self.window_x, self.window_y
        self.ram_cmd = c
        self.ram_left = (abs(xe - xs) + 1) * (abs(ye - ys) + 1)
        self.log.append((c, ()))

    def _ram_byte(self, b):
        if self.ram_left <= 0:
            self._fail("more RAM data than the window holds")
        if self.x >= self.xbytes or self.y >= self.gates:
            self._fail("RAM address x=%d y=%d outside the panel's RAM" % (self.x, self.y))
        i = self.y * self.xbytes + self.x
        self.ram[self.cmd][i] = b
        self.written[self.cmd][i] = 1
        self.data_bytes += 1
        self.ram_left -= 1
        self._advance()

    def _advance(self):
        (xs, xe), (ys, ye) = self.window_x, self.window_y
        dx = 1 if self.entry & 1 else -1
        dy = 1 if self.entry & 2 else -1
        if self.entry & 4:          # AM=1: Y first
            if self.y == ye:
                self.y = ys
                self.x = xs if self.x == xe else self.x + dx
            else:
                self.y += dy
        else:
            if self.x == xe:
                self.x = xs
                self.y = ys if self.y == ye else self.y + dy
            else:
                self.x += dx

    # -- refreshes -----------------------------------------------------------------

    def _activate(self):
        seq = self.ctrl2
        if seq is None:
            self._fail("master activation (0x20) before display update control 2 (0x22)")
        if seq & 0x80:
            self.clock = True
        if seq & 0x40:
            if not self.clock:
                self._fail("analog enabled with the clock off")
            self.analog = True
        if seq & 0x04:              # display
            if not (self.clock and self.analog):
                self._fail("display sequence 0x%02x with clock or analog off" % seq)
            if seq & 0x08:
                self._partial()
            else:
                self._full()
        if seq & 0x02:
            self.analog = False
        if seq & 0x01:
            self.clock = False
        self._busy_left = self.busy_reads

    def _bit(self, ram, gate, source):
        return ram[gate * self.xbytes + (source >> 3)] >> (7 - (source & 7)) & 1

    def _visible_written(self, r):
        w = self.written[r]
        for g in range(self.gates):
            for b in range(self.xbytes):
                if not w[g * self.xbytes + b] and b * 8 < self.sources:
                    return False
        return True

    def _full(self):
        if not self._visible_written(0x24):
            self._fail("full refresh with BW RAM not written since power-on")
        bw = self.ram[0x24]
        pic = self.picture
        for g in range(self.gates):
            for s in range(self.sources):
                pic[g * self.sources + s] = 1 - self._bit(bw, g, s)     # RAM 1 = white
        self.full_refreshes += 1

    def _partial(self):
        if not (self._visible_written(0x24) and self._visible_written(0x26)):
            self._fail("partial refresh with a RAM not written since power-on")
        bw = self.ram[0x24]
        red = self.ram[0x26]
        pic = self.picture
        for g in range(self.gates):
            for s in range(self.sources):
                new = self._bit(bw, g, s)
                if new != self._bit(red, g, s):
                    pic[g * self.sources + s] = 1 - new
        self.partial_refreshes += 1

    # -- the picture ---------------------------------------------------------------

    def pixel(self, gate, source):
        return self.picture[gate * self.sources + source]

    def landscape(self, x, y):
        """The pixel at (x, y) of the panel held in landscape: x from gate 249 to gate 0,
        y from source 0 (a quarter turn of the panel's native portrait picture)."""
        return self.picture[(self.gates - 1 - x) * self.sources + y]
