# Runs inside MicroPython (the unix port; until() in CircuitPython's too): what the tests'
# device scripts share.  The compiled firmware put on the path, the application booted on
# the sim board, a driver run beside it, and until() to wait for what the device does.
# The scripts find it on the path: `sys.path[:0] = [TESTS]`, or beside a script file.

import sys
import asyncio


def firmware(folder):
    """The compiled firmware in `folder` first on the path, its scoring tables beside it."""
    sys.path[:0] = [folder]
    import dtable
    dtable.PATH = folder + "/dtable.bin"


def boot(root, fresh=False, max_ms=1000):
    """(app, shown): the application (of the firmware put on the path) on the sim board,
    its files under `root`; `shown` gets every screen it draws.  Its upload task, where the
    settings name an organiser, gives a request 5 s and waits at most `max_ms` after a
    failure."""
    import board
    from ui import app as application
    app = application.App(board, root, fresh=fresh)
    net = app.status.get("net")
    if net is not None:
        net.timeout_ms = 5000
        net.max_ms = max_ms
    shown = []
    app.on_show = shown.append
    return app, shown


def run(app, driver):
    """Run the application with the coroutine function driver() beside it; when the driver
    ends (or fails) the application stops, and is closed."""
    async def drive():
        try:
            await driver()
        finally:
            app.stop()

    asyncio.create_task(drive())
    asyncio.run(app.run())
    app.close()


async def until(pred, ms):
    """Wait until pred() holds, looking every 10 ms for at most `ms`; whether it held."""
    for _ in range(ms // 10):
        if pred():
            return True
        await asyncio.sleep_ms(10)
    return False


def time_pulls(seat):
    """host_tools/sim/pulltime.py's: the seating pull's round trip, seat.rtt_ms."""
    sys.path.append(__file__.rsplit("/", 2)[0] + "/host_tools/sim")
    from pulltime import time_pulls as timed
    timed(seat)
