"""Generators of the data the firmware reads from flash: tables (the decomposition table,
dtable.bin) and font (the glyph font, font.bin), each checked against its sources; and
elnames and tablewords, the organiser's copies of the elements' names and of the table's
words (they import the firmware's names).
May import: host_tools.paths only (host_tools.build calls them, never the other way)."""

import json
import sys


def json_text(data):
    """The organiser's copies as they are checked in: sorted, one key a line."""
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def write(text, default_out, argv=None):
    """The command line of a generator of a copy: text() written to argv[0] or the default."""
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else default_out
    with open(out, "w", encoding="utf-8") as f:
        f.write(text())
    print(out)
