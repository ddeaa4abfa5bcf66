# Power-on: safe mode.  The board's SAFE_KEY held while the board starts (one scan of the
# keypad) keeps the application from starting, so the REPL stays free for mpremote.
# A soft reset (Ctrl-D) with the key let go starts the application again.
import board

# An exception in an interrupt handler (the keypad's scan) has the heap locked: room made
# now for its message, or it prints as a bare "RuntimeError:".
try:
    __import__("micropython").alloc_emergency_exception_buf(100)
except AttributeError:          # a port without the buffer
    pass

board.SAFE_MODE = False
try:
    from ui import keypad
    i = board.KEYS.find(board.SAFE_KEY)
    board.SAFE_MODE = i >= 0 and bool(keypad.held(board) >> i & 1)
    del keypad, i
except Exception as e:          # no keypad module or no pins: start normally
    print("boot: keypad not read:", e)
if board.SAFE_MODE:
    print("safe mode: key %s held at power-on" % board.SAFE_KEY)
# The rp2 port's _boot.py leaves its rp2 module (the PIO assembler, 1.4 KB of heap from
# .mpy) imported for the flash's mount; the application never uses it: it goes
__import__("sys").modules.pop("rp2", None)
globals().pop("rp2", None)      # (_boot.py's global: ours share __main__ with it)
