# Runs inside the MicroPython unix port (host_tools/sim/__init__.py starts it): the compiled firmware
# (build/device, with the sim board) and its application, ui.app, as on a board.  The
# computer's keys arrive on stdin, one character each ("~" before a key: a long press);
# they go into the keypad's ring, one at a time, each once the last one's screen is drawn.
# Everything the simulator needs goes to stdout as lines "SIM {json}":
#   {"key": k, "long": b, "changed": b}     a key handled
#   {"rows": [...], "fb": hex}              a screen drawn (fb: the frame buffer, if asked)
#   with pull=: "clock": {"ms", "runs", "t": [before, after], "rtt"}: the round clock as
#   the screen was drawn, the computer's time around that reading and the last seating
#   pull's round trip (s): a test compares it with the organiser's clock at that moment
#   {"ready": ...}  {"end": ...}            the app is up; stdin ended and the app stopped
# Usage: micropython simdev.py DEVICE_FOLDER STATE_FOLDER [fb] [fresh] [size=WxH] [pull=MS]
# (pull: the seating pull's interval, for a round compressed to seconds; a board: 30-60 s)
import sys
import json
import time

DEVICE = sys.argv[1]
STATE = sys.argv[2].rstrip("/") + "/"
OPTS = sys.argv[3:]
sys.path[:0] = [DEVICE]
import dtable
dtable.PATH = DEVICE + "/dtable.bin"
import asyncio
import binascii
import board
from ui import app as application
from pulltime import time_pulls      # beside this script

for o in OPTS:
    if o.startswith("size="):        # another panel's geometry (the e-ink one's)
        w, h = o[5:].split("x")
        board.DISPLAY = dict(board.DISPLAY, width=int(w), height=int(h))

FB = "fb" in OPTS
CLOCKED = [o for o in OPTS if o.startswith("pull=")]
out = sys.stdout


def send(obj):
    out.write("SIM ")
    out.write(json.dumps(obj))
    out.write("\n")


def hooks(app):
    step = asyncio.Event()          # the last key's screen is drawn: feed the next

    def on_key(key, long, changed):
        send({"key": key, "long": long, "changed": changed})
        if not changed:
            step.set()

    def on_show(rows):
        msg = {"rows": rows}
        if FB:
            msg["fb"] = binascii.hexlify(app.display.buffer).decode()
            msg["size"] = [app.display.width, app.display.height]
        if CLOCKED and app.clock is not None:
            a = time.time()
            ms = app.clock.ms()
            msg["clock"] = {"ms": ms, "runs": app.clock.runs, "t": [a, time.time()],
                            "rtt": getattr(seat, "rtt_ms", 0) / 1000}
        send(msg)
        step.set()

    async def keyboard():
        stdin = asyncio.StreamReader(sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin)
        long = False
        await asyncio.sleep_ms(0)   # the first screen is drawn before the first key
        while True:
            b = await stdin.read(1)         # read(n) waits for all n bytes: one at a time
            if not b:
                break
            ch = chr(b[0])
            if ch == "~":
                long = True
                continue
            if ch not in board.KEYS:
                continue
            step.clear()
            app.keypad.feed(ch, long)
            long = False
            await step.wait()
        send({"end": app.session.jseq, "faults": app.faults})
        app.stop()

    seat = app.status.get("seating")
    for o in CLOCKED:
        if seat is not None:
            seat.free_ms = seat.every_ms = int(o[5:])
            time_pulls(seat)
    app.on_key = on_key
    app.on_show = on_show
    send({"ready": app.session.jseq, "grid": [app.display.rows, app.display.cols]})
    asyncio.create_task(keyboard())


application.main(board, STATE, hooks, "fresh" in OPTS)
