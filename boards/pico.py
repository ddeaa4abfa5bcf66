# Raspberry Pi Pico (RP2040, no Wi-Fi): the board the emulator runs.  SSD1306 128x64 OLED on
# I2C0 (SDA 4 / SCL 5), 4x4 keypad on GP6-13.
NAME = "pico"
CHIP = "rp2040"
WIFI = False
FILESYSTEM = "littlefs2"
DISPLAY = {"driver": "ssd1306", "bus": "i2c", "bus_id": 0, "sda": 4, "scl": 5,
           "address": 0x3C, "width": 128, "height": 64}
KEYPAD_ROWS = (6, 7, 8, 9)        # driven low one at a time
KEYPAD_COLS = (10, 11, 12, 13)    # inputs with pull-ups
KEYS = "123A456B789C*0#D"
SAFE_KEY = "*"                    # held at power-on: safe mode (no application, REPL free)
# The chip's watchdog, fed by the application: far longer than its slowest save (1.3 s),
# under the RP2040's 8388 ms.  0 turns it off (debugging at the REPL).  WATCHDOG_OFF: the
# register and bit (WATCHDOG CTRL's ENABLE, atomic clear alias) that stop it when the
# application is stopped from the REPL, so mpremote is not reset under it.
WATCHDOG_MS = 8000
WATCHDOG_OFF = (0x40058000 | 0x3000, 1 << 30)
