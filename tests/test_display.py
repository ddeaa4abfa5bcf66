"""The glyph font (host_tools/gen/font.py), text drawing (firmware/ui/text.py) and the
screen (firmware/ui/display.py).  Drawing runs in the MicroPython unix port on the compiled
modules of build/device; the pictures are checked on the host against the font file."""

import json
import struct
import subprocess

import pytest

from host_tools.board import device
from host_tools.gen import font as gen_font

HEIGHT = 12


# -- the font file -------------------------------------------------------------------

@pytest.fixture(scope="module")
def font():
    return open(gen_font.ensure(), "rb").read()


def glyph_bits(font, ch):
    """(width, rows of pixels) of a character as the font file holds it; None if absent."""
    _, _, h, half, full, n_wide, first, n_ascii, _ = gen_font.HEADER.unpack_from(font)
    o = ord(ch)
    if o < gen_font.HALF_END:
        at, w, rb = gen_font.HEADER.size + 12 * (o - first), half, 1
    else:
        codes = struct.unpack_from("<%dH" % n_wide, font, gen_font.HEADER.size + 12 * n_ascii)
        if o not in codes:
            return None
        at = gen_font.HEADER.size + 12 * n_ascii + 2 * n_wide + 24 * codes.index(o)
        w, rb = full, 2
    return w, [[font[at + y * rb + (x >> 3)] >> (7 - (x & 7)) & 1 for x in range(w)]
               for y in range(h)]


def test_font_holds_printable_ascii_and_every_character_of_the_firmware_strings(font):
    magic, version, h, half, full, n_wide, first, n_ascii, _ = gen_font.HEADER.unpack_from(font)
    assert (magic, version, h, half, full, first, n_ascii) == (b"MJFN", 2, 12, 6, 12, 0x20, 0x160)
    codes = struct.unpack_from("<%dH" % n_wide, font, gen_font.HEADER.size + 12 * n_ascii)
    assert list(codes) == sorted(set(codes))
    wanted = gen_font.firmware_chars()
    assert set(map(ord, wanted)) <= set(codes)
    assert len(font) == gen_font.HEADER.size + 12 * n_ascii + 26 * n_wide
    for ch in "清一色大四喜東南西北和":      # element names and winds the screens show
        assert ord(ch) in codes
    from ui import entry
    for ch in entry.HONOUR_NAMES + entry.FLOWER_NAMES + "吃碰明暗花":   # tiles as tiles
        assert ord(ch) in codes and any(any(r) for r in glyph_bits(font, ch)[1]), ch
    assert glyph_bits(font, "A")[1] != glyph_bits(font, "B")[1]
    assert any(any(r) for r in glyph_bits(font, "和")[1])


def test_font_is_deterministic():
    chars = list("清一色（）")
    assert gen_font.build(chars) == gen_font.build(chars)


def test_only_string_literals_count_not_comments_nor_bytes(tmp_path):
    (tmp_path / "m.py").write_text('# 注釋\nA = "清一色"\nB = b"\\xe4\\xb8\\x80"\nC = f"{A}番"\n',
                                   encoding="utf-8")
    assert gen_font.firmware_chars(str(tmp_path)) == sorted("清一色番")


def test_glyph_cells_are_crisp_and_fit_the_row(font):
    """Every wide glyph stays inside its 12x12 cell with ink in it (nothing clipped away
    by the shift that aligns the font), and ASCII glyphs leave a blank column."""
    _, _, _, _, _, n_wide, _, n_ascii, _ = gen_font.HEADER.unpack_from(font)
    codes = struct.unpack_from("<%dH" % n_wide, font, gen_font.HEADER.size + 12 * n_ascii)
    for c in codes:
        w, rows = glyph_bits(font, chr(c))
        assert any(any(r) for r in rows), chr(c)
    for c in range(0x21, 0x7F):
        w, rows = glyph_bits(font, chr(c))
        assert not all(r[w - 1] for r in rows)
    # text.draw paints a run of spaces without reading their glyph: a blank one
    assert not any(any(r) for r in glyph_bits(font, " ")[1])


# -- drawing on the device -----------------------------------------------------------

