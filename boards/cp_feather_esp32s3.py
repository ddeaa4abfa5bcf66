# Adafruit Feather ESP32-S3 (4 MB flash, 2 MB PSRAM) running CircuitPython 10, with Wi-Fi:
# SSD1306 128x64 on the STEMMA QT connector (I2C: SDA GPIO3 / SCL GPIO4; CircuitPython's
# board start-up powers it through GPIO7), 4x4 keypad on D5, D6, D9, D10 (rows) and D11,
# D12, A0, A1 (columns), clear of the strapping pins (0, 3, 45, 46), the native USB (19,
# 20), the LED (13) and the NeoPixel (33, its power 21).  Driven through CircuitPython's
# modules: busio.I2C + adafruit_ssd1306, keypad.KeyMatrix, wifi + socketpool for the
# organiser.  The journal and the settings live on CIRCUITPY, a FAT volume.  Untested on
# the hardware (README "On CircuitPython boards").
NAME = "cp_feather_esp32s3"
CHIP = "esp32s3"
RUNTIME = "circuitpython"
WIFI = True
FILESYSTEM = "fat"
DISPLAY = {"driver": "adafruit_ssd1306", "bus": "i2c", "bus_id": 0, "sda": 3, "scl": 4,
           "address": 0x3C, "width": 128, "height": 64}
KEYPAD = "keymatrix"
KEYPAD_ROWS = (5, 6, 9, 10)       # D5, D6, D9, D10: driven low one at a time
KEYPAD_COLS = (11, 12, 18, 17)    # D11, D12, A0, A1: inputs with pull-ups
KEYS = "123A456B789C*0#D"
SAFE_KEY = "*"                    # held at power-on: CIRCUITPY left to the computer
