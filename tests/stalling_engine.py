"""The organiser's table-engine process (host_tools.replay) with a planted fault: the
engine spins forever on one win, ends the process on another, and ends it on a third
only the first time it meets it (a process that died of something else).

    python tests/stalling_engine.py HANG_EVENT STOP_EVENT [ONCE_EVENT FLAG_FILE]

(each event a win's, JSON; FLAG_FILE is made when ONCE_EVENT ended a process).  The
organiser runs it with --engine-command (tests/test_organiser_engine_stall.py)."""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from host_tools import replay  # noqa: E402

HANG, STOP = json.loads(sys.argv[1]), json.loads(sys.argv[2])
ONCE, FLAG = (json.loads(sys.argv[3]), sys.argv[4]) if len(sys.argv) > 4 else (None, None)


def planted(session):
    preview = session.Session.preview

    def stalling(self, ev):
        if ev == HANG:
            while True:             # a scorer caught in a loop
                pass
        if ev == STOP:
            os._exit(3)             # a scorer that takes the process down
        if ev == ONCE and not os.path.exists(FLAG):
            open(FLAG, "w").close()
            os._exit(4)             # the process ends once, not the hand's fault
        return preview(self, ev)
    session.Session.preview = stalling


if __name__ == "__main__":
    planted(replay.engine())
    replay.main()
