# MicroPython's WebAssembly port lacks a few things the application uses on a board:
# asyncio.ThreadSafeFlag (the keypad's wake-up: nothing interrupts on the page, so a plain
# Event), asyncio.open_connection (the organiser over fetch: web/streams.py), os.urandom
# (the journal's id, from the browser's crypto) and os.sync (the journal's files copied
# into IndexedDB: the page's terminal.sync(); the page paints the screen only once that
# copy is committed, so the screen says "saved" after the storage does, as on a board's
# flash).  install() puts them in place before the application is imported; the screens,
# the session, the journal and the uploader run unchanged.

import sys
import asyncio
import js

ROOT = "/table/"            # the settings and the journal (the page restores it from IndexedDB)


class _OS:
    """os with sync(): every name of the port's os, and the page's storage sync."""

    def __init__(self, real):
        self._real = real

    def __getattr__(self, name):
        return getattr(self._real, name)

    def sync(self):
        js.terminal.sync()

    def urandom(self, n):
        """n bytes from the browser's crypto.getRandomValues (the port has no urandom)."""
        import binascii
        return binascii.unhexlify(js.terminal.urandom(n))


def install():
    import os
    sys.modules["os"] = _OS(os)
    asyncio.ThreadSafeFlag = asyncio.Event
    from web import streams
    asyncio.open_connection = streams.open_connection


def attach(app):
    """The page's hooks: each redraw painted from the display's frame buffer (its address
    in the port's memory), each key handled told to the page (its counters), and the
    keys' bitmap into the application's own keypad (the function returned)."""
    import uctypes
    import time
    d = app.display
    addr = uctypes.addressof(d.buffer)
    size = len(d.buffer)
    w = d.width
    h = d.height

    def shown(rows):
        js.terminal.paint(addr, size, w, h)

    def handled(key, long, changed):
        js.terminal.handled(key, long, changed)

    kp = app.keypad

    def keys(raw):
        kp.update(raw, time.ticks_ms())

    app.on_show = shown
    app.on_key = handled
    return keys
