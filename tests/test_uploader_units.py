"""The uploader's small parts, in the MicroPython unix port from the compiled firmware:
the organiser's address, the back-off with jitter, the counters, the answers it acts on,
and the Wi-Fi link over a stand-in `network` module (it never waits for the chip)."""

import json
import subprocess

from host_tools import build, paths

CODE = r"""
import sys, json
sys.path[:0] = [%r]
out = {}

import uploader, netlink
A = netlink.address
out["address"] = [A("http://192.168.4.1:8000"), A("http://10.0.0.2"), A("http://h:81/org/"),
                  A("https://h:443"), A("http://:80"), A("http://h:x"), A(""), A(None)]

u = uploader.Uploader({}, "/nonexistent/journal.bin")
u.log = lambda s: None
u.max_ms = 120000
waits = []
for i in range(12):
    waits.append(u._fail("cannot reach organiser"))
out["waits"] = waits
jitter = []
for _ in range(40):
    u.fails = 0
    jitter.append(u._fail("x"))
out["jitter"] = sorted(set(jitter))
u.last, u.acked, u.hint = 9, 4, 0
out["waiting"] = [u.waiting]
u.saved(12)
out["waiting"].append(u.waiting)
out["woken"] = u.wake.is_set()

# answers that move nothing: what each says on the status line, and the wait
u2 = uploader.Uploader({}, "/nonexistent/journal.bin")
u2.log = lambda s: None
recs = [(5, 0, 100, 1), (6, 100, 200, 2)]
got = []
for status, body in [(401, b'{"ok":false,"error":"unknown_device"}'),
                     (401, b'{"ok":false,"error":"bad_signature"}'),
                     (400, b'{"ok":false,"error":"malformed"}'),
                     (500, b'Internal Server Error'),
                     (503, b'Service Unavailable'),
                     (429, b'{"ok":false,"error":"quota"}'),
                     (413, b'{"ok":false,"error":"too_large"}')]:
    u2.acked = 4
    ms = u2._answer(status, body, recs)
    got.append([status, u2.last_error, ms > 0, u2.limit])
out["answers"] = got
u2.limit = 1
out["413_one"] = [u2._answer(413, b"", recs[:1]) > 0, u2.last_error]

# the Wi-Fi link over a stand-in network module
class WLAN:
    calls = []
    def __init__(self, i): WLAN.calls.append(("WLAN", i)); self.up = False
    def active(self, on): WLAN.calls.append(("active", on))
    def isconnected(self): return self.up
    def connect(self, ssid, pw): WLAN.calls.append(("connect", ssid, pw))
class net:
    STA_IF = 0
net.WLAN = WLAN
sys.modules["network"] = net
del sys.modules["netlink"]          # loaded with the uploader: again, over the stand-in
import netlink
cfg = {"wifi": {"ssid": "", "password": ""}}
link = netlink.Link(cfg, True)
r = [link.ready(), link.why]
cfg["wifi"] = {"ssid": "venue", "password": "pw"}
r += [link.ready(), link.why, link.ready()]
link.wlan.up = True
r += [link.ready(), link.why]
out["link"] = r
out["calls"] = WLAN.calls
nowifi = netlink.Link(cfg, False)
out["nowifi"] = [nowifi.ready(), nowifi.why]
print(json.dumps(out))
"""


def run():
    folder = build.build_device()
    res = subprocess.run([paths.tool("micropython"), "-c", CODE % folder],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout.strip().splitlines()[-1])


def test_uploader_parts():
    out = run()
    assert out["address"] == [["192.168.4.1", 8000, ""], ["10.0.0.2", 80, ""],
                              ["h", 81, "/org"], None, None, None, None, None]
    # exponential back-off with jitter: between half and all of 1, 2, 4 ... s, capped
    for i, ms in enumerate(out["waits"]):
        top = min(1000 << i, 120000)
        assert top // 2 <= ms <= top, (i, ms)
    assert out["waits"][-1] >= 60000
    assert len(out["jitter"]) > 10 and all(500 <= ms <= 1000 for ms in out["jitter"])
    assert out["waiting"] == [5, 8] and out["woken"]
    assert out["answers"] == [
        [401, "not registered", True, 20],
        [401, "signature refused", True, 20],
        [400, "refused: malformed", True, 20],
        [500, "organiser error 500", True, 20],
        # the organiser full (503) or a device over its quota (429): wait, then again
        [503, "organiser error 503", True, 20],
        [429, "organiser error 429", True, 20],
        [413, "organiser error 429", False, 1],     # half the batch, again at once
    ]
    assert out["413_one"] == [True, "record too large"]
    assert out["link"] == [False, "Wi-Fi not set up", False, "no Wi-Fi", False, True, ""]
    # the interface turned on once and asked once, not again within the retry time
    assert out["calls"] == [["WLAN", 0], ["active", True], ["connect", "venue", "pw"]]
    assert out["nowifi"] == [False, "no Wi-Fi on this board"]
