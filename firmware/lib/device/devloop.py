# The device side of the JSON-lines CLIs: one JSON object per line in, one answer per line
# out, in order.  The host has already checked each line is a JSON object; this loop still
# answers anything it cannot read instead of stopping.

import sys
import gc
import json
from errors import error_result


def run(handle):
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        try:
            req = json.loads(line)
        except ValueError:
            ans = error_result("bad_json", "the line is not JSON")
        else:
            ans = handle(req)
        sys.stdout.write(json.dumps(ans))
        sys.stdout.write("\n")
        gc.collect()
