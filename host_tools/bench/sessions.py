"""The session's properties over many more random sessions of every ruleset than `make
test` draws (tests/test_session_props.py, hypothesis, derandomized): payments zero-sum after
every event, refusals change nothing, undo restores the exact state before, the journal
replays to the live state and its events give the same records again.  BENCH_SESSION_EXAMPLES
(default 300) sessions a ruleset; the test draws SESSION_EXAMPLES' default (30).

    python -m host_tools.bench sessions"""

import os
import subprocess
import sys
import time

from host_tools import paths


def main():
    n = os.environ.get("BENCH_SESSION_EXAMPLES", "300")
    t0 = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          os.path.join("tests", "test_session_props.py")],
                         cwd=paths.ROOT, env=dict(os.environ, SESSION_EXAMPLES=n),
                         capture_output=True, text=True)
    took = time.monotonic() - t0
    last = (run.stdout.strip().splitlines() or [""])[-1]
    if run.returncode != 0:
        print(run.stdout[-4000:] + run.stderr[-2000:])
        print("sessions: %s random sessions a ruleset: FAILED (%s)" % (n, last))
        sys.exit(1)
    print("sessions: %s random sessions a ruleset, every property held (%s; %.0f s)"
          % (n, last, took))


if __name__ == "__main__":
    main()
