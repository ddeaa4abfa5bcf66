"""Each board definition against its chip: pins that exist and are free on that board, can
do what they are used for, and are used once."""

import importlib.util
import os

import pytest

from host_tools import paths

BOARDS = os.path.join(paths.ROOT, "boards")
NAMES = sorted(n[:-3] for n in os.listdir(BOARDS) if n.endswith(".py"))

# RP2040: GPIO 0-29; the Pico W's radio holds 23, 24, 25 and 29.  I2C0 and I2C1 sit on
# fixed pin pairs, repeating every four pins.
RP2040_FREE = set(range(29)) - {23, 24, 25}
RP2040_I2C = {0: ({0, 4, 8, 12, 16, 20}, {1, 5, 9, 13, 17, 21}),
              1: ({2, 6, 10, 14, 18, 26}, {3, 7, 11, 15, 19, 27})}
# SPI0 and SPI1: clock and TX (MOSI) pins; chip select, D/C, reset and busy are plain GPIO.
RP2040_SPI = {0: ({2, 6, 18, 22}, {3, 7, 19, 23}), 1: ({10, 14, 26}, {11, 15, 27})}
# Display sizes each driver draws.
SIZES = {"ssd1306": (128, 64), "adafruit_ssd1306": (128, 64), "framebuffer": (128, 64),
         "ssd1680": (250, 122)}
BUSES = {"ssd1306": "i2c", "adafruit_ssd1306": "i2c", "ssd1680": "spi"}
BUS_PINS = ("sda", "scl", "sck", "mosi", "cs", "dc", "rst", "busy")
# ESP32: 6-11 belong to the SPI flash; 34-39 are inputs without pull-ups; 0, 2, 5, 12 and
# 15 are strapping pins read at reset, which a keypad key held at power-up would upset.
ESP32_PINS = set(range(40)) - {20, 24, 28, 29, 30, 31}
ESP32_FLASH = set(range(6, 12))
ESP32_INPUT_ONLY = set(range(34, 40))
ESP32_STRAPPING = {0, 2, 5, 12, 15}
# ESP32-S3: GPIO 0-21 and 26-48; 26-32 belong to the flash; 0, 3, 45 and 46 are strapping
# pins; 19 and 20 the native USB (CircuitPython's drive and console).  Any pin does I2C.
ESP32S3_PINS = set(range(22)) | set(range(26, 49))
ESP32S3_FLASH = set(range(26, 33))
ESP32S3_STRAPPING = {0, 3, 45, 46}
ESP32S3_USB = {19, 20}


def load(name):
    spec = importlib.util.spec_from_file_location("board_" + name, os.path.join(BOARDS, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def pins(board):
    d = board.DISPLAY
    return [d[k] for k in BUS_PINS if d.get(k) is not None] + \
        list(board.KEYPAD_ROWS) + list(board.KEYPAD_COLS)


def test_every_board_is_checked():
    assert NAMES == ["browser", "cp_feather_esp32s3", "cp_pico", "esp32_devkitc", "pico",
                     "pico_eink", "pico_w", "sim"]


@pytest.mark.parametrize("name", NAMES)
def test_board_shape(name):
    b = load(name)
    assert b.NAME == name
    assert (b.DISPLAY["width"], b.DISPLAY["height"]) == SIZES[b.DISPLAY["driver"]]
    assert sorted(b.KEYS) == sorted("0123456789ABCD*#") and len(b.KEYS) == 16
    assert b.SAFE_KEY in b.KEYS
    used = pins(b)
    assert len(used) == len(set(used)), "a pin used twice"
    if b.CHIP not in ("host", "webassembly"):      # no pins: the computer's, the page's
        assert len(b.KEYPAD_ROWS) == len(b.KEYPAD_COLS) == 4
        cp = getattr(b, "RUNTIME", "micropython") == "circuitpython"
        assert b.FILESYSTEM == ("fat" if cp else "littlefs2")      # CIRCUITPY is FAT
        assert (b.DISPLAY["driver"] == "adafruit_ssd1306") == cp
        assert (getattr(b, "KEYPAD", "timer") == "keymatrix") == cp
        assert b.DISPLAY["bus"] == BUSES[b.DISPLAY["driver"]]


def test_wifi():
    assert {n: load(n).WIFI for n in NAMES} == {
        "browser": True, "cp_feather_esp32s3": True, "cp_pico": False, "esp32_devkitc": True, "pico": False, "pico_eink": True, "pico_w": True, "sim": True}


@pytest.mark.parametrize("name", [n for n in NAMES if load(n).CHIP == "rp2040"])
def test_rp2040_pins(name):
    b = load(name)
    assert set(pins(b)) <= RP2040_FREE
    d = b.DISPLAY
    if d["bus"] == "i2c":
        sda_ok, scl_ok = RP2040_I2C[d["bus_id"]]
        assert d["sda"] in sda_ok and d["scl"] in scl_ok
    else:
        sck_ok, mosi_ok = RP2040_SPI[d["bus_id"]]
        assert d["sck"] in sck_ok and d["mosi"] in mosi_ok


@pytest.mark.parametrize("name", [n for n in NAMES if load(n).CHIP == "esp32"])
def test_esp32_pins(name):
    b = load(name)
    used = set(pins(b))
    assert used <= ESP32_PINS and not used & ESP32_FLASH
    assert not set(b.KEYPAD_COLS) & ESP32_INPUT_ONLY, "keypad columns need internal pull-ups"
    assert not set(b.KEYPAD_ROWS) & ESP32_INPUT_ONLY, "keypad rows are outputs"
    assert not set(b.KEYPAD_ROWS + b.KEYPAD_COLS) & ESP32_STRAPPING


@pytest.mark.parametrize("name", [n for n in NAMES if load(n).CHIP == "esp32s3"])
def test_esp32s3_pins(name):
    b = load(name)
    used = set(pins(b))
    assert used <= ESP32S3_PINS and not used & (ESP32S3_FLASH | ESP32S3_USB)
    assert not set(b.KEYPAD_ROWS + b.KEYPAD_COLS) & ESP32S3_STRAPPING
