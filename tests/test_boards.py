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
# ESP32: 6-11 belong to the SPI flash; 34-39 are inputs without pull-ups; 0, 2, 5, 12 and
# 15 are strapping pins read at reset, which a keypad key held at power-up would upset.
ESP32_PINS = set(range(40)) - {20, 24, 28, 29, 30, 31}
ESP32_FLASH = set(range(6, 12))
ESP32_INPUT_ONLY = set(range(34, 40))
ESP32_STRAPPING = {0, 2, 5, 12, 15}


def load(name):
    spec = importlib.util.spec_from_file_location("board_" + name, os.path.join(BOARDS, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def pins(board):
    d = board.DISPLAY
    return [p for p in (d.get("sda"), d.get("scl")) if p is not None] + \
        list(board.KEYPAD_ROWS) + list(board.KEYPAD_COLS)


def test_every_board_is_checked():
    assert NAMES == ["esp32_devkitc", "pico_w", "sim"]


@pytest.mark.parametrize("name", NAMES)
def test_board_shape(name):
    b = load(name)
    assert b.NAME == name
    assert (b.DISPLAY["width"], b.DISPLAY["height"]) == (128, 64)
    assert sorted(b.KEYS) == sorted("0123456789ABCD*#") and len(b.KEYS) == 16
    used = pins(b)
    assert len(used) == len(set(used)), "a pin used twice"
    if b.CHIP != "host":
        assert len(b.KEYPAD_ROWS) == len(b.KEYPAD_COLS) == 4
        assert b.WIFI and b.FILESYSTEM == "littlefs2"


@pytest.mark.parametrize("name", [n for n in NAMES if load(n).CHIP == "rp2040"])
def test_rp2040_pins(name):
    b = load(name)
    assert set(pins(b)) <= RP2040_FREE
    sda_ok, scl_ok = RP2040_I2C[b.DISPLAY["bus_id"]]
    assert b.DISPLAY["sda"] in sda_ok and b.DISPLAY["scl"] in scl_ok


@pytest.mark.parametrize("name", [n for n in NAMES if load(n).CHIP == "esp32"])
def test_esp32_pins(name):
    b = load(name)
    used = set(pins(b))
    assert used <= ESP32_PINS and not used & ESP32_FLASH
    assert not set(b.KEYPAD_COLS) & ESP32_INPUT_ONLY, "keypad columns need internal pull-ups"
    assert not set(b.KEYPAD_ROWS) & ESP32_INPUT_ONLY, "keypad rows are outputs"
    assert not set(b.KEYPAD_ROWS + b.KEYPAD_COLS) & ESP32_STRAPPING
