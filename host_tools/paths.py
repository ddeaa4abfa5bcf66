"""Where things are: the repo, the firmware sources and the device build.  Imports only
host_tools.gen.tables (the table use_firmware needs), which imports nothing of ours."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
# Folders of firmware/ whose modules sit at the device's root, side by side: folders on
# the host only (a package would cost heap: docs/folders.md), each on the host's sys.path
FLAT_DIRS = ("lib/engine", "lib/table", "lib/device", "net")
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
    from host_tools.gen import tables
    tables.ensure(TABLE)
    for p in [os.path.join(FIRMWARE, d) for d in FLAT_DIRS] + [FIRMWARE]:
        if p not in sys.path:
            sys.path.insert(0, p)
    import dtable
    dtable.PATH = TABLE
