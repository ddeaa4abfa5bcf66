# CircuitPython lacks a few names the application uses on MicroPython: time.ticks_*,
# sys.print_exception, hashlib.sha256, the framebuf module, and on a board with Wi-Fi the
# network module and asyncio.open_connection (over wifi and socketpool); and its own
# `board` module (pin names) takes the name the application gives the board definition.
# install() puts stand-ins into sys.modules before the application is imported (an import
# finds sys.modules first), so the screens, the session, the journal and the uploader run
# unchanged.

import sys


def install():
    import boarddef
    sys.modules["board"] = boarddef     # the table's board definition (boards/cp_*.py)
    import time
    if not hasattr(time, "ticks_ms"):
        from cpy import cptime
        sys.modules["time"] = cptime
    if not hasattr(sys, "print_exception"):
        from cpy import cpsys
        sys.modules["sys"] = cpsys
    try:
        import hashlib
        hashlib.sha256
    except (ImportError, AttributeError):
        from cpy import cphashlib
        sys.modules["hashlib"] = cphashlib
    try:
        import framebuf
    except ImportError:
        from cpy import cpframebuf
        sys.modules["framebuf"] = cpframebuf
    if getattr(boarddef, "WIFI", False):
        network()


def network():
    """netlink's network.WLAN over wifi.radio, and asyncio's open_connection over
    socketpool (cpy/cpnetwork.py, cpy/cpstreams.py)."""
    from cpy import cpnetwork, cpstreams
    import asyncio
    sys.modules["network"] = cpnetwork
    asyncio.open_connection = cpstreams.open_connection


def safe_mode():
    """True when boot.py left CIRCUITPY to the computer (the safe-mode key was held)."""
    try:
        import storage
    except ImportError:                 # the unix port: no drive to share
        return False
    return storage.getmount("/").readonly
