# Runs inside MicroPython (the unix port), beside simdev.py: the seating pull timed, for
# the simulator (simdev.py, pull=) and the tests' device scripts (tests/mpy_app.py).

import time


def time_pulls(seat):
    """The seating pull's round trip measured: seat.rtt_ms, the last answered pull's, from
    its request to the clock taken (what a device's clock may lag the organiser's by,
    beyond the answer's whole seconds).  A test compares the clocks within it."""
    pull = seat.pull
    seat.rtt_ms = 0

    async def timed():
        n = seat.pulls
        t0 = time.ticks_ms()
        ms = await pull()
        if seat.pulls > n:
            seat.rtt_ms = time.ticks_diff(time.ticks_ms(), t0)
        return ms
    seat.pull = timed
