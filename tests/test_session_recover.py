"""A session refused an event for memory recovers (the unix port, heaps just under what
Shanghai's heaviest session and a Chinese Official win need): the refusal leaves the heap
as it found it, and later events are accepted again.  What an import cut short by a
MemoryError leaves behind (the module itself in sys.modules' table; the modules it had
imported by then, such as a scorer's data) used to stay, and from then on every event
was refused."""

import json
import os
import shutil
import subprocess
import tempfile

import pytest

from host_tools import build
from host_tools.board import device
import sessiongen
from test_sh_table import SESSION

SESSIONS = {"sh": SESSION, "mcr": sessiongen.long_session("mcr", 20240)[:30]}

# One line out per event (the answer's ok or message, the free heap before and after):
# printed at once, so the driver holds nothing of its own in the heap.
RUN = """
import gc, json, session
s = session.Session(%r)
for line in %r:
    gc.collect()
    before = gc.mem_free()
    ans = s.handle(json.loads(line))
    gc.collect()
    print(json.dumps([ans["ok"] or ans["error"]["message"], before, gc.mem_free()]))
"""
# What a refused event may leave: the names (qstrs) of a module loaded for the first time,
# blocks moved about (up to 1.5 KB); the leftovers of an import cut short were 8-16 KB.
SLACK = 3 * 1024


def run(name, heap):
    folder = tempfile.mkdtemp(prefix="recover-")      # a path of one length wherever the checkout is
    try:
        code = RUN % (os.path.join(folder, "journal.bin"), [json.dumps(e) for e in SESSIONS[name]])
        out = subprocess.run(device.command(code, heap, build.build_device()),
                             capture_output=True, text=True, timeout=120)
    finally:
        shutil.rmtree(folder, True)
    assert out.returncode == 0, out.stdout + out.stderr
    return [json.loads(ln) for ln in out.stdout.splitlines()]


@pytest.mark.parametrize("name,heap", [("sh", "62k"), ("sh", "63k"), ("sh", "64000"),
                                       ("mcr", "62976")])
def test_refused_for_memory_then_events_go_through_again(name, heap):
    steps = run(name, heap)
    short = [i for i, (a, _, _) in enumerate(steps) if a is not True and "memory" in a]
    assert short, "every event fitted: the heap is not tight enough to test"
    for i in short:
        _, before, after = steps[i]
        assert after >= before - SLACK, ("event %d kept %d bytes" % (i, before - after), steps)
    later = [i for i, (a, _, _) in enumerate(steps) if a is True and i > short[0]]
    assert len(later) >= 3, ("no event accepted after the first refusal", steps)
