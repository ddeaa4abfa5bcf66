# Small files replaced whole, on LittleFS and on FAT alike.
#
# replace(tmp, final): tmp, written and closed, takes final's place.  On LittleFS a rename
# is atomic.  FAT (CIRCUITPY on CircuitPython) has no atomic rename: os.rename there removes
# final first, then renames tmp (VfsFat does so when the name is taken), so a power cut
# between the two leaves tmp alone.  recover(final), at boot, finishes such a replace:
#
#   tmp alone        final was removed only once tmp was whole: tmp is final
#   tmp beside final the cut came before the rename (tmp may be partial): tmp is dropped
#
# The writer's side is unchanged (write tmp, close it, rename), so a file replaced this way
# is whole on either filesystem once recover() has run.
#
# side(path, ext): a file kept beside the journal, named from its path (the journal's id,
# the uploader's mark, the checkpoint, the state parked while a hand is scored).

import os


def sync():
    s = getattr(os, "sync", None)
    if s is not None:
        s()


def side(path, ext):
    """side("/journal.bin", ".id") is "/journal.id"."""
    i = path.rfind(".")
    if i <= path.rfind("/"):
        i = len(path)
    return path[:i] + ext


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def replace(tmp, final):
    os.rename(tmp, final)
    sync()


def recover(final, tmp=None):
    """Finish or undo a replace() that a power cut interrupted; True if it did anything."""
    tmp = tmp or final + ".tmp"
    if not exists(tmp):
        return False
    if exists(final):
        os.remove(tmp)
    else:
        os.rename(tmp, final)
    sync()
    return True
