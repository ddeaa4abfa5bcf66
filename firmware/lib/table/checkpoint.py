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
# (the record's offset), crc (its header's), errors, n; n u32 stack offsets; version 2:
# u32 length and the state's JSON (a version-2 journal's records carry no state: boot
# replays the events after it from this one, rebuild.py); u32 CRC32 of everything
# before.  Version 1 files (no state) are still read.  Written as a new file renamed over the old (files.replace:
# atomic on LittleFS; on FAT finished at boot by files.recover): a power cut leaves the
# old checkpoint or the new one.
#
# The undo stack on flash: RAM holds only its top (ses.stack, at most STACK_WINDOW
# entries once a checkpoint is written, and the records since); the ses.base entries
# below are the first ses.base entries of the checkpoint file, read back when undo goes
# that deep (below()).  A new checkpoint copies them from the old file (its CRC checked),
# so RAM stays flat however long the event.

import os
import json
import struct
import binascii
import heap
import journal

MAGIC = b"MK"
_HEAD = "<B16sIIIIII"
_SIZE = 2 + struct.calcsize(_HEAD)
_CHUNK = 64                     # stack entries written or read at a time


def path_of(jpath):
    return journal.side(jpath, ".ckpt")


def _entries(path, start, count, copy=None):
    """Read a checkpoint file, its CRC checked: (header fields, the stack's entries
    [start, start+count), the state's JSON bytes or None); start None: the top `count`
    entries.  copy(b), if given, gets the bytes of entries [0, start) (into a new
    checkpoint).  None when not whole."""
    f = heap.open_file(path, "rb")
    try:
        head = f.read(_SIZE)
        if len(head) < _SIZE or head[:2] != MAGIC:
            return None
        fields = struct.unpack(_HEAD, head[2:])
        n = fields[7]
        if start is None:
            count = min(count, n)
            start = n - count
        if fields[0] not in (1, 2) or n > fields[2] or start + count > n:
            return None
        crc = binascii.crc32(head)
        out = []
        i = 0
        while i < n:
            k = min(n - i, _CHUNK)
            buf = f.read(4 * k)
            if len(buf) < 4 * k:
                return None
            crc = binascii.crc32(buf, crc)
            if copy is not None and i < start:
                copy(buf[:4 * (min(i + k, start) - i)])
            lo, hi = max(i, start), min(i + k, start + count)
            if lo < hi:
                out.extend(struct.unpack("<%dI" % (hi - lo), buf[4 * (lo - i):4 * (hi - i)]))
            i += k
        state = None
        if fields[0] == 2:
            buf = f.read(4)
            if len(buf) < 4:
                return None
            crc = binascii.crc32(buf, crc)
            state = f.read(struct.unpack("<I", buf)[0])
            crc = binascii.crc32(state, crc)
        buf = f.read(4)
    finally:
        f.close()
    if len(buf) < 4 or struct.unpack("<I", buf)[0] != crc & 0xFFFFFFFF:
        return None
    return fields, out, state


def write(ses):
    """Write the checkpoint of the session as it stands (its journal synced), then keep
    only the stack's top STACK_WINDOW entries in RAM."""
    j = journal.Journal(ses.jpath)
    h = j.head(ses.jlast)
    if h is None or h[0] != ses.jseq or ses.jlast + 14 + h[1] != ses.jend:
        return False
    stack = ses.stack
    base = ses.base
    n = base + len(stack)
    head = MAGIC + struct.pack(_HEAD, 2, journal.journal_id(ses.jpath).encode(), ses.jseq,
                               ses.jend, ses.jlast, h[2], ses.replay_errors, n)
    path = path_of(ses.jpath)
    tmp = path + ".tmp"
    f = heap.open_file(tmp, "wb")
    crc = [binascii.crc32(head)]
    try:
        f.write(head)

        def put(b):
            crc[0] = binascii.crc32(b, crc[0])
            f.write(b)
        if base and _entries(path, base, 0, put) is None:   # the entries below the window
            raise OSError(5)
        for i in range(0, len(stack), _CHUNK):
            part = stack[i:i + _CHUNK]
            put(struct.pack("<%dI" % len(part), *part))
        part = json.dumps(ses.state).encode()
        put(struct.pack("<I", len(part)))
        put(part)
        part = None
        f.write(struct.pack("<I", crc[0] & 0xFFFFFFFF))
        f.flush()
    finally:
        f.close()
    os.rename(tmp, path)                # files.replace's way: recovered at boot on FAT
    journal._sync()
    w = ses.window
    if len(stack) > w:
        ses.base = n - w
        ses.stack = stack[-w:]
    return True


def below(ses):
    """Bring back into RAM up to a window's worth of the stack entries below it."""
    base = ses.base
    k = min(base, ses.window)
    got = _entries(path_of(ses.jpath), base - k, k)
    if got is None or len(got[1]) != k:
        raise OSError(5)
    ses.stack = got[1] + ses.stack
    ses.base = base - k


def restore(ses, j):
    """The state as of the checkpoint, with ses.stack (its top), base, replay_errors,
    jlast and j.seq / j.end set from it; None (nothing set) when there is none that
    fits the journal."""
    try:
        import files
        files.recover(path_of(ses.jpath))     # a replace cut short (FAT)
        got = _entries(path_of(ses.jpath), None, ses.window)
    except OSError:
        return None
    if got is None:
        return None
    ver, jid, seq, end, tail, tcrc, errors, n = got[0]
    h = j.head(tail)
    if h is None or h[0] != seq or h[2] != tcrc or tail + 14 + h[1] != end:
        return None
    if jid != journal.journal_id(ses.jpath).encode():
        return None
    try:
        st = json.loads(got[2]) if got[2] is not None else j.read(tail)["state"]
    except (OSError, ValueError, KeyError):
        return None
    ses.stack = got[1]
    ses.base = n - len(got[1])
    ses.replay_errors = errors
    ses.jlast = tail
    ses.ckseq = seq
    j.seq = seq
    j.end = end
    return st


def snapshot(ses):
    """(n, the top entry, the state) of the checkpoint: the state after the first n
    entries of the undo stack as it stood then (the top one the last of them); None when
    there is none with a state that fits the journal."""
    try:
        got = _entries(path_of(ses.jpath), None, 1)
    except OSError:
        return None
    if got is None or got[2] is None or not got[1]:
        return None
    if got[0][1] != journal.journal_id(ses.jpath).encode():
        return None
    return got[0][7], got[1][0], json.loads(got[2])


def refill(ses):
    """Undo reaches below the entries in RAM: read the next ones from the checkpoint;
    if it cannot be read, the whole journal is replayed (the stack then whole in RAM)."""
    try:
        below(ses)
    except (OSError, ValueError):
        try:
            os.remove(path_of(ses.jpath))
        except OSError:
            pass
        ses.stack = []
        ses.base = 0
        ses.replay_errors = 0
        heap.load("sessionops").resume(ses)
