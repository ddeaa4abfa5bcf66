# The keypad on CircuitPython: keypad.KeyMatrix scans the matrix in the background (C, every
# SCAN_MS) and queues press/release events with their timestamps; instead of MicroPython's
# timer scan, get() drains those events into ui/keypad.py's Keypad (the same debounce,
# long press and event ring), each event at its own time, so a press and its release that
# wait in the queue together still count.

import time
import asyncio

SCAN_MS = 10            # the matrix scanned in C this often
POLL_MS = 20            # its events read this often (each wake runs the asyncio loop)


class MatrixKeypad:
    """Mixed into ui/keypad.py's Keypad (open() is handed the class: the keypad module
    imports this one, not the other way round)."""

    def __init__(self, board, long_ms):
        self.Keypad.__init__(self, board.KEYS, long_ms)
        import keypad
        from cpy.pins import pin
        self.matrix = keypad.KeyMatrix(
            row_pins=[pin(n) for n in board.KEYPAD_ROWS],
            column_pins=[pin(n) for n in board.KEYPAD_COLS],
            columns_to_anodes=True, interval=SCAN_MS / 1000, max_events=64)
        self.event = keypad.Event()
        self.raw = 0
        self.flag = None

    def poll(self):
        """Feed the queued events, then the time (a key held past LONG_MS)."""
        q = self.matrix.events
        ev = self.event
        while q.get_into(ev):
            bit = 1 << ev.key_number
            if ev.pressed:
                self.raw |= bit
            else:
                # held until its release: a long press if it was long, though the press
                # and the release waited in the queue together (the loop was busy)
                self.update(self.raw, ev.timestamp)
                self.raw &= ~bit
            self.update(self.raw, ev.timestamp)
        if q.overflowed:
            q.clear()
            q.overflowed = False
            self.lost += 1
        self.update(self.raw, time.ticks_ms())

    async def get(self):
        while True:
            self.poll()
            code = self.pop()
            if code >= 0:
                return self.keys[code & 0x7F], bool(code & 0x80)
            await asyncio.sleep_ms(POLL_MS)

    def stop(self):
        self.matrix.deinit()


def open(board, Keypad, long_ms):
    class KeyMatrixKeypad(MatrixKeypad, Keypad):
        pass

    KeyMatrixKeypad.Keypad = Keypad
    return KeyMatrixKeypad(board, long_ms)
