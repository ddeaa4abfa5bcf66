"""Boot with a long journal on the emulated Pico (boards/pico.py): emulated ms from power-on
to the status screen drawn ("app: ready") with 0, 300 and 1,000 records in the journal,
the application frozen into the firmware and as .mpy files on stock MicroPython, with the
boot checkpoint beside the journal (firmware/lib/table/checkpoint.py: only the records
past it are replayed) and without it (every record replayed, as a first boot does; that
boot then writes the checkpoint).  The journals are a Chinese Official session's plain wins (tests/
handgen, about 0.9 KB a record), written by the firmware's own session on CPython, as
the board writes them.  A journal that does not fit beside the .mpy files is said so.

    .venv/bin/python -m host_tools.bench boot [--rules mcr] [--counts 0,300,1000]"""

import argparse
import json
import os
import shutil
import sys
import tempfile

from host_tools import build, paths
from host_tools.board import firmware
from host_tools.board.pico import Pico, image

TARGET_MS = {"frozen": 1000, ".mpy": 2000}


def journal_files(rid, n):
    """{name: bytes} of a journal of n records (with its id and its checkpoint) written
    by the firmware's session, as the board would have written it."""
    if not n:
        return {}
    paths.use_firmware()
    sys.path.insert(0, os.path.join(paths.ROOT, "tests"))
    import session
    from uicorpus import legal_session
    events, _ = legal_session(rid, n, seed=3, plain=True)
    tmp = tempfile.mkdtemp(prefix="bench-boot-")
    try:
        ses = session.Session(os.path.join(tmp, "journal.bin"))
        for ev in events:
            if ses.jseq >= n:
                break
            ses.handle(ev)
        if ses.jseq != n:
            raise RuntimeError("%d records written for %d" % (ses.jseq, n))
        out = {}
        for name in ("journal.bin", "journal.id", "journal.ckpt"):
            p = os.path.join(tmp, name)
            if os.path.exists(p):
                with open(p, "rb") as f:
                    out[name] = f.read()
        return out
    finally:
        shutil.rmtree(tmp)


def boot_ms(uf2, folder, files):
    """(emulated ms from power-on to the status screen, free heap then); (None, why) when
    the files do not fit on the board's filesystem."""
    try:
        fs = image(*([folder] if folder else []), files=files)
    except Exception as e:          # littlefs: no space left on the image
        return None, "does not fit (%s)" % type(e).__name__
    with Pico(uf2=uf2, fs=fs, boot_timeout_ms=20000) as pico:
        m = pico.wait_serial(r"app: ready, (\d+) bytes free", timeout_ms=60000)
    return m["at"], int(m["groups"][0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="mcr")
    ap.add_argument("--counts", default="0,300,1000")
    args = ap.parse_args()
    counts = [int(c) for c in args.counts.split(",")]
    settings = json.dumps({"rules": args.rules})
    kinds = (("frozen", firmware.build_firmware("pico"), None),
             (".mpy", None, build.build_device(os.path.join(paths.BUILD, "device-pico"), "pico")))
    print("boot on the emulated Pico: power-on to the status screen, emulated ms "
          "(%s journal; target: frozen %d ms, .mpy %d ms with 1,000 records)"
          % (args.rules, TARGET_MS["frozen"], TARGET_MS[".mpy"]))
    print("%-7s %8s %22s %22s" % ("", "records", "with checkpoint", "without (replay all)"))
    for n in counts:
        files = journal_files(args.rules, n)
        bare = {k: v for k, v in files.items() if k != "journal.ckpt"}
        for kind, uf2, folder in kinds:
            row = []
            for fl in (files, bare):
                at, free = boot_ms(uf2, folder, dict(fl, **{"settings.json": settings}))
                row.append(free if at is None else "%6.0f ms %6d free" % (at, free))
            print("%-7s %8d %22s %22s" % (kind, n, row[0], row[1]), flush=True)


if __name__ == "__main__":
    main()
