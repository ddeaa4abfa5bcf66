"""The simulator (host_tools.sim): the compiled firmware's application in the unix port, keys
in, screens and journal out; the board's state kept between runs."""

import json
import struct
import subprocess
import sys
import zlib

import pytest

import session
import tiles
from host_tools import keys, paths, sim

STATE = ("hand_no", "dealer", "streak", "huang", "scores", "deltas")


def run(*args, **kw):
    out = subprocess.run([sys.executable, "-m", "host_tools.sim"] + list(args),
                         capture_output=True, text=True, cwd=paths.ROOT, timeout=300, **kw)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h, depth, kind = struct.unpack(">IIBB", data[16:26])
    pos, idat = 8, b""
    while pos < len(data):
        n, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        assert zlib.crc32(tag + body) & 0xFFFFFFFF == struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
        if tag == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    assert (depth, kind) == (8, 0) and len(raw) == h * (w + 1)
    return w, h, raw


# A few table events per ruleset: wins on a discard and self-drawn, a draw, an undo.
EVENTS = {
    "tw": [{"event": "win", "winner": 1, "from": 2,
            "hand": {"hand": "123456789m11p45s", "melds": ["chi 789p"], "win": "6s"}},
           {"event": "draw"},
           {"event": "win", "winner": 0,
            "hand": {"hand": "123456789m11p45s", "melds": ["chi 789p"], "win": "3s"}},
           {"event": "undo"}],
    "sh": [{"event": "win", "winner": 2, "from": 0,
            "hand": {"hand": "456m789m234s1p", "melds": ["chi 123p"], "win": "1p"}},
           {"event": "win", "winner": 3,
            "hand": {"hand": "456m789m234s1p", "melds": ["chi 123p"], "win": "1p"}}],
}


def table(rid):
    """The events with the start the simulator's --rules makes, and the table's answers."""
    ses = session.Session()
    events = [{"event": "start", "rules": rid, "dealer": 0, "players": ["1", "2", "3", "4"]}]
    events += EVENTS[rid]
    answers = []
    for ev in events:
        answers.append(ses.handle(ev))
        answers[-1]["_state"] = json.loads(json.dumps(ses.state))
    assert all(a["ok"] for a in answers)
    return events, answers


@pytest.mark.parametrize("rid", sorted(EVENTS))
def test_keys_in_journal_lines_out(rid, tmp_path):
    events, answers = table(rid)
    info = keys.ruleset(rid)
    typed = "".join(keys.event_keys(ev, info, rid) for ev in events[1:])
    board = tmp_path / "board"
    jfile = tmp_path / "journal.jsonl"
    run("--rules", rid, "--keys", typed, "--journal", str(jfile), "--state", str(board), "--quiet")
    lines = [json.loads(x) for x in jfile.read_text(encoding="utf-8").splitlines()]
    assert [x["seq"] for x in lines] == list(range(1, len(events) + 1))
    # version-2 records (docs/upload.md): the event's name under "e", its fields beside,
    # the state after it as a digest
    import record2
    assert lines[0]["e"] == "start" and lines[0]["rules"] == rid
    assert lines[0]["dealer"] == 0
    for line, ev, want in zip(lines, events, answers):
        assert line["e"] == ev["event"]
        assert line["d"] == record2.digest(want["_state"])
        if ev["event"] == "win":
            got, want_hand = line["hand"], ev["hand"]
            assert sorted(tiles.parse(got["hand"])) == sorted(tiles.parse(want_hand["hand"]))
            assert tiles.parse(got["win"]) == tiles.parse(want_hand["win"])
            assert line.get("from") == ev.get("from")

    # the board keeps its flash: run again without --rules, the session resumes
    last = run("--keys", "", "--state", str(board), "--quiet", "--journal", str(jfile))
    assert len(jfile.read_text().splitlines()) == len(events)
    again = run("--keys", "", "--state", str(board), "--quiet")
    assert again == last and str(answers[-1]["scores"][0]) in last


def test_screens_as_png_and_long_press(tmp_path):
    shots = tmp_path / "shots"
    board = str(tmp_path / "board")
    # 1: the entry screen of seat 1's win; a long back key: straight back to the status
    out = run("--rules", "mcr", "--keys", "1 2 3 ~*", "--png", str(shots), "--state", board)
    pngs = sorted(p.name for p in shots.iterdir())
    assert pngs[0] == "screen-000.png" and len(pngs) >= 3
    w, h, raw = read_png(shots / pngs[0])
    assert (w, h) == ((128 + 4) * 3, (64 + 4) * 3)
    assert b"\xff" in raw                               # something drawn on the panel
    first = open(shots / pngs[0], "rb").read()
    assert open(shots / pngs[-1], "rb").read() == first          # back on the status screen
    assert out.splitlines()[0].startswith("T1")
    # the e-ink panel's geometry: 10 rows of 41 cells
    run("--keys", "", "--png", str(shots), "--state", board, "--eink")
    w, h, _ = read_png(shots / "screen-000.png")
    assert (w, h) == ((250 + 4) * 3, (122 + 4) * 3)


def test_pictures():
    fb = bytearray(128 * 8)
    fb[0] = 0b101                   # x 0: y 0 and 2 lit
    fb[127 + 128 * 7] = 0x80        # x 127, y 63
    px = sim.pixels(fb, 128, 64)
    assert px[0][0] == 1 and px[1][0] == 0 and px[2][0] == 1 and px[63][127] == 1
    assert sum(map(sum, px)) == 3
    lines = sim.halfblocks(px)
    assert len(lines) == 32 and lines[0][0] == "\u2580" and lines[1][0] == "\u2580"
    assert lines[31][127] == "\u2584" and lines[0][1] == " "


def test_keys_text():
    assert sim.parse_keys("12 ab~*#\r\x7f") == [("1", False), ("2", False), ("A", False),
                                                ("B", False), ("*", True), ("#", False),
                                                ("#", False), ("*", False)]
