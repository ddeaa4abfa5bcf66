"""build/dtable.bin is made again only when needed (host_tools/paths.ensure_table): when it
is missing, when its generator changed, or when the file is not the one made last; else
the key kept beside it says it is current and nothing is built."""

import os

import pytest

from host_tools import paths
from host_tools.gen import tables


@pytest.fixture
def table(tmp_path, monkeypatch):
    path = str(tmp_path / "dtable.bin")
    monkeypatch.setattr(paths, "TABLE", path)
    built = []
    real = tables.build

    def counted(*a):
        built.append(1)
        return real(*a)
    monkeypatch.setattr(tables, "build", counted)
    return path, built


def test_made_once_kept_by_its_key_and_made_again_when_the_file_or_its_generator_changed(
        table):
    path, built = table
    assert paths.ensure_table() == path and len(built) == 1
    good = open(path, "rb").read()              # (test_tables.py: the file is what build() makes)
    paths.ensure_table()
    paths.ensure_table()
    assert len(built) == 1                          # the key says it is current
    assert open(path + ".key").read().split()[1] == str(len(good))
    with open(path, "r+b") as f:                    # the file damaged: its size and time moved
        f.write(b"XXXX")
    os.utime(path, ns=(1, 1))
    paths.ensure_table()
    assert len(built) == 2 and open(path, "rb").read() == good
    os.remove(path)                                 # gone
    paths.ensure_table()
    assert len(built) == 3 and open(path, "rb").read() == good
    rest = open(path + ".key").read()[64:]
    with open(path + ".key", "w") as f:             # made by another generator
        f.write("0" * 64 + rest)
    paths.ensure_table()
    assert len(built) == 4
