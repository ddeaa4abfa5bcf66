# Runs inside CircuitPython's unix port with a socket module (host_tools.board.circuitpython
# .unix_net): a table device of the Wi-Fi board (cp_feather_esp32s3's CIRCUITPY bundle: the
# firmware and the cpy adapters compiled by CircuitPython's mpy-cross, Adafruit's asyncio).
# cpy/runtime.py installs the board's stand-ins as on the board: network.WLAN over wifi.radio
# (cpy/cpnetwork.py) and asyncio.open_connection over socketpool (cpy/cpstreams.py); the
# port has no radio, so `wifi` and `socketpool` are the tests' (tests/cpnet/) over the
# port's sockets.  The table session journals the events, then the upload task (with the
# seating pull, as the app starts it) runs until the organiser holds every record and one
# pull has been answered, or RUN_MS passed.
#
# Usage: micropython cp_uploader.py BUNDLE_FOLDER SHIMS_FOLDER STATE_FOLDER CONFIG_FILE
# CONFIG_FILE: {"settings": the device's settings.json, "events": [...], "run_ms"}
# Prints one JSON line: {"done", "acked", "jseq", "pulls", "seating_error", "upload_error",
# "posts", "joins", "adapters", "settings", "logs"}.

import sys
import json

BUNDLE, SHIMS, STATE = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path[:0] = [BUNDLE + "/lib", SHIMS]
with open(sys.argv[4]) as f:
    CFG = json.load(f)

from cpy import runtime

runtime.install()
import dtable
dtable.PATH = BUNDLE + "/dtable.bin"
import asyncio
import settings
import session
import uploader
import wifi
from cpy import cpnetwork, cpstreams
from mpy_app import until

with open(STATE + "/settings.json", "w") as f:
    f.write(json.dumps(CFG["settings"]))
cfg = settings.load(STATE + "/settings.json")
jpath = STATE + "/journal.bin"
ses = session.Session(jpath)
for ev in CFG["events"]:
    ans = ses.handle(ev)
    if not ans.get("ok"):
        raise ValueError("refused: %r" % ans)
status = {}
logs = []
changed = []
task = uploader.run(cfg, jpath, status, True, ses, lambda: changed.append(1))
up = status["net"]
seat = status["seating"]
up.log = logs.append
up.max_ms = 1000
up.timeout_ms = 5000


async def main():
    t = asyncio.create_task(task)
    await until(lambda: up.acked == ses.jseq and seat.pulls >= 1, CFG.get("run_ms", 20000))
    t.cancel()


asyncio.run(main())
print(json.dumps({
    "done": up.acked == ses.jseq and seat.pulls >= 1, "acked": up.acked, "jseq": ses.jseq,
    "journal": up.jid, "pulls": seat.pulls, "changes": len(changed),
    "seating_error": seat.last_error, "upload_error": up.last_error, "posts": up.posts,
    "joins": wifi.radio.joins, "logs": logs,
    "adapters": [sys.modules["network"] is cpnetwork,
                 asyncio.open_connection is cpstreams.open_connection],
    "settings": dict((k, v) for k, v in settings.load(STATE + "/settings.json").items()
                     if k != "_path")}))
