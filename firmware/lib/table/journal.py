# The table's append-only journal on the board's filesystem (LittleFS v2 on ESP32 and
# RP2040).  One file, one record per accepted event, never rewritten in place.
#
# Record framing (little-endian), 14 bytes of header then the payload:
#
#   b"MJ"  magic: version 1 (each record a whole state); b"M2" version 2 (record2.py:
#          the event, its payments, a digest of the state): every record of one journal
#          has its record 1's, a journal created anew gets NEW's (docs/upload.md)
#   u32    seq      1, 2, 3 ... with no gaps
#   u32    length   of the payload in bytes (at most _MAX_RECORD)
#   u32    crc      CRC32 of the 8 bytes seq+length followed by the payload
#   ...    payload  one JSON object, UTF-8
#
# A record is appended with one write, then the file is flushed, closed and the
# filesystem synced before append() returns, so the screen may say "saved".  One that
# would leave less than RESERVE_BLOCKS free is refused first (OSError 28, ENOSPC):
# the journal never fills the flash to the last block.  Reading
# stops at the first record that is short, has the wrong magic, length, sequence number
# or CRC: that record and anything after it never reached flash whole and is dropped,
# never misread.  open() cuts such a tail off (copy of the good prefix + rename) so later
# appends are reachable.
#
# Renames are files.replace's (a rename, then a sync) and open() starts with files.recover:
# on FAT (CIRCUITPY) a rename is a remove then a rename, and a power cut between the two
# leaves only the copy, which recover() puts back in the journal's place (files.py).
#
# Beside the journal (files.side(), also journal.side for its callers): its id, 16 hex
# chars chosen when the journal is created (its first record), so a wiped or re-flashed
# board starts a journal the organiser never confuses with the old one; and the uploader's
# "sent up to" mark.

import os
import json
import struct
import binascii
from files import side          # the files beside the journal (commit.py's too)
from heap import open_file      # open(): a board's file takes the piece held (heap.py)

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

# (23 names at most: the module's globals table 368 bytes in one piece, where 26 made it
# 464; the journal is loaded at most events' commit: docs/memory.md, "The unix port's
# least heaps, every ruleset")
MAGIC = b"MJ"
MAGIC2 = b"M2"
NEW = 2                         # the version of a journal created anew
_HEAD = const(14)
_MAX_RECORD = const(16384)
_CHUNK = const(512)
RESERVE_BLOCKS = const(4)


def _crc(seq_len, payload):
    return binascii.crc32(payload, binascii.crc32(seq_len)) & 0xFFFFFFFF


def frame(seq, payload, v=1):
    """The bytes of one record's header (v: the journal's version)."""
    sl = struct.pack("<II", seq, len(payload))
    return (MAGIC2 if v == 2 else MAGIC) + sl + struct.pack("<I", _crc(sl, payload))


def _sync():
    s = getattr(os, "sync", None)
    if s is not None:
        s()


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def free(path):
    """(bytes free, block size) on the filesystem holding `path`; None where the port
    cannot tell (LittleFS counts its blocks in use: a walk of its metadata)."""
    i = path.rfind("/")
    try:
        st = os.statvfs(path[:i] if i > 0 else ("/" if i == 0 else "."))
    except (OSError, AttributeError):
        return None
    return st[0] * st[4], st[0]


def put(path, text):
    """Replace a small file whole: a temporary file renamed over it (files.replace)."""
    tmp = path + ".tmp"
    f = open_file(tmp, "w")
    try:
        f.write(text)
        f.flush()
    finally:
        f.close()
    os.rename(tmp, path)         # files.replace's way: recovered at boot on FAT
    _sync()


def new_id(path):
    """Choose and keep the id of a journal created anew."""
    ident = binascii.hexlify(os.urandom(8)).decode()
    put(side(path, ".id"), ident)
    return ident


def journal_id(path):
    """The journal's id: 16 hex chars, kept beside it (chosen now if the file is lost)."""
    import files
    files.recover(side(path, ".id"))
    try:
        f = open_file(side(path, ".id"))
        try:
            ident = f.read(20).strip()
        finally:
            f.close()
        if len(ident) == 16 and not ident.strip("0123456789abcdef"):
            return ident
    except OSError:
        pass
    return new_id(path)


def recover(path):
    """Finish a replace of a file beside the journal that a power cut interrupted
    (files.recover: FAT); for the uploader's mark."""
    import files
    return files.recover(path)


