"""The .mpy bundle for stock firmware (make bundle): laid out as the board's flash, every
module compiled for the board's MicroPython version and architecture, the table, the font
and micropython-lib's modules with their licence; and the settings a deployment writes."""

import argparse
import json
import os

import pytest

from host_tools import build, paths
from host_tools.board import bundle


@pytest.fixture(scope="module")
def esp32():
    return bundle.build_bundle("esp32_devkitc")


def test_every_module_loads_on_the_board(esp32):
    meta = json.load(open(os.path.join(esp32, "bundle.json")))
    assert (meta["arch"], meta["mpy"], meta["micropython"]) == ("xtensawin", "6.3", "v1.28.0")
    mpys = [n for n in meta["files"] if n.endswith(".mpy")]
    want = {rel + ".mpy" for _, rel in build.sources() if rel not in build.SCRIPTS} | {"board.mpy"}
    assert set(mpys) == want
    for name in mpys:
        assert bundle.loads_on(os.path.join(esp32, name), "xtensawin"), name
        assert bundle.read_mpy_header(os.path.join(esp32, name))[0] == 6


def test_header_check_refuses_other_versions(tmp_path):
    p = tmp_path / "x.mpy"
    p.write_bytes(b"M\x05\x00\x1f")                 # mpy v5: MicroPython 1.12-1.18
    assert not bundle.loads_on(str(p), "xtensawin")
    p.write_bytes(b"M\x06" + bytes([4 << 2 | 3]) + b"\x1f")   # native code for armv6m
    assert bundle.loads_on(str(p), "armv6m") and not bundle.loads_on(str(p), "xtensawin")


def test_board_table_font_and_licences(esp32):
    files = set(json.load(open(os.path.join(esp32, "bundle.json")))["files"])
    assert {"boot.py", "main.py", "dtable.bin", "font.bin", "board.mpy"} <= files
    assert open(os.path.join(esp32, "dtable.bin"), "rb").read() == open(build.ensure_table(), "rb").read()
    for sub in bundle.LICENCES:                     # third-party code travels with its licence
        folder = os.path.join(paths.FIRMWARE, sub)
        if os.path.isdir(folder):
            dest = "" if sub in build.ROOT_DIRS else sub + "/"
            assert any(f.startswith(dest + "LICENSE") for f in files), sub


def test_settings_from_registration_over_the_board_s(tmp_path):
    reg = tmp_path / "reg.json"
    reg.write_text(json.dumps({"ok": True, "id": "d-1a2b", "secret": "00ff", "table": 3}))
    args = argparse.Namespace(registration=str(reg), table=None, rules="hk", dealer=None,
                              players="A,B,C,D", ssid="venue", password=None, organiser=None,
                              device=None, secret=None)
    have = {"table": 9, "wifi": {"ssid": "old", "password": "kept"}, "organiser": "http://o"}
    cfg = bundle.settings_from(args, have)
    assert cfg == {"table": 3, "rules": "hk", "players": ["A", "B", "C", "D"],
                   "wifi": {"ssid": "venue", "password": "kept"}, "organiser": "http://o",
                   "device": "d-1a2b", "secret": "00ff"}
