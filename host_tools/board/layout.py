"""A bundle's folder laid out, for MicroPython's bundle (host_tools.board.bundle) and
CircuitPython's CIRCUITPY drive (host_tools.board.cpbundle) alike: modules compiled by a
mpy-cross, third-party licences copied beside them, and the folder built whole beside its
place (with the decomposition table, the glyph font and bundle.json) before it replaces
the old one."""

import json
import os
import shutil
import subprocess

from host_tools import build, buildlock
from host_tools.gen import font as gen_font


def compiler(mpy_cross, root, *args):
    """compile_to(source, rel): the module compiled by mpy_cross (with args) to
    root/rel.mpy, named rel.py in its tracebacks."""
    def compile_to(src, rel):
        target = os.path.join(root, rel + ".mpy")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        subprocess.run([mpy_cross, "-O3", "-s", rel + ".py"] + list(args) + ["-o", target, src],
                       check=True)
    return compile_to


def copy_licences(folder, dest):
    """folder's LICENSE* files copied into dest."""
    for name in os.listdir(folder):
        if name.startswith("LICENSE"):
            shutil.copyfile(os.path.join(folder, name), os.path.join(dest, name))


def lay_out(out, fill, meta):
    """The bundle folder `out`, built whole beside it and then put in its place: fill(stage)
    puts the modules in, then the decomposition table and the glyph font go to its root
    and bundle.json lists every file and its size with meta."""
    stage = "%s.%d.tmp" % (out, os.getpid())
    if os.path.exists(stage):
        shutil.rmtree(stage)
    os.makedirs(stage)
    fill(stage)
    shutil.copyfile(build.ensure_table(), os.path.join(stage, "dtable.bin"))
    shutil.copyfile(gen_font.ensure(), os.path.join(stage, "font.bin"))
    files = {}
    for top, dirs, names in os.walk(stage):
        dirs.sort()
        for name in sorted(names):
            p = os.path.join(top, name)
            files[os.path.relpath(p, stage).replace(os.sep, "/")] = os.path.getsize(p)
    meta = dict(meta, files=files, bytes=sum(files.values()))
    with open(os.path.join(stage, "bundle.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
    return buildlock.swap_in(stage, out)
