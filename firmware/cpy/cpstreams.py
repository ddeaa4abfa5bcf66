# asyncio.open_connection over CircuitPython's socketpool, for the uploader and the seating
# pull (net/): Adafruit's asyncio has an open_connection, but it imports `socket` (which
# CircuitPython boards do not have: sockets come from socketpool.SocketPool) and reads
# with read()/readline() (which socketpool's sockets lack: recv_into() and send()).  So
# the streams are here: the socket non-blocking once connected, the task sleeping POLL_MS
# while it would block; the reader/writer methods the firmware uses (readline,
# readexactly, write, drain, close, wait_closed) as MicroPython's asyncio has them.
# cpy/runtime.py installs open_connection into asyncio on a board with Wi-Fi.
# Plain HTTP only, as netlink's addresses are.

import asyncio

POLL_MS = 10                    # a socket that would block is tried again this often
CONNECT_S = 5                   # connect() blocks for up to this long (socketpool's own)
_CHUNK = 256                    # bytes read at a time
_EAGAIN = 11                    # errno.EAGAIN on every port: the socket would block

_pool = None


def pool():
    """The radio's SocketPool (one for the board)."""
    global _pool
    if _pool is None:
        import wifi
        import socketpool
        _pool = socketpool.SocketPool(wifi.radio)
    return _pool


def _would_block(e):
    return bool(e.args) and e.args[0] == _EAGAIN


class Stream:
    """A connection: its reader and its writer both (as MicroPython's asyncio.Stream)."""

    def __init__(self, sock):
        self.s = sock
        self.got = b""                  # read from the socket, not yet taken
        self.out = []                   # written, not yet sent (drain sends)
        self.chunk = bytearray(_CHUNK)

    async def _more(self):
        """More bytes into got; False at the end of the stream."""
        while True:
            try:
                n = self.s.recv_into(self.chunk)
            except OSError as e:
                if not _would_block(e):
                    raise
                await asyncio.sleep_ms(POLL_MS)
                continue
            if not n:
                return False
            self.got += bytes(memoryview(self.chunk)[:n])
            return True

    async def readline(self):
        while True:
            i = self.got.find(b"\n")
            if i >= 0:
                line = self.got[:i + 1]
                self.got = self.got[i + 1:]
                return line
            if not await self._more():
                line = self.got
                self.got = b""
                return line

    async def readexactly(self, n):
        while len(self.got) < n:
            if not await self._more():
                raise EOFError
        data = self.got[:n]
        self.got = self.got[n:]
        return data

    def write(self, data):
        self.out.append(bytes(data))    # a memoryview's bytes, taken now

    async def drain(self):
        out = self.out
        self.out = []
        for data in out:
            view = memoryview(data)
            while view:
                try:
                    n = self.s.send(view)
                except OSError as e:
                    if not _would_block(e):
                        raise
                    await asyncio.sleep_ms(POLL_MS)
                    continue
                view = view[n:]

    def close(self):
        pass

    async def wait_closed(self):
        self.s.close()


async def open_connection(host, port):
    """(reader, writer) of a TCP connection to host:port."""
    p = pool()
    addr = p.getaddrinfo(host, port)[0][-1]
    s = p.socket(p.AF_INET, p.SOCK_STREAM)
    try:
        s.settimeout(CONNECT_S)
        s.connect(addr)
        s.setblocking(False)
    except BaseException:
        s.close()
        raise
    st = Stream(s)
    return st, st
