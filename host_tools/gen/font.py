"""Generate the glyph font the firmware draws its screens with (firmware/ui/text.py).

Kept: every half-width glyph, U+0020..U+017F (ASCII, Latin-1 Supplement, Latin
Extended-A: the players' names at a European event, whatever they are), and every other
character that appears in a string literal of a firmware source (the rulesets' element
names, the screens' words).  Comments do not count.  Glyphs come from Debian's fonts,
rasterized here at 12 px, one bit a pixel:

    U+0020..U+017F (half width, 6x12)   misc-fixed 6x12 (xfonts-base): drawn for 6x12 cells
                                        (U+007F..U+009F, control codes: blank)
    everything else (12x12)             WenQuanYi Bitmap Song 12 px (xfonts-wqy, wenquanyi_9pt)

Both are bitmap fonts made for these sizes, so the glyphs are crisp on a 1-bit panel.

File layout (little-endian):
    0   magic b"MJFN", u8 version (2), u8 cell height (12), u8 half width (6), u8 full width
        (12), u16 n_wide, u16 first half-width code (0x20), u16 n_half (0x160), u16 0
    16  half-width bitmaps: n_half x 12 bytes, one byte a row, MSB = leftmost (MONO_HLSB)
    ..  wide code points: n_wide x u16, ascending (the reader bisects them)
    ..  wide bitmaps: n_wide x 24 bytes, two bytes a row, MSB = leftmost (MONO_HLSB, 12 wide)
"""

import argparse
import ast
import hashlib
import io
import os
import struct
import sys
import tokenize

from host_tools import paths
from organiser.text.glyphs import raster, wide_shift   # the organiser's players' glyphs: the same

VERSION = 2
HEIGHT = 12
HALF = 6
FULL = 12
FIRST_ASCII = 0x20
LAST_ASCII = 0x7E
HALF_END = 0x180        # half-width glyphs below this (firmware/ui/text.py HALF_END)
CONTROL = range(0x7F, 0xA0)
HEADER = struct.Struct("<4sBBBBHHHH")

ASCII_FONT = "/usr/share/fonts/X11/misc/6x12.pcf.gz"             # xfonts-base
WIDE_FONT = "/usr/share/fonts/X11/misc/wenquanyi_9pt.pcf"        # xfonts-wqy (12 px)
ABSENT = "\ue000"   # a private-use code point no font here holds: its picture is "no glyph"


def _literals(source):
    """Every str literal in a Python source text (bytes literals are data, not text)."""
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type != tokenize.STRING:
            continue
        try:
            value = ast.literal_eval(tok.string)
        except (ValueError, SyntaxError):   # an f-string: its text as written
            value = tok.string
        if isinstance(value, str):
            out.append(value)
    return out


def firmware_chars(root=paths.FIRMWARE):
    """The non-ASCII characters the firmware's string literals hold, sorted."""
    chars = set()
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".py"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    for text in _literals(f.read()):
                        chars.update(c for c in text if ord(c) >= HALF_END and c.isprintable())
    return sorted(chars)


def build(chars=None):
    """The font file's bytes; missing glyphs are reported and left out (drawn as boxes)."""
    from PIL import ImageFont
    chars = firmware_chars() if chars is None else sorted(set(chars))
    for path, package in ((ASCII_FONT, "xfonts-base"), (WIDE_FONT, "xfonts-wqy")):
        if not os.path.exists(path):
            raise SystemExit("gen_font: %s missing (Debian package %s, setup/apt-packages.txt)"
                             % (path, package))
    ascii_font = ImageFont.truetype(ASCII_FONT, HEIGHT)
    wide_font = ImageFont.truetype(WIDE_FONT, HEIGHT)
    chars = [c for c in chars if ord(c) >= HALF_END]       # the half-width ones are all there
    blank = bytes(HEIGHT)
    asc = b"".join(blank if c in CONTROL else raster(ascii_font, chr(c), HALF)
                   for c in range(FIRST_ASCII, HALF_END))
    dy = wide_shift(wide_font, chars)
    absent = raster(wide_font, ABSENT, FULL, dy)
    codes, bitmaps, missing = [], [], []
    for ch in chars:
        if ord(ch) > 0xFFFF:
            missing.append(ch)
            continue
        bits = raster(wide_font, ch, FULL, dy)
        if bits == absent and not ch.isspace():
            missing.append(ch)
            continue
        codes.append(ord(ch))
        bitmaps.append(bits)
    if missing:
        print("gen_font: no glyph for %s (drawn as boxes)" % " ".join("U+%04X" % ord(c) for c in missing),
              file=sys.stderr)
    n_ascii = HALF_END - FIRST_ASCII
    head = HEADER.pack(b"MJFN", VERSION, HEIGHT, HALF, FULL, len(codes), FIRST_ASCII, n_ascii, 0)
    return head + asc + struct.pack("<%dH" % len(codes), *codes) + b"".join(bitmaps)


