"""The 12x12 glyphs a device draws its wide characters with, and the players' glyphs it
lacks.  A device's font holds only the CJK characters its firmware writes
(host_tools/gen/font.py builds it with raster() and wide_shift() below); a player's name
in Chinese would show `?` for most of its characters.  So the seating a device pulls
carries its players' wide characters as a small font of the same format (MJFN version 2,
no half-width glyphs), at most MAX glyphs: the device keeps it beside its settings
(firmware/net/seating.py) and draws from it what its own font lacks (firmware/ui/glyphs.py).
WenQuanYi Bitmap Song 12 px, as the device's font (Debian xfonts-wqy)."""

import base64
import functools
import os
import struct

HEIGHT = 12
FULL = 12
HALF_END = 0x180            # below: the device's half-width glyphs, all in its font
VERSION = 2
HEADER = struct.Struct("<4sBBBBHHHH")
WIDE_FONT = "/usr/share/fonts/X11/misc/wenquanyi_9pt.pcf"
ABSENT = "\ue000"           # a private-use code point no font here holds: "no glyph"
MAX = 24                    # four names of six wide characters (the device's bound too)


def raster(font, ch, width, dy=0):
    """One glyph as MONO_HLSB bytes (rows of whole bytes, MSB leftmost) in a width x 12 cell,
    centred horizontally when the font's glyph is narrower than the cell."""
    from PIL import Image, ImageDraw
    advance = int(round(font.getlength(ch)))
    dx = max(0, (width - advance) // 2)
    im = Image.new("1", (width, HEIGHT), 0)
    draw = ImageDraw.Draw(im)
    draw.fontmode = "1"
    draw.text((dx, dy), ch, font=font, fill=1)
    row_bytes = (width + 7) // 8
    out = bytearray(row_bytes * HEIGHT)
    px = im.load()
    for y in range(HEIGHT):
        for x in range(width):
            if px[x, y]:
                out[y * row_bytes + (x >> 3)] |= 0x80 >> (x & 7)
    return bytes(out)


def wide_shift(font, chars):
    """Vertical offset that puts the wide glyphs' common box inside the 12-px cell, its
    bottom on the cell's bottom row (the ASCII font's descent line)."""
    top, bottom = HEIGHT, 0
    for ch in chars:
        box = font.getbbox(ch)
        if box[3] > box[1]:
            top, bottom = min(top, box[1]), max(bottom, box[3])
    if bottom - top > HEIGHT:
        raise ValueError("wide glyphs are %d px tall, the cell %d" % (bottom - top, HEIGHT))
    return min(0, HEIGHT - bottom)


@functools.lru_cache(maxsize=1)
def _wide_font():
    if not os.path.exists(WIDE_FONT):
        return None
    from PIL import ImageFont
    return ImageFont.truetype(WIDE_FONT, HEIGHT)


@functools.lru_cache(maxsize=256)
def names_font(names):
    """The wide characters of names (a tuple of str), first come first, as a font file in
    base64; None where none is wide or the font is not installed.  A character the font
    lacks is left out (the device draws `?`)."""
    font = _wide_font()
    if font is None:
        return None
    chars = []
    for name in names:
        for ch in name:
            if ord(ch) >= HALF_END and ord(ch) <= 0xFFFF and ch.isprintable() \
                    and ch not in chars and len(chars) < MAX:
                chars.append(ch)
    if not chars:
        return None
    dy = wide_shift(font, chars)
    absent = raster(font, ABSENT, FULL, dy)
    glyphs = {}
    for ch in chars:
        bits = raster(font, ch, FULL, dy)
        if bits != absent:
            glyphs[ord(ch)] = bits
    if not glyphs:
        return None
    codes = sorted(glyphs)
    blob = (HEADER.pack(b"MJFN", VERSION, HEIGHT, 6, FULL, len(codes), 0x20, 0, 0)
            + struct.pack("<%dH" % len(codes), *codes) + b"".join(glyphs[c] for c in codes))
    return base64.b64encode(blob).decode()
