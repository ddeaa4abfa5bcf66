"""The tests' device scripts run from the host: MicroPython code (the unix port, the
firmware compiled by host_tools.build) that prints its findings last, as one line
`RESULT <json>`.  A script is a %-template: `folder` (the compiled firmware) and `tests`
(this folder: the device-side helpers tests/mpy_app.py, tests/mpy_ramfs.py) are filled in
with the caller's own values."""

import json
import os
import subprocess

from host_tools import build, paths

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
