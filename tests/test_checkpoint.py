"""The boot checkpoint beside the journal (firmware/lib/table/checkpoint.py): a boot replays
only the records past it and comes to exactly what a replay of the whole journal gives
(state, undo stack, seq, end); a checkpoint missing, damaged, stale, of another journal
or past a journal cut short is no harm (the whole journal, or what is past it, is
replayed).  The undo stack's entries below its top window live in the checkpoint only
(a small window here: 5) and undo reads them back, as deep as the journal goes.  Power
cuts while it is written: tests/test_journal.py (mpy_powercut.py)."""

import os
import random
import shutil

import pytest

import checkpoint
import session
import sessiongen

EVENTS = sessiongen.long_session("tw", seed=11, sessions=2, n=40)


@pytest.fixture(autouse=True)
def small_window(monkeypatch):
    monkeypatch.setattr(session, "STACK_WINDOW", 5)


def whole_stack(ses):
    """The undo stack: the entries in the checkpoint below the window, then the window."""
    if not ses.base:
        return list(ses.stack)
    fields, below, _ = checkpoint._entries(checkpoint.path_of(ses.jpath), 0, ses.base)
    return below + ses.stack


def booted(path):
    ses = session.Session(path)
    assert len(ses.stack) <= session.STACK_WINDOW + session.CHECKPOINT_EVERY
    return ses, (ses.state, whole_stack(ses), ses.jseq, ses.jend, ses.replay_errors)


def whole(path, tmp_path):
    """The boot of a copy of the journal with no checkpoint: every record replayed."""
    d = tmp_path / "whole"
    d.mkdir(exist_ok=True)
    for name in ("journal.bin", "journal.id"):
        shutil.copy(os.path.join(os.path.dirname(path), name), d / name)
    ses, got = booted(str(d / "journal.bin"))
    assert ses.replayed == ses.jseq
    return got


@pytest.fixture
def journal_of(tmp_path):
    path = str(tmp_path / "journal.bin")
    ses = session.Session(path)
    for ev in EVENTS:
        ses.handle(ev)
    assert ses.jseq > 3 * session.CHECKPOINT_EVERY
    return path


def test_boot_replays_only_past_the_checkpoint(journal_of, tmp_path):
    ses, got = booted(journal_of)
    assert 0 <= ses.replayed < session.CHECKPOINT_EVERY
    assert got == whole(journal_of, tmp_path)
    assert ses.base > 0                 # most of the stack is on flash only
    # undo from the booted session reaches back across the checkpoint and below the
    # window in RAM, as from a replay, down to the first event
    # (the reference: a replay of the whole journal keeping its whole stack in RAM)
    shutil.copytree(tmp_path / "whole", tmp_path / "ram")
    os.remove(tmp_path / "ram" / "journal.ckpt")
    session.STACK_WINDOW = 10 ** 6
    ref = session.Session(str(tmp_path / "ram" / "journal.bin"))
    session.STACK_WINDOW = 5
    assert ref.base == 0
    n = 0
    while True:
        a, b = ses.handle({"event": "undo"}), ref.handle({"event": "undo"})
        assert a == b
        assert ses.state == ref.state and whole_stack(ses) == ref.stack
        if not a["ok"]:
            break
        n += 1
    assert n > 2 * session.STACK_WINDOW and ses.depth() == 1


def test_a_stale_checkpoint_replays_what_is_past_it(journal_of, tmp_path):
    ck = journal_of.replace(".bin", ".ckpt")
    old = open(ck, "rb").read()
    ses = session.Session(journal_of)
    for i in range(session.CHECKPOINT_EVERY + 5):      # a new checkpoint written meanwhile
        ses.handle({"event": "draw"} if i % 3 else {"event": "undo"})
    open(ck, "wb").write(old)
    ses, got = booted(journal_of)
    assert ses.replayed >= session.CHECKPOINT_EVERY + 5
    assert got == whole(journal_of, tmp_path)


@pytest.mark.parametrize("harm", ["missing", "byte", "short", "other", "cut", "id"])
def test_a_checkpoint_that_does_not_fit_means_a_whole_replay(journal_of, tmp_path, harm):
    ck = journal_of.replace(".bin", ".ckpt")
    data = bytearray(open(ck, "rb").read())
    if harm == "missing":
        os.remove(ck)
    elif harm == "byte":            # any byte of it changed: its CRC no longer fits
        i = random.Random(3).randrange(len(data))
        data[i] ^= 0x40
        open(ck, "wb").write(data)
    elif harm == "short":
        open(ck, "wb").write(data[:-9])
    elif harm == "other":           # another journal's checkpoint beside this one
        p2 = str(tmp_path / "other" / "journal.bin")
        os.makedirs(os.path.dirname(p2))
        s2 = session.Session(p2)
        for ev in EVENTS[:40]:
            s2.handle(ev)
        shutil.copy(p2.replace(".bin", ".ckpt"), ck)
    elif harm == "cut":             # the journal cut short before the record it names
        size = os.path.getsize(journal_of)
        with open(journal_of, "r+b") as f:
            f.truncate(size // 3)
    elif harm == "id":              # a new journal id: another journal, same bytes
        open(journal_of.replace(".bin", ".id"), "w").write("0123456789abcdef")
    ses, got = booted(journal_of)
    assert ses.replayed == ses.jseq
    assert got == whole(journal_of, tmp_path)
    # and the boot wrote a checkpoint that fits: the next boot replays nothing
    again, got2 = booted(journal_of)
    assert again.replayed == 0 and got2 == got
