"""The README's pictures of the terminal's screens, made by the simulator: each screen
reached by typing keys into the firmware (host_tools.sim --png), on the OLED (128x64) and
the e-ink panel (250x122).

    python -m host_tools.sim.shots [OUT_DIR]      (default docs/screens)
    python -m host_tools.sim.shots --names [OUT_DIR]   (default docs/img: players' names)
"""

import base64
import os
import shutil
import subprocess
import sys
import json
import tempfile

from host_tools import paths
from organiser.text import glyphs

# (picture, ruleset, keys from a fresh session's status screen)
TILES = "1#4#B40D1D"                    # 碰 111m 444m, 吃 456p, 明槓 東東東東
HAND = "2" + "03" + TILES + "55"        # seat 2: 3 flowers (counted, mcr), the pair 中中
SHOTS = [
    ("status", "mcr", "A#"),
    ("entry", "mcr", "2" + "03" + TILES + "5"),
    ("edit", "mcr", "2" + "03" + TILES + "5" + "~#AA"),
    ("from", "mcr", HAND),
    ("review", "mcr", HAND + "3"),
    ("review-hk", "hk", "2" + "123456789B123456C5" + "5" + "2"),
    ("words", "mcr", HAND + "CBB0"),
    ("refused", "mcr", "2" + "11111"),
    ("refused-min", "mcr", "2" + "123B345C678D11C555" + "3"),
    ("events", "tw", "B"),
    ("history", "mcr", HAND + "3#A#C"),
    ("history-open", "mcr", HAND + "3#A#CB#"),
    ("undo", "mcr", HAND + "3#*"),
    ("new-session", "mcr", "0"),
    ("new-confirm", "mcr", HAND + "3#0#"),
    ("settings", "mcr", "D"),
    # the review in the other languages: the settings screen's lang item (4th) set first
    ("review-zh-Hans", "mcr", "DBBB#*" + HAND + "3"),
    ("review-en", "mcr", "DBBB##*" + HAND + "3"),
    ("review-hk-en", "hk", "DBBB##*" + "2" + "123456789B123456C5" + "5" + "2"),
]


def picture(args, out_png, eink, settings=None):
    """The simulator run with args (its keys, its ruleset); its last frame saved as
    out_png.  settings: the board's settings file, written first."""
    work = tempfile.mkdtemp()
    try:
        board = os.path.join(work, "board")
        if settings is not None:
            os.makedirs(board)
            with open(os.path.join(board, "settings.json"), "w", encoding="utf-8") as f:
                json.dump(settings, f)
            font = glyphs.names_font(tuple(settings.get("players", ())))
            if font:                # the glyphs a seating pulled from the organiser brings
                with open(os.path.join(board, "names.bin"), "wb") as f:
                    f.write(base64.b64decode(font))
        cmd = [sys.executable, "-m", "host_tools.sim"] + list(args) + [
            "--png", os.path.join(work, "png"), "--state", board] + (["--eink"] if eink else [])
        subprocess.run(cmd, cwd=paths.ROOT, check=True, capture_output=True)
        frames = sorted(os.listdir(os.path.join(work, "png")))
        shutil.copyfile(os.path.join(work, "png", frames[-1]), out_png)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def shoot(out, eink):
    os.makedirs(out, exist_ok=True)
    panel = "eink" if eink else "oled"
    for name, rules, keys in SHOTS:
        picture(["--rules", rules, "--keys", keys],
                os.path.join(out, "%s-%s.png" % (panel, name)), eink)


# Names from several European alphabets (Latin-1 and Latin Extended-A: the font's half
# width) on an English status screen, and Chinese ones drawn from the glyphs the
# organiser sends: (picture, the four players)
NAMES = [
    ("names", ["Chloé", "Müller", "Łukasz", "Ødegaard"]),
    ("names-2", ["Nováková", "Çelik", "Þórsdóttir", "Šťastný"]),
    ("names-cjk", ["何佩儀", "林志明", "Bo Li", "Ødegaard"]),
]


def names(out, eink):
    """The status screen of a session whose players' names carry accents."""
    os.makedirs(out, exist_ok=True)
    panel = "eink" if eink else "oled"
    for name, players in NAMES:
        picture(["--keys", "0#"], os.path.join(out, "%s-%s.png" % (panel, name)), eink,
                {"rules": "mcr", "lang": "en" if name != "names-cjk" else "zh-Hant",
                 "players": players})


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--names":
        out = argv[1] if len(argv) > 1 else os.path.join(paths.ROOT, "docs", "img")
        for eink in (False, True):
            names(out, eink)
        print(out)
        return
    out = argv[0] if argv else os.path.join(paths.ROOT, "docs", "screens")
    for eink in (False, True):
        shoot(out, eink)
    print(out)


if __name__ == "__main__":
    main()
