# CircuitPython's wifi module as the tests' stand-in on CircuitPython's unix port (which has
# no radio): wifi.radio joins at once, and remembers what it was asked (`joins`).  The
# host's own network carries the sockets (tests/cpnet/socketpool.py).


class Radio:
    def __init__(self):
        self.enabled = False
        self.connected = False
        self.joins = []             # (ssid, password, timeout) of each connect()

    def connect(self, ssid, password=None, *, timeout=None):
        if not self.enabled:
            raise ConnectionError("radio off")
        if not 1 <= len(ssid) <= 32:                  # as CircuitPython's Radio.c checks
            raise ValueError("ssid length must be 1-32")
        if password and not 8 <= len(password) <= 64:
            raise ValueError("password length must be 8-64")
        self.joins.append((ssid, password, timeout))
        self.connected = True


radio = Radio()
