"""The table journal: framing, torn and corrupt tails dropped and never misread, boot
replay after a cut, and the power-cut run on a real LittleFS v2 image in MicroPython."""

import json
import os
import subprocess

import pytest

import journal
import session
from host_tools import build, paths

RECS = [{"event": {"event": "x", "i": i}, "pad": "字" * (i * 37 % 200)} for i in range(6)]


def write(path, recs):
    j = journal.Journal(path)
    offs = [j.append(r)[0] for r in recs]
    return j, offs


def read(path):
    return [rec for _, _, rec in journal.Journal(path).records()]


def test_roundtrip_and_offsets(tmp_path):
    path = str(tmp_path / "j.bin")
    j, offs = write(path, RECS)
    assert read(path) == RECS
    assert j.seq == len(RECS) and j.end == os.path.getsize(path)
    for off, rec in zip(offs, RECS):
        assert j.read(off) == rec
    assert [s for _, s, _ in j.records()] == list(range(1, len(RECS) + 1))
    j2 = journal.Journal(path)
    assert j2.open() == len(RECS)
    j2.append({"more": 1})
    assert read(path) == RECS + [{"more": 1}]


def test_every_torn_tail_is_dropped(tmp_path):
    path = str(tmp_path / "j.bin")
    _, offs = write(path, RECS)
    whole = open(path, "rb").read()
    start = offs[-1]
    for cut in range(start, len(whole)):
        with open(path, "wb") as f:
            f.write(whole[:cut])
        assert read(path) == RECS[:-1], cut
        j = journal.Journal(path)
        assert j.open() == len(RECS) - 1
        assert os.path.getsize(path) == start          # the tail was cut off
        j.append(RECS[-1])
        assert read(path) == RECS


def test_corrupt_bytes_never_misread(tmp_path):
    path = str(tmp_path / "j.bin")
    _, offs = write(path, RECS)
    whole = open(path, "rb").read()
    for pos in range(offs[-2], len(whole)):            # the last two records, every byte
        bad = bytearray(whole)
        bad[pos] ^= 0x41
        with open(path, "wb") as f:
            f.write(bad)
        got = read(path)
        assert got == RECS[:len(got)], pos              # a prefix, never a changed record
        assert len(got) == (4 if pos < offs[-1] else 5), pos


def test_sequence_gap_and_garbage(tmp_path):
    path = str(tmp_path / "j.bin")
    write(path, RECS[:2])
    payload = json.dumps(RECS[2]).encode()
    with open(path, "ab") as f:
        f.write(journal.frame(7, payload) + payload)   # seq 7 after 2: not this journal's
    assert read(path) == RECS[:2]
    with open(path, "ab") as f:
        f.write(b"\x00" * 100)
    assert read(path) == RECS[:2]


def test_session_boots_from_cut_journal(tmp_path):
    path = str(tmp_path / "j.bin")
    s = session.Session(path)
    states = []
    for ev in [{"event": "start", "rules": "tw", "dealer": 2},
               {"event": "win", "winner": 2, "hand": {"hand": "123456789m123456p5s", "win": "5s"}},
               {"event": "declare", "seat": 1},
               {"event": "win", "winner": 0, "from": 2,
                "hand": {"hand": "123456789m12345p99s", "win": "6p"}},
               {"event": "undo"}, {"event": "draw"}]:
        assert s.handle(ev)["ok"], ev
        states.append(s.state)
    whole = open(path, "rb").read()
    ends = [off for off, _, _ in journal.Journal(path).scan()][1:] + [len(whole)]
    for i, end in enumerate(ends):
        for cut in (end, end - 1):
            with open(path, "wb") as f:
                f.write(whole[:cut])
            boot = session.Session(path)
            n = i + 1 if cut == end else i
            assert boot.replay_errors == 0
            assert boot.state == (states[n - 1] if n else None), (i, cut)
    # a record the session wrote (version 2, docs/upload.md) carries the event, its
    # payments, its total, the state's digest; never the state or the scorer's items
    import record2
    recs = read(path)
    assert open(path, "rb").read(2) == b"M2"
    win = recs[1]
    assert win["e"] == "win" and win["hand"]["hand"] == "123456789m123456p5s"
    assert win["p"] == states[1]["deltas"] and win["d"] == record2.digest(states[1])
    assert "state" not in win and "result" not in win and isinstance(win["t"], int)
    assert recs[4]["u"] == 4 and recs[4]["d"] == record2.digest(states[4])


def test_version_1_journal_still_boots_and_goes_on(tmp_path):
    """A journal written by older firmware (magic MJ, each record whole) boots as
    before and goes on in version 1 until a new journal; a new journal is version 2."""
    path = str(tmp_path / "j.bin")
    journal.NEW, was = 1, journal.NEW
    try:
        s = session.Session(path)
        for ev in [{"event": "start", "rules": "hk", "dealer": 1},
                   {"event": "win", "winner": 1, "hand": {"hand": "123456789m123456p5s", "win": "5s"}}]:
            assert s.handle(ev)["ok"], ev
    finally:
        journal.NEW = was
    assert open(path, "rb").read(2) == b"MJ"
    boot = session.Session(path)
    assert boot.jv == 1 and boot.state == s.state and boot.replay_errors == 0
    assert boot.handle({"event": "draw"})["ok"] and boot.handle({"event": "undo"})["ok"]
    recs = read(path)
    assert len(recs) == 4 and all("state" in r for r in recs)
    assert {h[:2] for h in _heads(path)} == {b"MJ"}
    again = session.Session(path)
    assert again.state == boot.state == s.state
    assert again.record(0)[1]["result"]["total"] == recs[1]["result"]["total"]
    os.remove(path)
    fresh = session.Session(path)
    assert fresh.handle({"event": "start", "rules": "hk"})["ok"]
    assert open(path, "rb").read(2) == b"M2"


def _heads(path):
    j = journal.Journal(path)
    out = []
    with open(path, "rb") as f:
        for off, _, _ in j.scan():
            f.seek(off)
            out.append(f.read(14))
    return out


@pytest.mark.parametrize("args", [[], ["1"], ["1", "1"]])
def test_power_cut_on_littlefs(args):
    """["1"]: each record also rewrites the boot checkpoint; the cuts fall across both
    writes, and every boot from the checkpoint matches a replay of the whole journal.
    ["1", "1"]: the undo stack's window is one entry, so each checkpoint also copies the
    entries below it from the one before."""
    folder = build.build_device()
    out = subprocess.run([paths.tool("micropython"), "-X", "heapsize=512k",
                          os.path.join(paths.ROOT, "tests", "mpy_powercut.py"), folder] + args,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout.strip().splitlines()[-1])
    assert res["ok"], res["failures"]
    assert res["cuts"] == 2 * (res["span"] + 1) and res["span"] > 2
    assert res["kept"] >= 1 and res["lost"] >= 1 and res["kept"] + res["lost"] == res["cuts"]
