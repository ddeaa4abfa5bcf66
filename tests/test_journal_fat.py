"""The journal on FAT (CIRCUITPY on CircuitPython boards), proven with power cuts: inside
CircuitPython's unix port (host_tools.board.circuitpython), the firmware as the CIRCUITPY bundle
compiles it, on an os.VfsFat volume over a RAM block device that loses power after every
possible number of sector writes (and with the last sector torn) across the append of a
record, the boot that cuts a torn tail off (FAT's rename: a remove, then a rename) and the
first record with its id file (tests/cp_fatcut.py).  After each cut the boot leaves every
earlier record, the journal's id, and a journal that takes more records."""

import json
import os
import subprocess

from host_tools import paths
from host_tools.board import circuitpython, cpbundle


def test_power_cuts_on_fat_lose_nothing_saved():
    drive = cpbundle.build_bundle("cp_pico")
    out = subprocess.run([circuitpython.unix(), "-X", "heapsize=4M",
                          os.path.join(paths.ROOT, "tests", "cp_fatcut.py"), drive],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout.strip().splitlines()[-1])
    assert res["failures"] == [] and res["ok"]
    assert min(res["spans"].values()) > 0              # every phase wrote sectors
    assert res["cuts"] == 2 * sum(n + 1 for n in res["spans"].values())
    assert res["kept"] > 0 and res["lost"] > 0         # cuts before and after the record got through
