"""Bytes per journal record on flash, version 1 (as the table journals them now) against
version 2 (firmware/lib/table/record2.py), per ruleset: a long random session of each
(tests/sessiongen) through the firmware's table session on CPython with a real journal.
Both counted with the 14-byte header; version 2 with a clock reading in every record.

    .venv/bin/python tests/record_sizes.py      (prints the table docs/upload.md shows)"""

import json
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from host_tools import paths  # noqa: E402

HEAD = 14
CLOCK = [2714, "0f3a"]          # a reading as the device would journal it


def sizes(rid, seed=1, n=300):
    """{kind: [(v1 bytes, v2 bytes)]} of one session's records; kind win / other."""
    import sessiongen
    import organiser_fixtures
    paths.use_firmware()
    import journal
    import record2
    evs = sessiongen.random_session(random.Random(seed), rid, n)
    folder = tempfile.mkdtemp(prefix="recsize-")
    organiser_fixtures.play(evs, folder)
    j = journal.Journal(os.path.join(folder, "journal.bin"))
    out = {"win": [], "other": []}
    for off, seq, rec in j.records():
        v1 = HEAD + j.head(off)[1]
        v2 = HEAD + len(json.dumps(record2.encode(rec, CLOCK), separators=(",", ":"),
                                   ensure_ascii=False).encode())
        out["win" if rec["event"].get("event") == "win" else "other"].append((v1, v2))
    return out


def table():
    rows = ["| ruleset | wins: v1 mean / max | wins: v2 mean / max | other records: v1 / v2 mean |",
            "|---|---|---|---|"]
    for rid in ("mcr", "hk", "tw", "sh"):
        s = sizes(rid)
        w, o = s["win"], s["other"]

        def mean(xs):
            return round(sum(xs) / len(xs)) if xs else 0
        rows.append("| %s | %d / %d | %d / %d | %d / %d |" % (
            rid, mean([a for a, _ in w]), max(a for a, _ in w), mean([b for _, b in w]),
            max(b for _, b in w), mean([a for a, _ in o]), mean([b for _, b in o])))
    return "\n".join(rows)


if __name__ == "__main__":
    print(table())
