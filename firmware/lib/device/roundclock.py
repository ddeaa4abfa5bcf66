# The tournament round's clock as the device keeps it: the organiser's seconds left from
# the last seating pull (net/seating.py), counted down with the board's own ticks since
# that pull.  Seconds left, not a time of day: a board has no calendar clock to trust,
# and a pull every minute at most keeps it within a second of the organiser's.

import time

try:
    ticks = time.ticks_ms
    since = time.ticks_diff
except AttributeError:                  # CPython (host tests)
    def ticks():
        return int(time.monotonic() * 1000)

    def since(a, b):
        return a - b

MAX_S = 2 * 86400                       # more than any round: a malformed answer


class Clock:
    """left: ms left at tick `at` (None: no clock, no round open or not started);
    runs: counting down."""

    def __init__(self):
        self.left = None
        self.at = 0
        self.runs = False
        self.pull = None        # the first 4 hex chars of the nonce of the pull that set it

    def take(self, c, pull=None):
        """The pull's "clock": {"left": whole seconds, "running": bool}, or None (no
        clock); pull: the first 4 hex chars of that pull's nonce.  False when malformed
        (the clock then stays as it was)."""
        if c is None:
            self.left = None
            return True
        if not isinstance(c, dict):
            return False
        left = c.get("left")
        runs = c.get("running")
        if (not isinstance(left, int) or left is True or left is False or not
                0 <= left <= MAX_S or (runs is not True and runs is not False)):
            return False
        self.left = left * 1000
        self.at = ticks()
        self.runs = runs
        self.pull = pull
        return True

    def reading(self):
        """What a journal record carries of the clock (docs/upload.md, "c"): [whole
        seconds left, the pull's 4 hex chars], or None without a clock."""
        ms = self.ms()
        if ms is None or self.pull is None:
            return None
        return [ms // 1000, self.pull]

    def ms(self):
        """ms left now, or None without a clock."""
        if self.left is None:
            return None
        if not self.runs:
            return self.left
        left = self.left - since(ticks(), self.at)
        return left if left > 0 else 0

    def text(self, step=1):
        """The time left as the status screen's title shows it: h:mm:ss (m:ss under an
        hour) by the second, or with step 60 (a slow e-paper panel) 1h05m / 5m by the
        minute, rounded up (0 only when time is up).  None without a clock."""
        ms = self.ms()
        if ms is None:
            return None
        if step >= 60:
            m = (ms + 59999) // 60000
            return "%dh%02dm" % (m // 60, m % 60) if m >= 60 else "%dm" % m
        s = (ms + 999) // 1000
        if s >= 3600:
            return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)
        return "%d:%02d" % (s // 60, s % 60)
