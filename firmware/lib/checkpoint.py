# The boot checkpoint beside the journal (journal.ckpt): what a replay of the whole
# journal rebuilds besides the state itself (the undo stack of record offsets, the count
# of records whose payments did not fit), as of one record: its seq, offset and CRC, and
# the journal's id and end.  Boot checks it against the journal: the record it names must
# be there with that header (its payload's CRC is checked when its state is read), in the
# journal of that id; then only the records after it are replayed.  A checkpoint missing,
# damaged or of another journal is ignored and the whole journal replayed: the journal
# stays the record, the checkpoint only saves time.
#
# Layout (little-endian): b"MK", u8 version, 16 bytes journal id, u32 seq, end, tail
# (the record's offset), crc (its header's), errors, n; n u32 stack offsets; u32 CRC32
# of everything before.  Written as a new file renamed over the old (atomic on
# LittleFS): a power cut leaves the old checkpoint or the new one.

import os
import struct
import binascii
import journal

MAGIC = b"MK"
_HEAD = "<B16sIIIIII"
_SIZE = 2 + struct.calcsize(_HEAD)
_CHUNK = 64                     # stack entries written or read at a time


def path_of(jpath):
    return journal.side(jpath, ".ckpt")


def write(ses):
    """Write the checkpoint of the session as it stands (its journal synced)."""
    j = journal.Journal(ses.jpath)
    h = j.head(ses.jlast)
    if h is None or h[0] != ses.jseq or ses.jlast + 14 + h[1] != ses.jend:
        return False
    stack = ses.stack
    n = len(stack)
    head = MAGIC + struct.pack(_HEAD, 1, journal.journal_id(ses.jpath).encode(), ses.jseq,
                               ses.jend, ses.jlast, h[2], ses.replay_errors, n)
    path = path_of(ses.jpath)
    tmp = path + ".tmp"
    f = open(tmp, "wb")
    try:
        f.write(head)
        crc = binascii.crc32(head)
        for i in range(0, n, _CHUNK):
            part = stack[i:i + _CHUNK]
            b = struct.pack("<%dI" % len(part), *part)
            crc = binascii.crc32(b, crc)
            f.write(b)
        f.write(struct.pack("<I", crc & 0xFFFFFFFF))
        f.flush()
    finally:
        f.close()
    os.rename(tmp, path)
    journal._sync()
    return True


def restore(ses, j):
    """The state as of the checkpoint, with ses.stack, replay_errors, jlast and j.seq /
    j.end set from it; None (nothing set) when there is none that fits the journal."""
    try:
        f = open(path_of(ses.jpath), "rb")
    except OSError:
        return None
    try:
        head = f.read(_SIZE)
        if len(head) < _SIZE or head[:2] != MAGIC:
            return None
        ver, jid, seq, end, tail, tcrc, errors, n = struct.unpack(_HEAD, head[2:])
        if ver != 1 or n > seq:
            return None
        crc = binascii.crc32(head)
        stack = []
        left = n
        while left:
            k = min(left, _CHUNK)
            buf = f.read(4 * k)
            if len(buf) < 4 * k:
                return None
            crc = binascii.crc32(buf, crc)
            stack.extend(struct.unpack("<%dI" % k, buf))
            left -= k
        buf = f.read(4)
    finally:
        f.close()
    if len(buf) < 4 or struct.unpack("<I", buf)[0] != crc & 0xFFFFFFFF:
        return None
    h = j.head(tail)
    if h is None or h[0] != seq or h[2] != tcrc or tail + 14 + h[1] != end:
        return None
    if jid != journal.journal_id(ses.jpath).encode():
        return None
    try:
        st = j.read(tail)["state"]
    except (OSError, ValueError, KeyError):
        return None
    ses.stack = stack
    ses.replay_errors = errors
    ses.jlast = tail
    ses.ckseq = seq
    j.seq = seq
    j.end = end
    return st