class Journal:
    """seq: the last good record's number (0 when empty); end: the file offset after it;
    v: the journal's version (its record 1's magic; 0 before a scan finds one)."""

    def __init__(self, path):
        self.path = path
        self.seq = 0
        self.end = 0
        self.v = 0

    # -- reading --------------------------------------------------------------------
    def scan(self, on=False):
        """Yield (offset, seq, payload bytes) for every good record, in order, and leave
        self.seq / self.end at the last good one.  on: only the records after self.end
        (self.seq the record before it: a checkpoint's)."""
        if not on:
            self.seq = 0
            self.end = 0
        try:
            f = open_file(self.path, "rb")
        except OSError:
            return
        try:
            if not self.v:              # the journal's version: its record 1's magic
                head = f.read(2)
                self.v = 2 if head == MAGIC2 else (1 if head == MAGIC else 0)
            magic = MAGIC2 if self.v == 2 else MAGIC
            off = self.end
            f.seek(off)
            while True:
                head = f.read(_HEAD)
                if len(head) < _HEAD or head[:2] != magic:
                    break
                seq, n, crc = struct.unpack("<III", head[2:])
                if seq != self.seq + 1 or n > _MAX_RECORD:
                    break
                payload = f.read(n)
                if len(payload) < n or _crc(head[2:10], payload) != crc:
                    break
                self.seq = seq
                self.end = off + _HEAD + n
                yield off, seq, payload
                off = self.end
        finally:
            f.close()

    def records(self, on=False):
        """Yield (offset, seq, record dict) for every good record (on: as scan's)."""
        for off, seq, payload in self.scan(on):
            yield off, seq, json.loads(payload)

    def _at(self, offset, body):
        # The header bytes at `offset` and, with `body`, the payload after a sound header
        # (b"" where there is none); (b"", b"") where there is no journal file.
        try:
            f = open_file(self.path, "rb")
        except OSError:
            return b"", b""
        try:
            f.seek(offset)
            head = f.read(_HEAD)
            payload = b""
            if body and len(head) == _HEAD and head[:2] in (MAGIC, MAGIC2):
                n = struct.unpack("<I", head[6:10])[0]
                if n <= _MAX_RECORD:
                    payload = f.read(n)
        finally:
            f.close()
        return head, payload

    def head(self, offset):
        """(seq, length, crc) of the header at `offset`; None where no whole header is."""
        head = self._at(offset, False)[0]
        if len(head) < _HEAD or head[:2] not in (MAGIC, MAGIC2):
            return None
        return struct.unpack("<III", head[2:])

    def raw(self, offset):
        """(seq, payload bytes) of the record at `offset`, its CRC checked; None at the end
        of the journal or a record not whole.  The uploader sends the payload as stored."""
        head, payload = self._at(offset, True)
        if len(head) < _HEAD or head[:2] not in (MAGIC, MAGIC2):
            return None
        seq, n, crc = struct.unpack("<III", head[2:])
        if len(payload) != n or _crc(head[2:10], payload) != crc:
            return None
        return seq, payload

    def read(self, offset):
        """The record dict stored at `offset` (an offset scan() gave)."""
        r = self.raw(offset)
        if r is None:
            raise OSError("journal record at %d is damaged" % offset)
        return json.loads(r[1])

    def seq_at(self, offset):
        """The sequence number of the record at `offset` (an offset scan() gave)."""
        h = self.head(offset)
        if h is None:
            raise OSError("journal record at %d is damaged" % offset)
        return h[0]

    # -- opening and writing ----------------------------------------------------------
    def open(self, on=False):
        """Scan the journal (on: as scan's) and cut off a tail that did not reach flash
        whole.  Returns the number of good records."""
        import files
        files.recover(self.path)
        files.recover(side(self.path, ".id"))
        for _ in self.scan(on):
            pass
        size = _size(self.path)
        if size > self.end:
            self._cut(self.end)
        return self.seq

    def _cut(self, end):
        tmp = self.path + ".tmp"
        src = open_file(self.path, "rb")
        try:
            dst = open_file(tmp, "wb")
            try:
                left = end
                buf = bytearray(_CHUNK)
                mv = memoryview(buf)
                while left > 0:
                    n = src.readinto(mv[:min(left, _CHUNK)])
                    if not n:
                        break
                    dst.write(mv[:n])
                    left -= n
                dst.flush()
            finally:
                dst.close()
        finally:
            src.close()
        if end == 0:
            os.remove(tmp)
            os.remove(self.path)
            _sync()
        else:
            os.rename(tmp, self.path)
            _sync()

    def append(self, record):
        """Write one record (a dict, or its JSON) and make it durable.  Returns (offset,
        seq)."""
        text = record if type(record) is str else json.dumps(record)
        # its UTF-8 bytes as a buffer: on MicroPython a view of the str itself (no copy of
        # the largest block an event builds), on CPython its encoding
        try:
            payload = memoryview(text)
        except TypeError:
            payload = text.encode()
        n = len(payload)
        if n > _MAX_RECORD:
            raise ValueError("journal record too large")
        seq = self.seq + 1
        room = free(self.path)
        # a record that does not fit with RESERVE_BLOCKS to spare is refused before any
        # write: LittleFS needs blocks of its own to append (copy on write, metadata)
        if room is not None and room[0] < _HEAD + n + RESERVE_BLOCKS * room[1]:
            raise OSError(28)
        if seq == 1:                # a journal created anew gets an id of its own
            new_id(self.path)
            self.v = NEW
        elif not self.v:            # a journal goes on in its record 1's version
            self.v = 2 if self._at(0, False)[0][:2] == MAGIC2 else 1
        try:
            f = open_file(self.path, "ab")
            try:
                # header and payload in two writes, not one joined copy (the payload
                # is the largest block an event needs); the close below commits both
                f.write(frame(seq, payload, self.v or 1))
                f.write(payload)
                f.flush()
            finally:
                f.close()
            _sync()
        except (OSError, MemoryError):
            try:                    # leave no torn tail behind a refused write
                if _size(self.path) > self.end:
                    self._cut(self.end)
            except OSError:
                pass
            raise
        off = self.end
        self.seq = seq
        self.end = off + _HEAD + n
        return off, seq
