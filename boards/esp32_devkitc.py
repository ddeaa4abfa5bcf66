# ESP32-DevKitC (ESP32-WROOM-32): SSD1306 128x64 OLED on I2C 0 (the usual 21/22), 4x4 keypad
# on pins that are neither strapping pins nor input-only (the columns need pull-ups).
NAME = "esp32_devkitc"
CHIP = "esp32"
WIFI = True
FILESYSTEM = "littlefs2"
DISPLAY = {"driver": "ssd1306", "bus": "i2c", "bus_id": 0, "sda": 21, "scl": 22,
           "address": 0x3C, "width": 128, "height": 64}
KEYPAD_ROWS = (13, 14, 27, 26)    # driven low one at a time
KEYPAD_COLS = (25, 33, 32, 23)    # inputs with pull-ups
KEYS = "123A456B789C*0#D"
SAFE_KEY = "*"                    # held at power-on: safe mode (no application, REPL free)
KEYPAD_TIMER = 0                  # the ESP32 port has hardware timers 0-3 only (rp2: -1, virtual)
# The chip's watchdog, fed by the application: far longer than its slowest save.  0 turns it
# off (debugging at the REPL); once on it cannot be stopped, so maintain it in safe mode.
WATCHDOG_MS = 8000
