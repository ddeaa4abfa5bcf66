"""What the uploader reads from the journal: the journal's id (chosen when a journal is
created, kept beside it, new for a journal created anew) and records read one at a time
as stored (head / raw), a damaged record never returned."""

import json
import os

import journal


def test_side_files():
    assert journal.side("/journal.bin", ".id") == "/journal.id"
    assert journal.side("/state/journal.bin", ".sent") == "/state/journal.sent"
    assert journal.side("/a.b/journal", ".id") == "/a.b/journal.id"


def test_id_chosen_at_creation_and_kept(tmp_path):
    path = str(tmp_path / "journal.bin")
    idp = str(tmp_path / "journal.id")
    j = journal.Journal(path)
    assert not os.path.exists(idp)
    j.append({"event": {"event": "start"}})
    first = open(idp).read()
    assert len(first) == 16 and int(first, 16) >= 0 and first == first.lower()
    j.append({"event": {"event": "draw"}})
    j2 = journal.Journal(path)                      # a reboot
    j2.open()
    j2.append({"event": {"event": "draw"}})
    assert journal.journal_id(path) == first == open(idp).read()
    assert not os.path.exists(idp + ".tmp")


def test_new_journal_new_id(tmp_path):
    path = str(tmp_path / "journal.bin")
    journal.Journal(path).append({"n": 1})
    ids = {journal.journal_id(path)}
    # the journal alone gone (a session cleared): its successor gets a new id
    os.remove(path)
    journal.Journal(path).append({"n": 1})
    ids.add(journal.journal_id(path))
    # everything gone (a wiped board)
    os.remove(path)
    os.remove(str(tmp_path / "journal.id"))
    journal.Journal(path).append({"n": 1})
    ids.add(journal.journal_id(path))
    assert len(ids) == 3


def test_lost_or_bad_id_file_replaced_once(tmp_path):
    path = str(tmp_path / "journal.bin")
    idp = str(tmp_path / "journal.id")
    journal.Journal(path).append({"n": 1})
    old = journal.journal_id(path)
    for bad in ("", "xyz", "0123456789ABCDEF", "0123456789abcde"):
        with open(idp, "w") as f:
            f.write(bad)
        new = journal.journal_id(path)
        assert new != old and len(new) == 16
        assert journal.journal_id(path) == new      # kept from then on
        old = new
    os.remove(idp)
    new = journal.journal_id(path)
    assert new != old and journal.journal_id(path) == new


def test_head_and_raw_read_records_as_stored(tmp_path):
    path = str(tmp_path / "journal.bin")
    j = journal.Journal(path)
    recs = [{"event": {"event": "x", "i": i}, "name": "東南" * i} for i in range(5)]
    offs = [j.append(r)[0] for r in recs]
    for i, off in enumerate(offs):
        seq, n, crc = j.head(off)
        assert seq == i + 1
        got_seq, payload = j.raw(off)
        assert got_seq == seq and len(payload) == n and json.loads(payload) == recs[i]
        nxt = off + 14 + n
        assert nxt == (offs[i + 1] if i + 1 < len(offs) else j.end)
    assert j.head(j.end) is None and j.raw(j.end) is None
    assert journal.Journal(str(tmp_path / "none.bin")).raw(0) is None
    # a damaged payload is never returned; the header alone still reads
    whole = bytearray(open(path, "rb").read())
    whole[offs[2] + 20] ^= 1
    with open(path, "wb") as f:
        f.write(whole)
    assert j.raw(offs[2]) is None and j.head(offs[2])[0] == 3
    assert j.raw(offs[1])[0] == 2 and j.raw(offs[3])[0] == 4
    # a cut tail: neither a whole header nor a whole record
    with open(path, "wb") as f:
        f.write(whole[:offs[4] + 10])
    assert j.head(offs[4]) is None and j.raw(offs[4]) is None
    with open(path, "wb") as f:
        f.write(whole[:offs[4] + 20])
    assert j.head(offs[4])[0] == 5 and j.raw(offs[4]) is None


def test_mark_rewrite_survives_power_cuts():
    """On a real LittleFS v2 image (MicroPython), power lost after every block write of
    the mark's rewrite: the old mark or the new, never a torn one."""
    import subprocess
    from host_tools import build, paths
    out = subprocess.run([paths.tool("micropython"),
                          os.path.join(paths.ROOT, "tests", "mpy_markcut.py"), build.build_device()],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout.strip().splitlines()[-1])
    assert res["ok"], res["failures"]
    assert res["span"] > 2 and res["cuts"] == res["span"] + 1
    assert res["old"] >= 1 and res["new"] >= 1 and res["old"] + res["new"] == res["cuts"]
