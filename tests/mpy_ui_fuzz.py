# Runs inside MicroPython (the unix port): keys typed into the screens (ui/ui.py) of the
# compiled firmware, with the settings given, after every key the screen drawn.  Each key
# and its screen are timed; an exception is counted and printed (with the key's index).
# Usage: micropython mpy_ui_fuzz.py DEVICE_BUILD_FOLDER STATE_FOLDER SETTINGS_FILE KEYS_FILE
# (the keys: keypad characters, "~" before a long press; files, as the unix port takes no
# argument longer than a few hundred bytes).  Prints one JSON line: {"modes": [...],
# "slowest_ms": n, "slowest_at": i, "faults": [[i, "..."]], "jseq": n, "wide": [...]}

import sys
import json
import time

sys.path.insert(0, sys.argv[1])
import dtable
dtable.PATH = sys.argv[1] + "/dtable.bin"
import session
from ui import ui as uimod

ses = session.Session(sys.argv[2] + "/journal.bin")
with open(sys.argv[3]) as f:
    cfg = json.load(f)
with open(sys.argv[4]) as f:
    keys = f.read()
ui = uimod.UI(ses, cfg, 5, 21, save_cfg=lambda cfg: None)
modes = set()
faults = []
wide = []
slowest = 0
slowest_at = -1
long = False
i = 0
for k in keys:
    if k == "~":
        long = True
        continue
    t = time.ticks_ms()
    try:
        ui.key(k, long)
        rows = ui.screen()
        for r in rows:
            if uimod.cells(r.lstrip(uimod.INV)) > ui.cols and len(wide) < 5:
                wide.append([i, r])
    except Exception as e:
        if len(faults) < 5:
            faults.append([i, "%s: %s" % (type(e).__name__, e)])
            sys.print_exception(e)
    dt = time.ticks_diff(time.ticks_ms(), t)
    if dt > slowest:
        slowest = dt
        slowest_at = i
    modes.add(ui.mode)
    long = False
    i += 1
print(json.dumps({"modes": sorted(modes), "slowest_ms": slowest, "slowest_at": slowest_at,
                  "faults": faults, "wide": wide, "jseq": ses.jseq, "keys": i}))
