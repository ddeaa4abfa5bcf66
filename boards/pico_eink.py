# Raspberry Pi Pico W with a 2.13" 250x122 SSD1680 e-ink panel on SPI1 (SCK 14 / MOSI 15:
# SPI1's pins clear of the keypad on GP6-13) and the 4x4 keypad of the OLED boards.
NAME = "pico_eink"
CHIP = "rp2040"
WIFI = True
FILESYSTEM = "littlefs2"
DISPLAY = {"driver": "ssd1680", "bus": "spi", "bus_id": 1, "sck": 14, "mosi": 15,
           "cs": 17, "dc": 16, "rst": 18, "busy": 19, "width": 250, "height": 122}
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
