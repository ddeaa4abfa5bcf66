# CircuitPython's boot.py (before USB starts): CIRCUITPY is remounted writable for the
# application, which keeps its journal and settings there; with the board's SAFE_KEY held
# at power-on it is left as it is, read-only for the application and writable by a computer
# over USB (to put new files or settings on it).  A reset with the key let go gives the
# drive back to the application.
import time
import storage
import keypad
import microcontroller
import boarddef as b


def pin(n):
    return getattr(microcontroller.pin, "GPIO%d" % n)


held = False
try:
    m = keypad.KeyMatrix(row_pins=[pin(n) for n in b.KEYPAD_ROWS],
                         column_pins=[pin(n) for n in b.KEYPAD_COLS], columns_to_anodes=True)
    time.sleep(0.05)                    # a few scans
    want = b.KEYS.find(b.SAFE_KEY)
    ev = m.events.get()
    while ev:
        held = held or (ev.pressed and ev.key_number == want)
        ev = m.events.get()
    m.deinit()
except Exception as e:                  # no keypad: start normally
    print("boot: keypad not read:", e)
if held:
    print("safe mode: key %s held at power-on; CIRCUITPY is the computer's" % b.SAFE_KEY)
else:
    storage.remount("/", readonly=False)
