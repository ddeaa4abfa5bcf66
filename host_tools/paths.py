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


def ensure_table():
    """build/dtable.bin, made again only when its generator changed or the file is not the
    one made last: the table is a function of host_tools/gen/tables.py alone, and building
    it to compare takes some 0.3 s of CPU, which every process scoring on the host (an
    organiser's table engine, a tool, a test process) paid at its start.  The key of what
    it was made from (the generator's digest, the file's size and time) is kept beside it."""
    import hashlib
    from host_tools.gen import tables
    with open(tables.__file__, "rb") as f:
        source = hashlib.sha256(f.read()).hexdigest()
    stamp = TABLE + ".key"

    def key():
        st = os.stat(TABLE)
        return "%s %d %d" % (source, st.st_size, st.st_mtime_ns)
    try:
        with open(stamp) as f:
            if f.read() == key():
                return TABLE
    except OSError:
        pass
    tables.ensure(TABLE)
    tmp = "%s.%d.tmp" % (stamp, os.getpid())
    with open(tmp, "w") as f:
        f.write(key())
    os.replace(tmp, stamp)
    return TABLE


def use_firmware():
    """Make the firmware importable on CPython, reading the table built on the host."""
    ensure_table()
    for p in [os.path.join(FIRMWARE, d) for d in FLAT_DIRS] + [FIRMWARE]:
        if p not in sys.path:
            sys.path.insert(0, p)
    import dtable
    dtable.PATH = TABLE
