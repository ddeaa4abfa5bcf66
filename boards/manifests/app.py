# The application frozen into firmware, laid out as on the board's flash (host_tools/build.py):
# firmware/lib/{engine,table,device}/*.py, firmware/net/*.py (folders on the host only:
# host_tools.paths.FLAT_DIRS) and firmware/vendor/*.py (micropython-lib's, with their
# licence) at the top, rules/, ui/ and drivers/ as packages, main.py and boot.py (run at
# power-on frozen).
# options.gen: the folder host_tools.board.firmware generates for the board (board.py, the
# decomposition table and the glyph font as modules holding one bytes object each).
# Paths are relative to this file (the manifest tools run each manifest from its folder).
import os

FIRMWARE = "../../firmware"

for sub in ("lib/engine", "lib/table", "lib/device", "net"):
    freeze(FIRMWARE + "/" + sub, opt=3)
if os.path.isdir(FIRMWARE + "/vendor"):
    freeze(FIRMWARE + "/vendor", opt=3)
for pkg in ("rules", "ui", "drivers"):
    if os.path.isdir(os.path.join(FIRMWARE, pkg)):
        package(pkg, base_path=FIRMWARE, opt=3)
for name in ("main.py", "boot.py"):
    if os.path.exists(os.path.join(FIRMWARE, name)):
        module(name, base_path=FIRMWARE, opt=3)

freeze(options.gen, opt=3)
