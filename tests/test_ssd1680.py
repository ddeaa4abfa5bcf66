# The SSD1680 e-paper driver (firmware/drivers/ssd1680.py) against the panel model
# (tests/ssd1680_model.py): the picture the panel ends with must equal the frame buffer
# after full and partial refreshes, and a driver that breaks the command sequence must be
# caught.  The same scenarios run in the MicroPython unix port (the compiled driver from
# build/device) and on CPython (the driver's source over a pure-Python framebuf stand-in).

import sys

MICROPYTHON = sys.implementation.name == "micropython"


def mismatches(model, fb, width=250, height=122):
    n = 0
    for y in range(height):
        for x in range(width):
            if model.landscape(x, y) != fb.pixel(x, y):
                n += 1
    return n


def _panel(cls=None):
    from ssd1680_model import SSD1680Model
    from drivers.ssd1680 import SSD1680
    m = SSD1680Model()
    d = (cls or SSD1680)(m.spi, m.dc, m.cs, m.rst, m.busy)
    return m, d


def _scribble(fb, y0, y1, seed):
    """A deterministic pattern of pixels and boxes in rows y0..y1."""
    fb.fill_rect(0, y0, 250, y1 - y0 + 1, 0)
    s = seed
    for _ in range(60):
        s = (s * 1103515245 + 12345) & 0x7FFFFFFF
        x = s % 250
        y = y0 + (s >> 8) % (y1 - y0 + 1)
        fb.fill_rect(x, y, 1 + (s >> 16) % 9, min(1 + (s >> 20) % 4, y1 - y + 1), 1)


def scenario_full():
    m, d = _panel()
    d.fill(0)
    d.fill_rect(10, 5, 50, 30, 1)
    d.rect(100, 40, 120, 60, 1)
    for i in range(122):
        d.pixel(i * 2, i, 1)
    d.refresh()
    d.settle()
    return {"diff": mismatches(m, d), "full": m.full_refreshes, "partial": m.partial_refreshes,
            "bytes": m.data_bytes}


def scenario_partials():
    m, d = _panel()
    d.fill(0)
    _scribble(d, 0, 121, 1)
    d.refresh()
    diffs = []
    sent = []
    for step, (y0, y1) in enumerate(((12, 23), (60, 71), (12, 35), (110, 121), (0, 11), (60, 71))):
        d.settle()
        before = m.data_bytes
        _scribble(d, y0, y1, step + 2)
        d.refresh_partial(y0, y1)
        d.settle()
        sent.append(m.data_bytes - before)
        diffs.append(mismatches(m, d))
    return {"diffs": diffs, "full": m.full_refreshes, "partial": m.partial_refreshes, "sent": sent}


def scenario_stale_red():
    """A driver that never brings the RED RAM up to date: the model shows the ghosts."""
    from drivers.ssd1680 import SSD1680

    class NoSync(SSD1680):
        def settle(self):
            self._sync = None
            self.wait()

    m, d = _panel(NoSync)
    d.fill(0)
    d.refresh()
    diffs = []
    for step in range(3):
        d.settle()
        _scribble(d, 24, 47, step + 7)
        d.refresh_partial(24, 47)
        d.settle()
        diffs.append(mismatches(m, d))
    return {"diffs": diffs}


def _error(fn):
    from ssd1680_model import ModelError
    try:
        fn()
    except ModelError as e:
        return str(e)
    return None


def scenario_illegal():
    from drivers.ssd1680 import SSD1680
    out = {}

    class NoInit(SSD1680):
        def init_display(self):
            self.cs(1)
            self.reset()
    m, d = _panel(NoInit)
    out["no_init"] = _error(d.refresh)

    class NoBusy(SSD1680):
        def wait(self):
            pass
    out["busy_ignored"] = _error(lambda: _panel(NoBusy))

    m, d = _panel()
    out["no_update_control"] = _error(lambda: d._cmd(0x20))

    m, d = _panel()

    def overflow():
        d._window(0, 0)
        d._cmd(0x24, bytearray(251))
    out["overflow"] = _error(overflow)

    m, d = _panel()
    d.sleep()
    out["asleep"] = _error(lambda: d._arg(0x4E, 0))
    return out


