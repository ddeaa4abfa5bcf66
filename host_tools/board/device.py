"""Run firmware code inside the MicroPython unix port, as on a board: compiled modules
only, the GC heap limited with -X heapsize, talking JSON lines over stdin/stdout."""

import json
import os
import subprocess

from host_tools import build, paths

DEFAULT_HEAP = "64k"
# The answer to a line the firmware fails on (a crash, no memory): the stream goes on, and
# the message says the fault is the terminal's, not the input's.
FAILED = {"ok": False, "error": {"code": "bad_field", "message": "the device could not process this line"}}


def command(entry, heap=DEFAULT_HEAP, folder=None):
    """The micropython command that imports the device build and runs `entry` (code)."""
    # Relative to the working directory (the checkout, for the tests and tools): the paths
    # are strings in the device's heap, and a heap guard must not depend on the checkout's.
    folder = os.path.relpath(folder or build.build_device())
    boot = ("import sys; sys.path[:0] = [%r]; import dtable; dtable.PATH = %r; %s"
            % (folder, os.path.join(folder, "dtable.bin"), entry))
    return [paths.tool("micropython"), "-X", "heapsize=" + heap, "-c", boot]


class Device:
    """A device loop in a MicroPython process: ask() sends one request, returns one answer.
    A device that dies on a request (out of memory, a crash) answers it with an error and
    is started again for the next one, so no line goes unanswered."""

    def __init__(self, entry, heap=DEFAULT_HEAP):
        self.cmd = command(entry, heap)
        self.proc = None

    def ask(self, req):
        if self.proc is None:
            self.proc = subprocess.Popen(self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL)
        try:
            self.proc.stdin.write((json.dumps(req) + "\n").encode())
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
            return json.loads(line)
        except (OSError, ValueError):
            self.close()
            return FAILED

    def close(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


class DevicePerRuleset:
    """One device process per ruleset, as a venue configures one ruleset per board: a
    request goes to the device running its `rules`, started on first use."""

    def __init__(self, entry, heap=DEFAULT_HEAP):
        self.entry = entry
        self.heap = heap
        self.devices = {}

    def ask(self, req):
        rid = req.get("rules")
        key = rid if isinstance(rid, str) else ""
        if key not in self.devices:
            self.devices[key] = Device(self.entry, self.heap)
        return self.devices[key].ask(req)

    def close(self):
        for d in self.devices.values():
            d.close()
