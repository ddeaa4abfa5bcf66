"""Names as people write them: the device's font draws Latin-1 and Latin Extended-A at
half width (European players' names), a character it lacks as "?" (never a box), and
the simulator's terminal frame stays aligned for wide and combining characters."""

import struct

import pytest

from host_tools.gen import font as gen_font
from host_tools.sim import Terminal, term_cells
from ui import cells, cut
from ui.ui import fit

NAMES = ["Chloé", "Müller", "Łukasz", "Ødegaard", "Nováková", "Çelik", "Þórsdóttir",
         "Šťastný", "Ğündoğdu", "Władysław"]


@pytest.fixture(scope="module")
def blob():
    return gen_font.build()


def half(blob, ch):
    """The rows of a half-width glyph as the font file holds it."""
    _, _, _, _, _, _, first, n_half, _ = gen_font.HEADER.unpack_from(blob)
    o = ord(ch)
    assert first <= o < first + n_half, ch
    at = gen_font.HEADER.size + 12 * (o - first)
    return blob[at:at + 12]


def test_every_latin_1_and_extended_a_letter_has_its_own_half_width_glyph(blob):
    seen = {}
    for o in list(range(0xC0, 0x100)) + list(range(0x100, 0x180)):
        ch = chr(o)
        if not ch.isalpha():
            continue
        g = half(blob, ch)
        assert any(g), ch                   # ink: not blank
        seen.setdefault(g, []).append(ch)
    # each letter drawn as itself: accented letters differ from their base letter
    for ch in "éüŁØáÇÞŠťĞł":
        assert half(blob, ch) != half(blob, "eulOaCTStgl"["éüŁØáÇÞŠťĞł".index(ch)]), ch
    assert all(len(v) == 1 for v in seen.values()), [v for v in seen.values() if len(v) > 1]


def test_names_take_one_cell_a_letter_on_the_screens():
    for n in NAMES:
        assert cells(n) == len(n), n
        assert cut(n, 4) == n[:4]
        row = fit("1 " + n, "-12", 21)
        assert cells(row) == 21 and row.startswith("1 " + n)


def test_the_font_keeps_the_half_width_range_whole_and_only_cjk_wide(blob):
    _, version, _, _, _, n_wide, first, n_half, _ = gen_font.HEADER.unpack_from(blob)
    assert (version, first, first + n_half) == (2, 0x20, gen_font.HALF_END)
    codes = struct.unpack_from("<%dH" % n_wide, blob, gen_font.HEADER.size + 12 * n_half)
    assert min(codes) >= gen_font.HALF_END


@pytest.mark.parametrize("rows", [
    ["\x01T1 MCR E1", "E*1 Chloé      0", "S 2 王芳       0", "W 3 Łukasz     0"],
    ["\x01T1 MCR E1", "E*1 Chloe\u0301     0", "S 2 Ødegaard   0", "N 4 Nováková   0"],
])
def test_the_simulator_s_frame_stays_aligned(rows):
    lines = Terminal().lines({"rows": rows})
    framed = [ln.replace("\x1b[7m", "").replace("\x1b[0m", "") for ln in lines
              if ln.startswith(("+", "|"))]
    widths = {term_cells(ln) for ln in framed}
    assert len(widths) == 1, framed
    assert term_cells("e\u0301") == 1 and term_cells("王") == 2 and term_cells("Ł") == 1
