"""A screen module whose import a MemoryError cuts short (the unix port, the heap filled
to a few KB short of what the import needs): MicroPython takes the name out of
sys.modules but leaves the half-loaded module in the table's slot.  The screens recover
as the session does (Session.release(True)): once back on the status screen the heap is
as it was before the key, and the screen opens on the next press."""

import os

import device_script

# Per key (D: the settings' modules, the table's hook among them, from the key itself; C:
# the history's from the drawing) and per room left in the heap: whether the key (1) or
# the drawing after it (2, after one retry) raised MemoryError, whether the screen says
# so, the free heap before the key (on the status screen, each screen loaded once
# before, so no name of theirs is new) and back on the status screen after it, the
# table's modules dropped as a tight heap does, and whether the screen opens on the next
# press.  Printed at once: the driver holds nothing of its own in the heap.
RUN = """
import gc, json, session
from ui import ui as U
s = session.Session(%r)
s.handle({"event": "start", "rules": "mcr", "players": ["A", "B", "C", "D"], "dealer": 0,
          "settings": {}, "tag": {"table": 1}})
ui = U.UI(s, {"table": 1, "rules": "mcr", "settings": {}, "players": ["A", "B", "C", "D"],
              "dealer": 0, "wifi": {"ssid": "", "password": ""}, "organiser": "",
              "device": "", "secret": ""}, 5, 21)
said = opens = False                # every name the loop sets, in the globals already
before = after = n = size = raised = i = 0
ballast = [None] * 600             # one list for the whole run (a new one each time needs
                                    # 4.8 KB in one piece of a fragmented heap)
def home():
    ui.key("*", True)
    ui.screen()
for k in "DC":
    ui.key(k)
    ui.screen()
    home()
for k, most in (("D", 24576), ("C", 8192)):
    for room in range(512, most + 1, 512):
        s.release(True)
        home()
        gc.collect()
        before = gc.mem_free()
        n = 0
        size = 512
        while size >= 128:              # the heap filled to `room` free (a hole or two left)
            try:
                while gc.mem_free() - size > room:
                    ballast[n] = bytearray(size)
                    n += 1
            except MemoryError:
                pass
            size //= 2
        raised = 0
        try:
            ui.key(k)
        except MemoryError:
            raised = 1
        try:
            ui.screen()
        except MemoryError:
            raised += 2
        said = "memory" in ui.msg
        for i in range(n):
            ballast[i] = None
        home()
        s.release()                     # what the screen loaded of the table's modules
        gc.collect()
        after = gc.mem_free()
        ui.key(k)
        opens = ui.mode != U.STATUS
        home()
        print(json.dumps([k, room, raised, said, before, after, opens]))
"""
# What may stay of a key with the same screens loaded before: a few blocks moved about.
# The leftovers of an import cut short were 0.6-7 KB.
SLACK = 512
# Runs that may keep more: the recovery copies sys.modules' table, which needs a free
# block of its size; where the heap has none, the leftovers go at the next shortage
# (Session.release).  Before the screens took that step, 32 of the 64 runs kept more.
MISSES = 2


def run(heap="100k"):
    return device_script.json_lines(lambda folder: RUN % os.path.join(folder, "journal.bin"),
                                    heap)


def test_a_screen_import_cut_short_by_memory_leaves_nothing_behind():
    steps = run()
    for k in "DC":
        short = [st for st in steps if st[0] == k and (st[2] or st[3])]
        assert short, ("key %s never ran short of memory: the heap is not tight" % k, steps)
    kept = [st for st in steps if st[5] < st[4] - SLACK]
    assert len(kept) <= MISSES, ("bytes kept by a key short of memory", kept)
    for k, room, raised, said, _, _, opens in steps:
        assert opens, ("key %s, %d bytes left: the screen did not open after" % (k, room), steps)
        if k == "D" and said:
            assert not raised & 1, ("key D raised MemoryError, %d bytes left" % room, steps)
    assert any(st[0] == "D" and st[3] for st in steps), ("no key said it was short", steps)
