# CircuitPython's boot.py (before USB starts): CIRCUITPY is remounted writable for the
# application, which keeps its journal and settings there; with the board's SAFE_KEY held
# at power-on it is left as it is, read-only for the application and writable by a computer
# over USB (to put new files or settings on it).  A reset with the key let go gives the
# drive back to the application.
import time
import storage
import digitalio
import microcontroller
import boarddef as b


def pin(n):
    return getattr(microcontroller.pin, "GPIO%d" % n)


def held(key):
    """The key held now: its row driven low, its column read with a pull-up (one look,
    as ui/keypad.held does on MicroPython)."""
    i = b.KEYS.find(key)
    n = len(b.KEYPAD_COLS)
    row = digitalio.DigitalInOut(pin(b.KEYPAD_ROWS[i // n]))
    col = digitalio.DigitalInOut(pin(b.KEYPAD_COLS[i % n]))
    try:
        row.switch_to_output(value=False)
        col.switch_to_input(pull=digitalio.Pull.UP)
        time.sleep(0.001)               # the pull-up settles
        return not col.value
    finally:
        row.deinit()
        col.deinit()


safe = False
try:
    safe = held(b.SAFE_KEY)
except Exception as e:                  # no keypad: start normally
    print("boot: keypad not read:", e)
if safe:
    print("safe mode: key %s held at power-on; CIRCUITPY is the computer's" % b.SAFE_KEY)
else:
    storage.remount("/", readonly=False)
