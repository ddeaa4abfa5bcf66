"""`make bench`: the device uploader's figures, printed.

- RAM the upload task keeps resident (its module, micropython-lib's hmac, one Uploader,
  the seating pull's module and object) and the journal module it loads while reading, on the unix port (64-bit) and on the
  emulated Raspberry Pi Pico (32-bit, stock MicroPython v1.28.0).
- On the emulated Pico: HMAC-SHA256 of a 1.5 KB record and reading one back (raw()).
- On loopback: a table device (the firmware's session and uploader in the unix port)
  sending a 200-record journal to the organiser: records per second, requests, and the
  event loop's worst delay meanwhile."""

import os
import shutil
import sys
import tempfile
import time

from host_tools import build, paths

RAM = """
import gc, sys
import asyncio
gc.collect(); a = gc.mem_free()
import hmac
gc.collect(); b = gc.mem_free()
import uploader
gc.collect(); c = gc.mem_free()
u = uploader.Uploader({}, "/journal.bin")
gc.collect(); d = gc.mem_free()
import journal
gc.collect(); e = gc.mem_free()
del sys.modules["journal"]; journal = None
import settings
from ui import keymap
gc.collect(); f = gc.mem_free()
import seating
gc.collect(); g = gc.mem_free()
s = seating.Seating(u, None)
gc.collect(); h = gc.mem_free()
print("RAM", b - c, a - b, c - d, d - e, f - g, g - h)
"""

SPEED = """
import hmac, hashlib, time, journal
key = bytes(range(32)); msg = bytes(1500)
t = time.ticks_us()
for i in range(20):
    hmac.new(key, msg, hashlib.sha256).hexdigest()
h = time.ticks_diff(time.ticks_us(), t) // 20
j = journal.Journal("/bench.bin")
rec = {"event": {"event": "draw"}, "state": {"players": ["a" * 330] * 4}}
for i in range(20):
    j.append(rec)
t = time.ticks_us()
off = 0
for i in range(20):
    r = j.raw(off)
    off += 14 + len(r[1])
print("SPEED", h, time.ticks_diff(time.ticks_us(), t) // 20, off // 20)
"""


def ram_line(label, out):
    for line in out.splitlines():
        if line.startswith("RAM"):
            mod, mac, inst, jour, smod, sinst = (int(x) for x in line.split()[1:])
            print("  %-26s uploader %5d B + hmac %5d B + Uploader %4d B resident; journal %5d B while reading"
                  % (label, mod, mac, inst, jour))
            print("  %-26s seating pull %5d B + Seating %4d B resident (settings, keymap: the app's own)"
                  % ("", smod, sinst))
            return
    print("  %-26s failed: %s" % (label, out[-300:]))


def unix_port():
    import subprocess
    folder = build.build_device()
    res = subprocess.run([paths.tool("micropython"), "-c",
                          "import sys; sys.path[:0] = [%r]\n" % folder + RAM],
                         capture_output=True, text=True, timeout=60)
    ram_line("unix port (64-bit):", res.stdout + res.stderr)


def emulated_pico():
    from host_tools.board import pico
    folder = tempfile.mkdtemp()
    try:
        dev = os.path.join(folder, "device")
        shutil.copytree(build.build_device(), dev)
        for name in ("main.py", "boot.py", "main.mpy", "boot.mpy"):
            if os.path.exists(os.path.join(dev, name)):
                os.remove(os.path.join(dev, name))
        with pico.Pico(fs=pico.image(dev), board="pico") as p:
            ram_line("emulated Pico (32-bit):", p.exec(RAM))
            out = p.exec(SPEED, timeout_ms=120000)
    finally:
        shutil.rmtree(folder)
    for line in out.splitlines():
        if line.startswith("SPEED"):
            h, r, n = (int(x) for x in line.split()[1:])
            print("  emulated Pico: HMAC-SHA256 of a 1500 B record %d us; raw() of a %d B record %d us"
                  % (h, n, r))


def loopback(records=200):
    sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
    from organiser_fixtures import OrganiserServer, setup_event
    from uploader_harness import DeviceProcess
    folder = tempfile.mkdtemp()
    try:
        db = os.path.join(folder, "o.db")
        ev = setup_event(db)
        srv = OrganiserServer(db).start()
        d = ev["devices"][0]
        dev = DeviceProcess(os.path.join(folder, "dev"), {
            "organiser": srv.url, "device": d.id, "secret": d.secret, "records": records,
            "gap_ms": 0, "run_ms": 120000})
        try:
            dev.start(no_upload=True)              # the journal first, nothing sent ...
            dev.wait()
            t = time.time()
            fin = dev.start().wait(180)            # ... then a boot with all of it queued
            dt = time.time() - t
        finally:
            dev.kill()
            srv.stop()
        st = fin["status"]
        print("  loopback: %d records queued at boot, all acknowledged in %.2f s (%d requests, "
              "%.0f records/s incl. boot); event loop's worst delay %d ms" % (
                  st["acked"], dt, st["posts"], st["acked"] / dt, fin["lag_ms"]))
    finally:
        shutil.rmtree(folder)


def main():
    print("Device uploader")
    unix_port()
    try:
        emulated_pico()
    except Exception as e:          # the emulator needs node; report and go on
        print("  emulated Pico: not run (%s)" % e)
    loopback()


if __name__ == "__main__":
    main()
