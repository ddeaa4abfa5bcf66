"""Size report: flash per part for the RP2040 boards, and the memory budget (the smallest
free heap the application runs a long session of every ruleset in, typed on its keypad:
host_tools.board.picomem) for the image with
the application frozen in against stock firmware with the application as .mpy files,
both measured on the emulated Pico.

    .venv/bin/python -m host_tools.board.size [--boards pico,pico_w] [--no-memory]
        [--sessions 1 --events 30 | --keys hk:3 | --table] [--step 1024]
        [--rules mcr,tw,sh,hk,riichi] [--kinds frozen,mpy]

The memory search takes 1-2 minutes a run on the emulated Pico, about six runs a ruleset
and kind, an emulator per core: `--rules` and `--kinds` split it into parts.

Flash (2 MiB on both boards): the firmware region (everything below the filesystem) holds
the MicroPython image; the stock image (../shared/pico/firmware.uf2, RPI_PICO) against the
frozen one gives the application's share, of which the decomposition table and the glyph
font are bytes objects read in place.  The filesystem's free space is what LittleFS has
left once the board carries what it needs: the settings (frozen image) or the bundle."""

import argparse
import json
import os
from concurrent.futures import ThreadPoolExecutor

from host_tools import build
from host_tools.board import bundle, firmware, picomem
from host_tools.gen import font as gen_font
from host_tools.board.pico import BLOCK_SIZE, STOCK_UF2, _lfs, image

FLASH = 2 * 1024 * 1024
STORAGE = {"pico": 1408 * 1024, "pico_w": 848 * 1024}   # MICROPY_HW_FLASH_STORAGE_BYTES
SETTINGS = json.dumps({"table": 1, "rules": "mcr"})


def uf2_payload(path):
    """Bytes of flash a UF2 writes (256 per block)."""
    return os.path.getsize(path) // 512 * 256


def fs_free(fs_image, storage):
    """Free bytes of a filesystem image, for a board whose filesystem has `storage` bytes."""
    used = _lfs(fs_image).used_block_count
    return storage - used * BLOCK_SIZE


def flash_report(board):
    uf2 = firmware.build_firmware(board)
    fw = os.path.getsize(os.path.join(firmware.folder(board), "firmware.bin"))
    region = FLASH - STORAGE[board]
    folder = bundle.build_bundle(board)
    meta = json.load(open(os.path.join(folder, "bundle.json")))
    r = {"firmware_region": region, "firmware": fw, "firmware_left": region - fw,
         "table": os.path.getsize(build.ensure_table()),
         "font": os.path.getsize(gen_font.ensure()),
         "filesystem": STORAGE[board], "bundle_files": meta["bytes"], "uf2": uf2}
    if board == "pico":
        stock = uf2_payload(STOCK_UF2)
        r["stock_firmware"] = stock
        r["frozen_application"] = fw - stock
        r["frozen_code"] = fw - stock - r["table"] - r["font"]
    # LittleFS blocks the files take are the same whatever the filesystem's size
    r["fs_free_frozen"] = fs_free(image(files={"settings.json": SETTINGS}), STORAGE[board])
    r["fs_free_bundle"] = fs_free(image(folder, files={"settings.json": SETTINGS}), STORAGE[board])
    return r


# Where each search looks (bytes): around issue 31's budgets (frozen 24 KB, .mpy 72 KB);
# the frozen image needs far less than the .mpy bundle, its code is in flash.
RANGES = {"frozen": (20 * 1024, 32 * 1024), "mpy": (68 * 1024, 88 * 1024)}
RULES = ["mcr", "tw", "sh", "hk", "riichi"]


