"""The glyph font turned into the OLED driver's columns for CircuitPython (host_tools/gen/
fontcols.py, the bundle's fontcol.bin, read by firmware/cpy/oled.py): every pixel of every
glyph where font.bin has it."""

import struct

from host_tools.gen import font as gen_font, fontcols


def test_every_glyph_turned_into_columns_pixel_for_pixel():
    blob = open(gen_font.ensure(), "rb").read()
    cols = fontcols.columns(blob)
    _, _, h, half, full, n_wide, first, n_half, _ = gen_font.HEADER.unpack_from(blob)
    assert len(cols) == len(blob) and cols[:16] == blob[:16]
    at = gen_font.HEADER.size
    glyphs = [(at + 12 * i, 6, 1) for i in range(n_half)]
    codes_at = at + 12 * n_half
    assert cols[codes_at:codes_at + 2 * n_wide] == blob[codes_at:codes_at + 2 * n_wide]
    wide_at = codes_at + 2 * n_wide
    glyphs += [(wide_at + 24 * i, 12, 2) for i in range(n_wide)]
    lit = 0
    for o, w, stride in glyphs:
        for y in range(h):
            for x in range(w):
                pixel = blob[o + y * stride + (x >> 3)] >> (7 - (x & 7)) & 1
                column = cols[o + x] if y < 8 else cols[o + w + x]
                assert (column >> (y & 7)) & 1 == pixel, (o, x, y)
                lit += pixel
    assert lit > 10000                  # the font's pictures, not blanks
    assert struct.unpack_from("<H", cols, codes_at)[0] >= gen_font.HALF_END
