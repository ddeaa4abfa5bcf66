"""The tests' device scripts run from the host: MicroPython code (the unix port, the
firmware compiled by host_tools.build) that prints its findings last, as one line
`RESULT <json>`.  A script is a %-template: `folder` (the compiled firmware) and `tests`
(this folder: the device-side helpers tests/mpy_app.py, tests/mpy_ramfs.py) are filled in
with the caller's own values."""

import json
import os
import shutil
import subprocess
import tempfile

from host_tools import build, paths
from host_tools.board import device

TESTS = os.path.dirname(os.path.abspath(__file__))


def run(script, heap=None, timeout=60, **values):
    """The script's RESULT, run with the GC heap limited to `heap` (e.g. "256k"; None: the
    port's default); the process must end cleanly."""
    code = script % dict(values, folder=build.build_device(), tests=TESTS)
    cmd = [paths.tool("micropython")] + (["-X", "heapsize=" + heap] if heap else [])
    out = subprocess.run(cmd + ["-c", code], capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    line = [x for x in out.stdout.splitlines() if x.startswith("RESULT ")][-1]
    return json.loads(line[7:])


def json_lines(code_for, heap, timeout=120):
    """The lines a script prints, each one JSON, run with the firmware on its path and the
    heap limited to `heap`; code_for(folder) gives the script, with a scratch folder for
    its files under the system's temporary folder (a path of one length wherever the
    checkout is: heap figures must not move with it)."""
    folder = tempfile.mkdtemp(prefix="device-")
    try:
        out = subprocess.run(device.command(code_for(folder), heap, build.build_device()),
                             capture_output=True, text=True, timeout=timeout)
    finally:
        shutil.rmtree(folder, True)
    assert out.returncode == 0, out.stdout + out.stderr
    return [json.loads(ln) for ln in out.stdout.splitlines()]
