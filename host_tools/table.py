"""Replay a table: one event per line in, the table state after it out (score-interface.md).
One session per run.  With --device the session runs inside MicroPython and journals
every event to a file in a temporary folder, as on a board's flash (a device restarted
after a crash resumes from that journal)."""

import atexit
import shutil
import tempfile
import os

from host_tools import jsonl, paths

DEVICE_ENTRY = "import devloop, session; devloop.run(session.Session(%r).handle)"


def host_handler():
    paths.use_firmware()
    import session
    return session.Session().handle


def device_entry():
    folder = tempfile.mkdtemp(prefix="table-journal-")
    atexit.register(shutil.rmtree, folder, True)
    return DEVICE_ENTRY % os.path.join(folder, "journal.bin")


def main(argv=None):
    jsonl.main(__doc__, host_handler, device_entry(), argv)


if __name__ == "__main__":
    main()
