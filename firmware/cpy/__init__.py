# CircuitPython: what differs from MicroPython, behind small adapters that boards/cp_*.py
# choose (RUNTIME, DISPLAY["driver"] = "adafruit_ssd1306", KEYPAD = "keymatrix", WIFI):
# runtime (stand-ins for the names CircuitPython lacks), pins, keys (keypad.KeyMatrix), oled
# (glyph rows into adafruit_ssd1306's buffer), cphashlib, cpframebuf, cptime, cpsys,
# cpnetwork (network.WLAN over wifi.radio), cpstreams (asyncio streams over socketpool); boot.py and
# code.py go to the drive's root.  May import: ui.text, CircuitPython's own modules and
# Adafruit's libraries; keys and oled extend ui's Keypad and Display, handed to them.