def run_device(code, heap="256k"):
    out = subprocess.run(device.command(code, heap=heap), capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr + out.stdout
    return [json.loads(line) for line in out.stdout.splitlines()]


def vlsb(hexbuf, w, h):
    buf = bytes.fromhex(hexbuf)
    return [[buf[(y >> 3) * w + x] >> (y & 7) & 1 for x in range(w)] for y in range(h)]


def expected_row(font, text, width, inverse=False):
    """The 12 pixel rows a screen row shows, composed on the host from the font file."""
    rows = [[1 if inverse else 0] * width for _ in range(HEIGHT)]
    x = 0
    for ch in text:
        g = glyph_bits(font, ch)
        w = 6 if ord(ch) < gen_font.HALF_END else 12
        if g is None:               # a missing glyph: "?" in its cells
            g = glyph_bits(font, "?")
            g = (w, [r + [0] * (w - 6) for r in g[1]])
        for y in range(HEIGHT):
            for dx in range(w):
                on = g[1][y][dx]
                if x + dx < width:
                    rows[y][x + dx] = (1 - on) if inverse else on
        x += w
    return rows


SCREEN = ["\x01T3 MCR 東1", "大四喜 88 x", "\u2603 not in font", "清一色（x）24", "1-4 win A"]

DRAW = """
import json, binascii, gc
from ui import display, cells, cut
class B: pass
out = []
for w, h in ((128, 64), (250, 122)):
    b = B(); b.DISPLAY = {"driver": "framebuffer", "width": w, "height": h}
    d = display.open(b)
    rows = %r
    changed = d.show(rows)
    out.append({"w": w, "h": h, "rows": d.rows, "cols": d.cols, "changed": changed,
                "again": d.show(rows), "buf": binascii.hexlify(d.buffer).decode()})
    d.fb.fill_rect(0, 36, 3, 3, 1)          # a mark in row 3: kept while row 3 is unchanged
    rows2 = list(rows); rows2[1] = "\\x01" + rows[1]
    d.show(rows2)
    out.append({"mark_kept": d.fb.pixel(1, 37), "inverse_row": binascii.hexlify(d.buffer).decode()})
    rows2[3] = "changed"
    d.show(rows2)
    out.append({"mark_gone": d.fb.pixel(1, 37)})
print(json.dumps({"cells": [cells(s) for s in ("ab", "清一色", "T3 東1", "")],
                  "fit": [cut("清一色abc", n) for n in (0, 1, 2, 5, 7, 9, 20)]}))
for o in out:
    print(json.dumps(o))
""" % (SCREEN,)


@pytest.fixture(scope="module")
def drawn():
    return run_device(DRAW)


def test_cells_and_fit(drawn):
    assert drawn[0]["cells"] == [2, 6, 6, 0]
    assert drawn[0]["fit"] == ["", "", "清", "清一", "清一色a", "清一色abc", "清一色abc"]


@pytest.mark.parametrize("i", [1, 4])
def test_screen_rows_are_drawn_from_the_font(drawn, font, i):
    r = drawn[i]
    w, h = r["w"], r["h"]
    assert (r["rows"], r["cols"]) == {128: (5, 21), 250: (10, 41)}[w]
    assert r["changed"] is True and r["again"] is False
    pic = vlsb(r["buf"], w, h)
    for n, row in enumerate(SCREEN):
        inverse = row.startswith("\x01")
        want = expected_row(font, row.lstrip("\x01"), w, inverse)
        assert pic[n * HEIGHT:(n + 1) * HEIGHT] == want, (w, n, row)
    assert all(not any(line) for line in pic[len(SCREEN) * HEIGHT:])


@pytest.mark.parametrize("i", [1, 4])
def test_only_changed_rows_are_redrawn(drawn, font, i):
    w, h = drawn[i]["w"], drawn[i]["h"]
    assert drawn[i + 1]["mark_kept"] == 1
    assert drawn[i + 2]["mark_gone"] == 0
    pic = vlsb(drawn[i + 1]["inverse_row"], w, h)
    assert pic[HEIGHT:2 * HEIGHT] == expected_row(font, SCREEN[1], w, inverse=True)


def test_font_is_read_from_flash_not_loaded_into_the_heap():
    """The font file is ~7 KB; opening it costs the heap the code table and a buffer."""
    r = run_device("""
import gc, json, os        # (os: the application's settings import it)
from ui import text
gc.collect(); before = gc.mem_alloc()
f = text.font()
gc.collect(); opened = gc.mem_alloc() - before
import framebuf
fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
text.draw(fb, "清一色 88", 0, 0)
gc.collect(); before = gc.mem_alloc()
for i in range(20):
    text.draw(fb, "大四喜 字一色 88", 0, 12, i & 1)
drawing = gc.mem_alloc() - before
print(json.dumps({"opened": opened, "drawing": drawing, "n_wide": f.n_wide, "path": len(text.PATH),
                  "size": os.stat(text._find("font.bin"))[6]}))
""")[0]
    assert r["size"] > 4000
    # the code table, the glyph buffer, and the path found on sys.path (kept: the file is
    # opened again after a tight heap's open took its piece, heap.kept)
    assert r["opened"] < 2 * r["n_wide"] + 600 + r["path"] + 32
    assert r["drawing"] < 20 * 100         # a row's text copied once, no glyph in the heap


def test_a_font_opened_on_a_tight_heap_leaves_its_table_on_flash_and_lends_its_file():
    """On a tight heap (heap.tight(): a board's, patched here) the font reads its table of
    wide codes from the file a step at a time (the same glyph found for every code, none
    for a code it lacks), and heap.lend() shuts its file, which the next glyph opens again:
    the same pixels (docs/memory.md, "Hong Kong on the board")."""
    r = run_device("""
import json, framebuf, heap
from ui import text
f = text.font()
codes = [f._codes[2 * i] | f._codes[2 * i + 1] << 8 for i in range(f.n_wide)]
probe = codes + [c + 1 for c in codes] + [c - 1 for c in codes] + [0x180, 0xFFFF]
want = [f._wide_index(c) for c in probe]
s = "T3 \u6771\u5357 \u6e05\u4e00\u8272 88 \u2603"
pics = []
for tight in (False, True):
    heap.tight = lambda: tight
    text.close()
    g = text.font()
    b = bytearray(250 * 16)
    fb = framebuf.FrameBuffer(b, 250, 122, framebuf.MONO_VLSB)
    heap.lend()
    shut = g._file is None
    text.draw(fb, s, 0, 0)
    pics.append(bytes(b))
got = [g._wide_index(c) for c in probe]
reopened = g._file is not None
kept = heap.kept is g
text.close()
print(json.dumps({"same": want == got, "each": got[:len(codes)] == list(range(len(codes))),
                  "absent": got.count(-1), "n": len(codes),
                  "no_table": g._codes is None, "shut": shut, "reopened": reopened,
                  "kept": kept, "left": heap.kept is None, "pics": pics[0] == pics[1],
                  "inked": sum(pics[0])}))
""")[0]
    assert r["same"] and r["each"] and r["n"] > 300 and r["absent"] > 100
    assert r["no_table"] and r["shut"] and r["reopened"] and r["kept"] and r["left"]
    assert r["pics"] and r["inked"] > 0


# -- on the emulated Pico ------------------------------------------------------------

PICO_ROWS = ["\x01T3 MCR 東1", "東*1          25000", "南 2         -12000",
             "清一色（x）     24", "1-4 win A draw"]


def test_screen_on_the_emulated_pico_oled(tmp_path, font):
    """boards/pico.py's display: micropython-lib's ssd1306 driver over hardware I2C0 (SDA 4,
    SCL 5, 0x3C) on stock MicroPython; the OLED model's GDDRAM holds the rows as drawn from
    the font, and a second screen pushes only what changed."""
    import os
    import shutil
    from host_tools import build, paths
    from host_tools.board import pico
    folder = tmp_path / "fs"
    shutil.copytree(build.build_device(), folder)
    for name in ("main.py", "boot.py", "board.mpy"):     # the REPL stays free; pico's board
        (folder / name).unlink(missing_ok=True)
    boards = {name + ".py": open(os.path.join(paths.ROOT, "boards", b + ".py"), encoding="utf-8").read()
              for name, b in (("board", "pico"), ("board_eink", "pico_eink"))}
    # the REPL carries the source as bytes: non-ASCII text goes as escapes
    code = ("from ui import display\nimport board\nd = display.open(board)\n"
            "print(d.show(%s), d.show(%s), d.rows, d.cols)\n" % (ascii(PICO_ROWS), ascii(PICO_ROWS)))
    with pico.Pico(fs=pico.image(str(folder), files=boards)) as p:
        out = p.exec(code, timeout_ms=20000)
        shot = p.screen(png=str(tmp_path / "oled.png"))
        # pico_eink's panel: hardware SPI1 and its pins accepted, the init sequence sent (no
        # refresh: the emulator's SPI never finishes a DMA write of 32 bytes or more)
        eink = p.exec("import board_eink\ne = display.open(board_eink)\n"
                      "print(e.rows, e.cols, e.panel.asleep, e.panel.shown)", timeout_ms=20000)
    assert out.split() == ["True", "False", "5", "21"]
    assert eink.split() == ["10", "41", "False", "False"]
    pic = vlsb(shot["ram"], 128, 64)
    for n, row in enumerate(PICO_ROWS):
        inverse = row.startswith("\x01")
        assert pic[n * HEIGHT:(n + 1) * HEIGHT] == expected_row(font, row.lstrip("\x01"), 128, inverse), n
    assert shot["text"].splitlines()[0] == "#" * 128          # the title bar, lit


def test_frozen_font_draws_like_the_file(tmp_path):
    """A firmware that freezes the font (host_tools.gen.font --frozen: a module holding FONT = bytes)
    draws the same pixels, reading the bytes in place."""
    blob = open(gen_font.ensure(), "rb").read()
    (tmp_path / "font_data.py").write_text(gen_font.frozen_module(blob))
    r = run_device("""
import sys, json, framebuf
sys.path.append(%r)
from ui import text
from font_data import FONT
bufs = []
for source in (FONT, text._find("font.bin")):
    f = text.Font(source)
    b = bytearray(250 * 16)
    fb = framebuf.FrameBuffer(b, 250, 122, framebuf.MONO_VLSB)
    text.draw(fb, "T3 \\u6771\\u5357 \\u6e05\\u4e00\\u8272 88 \\u2603", 0, 0, False, f)
    text.draw(fb, "\\u5927\\u56db\\u559c", 0, 12, True, f)
    bufs.append(bytes(b))
print(json.dumps({"same": bufs[0] == bufs[1], "inked": sum(bufs[0])}))
""" % str(tmp_path))[0]
    assert r["same"] and r["inked"] > 0


# -- sample screens for the documents --------------------------------------------------

def _fit(left, right, cols):
    cells = sum(1 if ord(c) < 0x180 else 2 for c in left + right)    # ui.cells
    return left + " " * max(1, cols - cells) + right


def sample_screens(cols):
    """A status and a review screen as the UI lays them out (title inverted)."""
    seats = (("東*1", "25000"), ("南 2", "-12000"), ("西 3", "8000"), ("北 4", "-21000"))
    status = ["\x01T3 MCR 東1"] + [_fit(a, b, cols) for a, b in seats] + [
        "連2 荒1 up 2 wait", "1-4 win A draw", "B event C history", "* undo 0 new D set"]
    items = (("大四喜", "88"), ("字一色", "64"), ("四暗刻", "64"))
    pays = (("1", "+672"), ("2", "-224"), ("3", "-224"), ("4", "-224"))
    review = (["\x011 216番 自摸"] + [_fit(a, b, cols) for a, b in items + pays]
              + ["# save * back C words"])
    return {"status": status, "review": review}


def write_sample_pngs(out, scale=3):
    """docs/screens/{oled,eink}-{status,review}.png, drawn by the firmware in the unix port."""
    import os
    from PIL import Image
    os.makedirs(out, exist_ok=True)
    code = "import binascii, json\nfrom ui import display\nclass B: pass\n"
    for kind, w, h in (("oled", 128, 64), ("eink", 250, 122)):
        screens = sample_screens(w // 6)
        for name in sorted(screens):
            code += ("b = B(); b.DISPLAY = {'driver': 'framebuffer', 'width': %d, 'height': %d}\n"
                     "d = display.open(b); d.show(%s)\n"
                     "print(json.dumps([%r, %r, %d, %d, binascii.hexlify(d.buffer).decode()]))\n"
                     % (w, h, ascii(screens[name]), kind, name, w, h))
    for kind, name, w, h, hexbuf in run_device(code):
        fg, bg = ((255, 255, 255), (0, 0, 0)) if kind == "oled" else ((20, 20, 20), (232, 232, 222))
        im = Image.new("RGB", (w, h))
        im.putdata([fg if p else bg for row in vlsb(hexbuf, w, h) for p in row])
        im.resize((w * scale, h * scale), Image.NEAREST).save(os.path.join(out, "%s-%s.png" % (kind, name)))


if __name__ == "__main__":      # PYTHONPATH=. .venv/bin/python tests/test_display.py docs/screens
    import sys
    write_sample_pngs(sys.argv[1])


# -- drawing only what changed ---------------------------------------------------------

def typing_screens(seed, n):
    """Screens as a session goes: rows typed on a character at a time, edited, cut
    back, turned inverse and back, replaced; wide characters, one the font lacks."""
    import random
    rng = random.Random(seed)
    pool = "0123456789mpsz()[]+ >/吃碰東南西北中發白和花萬筒索字\u2603"
    rows = ["\x01T1 MCR 東1", "", "", "", "0吃 #碰 ()明 []暗"]
    out = []
    for _ in range(n):
        r = rng.randrange(5)
        s = rows[r]
        inv = s.startswith("\x01")
        body = s[1:] if inv else s
        k = rng.random()
        if k < 0.5:
            body += rng.choice(pool)
        elif k < 0.6:
            body = body[:-rng.randrange(1, 4)]
        elif k < 0.75 and body:
            i = rng.randrange(len(body))
            body = body[:i] + rng.choice(pool) + body[i + 1:]
        elif k < 0.85:
            inv = not inv
        elif k < 0.92:
            body = "".join(rng.choice(pool) for _ in range(rng.randrange(25)))
        else:       # another screen: every row new
            rows = ["\x01" + "".join(rng.choice(pool) for _ in range(8))] + [
                "".join(rng.choice(pool) for _ in range(rng.randrange(22))) for _ in range(4)]
            out.append(list(rows))
            continue
        rows[r] = ("\x01" if inv else "") + body
        out.append(list(rows))
    return out


WINDOWS = """
import json, binascii
from ui import display
class I2C:
    def __init__(self):
        self.log = []
    def writeto(self, addr, buf):
        self.log.append(bytes(buf))
bus = I2C()
panel = display.oled(128, 64, bus, 0x3C)
d = display.Display(panel, panel.buffer, 128, 64, "ssd1306", panel)
class B: pass
b = B(); b.DISPLAY = {"driver": "framebuffer", "width": 128, "height": 64}
print(json.dumps({"init": [binascii.hexlify(x).decode() for x in bus.log]}))
for scr in %r:
    del bus.log[:]
    d.show(scr)
    f = display.open(b)
    f.show(scr)
    print(json.dumps({"writes": [binascii.hexlify(x).decode() for x in bus.log],
                      "drawn": binascii.hexlify(d.buffer).decode(),
                      "fresh": binascii.hexlify(f.buffer).decode()}))
"""


class OLEDModel:
    """The SSD1306's GDDRAM as the I2C writes leave it (the command set the driver uses:
    addressing mode, column and page windows; ../shared/pico/ssd1306.mjs is the same)."""
    ARGS = {0x81: 1, 0x20: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
            0x8D: 1, 0xAD: 1, 0x21: 2, 0x22: 2}

    def __init__(self):
        self.ram = bytearray(1024)
        self.cmd = []
        self.mode, self.c0, self.c1, self.p0, self.p1 = 2, 0, 127, 0, 7
        self.col = self.page = 0
        self.data_bytes = 0

    def command(self, b):
        self.cmd.append(b)
        if len(self.cmd) < 1 + self.ARGS.get(self.cmd[0], 0):
            return
        op, args, self.cmd = self.cmd[0], self.cmd[1:], []
        if op == 0x20:
            self.mode = args[0] & 3
        elif op == 0x21:
            self.c0, self.c1 = args[0] & 0x7F, args[1] & 0x7F
            self.col = self.c0
        elif op == 0x22:
            self.p0, self.p1 = args[0] & 7, args[1] & 7
            self.page = self.p0

    def data(self, b):
        assert self.mode == 0           # horizontal addressing, as the driver sets it
        self.data_bytes += 1
        self.ram[self.page * 128 + self.col] = b
        if self.col >= self.c1:
            self.col = self.c0
            self.page = self.p0 if self.page >= self.p1 else self.page + 1
        else:
            self.col += 1

    def write(self, t):
        i = 0
        while i < len(t):
            ctrl = t[i]
            i += 1
            if ctrl & 0x80:             # one byte, then another control byte
                (self.data if ctrl & 0x40 else self.command)(t[i])
                i += 1
                continue
            for b in t[i:]:
                (self.data if ctrl & 0x40 else self.command)(b)
            return


def test_oled_gets_only_the_changed_columns_and_its_picture_is_a_whole_redraw():
    """A display shown screen after screen keeps the very pixels of a display drawing each
    screen afresh; the OLED's RAM, as the I2C writes leave it, is that picture after every
    screen; a typed character sends a window of a few columns, not the 1 KB frame."""
    screens = typing_screens(5, 160)
    out = run_device(WINDOWS % (screens,))
    oled = OLEDModel()
    for t in out[0]["init"]:
        oled.write(bytes.fromhex(t))
    small = []
    for scr, step in zip(screens, out[1:]):
        before = oled.data_bytes
        for t in step["writes"]:
            oled.write(bytes.fromhex(t))
        assert step["drawn"] == step["fresh"], scr
        assert oled.ram.hex() == step["drawn"], scr
        small.append(oled.data_bytes - before)
    assert len(small) == len(screens)
    typed = sorted(small)[len(small) // 2]
    assert 0 < typed <= 2 * 24, small          # a median step: a wide glyph's columns, 2 pages
    assert max(small) == 1024                  # a new screen: the whole frame


AGAIN = """
import json, binascii, gc, sys
from ui import display
class I2C:
    def __init__(self):
        self.log = []
    def writeto(self, addr, buf):
        self.log.append(binascii.hexlify(bytes(buf)).decode())
bus = I2C()
panel = display.oled(128, 64, bus, 0x3C)
d = display.Display(panel, panel.buffer, 128, 64, "ssd1306", panel)
d.show(%r)
first = bus.log[:]
kept = d.kept()
d = panel = None
for name in ("ui.display", "ui.text", "drivers.ssd1306"):
    sys.modules.pop(name)
from ui import display
del bus.log[:]
panel = display.oled(128, 64, bus, 0x3C, kept is not None)
made = bus.log[:]
d = display.Display(panel, panel.buffer, 128, 64, "ssd1306", panel)
d.show(%r)
print(json.dumps({"kept": kept, "first": first, "made": made, "second": bus.log,
                  "drawn": binascii.hexlify(d.buffer).decode()}))
"""


def test_an_oled_made_anew_sends_no_init_and_draws_its_next_screen_whole():
    """The display laid aside while a win is scored (App.rest) and made anew: no init
    sequence (the panel keeps its picture until then), and the next screen goes whole, so
    the OLED's RAM is that screen's picture over whatever the first one left."""
    first = ["\x01T3 MCR E1", "1 25000", "2 -12000", "3 0", "4 0"]
    second = ["\x01Bob 88", "x", "", "# save * back"]
    out = run_device(AGAIN % (first, second))[0]
    assert out["kept"] is True and out["made"] == []
    oled = OLEDModel()
    for t in out["first"]:
        oled.write(bytes.fromhex(t))
    before = oled.data_bytes
    for t in out["second"]:
        oled.write(bytes.fromhex(t))
    assert oled.data_bytes - before == 1024
    assert oled.ram.hex() == out["drawn"]


def test_cells_and_cut_count_every_kind_of_character():
    """cells and cut walk UTF-8 bytes on the device: one-, two-, three- and four-byte
    characters count as the rule says (below U+0180, ASCII, Latin-1 and Latin Extended-A,
    one cell; anything else two)."""
    import random
    rng = random.Random(3)
    pool = "a1 ()é×·ŁſƀΩ東發中\U0001F600"
    strings = ["".join(rng.choice(pool) for _ in range(rng.randrange(15))) for _ in range(60)]
    code = ("import json\nfrom ui import cells, cut\nfor s in %s:\n"
            "    print(json.dumps([cells(s)] + [cut(s, n) for n in range(-1, 24)]))\n"
            % ascii(strings))
    out = run_device(code)

    def ref_cells(s):
        return sum(1 if ord(c) < 0x180 else 2 for c in s)

    for s, got in zip(strings, out):
        want = [ref_cells(s)] + [max((s[:k] for k in range(len(s) + 1)
                                     if ref_cells(s[:k]) <= n), key=len, default="")
                                for n in range(-1, 24)]
        assert got == want, s
