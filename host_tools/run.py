"""`make run`: score hands typed at the terminal until the device application exists.

Type a hand in short form or as the contract's JSON, one per line:

    mcr 1112345678999m +5m self
    tw 123456789m11p45s +6s discard chi:789p seat=S round=E flowers=2f6f dealer streak=2
    hk 123456789m11p45s +6s discard chi:789p flag:last_of_kind
    {"rules": "mcr", "hand": "1112345678999m", "win": "5m"}

Short form: ruleset, concealed tiles, +winning tile, then in any order: self / discard /
robkong, melds as chi:|pon:|kan:|addkan:|ankan:TILES, seat=, round=, flowers=, dealer,
streak=N, flag:WORD.  `help` shows an example for every ruleset.  `--device` scores
inside the MicroPython unix port."""

import argparse
import json
import sys

from host_tools import score
from host_tools.board.device import DEFAULT_HEAP, DevicePerRuleset


# One example a ruleset, as typed at the prompt (`help` prints them).
EXAMPLES = (
    ("mcr", "Chinese Official: nine gates, self-drawn",
     "mcr 1112345678999m +5m self"),
    ("hk", "Hong Kong 16-tile: straights, a chow melded, won on a discard",
     "hk 123456789m11p45s +6s discard chi:789p"),
    ("tw", "Taiwan 16-tile: a chow melded, two flowers, dealer on a streak of 2",
     "tw 123456789m11p45s +6s discard chi:789p seat=S round=E flowers=2f6f dealer streak=2"),
    ("sh", "Shanghai: a chow melded, won on a discard",
     "sh 456m789m234s1p +1p discard chi:123p"),
)


class ShortFormError(ValueError):
    pass


def examples():
    lines = ["An example for every ruleset (type one to see it scored):"]
    for rid, what, line in EXAMPLES:
        lines.append("  %-4s %s" % (rid, what))
        lines.append("       " + line)
    return "\n".join(lines)


def parse_short(line):
    words = line.split()
    if len(words) < 3 or not words[2].startswith("+"):
        raise ShortFormError("write: RULES TILES +WIN [self|discard|robkong] [pon:555p ...]")
    req = {"rules": words[0], "hand": words[1], "win": words[2][1:], "melds": [], "flags": []}
    for w in words[3:]:
        if w in ("self", "discard", "robkong"):
            req["by"] = w
        elif w == "dealer":
            req["dealer"] = True
        elif w.startswith("flag:"):
            req["flags"].append(w[5:])
        elif ":" in w:
            kind, tiles = w.split(":", 1)
            req["melds"].append(kind + " " + tiles)
        elif "=" in w:
            key, value = w.split("=", 1)
            if key not in ("seat", "round", "flowers", "streak"):
                raise ShortFormError("unknown setting %r" % key)
            req[key] = int(value) if key == "streak" and value.isdigit() else value
        else:
            raise ShortFormError("cannot read %r" % w)
    return req


def show(ans):
    if not ans["ok"]:
        return "  refused (%s): %s" % (ans["error"]["code"], ans["error"]["message"])
    lines = []
    for item in ans["items"]:
        extra = " x%d" % item["count"] if item.get("count", 1) != 1 else ""
        value = item.get("value", item.get("multiplier", item.get("hua")))
        lines.append("  %-10s %5s%s" % (item["name"], value, extra))
    lines.append("  total %s %s%s" % (ans["total"], ans["unit"],
                                       "" if ans.get("legal", True) else "  NOT LEGAL: " + ans.get("reason", "")))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--device", action="store_true", help="score inside the MicroPython unix port")
    ap.add_argument("--heap", default=DEFAULT_HEAP)
    args = ap.parse_args(argv)
    if args.device:
        device = DevicePerRuleset(score.DEVICE_ENTRY, args.heap)
        handle = device.ask
    else:
        handle = score.host_handler()
    interactive = sys.stdin.isatty()
    if interactive:
        print(__doc__.split("\n\n")[1])
        print("Type `help` for an example of every ruleset.")
    while True:
        if interactive:
            sys.stdout.write("hand> ")
            sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            break
        line = line.strip()
        if not line:
            continue
        if line in ("help", "?"):
            print(examples())
            continue
        try:
            req = json.loads(line) if line.startswith("{") else parse_short(line)
        except (ValueError, ShortFormError) as e:
            print("  cannot read that line: %s" % e)
            continue
        print(show(handle(req)))


if __name__ == "__main__":
    main()
