"""The host half of the contract's JSON-lines CLIs: each stdin line is parsed on the host
(anything that is not a JSON object is answered bad_json here), the rest go to a handler
on CPython or to the device loop, and each answer is written as soon as it is known."""

import argparse
import json
import sys

from host_tools.board.device import DEFAULT_HEAP, FAILED, Device

BAD_JSON = {"ok": False, "error": {"code": "bad_json", "message": "the line is not a JSON object"}}


def parse_line(line):
    try:
        obj = json.loads(line)
    except ValueError:
        return None
    return obj if isinstance(obj, dict) else None


def main(description, host_handler, device_entry, argv=None, device_class=Device):
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--device", action="store_true",
                    help="run the firmware inside the MicroPython unix port")
    ap.add_argument("--heap", default=DEFAULT_HEAP, help="device GC heap, e.g. 64k (default)")
    args = ap.parse_args(argv)
    if args.device:
        device = device_class(device_entry, args.heap)
        handle = device.ask
    else:
        handle = host_handler()
    for line in sys.stdin:   # one answer per line, a blank one included (bad_json)
        obj = parse_line(line)
        if obj is None:
            ans = BAD_JSON
        else:
            try:
                ans = handle(obj)
            except Exception as e:   # a firmware bug: answer it as the device does, go on
                ans = FAILED
                sys.stderr.write("firmware error on %s: %r\n" % (line.strip(), e))
        sys.stdout.write(json.dumps(ans, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    if args.device:
        device.close()