def memory_report(sessions, events, step, log=None, keyed=None, table=False, rules=RULES,
                  kinds=("frozen", "mpy")):
    """{"frozen": least budget, "mpy": least budget}: the least over which every ruleset's
    long session (tests/sessiongen.long_session, `sessions` x `events`), typed on the
    keypad into the application, passes (keyed=(rules, hands): that many legal hands of
    one ruleset typed instead; table: the sessions through the table engine, no screens)."""
    if table:
        drivers = [picomem.TableSession(picomem.long_sessions(rules, sessions, events))]
    elif keyed:
        drivers = [picomem.KeyedSession(*keyed)]
    else:
        drivers = [picomem.keyed_long_session(rid, sessions, events) for rid in rules]
    out = {}
    uf2 = firmware.build_firmware("pico")
    for kind in kinds:
        fw = uf2 if kind == "frozen" else None
        lo, hi = RANGES[kind]
        images = [picomem.device_image(d.files, mpy=fw is None) for d in drivers]

        def search(job):
            driver, fs = job
            return picomem.smallest_budget(driver, fs, lo=lo, hi=hi, step=step, uf2=fw, log=log)
        with ThreadPoolExecutor(os.cpu_count() or 1) as pool:   # an emulator per core
            found = list(pool.map(search, zip(drivers, images)))
        budgets = [b for b, _ in found]
        out[kind] = {"budget": None if None in budgets else max(budgets),
                     "least": dict(zip(rules, budgets)) if len(drivers) == len(rules) else {},
                     "runs": sum(len(runs) for _, runs in found),
                     "emu_ms": max([0] + [r["emu_ms"] for _, runs in found for r in runs
                                          if r["passed"]])}
    return out


def kb(n):
    return "%7.1f KB" % (n / 1024) if n is not None else "      -   "


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", default="pico,pico_w")
    ap.add_argument("--no-memory", action="store_true")
    ap.add_argument("--sessions", type=int, default=1, help="long sessions per ruleset")
    ap.add_argument("--events", type=int, default=30, help="events per session")
    ap.add_argument("--step", type=int, default=1024, help="budget resolution, bytes")
    ap.add_argument("--rules", default=",".join(RULES), help="rulesets whose sessions run")
    ap.add_argument("--kinds", default="frozen,mpy", help="images: frozen, mpy")
    ap.add_argument("--keys", metavar="RULES:HANDS",
                    help="measure with legal hands of one ruleset typed instead, e.g. hk:3")
    ap.add_argument("--table", action="store_true",
                    help="measure the table engine alone (the sessions over exec, no screens)")
    a = ap.parse_args(argv)
    keyed = None
    if a.keys:
        rid, _, n = a.keys.partition(":")
        keyed = (rid, int(n or 3))
    rows = [("firmware image", "firmware"), ("  stock MicroPython", "stock_firmware"),
            ("  frozen application", "frozen_application"), ("    code", "frozen_code"),
            ("    table", "table"), ("    font", "font"),
            ("firmware region (below the filesystem)", "firmware_region"),
            ("  left", "firmware_left"), ("filesystem", "filesystem"),
            ("  free, frozen image + settings", "fs_free_frozen"),
            (".mpy bundle (files)", "bundle_files"),
            ("  free, stock image + bundle + settings", "fs_free_bundle")]
    boards = a.boards.split(",")
    reports = {b: flash_report(b) for b in boards}
    print("Flash (bytes per part)%s" % "".join("%14s" % b for b in boards))
    for label, key in rows:
        print("%-40s%s" % (label, "".join("%14s" % kb(reports[b].get(key)) for b in boards)))
    if not a.no_memory:
        what = ("%s hands of %s typed into the application" % (keyed[1], keyed[0]) if keyed else
                "the table engine alone, a long session (%d x %d events of each ruleset)"
                % (a.sessions, a.events) if a.table else
                "the application, a long session (%d x %d events of each ruleset) typed on "
                "its keypad," % (a.sessions, a.events))
        print("\nMemory budget on the emulated Pico: the least free heap %s runs in with "
              "CPython's answers" % what)
        kinds = a.kinds.split(",")
        mem = memory_report(a.sessions, a.events, a.step, keyed=keyed, table=a.table,
                            rules=a.rules.split(","), kinds=kinds,
                            log=lambda r: print("  %(budget)6d B free: %(passed)s (%(detail)s)" % r, flush=True))
        for kind, label in (("frozen", "frozen image"), ("mpy", "stock image + .mpy bundle")):
            if kind in mem:
                least = "".join("  %s %s" % (rid, kb(b).strip())
                                for rid, b in mem[kind]["least"].items())
                print("%-40s%s  (%s)" % (label, kb(mem[kind]["budget"]), least.strip()))
        reports["memory"] = mem
    json.dump(reports, open(os.path.join(firmware.OUT, "size.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
