"""Where things are: the repo, the firmware sources and the device build."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
# firmware/lib's folders, relative to firmware/: flat on the device (no packages: a
# package costs heap, README "Layout"), each on the host's sys.path
FIRMWARE_LIB_DIRS = ("lib/engine", "lib/table", "lib/device")
BUILD = os.path.join(ROOT, "build")
DEVICE = os.path.join(BUILD, "device")          # .mpy files only, laid out as on a board
TABLE = os.path.join(BUILD, "dtable.bin")
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
VENV_BIN = os.path.join(ROOT, ".venv", "bin")


def tool(name):
    """A command from the project's virtual environment, else from PATH."""
    path = os.path.join(VENV_BIN, name)
    return path if os.path.exists(path) else name


def use_firmware():
    """Make the firmware importable on CPython, reading the table built on the host."""
    from host_tools import build
    build.ensure_table()
    for p in [os.path.join(FIRMWARE, d) for d in FIRMWARE_LIB_DIRS] + [FIRMWARE]:
        if p not in sys.path:
            sys.path.insert(0, p)
    import dtable
    dtable.PATH = TABLE
