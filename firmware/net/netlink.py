# The venue's Wi-Fi: brings the station interface up with the settings' ssid and
# password and keeps asking for the link again while it is down.  Never waits: the
# chip's driver connects in the background (rp2 CYW43, esp32), and the uploader asks
# ready() before each request.  On a board without Wi-Fi hardware the link is never
# ready; on the host (no `network` module: the unix port, the simulator) the host's
# own network is always ready.

import time

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

try:
    import network
except ImportError:
    network = None

_RETRY_MS = const(20000)        # ask for the link again after this long without it


class Link:
    """ready(): the network can be used now.  why: what is missing, for the status line."""

    def __init__(self, cfg, has_wifi=True):
        self.cfg = cfg
        self.has_wifi = has_wifi
        self.wlan = None
        self.asked = None           # ticks of the last connect()
        self.why = ""

    def ready(self):
        if not self.has_wifi:
            self.why = "no Wi-Fi on this board"
            return False
        if network is None:
            return True
        w = self.cfg.get("wifi") or {}
        ssid = w.get("ssid") or ""
        if not ssid:
            self.why = "Wi-Fi not set up"
            return False
        if self.wlan is None:
            self.wlan = network.WLAN(network.STA_IF)
            self.wlan.active(True)
        if self.wlan.isconnected():
            self.why = ""
            return True
        now = time.ticks_ms()
        if self.asked is None or time.ticks_diff(now, self.asked) > _RETRY_MS:
            self.asked = now
            try:
                self.wlan.connect(ssid, w.get("password") or "")
            except OSError:
                pass
        self.why = "no Wi-Fi"
        return False
