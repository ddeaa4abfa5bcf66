# asyncio.open_connection for the uploader and the seating pull (net/) over the page's
# fetch: the request netlink writes (request line, headers, body) is collected, sent by
# fetch to the organiser that served the page when the answer is first read, and its answer
# read back as HTTP/1.1 bytes.  The organiser is the page's own origin (its protocol too:
# a page served over HTTPS posts over HTTPS), whatever host the settings name.  A fetch
# that fails (the network is down) raises OSError, as a refused connection does.

import js


class Stream:
    def __init__(self):
        self.out = []
        self.got = None

    def write(self, data):
        self.out.append(bytes(data))        # a memoryview's bytes, taken now

    async def drain(self):
        pass

    def close(self):
        pass

    async def wait_closed(self):
        pass

    async def _exchange(self):
        raw = b"".join(self.out)
        self.out = []
        i = raw.find(b"\r\n\r\n")
        head = raw[:i].decode().split("\r\n")
        body = raw[i + 4:]
        method, path = head[0].split(" ")[:2]
        headers = {}
        for line in head[1:]:
            k, v = line.split(":", 1)
            k = k.strip().lower()
            if k in ("content-type", "x-signature"):
                headers[k] = v.strip()
        try:
            r = await js.terminal.post(path, headers.get("x-signature", ""), body.decode(),
                                       headers.get("content-type", "application/json"))
        except Exception as e:          # JsException: fetch refused, the network down
            raise OSError(113, "fetch: %s" % e)
        data = r.text.encode()
        mac = b"X-Answer-Signature: %s\r\n" % r.mac.encode() if r.mac else b""
        self.got = (b"HTTP/1.1 %d -\r\nContent-Length: %d\r\n" % (r.status, len(data)) + mac
                    + b"\r\n" + data)

    async def readline(self):
        if self.got is None:
            await self._exchange()
        i = self.got.find(b"\n")
        i = len(self.got) if i < 0 else i + 1
        line = self.got[:i]
        self.got = self.got[i:]
        return line

    async def readexactly(self, n):
        if self.got is None:
            await self._exchange()
        if len(self.got) < n:
            raise EOFError
        data = self.got[:n]
        self.got = self.got[n:]
        return data


async def open_connection(host, port):
    s = Stream()
    return s, s
