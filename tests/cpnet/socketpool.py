# CircuitPython's socketpool as the tests' stand-in on CircuitPython's unix port, over that
# port's socket module (host_tools.board.circuitpython.unix_net): the calls and behaviour
# firmware/cpy/cpstreams.py relies on, as the port's socketpool has them: getaddrinfo's
# (family, type, proto, canonname, (host, port)), settimeout/setblocking, connect((host,
# port)), recv_into and send raising OSError(EAGAIN) when they would block, recv_into
# returning 0 at the end of the stream.
import socket

_EAGAIN = 11


class Socket:
    def __init__(self, s):
        self.s = s

    def settimeout(self, t):
        self.s.settimeout(t)

    def setblocking(self, flag):
        self.s.setblocking(flag)

    def connect(self, addr):
        self.s.connect(socket.getaddrinfo(addr[0], addr[1])[0][-1])

    def recv_into(self, buf, nbytes=0):
        n = self.s.readinto(buf)            # None: it would block
        if n is None:
            raise OSError(_EAGAIN)
        return n

    def send(self, data):
        n = self.s.write(data)
        if n is None:
            raise OSError(_EAGAIN)
        return n

    def close(self):
        self.s.close()


class SocketPool:
    AF_INET = socket.AF_INET
    SOCK_STREAM = socket.SOCK_STREAM

    def __init__(self, radio):
        self.radio = radio

    def getaddrinfo(self, host, port, family=0, type=0, proto=0, flags=0):
        return [(self.AF_INET, self.SOCK_STREAM, 0, "", (host, port))]

    def socket(self, family=AF_INET, type=SOCK_STREAM, proto=0):
        return Socket(socket.socket(family, type))
