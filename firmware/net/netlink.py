# The device's link to the organiser, shared by the upload task (net/uploader.py) and the
# seating pull (net/seating.py): the organiser's address, device id and key from the
# settings, one signed HTTP POST over asyncio streams, the backoff after failures, and
# the venue's Wi-Fi.
#
# The Wi-Fi (Link) brings the station interface up with the settings' ssid and
# password and keeps asking for the link again while it is down.  Never waits: the
# chip's driver connects in the background (rp2 CYW43, esp32), and the uploader asks
# ready() before each request.  On a board without Wi-Fi hardware the link is never
# ready; on the host (no `network` module: the unix port, the simulator) the host's
# own network is always ready.

import gc
import time
import random
import binascii
import asyncio

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
_FIRST_MS = const(1000)         # backoff after a first failure, doubling up to a maximum


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


def address(url):
    """(host, port, path prefix) of "http://host[:port][/prefix]"; None otherwise."""
    if not isinstance(url, str) or not url.startswith("http://"):
        return None
    rest = url[7:]
    i = rest.find("/")
    prefix = ""
    if i >= 0:
        rest, prefix = rest[:i], rest[i:].rstrip("/")
    port = 80
    i = rest.rfind(":")
    if i >= 0:
        try:
            port = int(rest[i + 1:])
        except ValueError:
            return None
        rest = rest[:i]
    if not rest:
        return None
    return rest, port, prefix


def request(writer, where, path, size, sig):
    """The request line and headers of a signed POST (the body follows)."""
    host, port, prefix = where
    writer.write(("POST %s%s HTTP/1.1\r\nHost: %s:%d\r\n"
                  "Content-Type: application/json\r\nContent-Length: %d\r\n"
                  "X-Signature: %s\r\nConnection: close\r\n\r\n"
                  % (prefix, path, host, port, size, sig)).encode())


async def answer(reader, limit):
    """(status, body bytes: at most `limit`, the answer's MAC: its X-Answer-Signature
    header's bytes or None) of an HTTP answer."""
    line = await reader.readline()
    parts = line.split()
    if len(parts) < 2 or not parts[0].startswith(b"HTTP/"):
        raise ValueError("not an HTTP answer")
    status = int(parts[1])
    length = -1
    amac = None
    while True:
        h = await reader.readline()
        if not h or h == b"\r\n" or h == b"\n":
            break
        if h[:15].lower() == b"content-length:":
            length = int(h[15:])
        elif h[:19].lower() == b"x-answer-signature:":
            amac = h[19:].strip()
    if length < 0 or length > limit:
        length = limit
    data = await reader.readexactly(length) if length else b""
    return status, data, amac


def verified(key, sig, data, amac):
    """Whether the answer's MAC is the organiser's over this request (docs/upload.md,
    "The answers' MAC"): HMAC-SHA256(key, b"answer" || the request's MAC as 32 bytes ||
    the answer's body).  No MAC, a wrong one, a body cut short: not verified."""
    if not amac or len(amac) != 64:
        return False
    import hmac
    import hashlib
    m = hmac.new(key, b"answer", hashlib.sha256)
    m.update(binascii.unhexlify(sig))
    m.update(data)
    got = m.hexdigest().encode()
    diff = 0
    for i in range(64):             # every byte compared, whatever differs first
        diff |= got[i] ^ amac[i]
    return diff == 0


async def answer_after(reader, limit, err):
    """The answer the organiser gave before it read the whole body (503 busy, 413 too
    large) and closed: the write into the closed connection failed with err (a broken
    pipe, a reset), but the answer that came first is still there to read.  err again
    when there is none."""
    try:
        return await answer(reader, limit)
    except (OSError, EOFError, ValueError, IndexError):
        raise err


async def write(writer, body):
    """post()'s `send` for a small body held in RAM."""
    writer.write(body)
    await writer.drain()


async def post(where, path, size, sig, limit, send, body):
    """One signed POST: the headers, then `send(writer, body)` writes the `size`-byte body
    (write() a body held in RAM; the uploader streams its batch from the journal);
    (status, answer bytes: at most `limit`, the answer's MAC or None: verified())."""
    gc.collect()
    reader, writer = await asyncio.open_connection(where[0], where[1])
    try:
        try:
            request(writer, where, path, size, sig)
            await send(writer, body)
        except OSError as e:
            # the organiser may have answered before the whole body and closed
            return await answer_after(reader, limit, e)
        return await answer(reader, limit)
    finally:
        writer.close()
        await writer.wait_closed()


def backoff(fails, max_ms):
    """The wait after the `fails`-th failure in a row: 1 s doubling up to max_ms, drawn
    evenly between half and all of it (jitter: a venue's devices do not return in step)."""
    ms = _FIRST_MS << (fails - 1 if fails < 9 else 8)
    if ms > max_ms:
        ms = max_ms
    return ms // 2 + random.getrandbits(16) * (ms // 2) // 65536


def setup(cfg):
    """(organiser address, device id, key bytes) from the settings; a str saying what is
    missing or wrong otherwise."""
    where = address(cfg.get("organiser"))
    device = cfg.get("device")
    secret = cfg.get("secret")
    if not cfg.get("organiser") or not device or not secret:
        return "not set up"
    if where is None:
        return "organiser address is not http://"
    try:
        return where, device, binascii.unhexlify(secret)
    except ValueError:
        return "secret is not hex"


def refused(error):
    """What a 401 answer's error means, for the status line."""
    return "not registered" if error == "unknown_device" else "signature refused"