def source_key(root=paths.FIRMWARE):
    """What the font depends on: the firmware's sources, the two fonts and this generator
    (names, sizes, times).  The build rasterizes again only when it changes."""
    files = [ASCII_FONT, WIDE_FONT, os.path.abspath(__file__)]
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        files.extend(os.path.join(folder, n) for n in sorted(names) if n.endswith(".py"))
    h = hashlib.sha256()
    for path in files:
        st = os.stat(path) if os.path.exists(path) else None
        h.update(("%s %s %s\n" % (path, st and st.st_size, st and st.st_mtime_ns)).encode())
    return h.hexdigest()


FONT = os.path.join(paths.BUILD, "font.bin")


def ensure(path=FONT):
    """build/font.bin, made again when a firmware source, a font or this generator changed
    (the key of what it was made from is kept beside it)."""
    key = source_key()
    stamp = path + ".key"
    if os.path.exists(path) and os.path.exists(stamp) and open(stamp).read() == key:
        return path
    blob = build()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = "%s.%d.tmp" % (path, os.getpid())
    with open(tmp, "wb") as f:
        f.write(blob)
    os.replace(tmp, path)
    with open(stamp, "w") as f:
        f.write(key)
    return path


def frozen_module(blob):
    """Python source of a module holding the font as one bytes object (for frozen firmware)."""
    lines = ["# Generated by host_tools.gen.font: the glyph font, frozen into firmware.", "FONT = ("]
    for i in range(0, len(blob), 32):
        lines.append("    %r" % blob[i:i + 32])
    lines.append(")")
    return "\n".join(lines) + "\n"


def preview(blob, text, scale=4):
    """A PNG-ready Pillow image of `text` drawn from the font file (for looking at glyphs)."""
    from PIL import Image
    _, _, h, half, full, n_wide, first, n_ascii, _ = HEADER.unpack_from(blob)
    codes = struct.unpack_from("<%dH" % n_wide, blob, HEADER.size + 12 * n_ascii)
    wide_at = HEADER.size + 12 * n_ascii + 2 * n_wide
    width = sum(half if ord(c) < HALF_END else full for c in text)
    im = Image.new("1", (max(1, width), h), 0)
    x = 0
    for c in text:
        o = ord(c)
        if o < HALF_END:
            w, rb = half, 1
            at = HEADER.size + 12 * (o - first)
            bits = blob[at:at + 12] if first <= o < first + n_ascii else bytes(12)
        else:
            w, rb = full, 2
            at = wide_at + 24 * codes.index(o) if o in codes else -1
            bits = blob[at:at + 24] if at >= 0 else b"\xff\xf0" * 12     # missing: solid
        for y in range(h):
            for dx in range(w):
                if bits[y * rb + (dx >> 3)] & (0x80 >> (dx & 7)):
                    im.putpixel((x + dx, y), 1)
        x += w
    return im.resize((im.width * scale, im.height * scale))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="where to write the font file")
    ap.add_argument("--frozen", help="also write a Python module holding the font as bytes")
    ap.add_argument("--preview", metavar="PNG", help="also draw every glyph into a PNG")
    args = ap.parse_args(argv)
    chars = firmware_chars()
    blob = build(chars)
    with open(args.out, "wb") as f:
        f.write(blob)
    if args.frozen:
        with open(args.frozen, "w") as f:
            f.write(frozen_module(blob))
    if args.preview:
        text = "".join(chr(c) for c in range(FIRST_ASCII, HALF_END) if c not in CONTROL) \
            + "".join(chars)
        from PIL import Image
        rows = [text[i:i + 40] for i in range(0, len(text), 40)]
        ims = [preview(blob, r) for r in rows]
        sheet = Image.new("1", (max(i.width for i in ims), sum(i.height + 4 for i in ims)), 0)
        y = 0
        for i in ims:
            sheet.paste(i, (0, y))
            y += i.height + 4
        sheet.save(args.preview)
    print("%s: %d bytes, %d characters past ASCII" % (args.out, len(blob), len(chars)), file=sys.stderr)


if __name__ == "__main__":
    main()
