"""The glyph font turned on its side for CircuitPython's OLED driver (firmware/cpy/oled.py):
the bundle's fontcol.bin.  cpy/oled.py draws a row from each glyph's columns (MONO_VLSB,
as the SSD1306's pages hold them); turning a glyph read from font.bin into columns in
Python took about 1 ms a half-width glyph and 2 ms a wide one on the emulated Pico, and a
review's name rows show some 40 glyphs not yet seen (docs/circuitpython.md, "Where the
review's time went").  Turned here once, the board reads a glyph's columns as they are.

Layout: font.bin's (host_tools/gen/font.py), the same header, code table and order, each
bitmap replaced by its columns in the driver's cache slot (12 bytes: rows 0-7 of columns
0-11, one byte a column, top row in bit 0; then 12 bytes: rows 8-11 in the low nibble):
    16  half-width glyphs: n_half x 12 bytes, columns 0-5 rows 0-7, then columns 0-5 rows 8-11
    ..  wide code points: n_wide x u16 (as in font.bin)
    ..  wide glyphs: n_wide x 24 bytes, columns 0-11 rows 0-7, then columns 0-11 rows 8-11
"""

import struct

HEADER = struct.Struct("<4sBBBBHHHH")
HEIGHT = 12
HALF_BYTES = 12
WIDE_BYTES = 24


def _turned(bits, width, stride):
    """A MONO_HLSB glyph (stride bytes a row) as (low bytes, high bytes) of its columns."""
    lo = bytearray(width)
    hi = bytearray(width)
    for x in range(width):
        byte, mask = x >> 3, 0x80 >> (x & 7)
        v = 0
        for y in range(HEIGHT):
            if bits[y * stride + byte] & mask:
                v |= 1 << y
        lo[x] = v & 0xFF
        hi[x] = v >> 8
    return bytes(lo), bytes(hi)


def columns(blob):
    """font.bin's bytes -> fontcol.bin's."""
    magic, version, height, half, full, n_wide, first, n_half, _ = HEADER.unpack_from(blob)
    if magic != b"MJFN" or version != 2 or height != HEIGHT or (half, full) != (6, 12):
        raise ValueError("not a version 2 glyph font")
    out = bytearray(blob)
    at = HEADER.size
    for i in range(n_half):
        lo, hi = _turned(blob[at:at + HALF_BYTES], 6, 1)
        out[at:at + HALF_BYTES] = lo + hi
        at += HALF_BYTES
    at += 2 * n_wide                    # the code points, as they are
    for i in range(n_wide):
        lo, hi = _turned(blob[at:at + WIDE_BYTES], 12, 2)
        out[at:at + WIDE_BYTES] = lo + hi
        at += WIDE_BYTES
    if at != len(blob):
        raise ValueError("font.bin is %d bytes, its header says %d" % (len(blob), at))
    return bytes(out)
