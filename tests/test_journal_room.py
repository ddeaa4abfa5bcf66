"""1,000 records on every board (issue 31): a 1,000-record journal of every ruleset,
written by the firmware's table session in version 2 (docs/upload.md: small records,
each with a clock reading) with the files kept beside it (its id, the boot checkpoint, the
state before the last record, the uploader's mark), fits a Pico W's filesystem beside
the `.mpy` bundle and beside the frozen image, with the journal's own reserve
(journal.RESERVE_BLOCKS) left over.  The filesystem is the board's own LittleFS 2 image
(host_tools/board/pico.image) with the Pico W's storage (host_tools/board/size.py); the
version-1 journal of the same events is measured beside it (docs/upload.md, "1,000
records on a Pico W")."""

import json
import os
import random
import tempfile

import pytest

import sessiongen
from host_tools import paths
from host_tools.board import bundle, size
from host_tools.board.pico import BLOCK_SIZE, _lfs, image

RECORDS = 1000
CLOCK = [2714, "0f3a"]          # a reading as the device journals it


def journal_files(rid, v, n=RECORDS, seed=7):
    """{name: bytes} of a journal of n records of ruleset rid (version v) and the files
    beside it, as the firmware's table session leaves them on CPython."""
    paths.use_firmware()
    import journal
    import session
    folder = tempfile.mkdtemp(prefix="room-")
    path = os.path.join(folder, "journal.bin")
    journal.NEW, was = v, journal.NEW
    try:
        ses = session.Session(path)
        ses.clock = lambda: list(CLOCK)
        rng = random.Random(seed)
        while ses.jseq < n:
            for ev in sessiongen.long_session(rid, rng.randrange(1 << 30), 1, 40):
                ses.handle(json.loads(json.dumps(ev)))
                if ses.jseq >= n:
                    break
    finally:
        journal.NEW = was
    out = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            out[name] = f.read()
    out["journal.sent"] = json.dumps({"journal": "0" * 16, "acked": n, "offset": 0}).encode()
    return out


def free_blocks(img, storage):
    return storage // BLOCK_SIZE - _lfs(img).used_block_count


@pytest.fixture(scope="module")
def pico_w_bundle():
    return bundle.build_bundle("pico_w")


@pytest.mark.parametrize("rid", ("mcr", "hk", "tw", "sh", "riichi"))
def test_a_thousand_records_fit_a_pico_w(rid, pico_w_bundle):
    paths.use_firmware()
    import journal
    files = journal_files(rid, 2)
    folder = tempfile.mkdtemp(prefix="room-")
    with open(os.path.join(folder, "journal.bin"), "wb") as f:
        f.write(files["journal.bin"])
    j = journal.Journal(os.path.join(folder, "journal.bin"))
    assert [seq for _, seq, _ in j.scan()] == list(range(1, RECORDS + 1)) and j.v == 2
    per = len(files["journal.bin"]) / RECORDS
    storage = size.STORAGE["pico_w"]
    onboard = dict(("/" + k, v) for k, v in files.items())
    onboard["/settings.json"] = size.SETTINGS
    room = {
        "bundle": free_blocks(image(pico_w_bundle, files=onboard), storage),
        "frozen": free_blocks(image(files=onboard), storage),
    }
    print("%s: %.0f B a record, %d KB the journal; free blocks left: .mpy bundle %d, frozen %d"
          % (rid, per, len(files["journal.bin"]) // 1024, room["bundle"], room["frozen"]))
    for where, left in room.items():
        assert left >= journal.RESERVE_BLOCKS, (rid, where, left)
