"""The CIRCUITPY bundle (make bundle BOARD=cp_pico) and its deployment onto a mounted drive
(make deploy BOARD=cp_pico DRIVE=...): the drive's layout, every module compiled for
CircuitPython (its .mpy header, not MicroPython's), each Adafruit library with its licence,
a FAT image of it, and the settings written over what the drive had."""

import argparse
import json
import os

import pytest

from host_tools import build
from host_tools.board import circuitpython, cpbundle
from host_tools.board.bundle import settings_from


@pytest.fixture(scope="module")
def drive():
    return cpbundle.build_bundle("cp_pico")


def test_the_drive_holds_the_application_compiled_for_circuitpython(drive):
    meta = json.load(open(os.path.join(drive, "bundle.json")))
    files = meta["files"]
    assert {"boot.py", "code.py", "dtable.bin", "font.bin", "fontcol.bin", "lib/boarddef.mpy",
            "lib/cpy/oled.mpy", "lib/ui/app.mpy", "lib/journal.mpy", "lib/files.mpy",
            "lib/adafruit_bus_device/i2c_device.mpy", "lib/asyncio/core.mpy"} <= set(files)
    assert "lib/adafruit_ssd1306.mpy" not in files     # the OLED's driver is cpy/oled.py
    for src, rel in build.sources():
        if rel not in build.SCRIPTS:
            assert "lib/%s.mpy" % rel in files
    mpys = [f for f in files if f.endswith(".mpy")]
    for f in mpys:
        with open(os.path.join(drive, f), "rb") as fh:
            assert fh.read(2) == b"C\x06", f          # CircuitPython's .mpy, version 6
    assert not [f for f in files if f.startswith("lib/") and f.endswith(".py")]
    for name, _ in circuitpython.pins():
        assert "lib/LICENSE-" + name in files
    assert meta["bytes"] < 1024 * 1024 // 2        # half the Pico's 1 MB CIRCUITPY at most
    # the Python stack a heavy hand's review needs (CircuitPython's default 2 KB ran out)
    with open(os.path.join(drive, "settings.toml")) as fh:
        assert "CIRCUITPY_PYSTACK_SIZE = 4096" in fh.read().splitlines()


def test_the_fat_image_holds_the_drive(drive):
    img = cpbundle.fat_image(drive, files={"settings.json": '{"table": 3}'})
    assert len(img) == 2048 * 512
    assert cpbundle.read_file(img, "/code.py") == open(os.path.join(drive, "code.py"), "rb").read()
    assert cpbundle.read_file(img, "/lib/journal.mpy") == \
        open(os.path.join(drive, "lib", "journal.mpy"), "rb").read()
    assert json.loads(cpbundle.read_file(img, "/settings.json")) == {"table": 3}
    assert cpbundle.read_file(img, "/journal.bin") is None


def args(**kw):
    a = argparse.Namespace(registration=None, table=None, rules=None, organiser=None,
                           device=None, secret=None, dealer=None, players=None, ssid=None,
                           password=None)
    a.__dict__.update(kw)
    return a


def test_deploy_copies_the_drive_and_writes_the_settings(drive, tmp_path):
    mounted = tmp_path / "CIRCUITPY"
    (mounted / "lib").mkdir(parents=True)
    (mounted / "settings.json").write_text(json.dumps({"table": 2, "organiser": "http://o:8000"}))
    (mounted / "journal.bin").write_bytes(b"MJ kept")
    cfg = cpbundle.deploy("cp_pico", str(mounted), args(table=7, rules="tw"), settings_from,
                          log=lambda *a: None)
    assert cfg == {"table": 7, "rules": "tw", "organiser": "http://o:8000"}
    assert json.loads((mounted / "settings.json").read_text()) == cfg
    assert (mounted / "journal.bin").read_bytes() == b"MJ kept"      # the table's journal stays
    for rel in json.load(open(os.path.join(drive, "bundle.json")))["files"]:
        assert (mounted / rel).read_bytes() == open(os.path.join(drive, rel), "rb").read()
    assert not list(mounted.rglob("*.new"))
    with pytest.raises(SystemExit):
        cpbundle.deploy("cp_pico", str(tmp_path / "absent"), args(), settings_from,
                        log=lambda *a: None)
