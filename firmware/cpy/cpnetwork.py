# network.WLAN's station interface over CircuitPython's wifi.radio, so net/netlink.py's Link
# runs unchanged on a CircuitPython board with Wi-Fi (cpy/runtime.py puts this module in
# sys.modules as `network`).  One difference: CircuitPython's radio.connect() joins in the
# foreground (MicroPython's connect returns and joins in the background): it blocks for up
# to CONNECT_S, once per netlink's retry (20 s) while the link is down; keys pressed
# meanwhile wait in keypad.KeyMatrix's queue (scanned in C), none is lost.
import wifi

STA_IF = 0
CONNECT_S = 5


class WLAN:
    def __init__(self, interface=STA_IF):
        self.radio = wifi.radio

    def active(self, on=None):
        if on is not None:
            self.radio.enabled = bool(on)
        return self.radio.enabled

    def isconnected(self):
        return self.radio.connected

    def connect(self, ssid, password=""):
        try:
            self.radio.connect(ssid, password or None, timeout=CONNECT_S)
        except ConnectionError:             # not joined (netlink asks again later)
            pass
        except ValueError as e:             # an ssid or password the radio refuses
            print("wifi:", e)               # (a password of 1-7 characters, say)