def scenario_wake():
    m, d = _panel()
    d.fill(0)
    _scribble(d, 0, 121, 3)
    d.refresh()
    d.sleep()
    _scribble(d, 50, 70, 4)
    d.refresh_partial(50, 70)     # wakes the panel: reset, init, and a full refresh
    d.settle()
    return {"diff": mismatches(m, d), "full": m.full_refreshes, "partial": m.partial_refreshes}


def scenario_display():
    """Screens through ui.display on the e-paper: partial refreshes of the changed rows, a
    full refresh every full_every of them, the picture equal to the frame buffer."""
    from ui import display
    m, d = _panel()
    disp = display.Display(d, d.buffer, 250, 122, "ssd1680", d, full_every=3)
    screens = (
        ["\x01T3 MCR 東1", "東*1   25000", "南 2  -12000", "1-4 win A draw"],
        ["\x011 88番", "大四喜          88", "字一色          64", "# save * back"],
        ["\x011 88番", "大四喜          88", "字一色          64", "\x01# save * back"],
        ["\x011 88番", "大四喜          88", "字一色          64", "\x01# save * back"],
        ["\x01T3 MCR 東2", "東 1   25264", "南*2  -12088", "1-4 win A draw"],
        ["\x01T3 MCR 東2", "東 1   25264", "南*2  -12088", "1-4 win A drew"],
        ["\x01T3 MCR 東2", "東 1   25264", "南*2  -12088", "ghost?"],
    )
    diffs = []
    changed = []
    counts = []
    for rows in screens:
        changed.append(disp.show(rows))
        d.settle()
        diffs.append(mismatches(m, d))
        counts.append((m.full_refreshes, m.partial_refreshes))
    return {"diffs": diffs, "changed": changed, "counts": counts, "rows": disp.rows,
            "cols": disp.cols}


SCENARIOS = ("full", "partials", "stale_red", "illegal", "wake", "display")


def main():
    """MicroPython: run every scenario, one JSON line each."""
    import json
    for name in SCENARIOS:
        print(json.dumps({"name": name, "result": globals()["scenario_" + name]()}))


