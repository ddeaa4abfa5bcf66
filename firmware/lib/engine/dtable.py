# Reader for the decomposition table built on the host (host_tools/gen/tables.py documents
# the layout).  The table stays on flash: read from a file, only the block index (about
# 600 bytes) and one 96-byte buffer live in RAM; a lookup is one bisect in RAM and at most
# one small read.  A firmware build that freezes the table as a bytes object is read in
# place, its index too: nothing of it in RAM (docs/memory.md, "Hong Kong frozen at 24 KB",
# says why a file's index is still built as ints).

from array import array
import struct
import sys

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

_HEADER = const(20)
_NO_PAIR = const(15)
_EMPTY = const(7)

PATH = "dtable.bin"


def _u16(b, i):
    return b[i] | b[i + 1] << 8


class Table:
    def __init__(self, source):
        """source: a path, or a bytes object holding the whole table (frozen firmware)."""
        if isinstance(source, str):
            self._file = open(source, "rb")
            self._mem = None
            self._buf = bytearray(96)       # a block of keys read from the file
        else:
            self._file = None
            self._mem = memoryview(source)
        h = bytes(self._read(0, _HEADER))
        if h[0:4] != b"MJDT" or h[4] != 1:
            raise ValueError("not a version 1 decomposition table")
        self.block_keys = h[5]
        self.n_keys, n_blocks, self._starts_at, self._divs_at = struct.unpack("<HH2xII", h[6:20])
        # the first key of each block: read in place from the frozen bytes (u32 little-endian,
        # under 2**24: no RAM); from a file, as ints (a bisect step reads one item)
        if self._mem is not None:
            self._index = self._mem[_HEADER:_HEADER + 4 * n_blocks]
        else:
            self._file.seek(_HEADER)
            raw = self._file.read(4 * n_blocks)
            self._index = array("I", struct.unpack("<%dI" % n_blocks, raw))
        self._n_blocks = n_blocks
        self._keys_at = _HEADER + 4 * n_blocks
        self._block = -1   # which block of keys the buffer holds (file source)
        self._block_len = 0

    def close(self):
        if self._file:
            self._file.close()

    def _read(self, offset, n):
        """n bytes at offset: a view into the frozen bytes, or into the buffer after one read."""
        if self._mem is not None:
            return self._mem[offset:offset + n]
        f = self._file
        f.seek(offset)
        view = memoryview(self._buf)[:n]
        f.readinto(view)
        return view

    def find(self, key):
        """Index of a canonical run key, or -1 when the run cannot be divided."""
        index = self._index
        frozen = self._mem is not None
        lo = 0
        hi = self._n_blocks
        while lo < hi:  # last block whose first key <= key
            mid = (lo + hi) >> 1
            if frozen:
                j = mid << 2
                first = index[j] | index[j + 1] << 8 | index[j + 2] << 16
            else:
                first = index[mid]
            if first <= key:
                lo = mid + 1
            else:
                hi = mid
        b = lo - 1
        if b < 0:
            return -1
        first = b * self.block_keys
        if self._mem is not None:
            keys = self._mem[self._keys_at + 3 * first:]
            count = min(self.block_keys, self.n_keys - first)
        else:
            if b != self._block:
                count = min(self.block_keys, self.n_keys - first)
                self._read(self._keys_at + 3 * first, 3 * count)
                self._block = b
                self._block_len = count
            keys = self._buf
            count = self._block_len
        lo = 0
        hi = count
        while lo < hi:
            mid = (lo + hi) >> 1
            j = 3 * mid
            k = keys[j] | keys[j + 1] << 8 | keys[j + 2] << 16
            if k == key:
                return first + mid
            if k < key:
                lo = mid + 1
            else:
                hi = mid
        return -1

    def divisions(self, i):
        """The encoded divisions (ints) of key index i."""
        self._block = -1  # the buffer is about to be reused
        s = self._read(self._starts_at + 2 * i, 4)
        a = _u16(s, 0)
        n = _u16(s, 2) - a
        d = self._read(self._divs_at + 3 * a, 3 * n)
        out = []
        for j in range(0, 3 * n, 3):
            out.append(d[j] | d[j + 1] << 8 | d[j + 2] << 16)
        return out


def decode(div, length, mirrored):
    """(pair position or -1, [chow start positions]) of one division of a run of `length`."""
    p = div & 15
    pair = -1 if p == _NO_PAIR else p
    chows = []
    div >>= 4
    while div & 7 != _EMPTY and len(chows) < 5:
        chows.append(div & 7)
        div >>= 3
    if mirrored:
        if pair >= 0:
            pair = length - 1 - pair
        for j in range(len(chows)):
            chows[j] = length - 3 - chows[j]
    return pair, chows


_default = None


def default():
    """The table frozen into firmware if present, else the file at PATH; opened once."""
    global _default
    if _default is None:
        try:
            from dtable_frozen import TABLE
            _default = Table(TABLE)
        except ImportError:
            _default = Table(PATH)
        if sys.implementation.name == "cpython":
            # host tools score many thousands of hands: keep what was looked up
            from functools import lru_cache
            _default.find = lru_cache(65536)(_default.find)
            _default.divisions = lru_cache(65536)(_default.divisions)
    return _default
