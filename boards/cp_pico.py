# Raspberry Pi Pico running CircuitPython 10 (the emulated board): the wiring of boards/pico.py
# (SSD1306 128x64 on I2C0, SDA GP4 / SCL GP5; 4x4 keypad on GP6-13), driven through
# CircuitPython's modules: busio.I2C + adafruit_ssd1306, keypad.KeyMatrix.  The journal
# and the settings live on CIRCUITPY, a FAT volume.
NAME = "cp_pico"
CHIP = "rp2040"
RUNTIME = "circuitpython"
WIFI = False
FILESYSTEM = "fat"
DISPLAY = {"driver": "adafruit_ssd1306", "bus": "i2c", "bus_id": 0, "sda": 4, "scl": 5,
           "address": 0x3C, "width": 128, "height": 64}
KEYPAD = "keymatrix"
KEYPAD_ROWS = (6, 7, 8, 9)        # driven low one at a time
KEYPAD_COLS = (10, 11, 12, 13)    # inputs with pull-ups
KEYS = "123A456B789C*0#D"
SAFE_KEY = "*"                    # held at power-on: CIRCUITPY left to the computer