if not MICROPYTHON:
    import json
    import os
    import subprocess
    import types

    import pytest

    from host_tools import build, paths
    from host_tools.board import device

    TESTS = os.path.dirname(os.path.abspath(__file__))

    class StandInFrameBuffer:
        """The part of MicroPython's framebuf.FrameBuffer the display code uses."""

        def __init__(self, buf, width, height, fmt, stride=None):
            self._b, self._w, self._h, self._f = buf, width, height, fmt

        def _at(self, x, y):
            if self._f == 0:     # MONO_VLSB
                return (y >> 3) * self._w + x, 1 << (y & 7)
            return y * ((self._w + 7) >> 3) + (x >> 3), 0x80 >> (x & 7)   # MONO_HLSB

        def pixel(self, x, y, c=None):
            if not (0 <= x < self._w and 0 <= y < self._h):
                return None
            i, m = self._at(x, y)
            if c is None:
                return 1 if self._b[i] & m else 0
            self._b[i] = self._b[i] | m if c else self._b[i] & ~m & 0xFF

        def fill_rect(self, x, y, w, h, c):
            for yy in range(max(0, y), min(self._h, y + h)):
                for xx in range(max(0, x), min(self._w, x + w)):
                    self.pixel(xx, yy, c)

        def fill(self, c):
            self.fill_rect(0, 0, self._w, self._h, c)

        def rect(self, x, y, w, h, c):
            self.fill_rect(x, y, w, 1, c)
            self.fill_rect(x, y + h - 1, w, 1, c)
            self.fill_rect(x, y, 1, h, c)
            self.fill_rect(x + w - 1, y, 1, h, c)

        def blit(self, src, x, y, key=-1, palette=None):
            for sy in range(src._h):
                for sx in range(src._w):
                    c = src.pixel(sx, sy)
                    if palette is not None:
                        c = palette.pixel(c, 0)
                    if c != key:
                        self.pixel(x + sx, y + sy, c)

    @pytest.fixture
    def cpython_firmware(monkeypatch):
        """The driver and display sources importable on CPython, over the stand-in."""
        fb = types.ModuleType("framebuf")
        fb.FrameBuffer = StandInFrameBuffer
        fb.MONO_VLSB, fb.MONO_HLSB = 0, 3
        mp = types.ModuleType("micropython")
        mp.const = lambda x: x
        monkeypatch.setitem(sys.modules, "framebuf", fb)
        monkeypatch.setitem(sys.modules, "micropython", mp)
        for p in (TESTS, paths.FIRMWARE):
            monkeypatch.syspath_prepend(p)
        for name in [n for n in sys.modules if n.split(".")[0] in ("drivers", "ui")]:
            monkeypatch.delitem(sys.modules, name)
        import time
        if not hasattr(time, "ticks_ms"):
            monkeypatch.setattr(time, "ticks_ms", lambda: int(time.monotonic() * 1000), raising=False)
            monkeypatch.setattr(time, "ticks_diff", lambda a, b: a - b, raising=False)
            monkeypatch.setattr(time, "sleep_ms", lambda ms: None, raising=False)
        from ui import text
        monkeypatch.setattr(text, "PATH", build.gen_font.ensure())
        yield
        for name in [n for n in sys.modules if n.split(".")[0] in ("drivers", "ui")]:
            del sys.modules[name]

    @pytest.fixture(scope="module")
    def micropython_results():
        entry = "import sys; sys.path.append(%r); import test_ssd1680; test_ssd1680.main()" % TESTS
        out = subprocess.run(device.command(entry, heap="2m"), capture_output=True, text=True,
                             timeout=120)
        assert out.returncode == 0, out.stderr + out.stdout
        return {r["name"]: r["result"] for r in map(json.loads, out.stdout.splitlines())}

    @pytest.fixture(params=["micropython", "cpython"])
    def run(request):
        if request.param == "micropython":
            results = request.getfixturevalue("micropython_results")
            return lambda name: results[name]
        request.getfixturevalue("cpython_firmware")
        return lambda name: json.loads(json.dumps(globals()["scenario_" + name]()))

    def test_full_refresh_shows_the_buffer(run):
        r = run("full")
        assert r["diff"] == 0
        assert (r["full"], r["partial"]) == (1, 0)
        assert r["bytes"] == 2 * 16 * 250          # both RAMs, whole panel

    def test_partial_refreshes_show_the_buffer_and_send_only_the_changed_pages(run):
        r = run("partials")
        assert r["diffs"] == [0] * 6
        assert (r["full"], r["partial"]) == (1, 6)
        # rows 12..23 are pages 1..2: 2 x 250 bytes to BW RAM, once shown the same to RED RAM
        assert r["sent"][:3] == [2 * 2 * 250, 2 * 2 * 250, 2 * 4 * 250]   # 12..35: pages 1..4
        assert r["sent"][3] == 2 * 3 * 250          # rows 110..121: pages 13..15

    def test_the_model_shows_ghosts_when_red_ram_is_stale(run):
        r = run("stale_red")
        assert r["diffs"][0] == 0           # the first partial still had an exact RED RAM
        assert all(n > 0 for n in r["diffs"][1:])

    def test_the_model_refuses_illegal_sequences(run):
        r = run("illegal")
        assert "before the software reset" in r["no_init"]
        assert "BUSY is high" in r["busy_ignored"]
        assert "before display update control 2" in r["no_update_control"]
        assert "more RAM data than the window holds" in r["overflow"]
        assert "deep sleep" in r["asleep"]

    def test_a_refresh_wakes_a_sleeping_panel(run):
        r = run("wake")
        assert r["diff"] == 0
        assert (r["full"], r["partial"]) == (2, 0)

    def test_display_screens_on_epaper(run):
        r = run("display")
        assert (r["rows"], r["cols"]) == (10, 41)
        assert r["diffs"] == [0] * 7
        assert r["changed"] == [True, True, True, False, True, True, True]
        # first screen full, then partials; the 4th change is past full_every=3: full again
        assert r["counts"] == [[1, 0], [1, 1], [1, 2], [1, 2], [1, 3], [2, 3], [2, 4]]
