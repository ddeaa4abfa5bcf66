# On the emulated Pico: scan the board's 4x4 keypad (board.py: rows driven low one at a time,
# columns with pull-ups) for DURATION_MS, print each key as it goes down, and draw the keys
# seen on the OLED through micropython-lib's ssd1306 driver.
from machine import I2C, Pin
import time
import board
import ssd1306

d = board.DISPLAY
oled = ssd1306.SSD1306_I2C(d["width"], d["height"],
                           I2C(d["bus_id"], scl=Pin(d["scl"]), sda=Pin(d["sda"]), freq=400_000),
                           addr=d["address"])
rows = [Pin(n, Pin.OUT, value=1) for n in board.KEYPAD_ROWS]
cols = [Pin(n, Pin.IN, Pin.PULL_UP) for n in board.KEYPAD_COLS]
n = len(cols)


def scan():
    found = []
    for r, rp in enumerate(rows):
        rp.value(0)
        for c, cp in enumerate(cols):
            if not cp.value():
                found.append(board.KEYS[r * n + c])
        rp.value(1)
    return found


seen = ""
prev = []
oled.fill(0)
oled.text("keys:", 0, 0)
oled.show()
print("ready")
t0 = time.ticks_ms()
while time.ticks_diff(time.ticks_ms(), t0) < DURATION_MS:
    cur = scan()
    for k in cur:
        if k not in prev:
            seen += k
            print("key", k, time.ticks_diff(time.ticks_ms(), t0))
    prev = cur
    time.sleep_ms(5)
oled.fill(0)
oled.text("keys:", 0, 0)
oled.text(seen, 0, 16)
oled.fill_rect(0, 56, 8 * len(seen), 8, 1)
oled.show()
print("done", seen)
