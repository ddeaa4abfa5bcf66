"""The organiser's table-engine process (host_tools.replay) with a planted fault: the
engine spins forever on one win, and ends the process on another.

    python tests/stalling_engine.py HANG_EVENT STOP_EVENT     (each a win's event, JSON)

The organiser runs it with --engine-command (tests/test_organiser_engine_stall.py)."""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from host_tools import replay  # noqa: E402

HANG, STOP = json.loads(sys.argv[1]), json.loads(sys.argv[2])


def planted(session):
    preview = session.Session.preview

    def stalling(self, ev):
        if ev == HANG:
            while True:             # a scorer caught in a loop
                pass
        if ev == STOP:
            os._exit(3)             # a scorer that takes the process down
        return preview(self, ev)
    session.Session.preview = stalling


if __name__ == "__main__":
    planted(replay.engine())
    replay.main()
