"""Players' names in Chinese drawn on the device: its font holds only the CJK characters
its firmware writes, so the seating the organiser answers carries the names' wide
characters as a small font (organiser/text/glyphs.py); the device keeps it beside its
settings (net/seating.py) and draws from it what its own font lacks (ui/text.py).  Here:
the glyphs are the device font's own for a character both hold, the device keeps only a
sound font and draws the name's pixels from it, and end to end the pulled seating leaves
the file beside the settings."""

import base64
import json
import struct

import device_script
from host_tools.gen import font as devfont
from organiser.text import glyphs
from organiser.store.db import Database
from test_seating_pull import board_folder, event, run_device, seated  # noqa: F401 (fixture)

NAMES = ("何佩儀", "Bo Li", "Chloé", "林志明")


def decode(b64):
    """{code point: 24 bytes} of a names font."""
    blob = base64.b64decode(b64)
    magic, version, h, half, full, n, first, n_half, _ = glyphs.HEADER.unpack_from(blob)
    assert (magic, version, h, full, n_half) == (b"MJFN", 2, 12, 12, 0)
    codes = struct.unpack_from("<%dH" % n, blob, 16)
    assert list(codes) == sorted(codes) and len(blob) == 16 + 26 * n
    at = 16 + 2 * n
    return {c: blob[at + 24 * i:at + 24 * i + 24] for i, c in enumerate(codes)}


def device_glyphs():
    """{code point: 24 bytes} of the device's own font (build/font.bin)."""
    blob = open(devfont.ensure(), "rb").read()
    n, n_half = struct.unpack_from("<H", blob, 8)[0], struct.unpack_from("<H", blob, 12)[0]
    at = 16 + 12 * n_half
    codes = struct.unpack_from("<%dH" % n, blob, at)
    wide = at + 2 * n
    return {c: blob[wide + 24 * i:wide + 24 * i + 24] for i, c in enumerate(codes)}


def test_the_names_wide_characters_as_the_devices_font_draws_them():
    got = decode(glyphs.names_font(NAMES))
    assert sorted(got) == sorted(ord(c) for c in "何佩儀林志明")      # Latin ones: the font's
    own = device_glyphs()
    shared = [c for c in got if c in own]
    assert shared                                       # 明 is the device's too: the same pixels
    assert all(got[c] == own[c] for c in shared)
    assert all(any(b) for b in got.values())            # drawn, not blank
    assert glyphs.names_font(("Amy", "Bo", "Chloé", "Łukasz")) is None
    many = glyphs.names_font(("一二三四五六七八", "九十百千萬億兆京", "甲乙丙丁戊己庚辛", "子丑寅卯"))
    assert len(decode(many)) == glyphs.MAX


UNIT = r"""
import sys, os, json, binascii
sys.path[:0] = [%(folder)r]
import settings, uploader, seating, framebuf
import heap
import ui
from ui import text

ROOT = %(root)r
cfg = settings.defaults()
cfg["_path"] = ROOT + "settings.json"
ui.NAMES = ROOT + "names.bin"


class Session:
    state = None
    jseq = 0


s = seating.Seating(uploader.Uploader(cfg, "/x"), Session())
out = {}


def on_disk():
    try:
        with open(ui.NAMES, "rb") as f:
            return binascii.hexlify(f.read()).decode()
    except OSError:
        return None


def drawn(ch):
    buf = bytearray(24)
    fb = framebuf.FrameBuffer(buf, 12, 12, framebuf.MONO_HLSB)
    text.close()
    heap.forget("ui.glyphs")        # as the display laid aside or renewed forgets them
    text.draw(fb, ch, 0, 0)
    return binascii.hexlify(buf).decode()


out["before"] = drawn(%(ch)r)
out["kept"] = s.glyphs(%(good)r)
out["file"] = on_disk()
out["after"] = drawn(%(ch)r)
out["same_again"] = s.glyphs(%(good)r)
bad = []
for g in %(bad)r:
    bad.append(s.glyphs(g))
out["bad"] = bad
out["file_after_bad"] = on_disk()
out["gone"] = [s.glyphs(None), on_disk(), drawn(%(ch)r)]
print("RESULT " + json.dumps(out))
"""


def test_the_device_keeps_a_sound_font_and_draws_the_name_from_it(tmp_path):
    good = glyphs.names_font(NAMES)
    blob = base64.b64decode(good)
    bad = [
        "not base64!",
        base64.b64encode(b"XXXX" + blob[4:]).decode(),             # not a font
        base64.b64encode(blob[:-1]).decode(),                      # cut short
        base64.b64encode(blob[:8] + b"\x09\x00" + blob[10:]).decode(),  # says more glyphs
        base64.b64encode(blob[:16]).decode(),                      # none at all
        "A" * 2000,                                                # too long
        12, ["x"],
    ]
    out = device_script.run(UNIT, "256k", root=str(tmp_path) + "/", ch="何", good=good, bad=bad)
    want = decode(good)[ord("何")].hex()
    assert out["before"] != want                 # its own font lacks it: "?"
    assert out["kept"] is True and out["file"] == blob.hex()
    assert out["after"] == want                  # the name's pixels, from the kept glyphs
    assert out["same_again"] is False            # the same: the file is not written again
    assert out["bad"] == [False] * len(bad) and out["file_after_bad"] == blob.hex()
    assert out["gone"][:2] == [True, None] and out["gone"][2] == out["before"]


def test_a_pulled_seating_leaves_its_names_glyphs_beside_the_settings(tmp_path, event):
    srv, ev, db = event
    dev = ev["devices"][1]
    names = seated(db, ev["tround"], 2)
    chinese = ["何佩儀", "林志明", "陳大文", "周星馳"]
    store = Database(db)
    try:
        with store.write() as con:
            for old, new in zip(names, chinese):
                con.execute("UPDATE players SET name = ? WHERE name = ?", (new, old))
    finally:
        store.close()
    root = board_folder(tmp_path, {"table": 2, "organiser": srv.url, "device": dev.id,
                                   "secret": dev.secret})
    out = run_device(root)
    assert out["pulled"] and out["seating"]["error"] is None, out
    saved = json.loads((root / "settings.json").read_text())
    assert saved["players"] == chinese
    kept = base64.b64encode((root / "names.bin").read_bytes()).decode()
    assert decode(kept) == decode(glyphs.names_font(tuple(chinese)))
