"""HMAC-SHA256 on the device (micropython-lib's hmac over the firmware's hashlib.sha256,
compiled as on a board and run in the MicroPython unix port) equals CPython's hmac on
random keys and messages: empty, shorter and longer than the 64-byte block, fed whole and
in pieces, and the device secret's form (64 hex chars, the key its raw bytes)."""

import hashlib
import hmac
import json
import random
import subprocess

from host_tools import build, paths

# Reads one JSON case per line: [key hex, [message pieces hex]]; answers the hex digest.
DEVICE = r"""
import sys, json, hashlib, binascii
sys.path[:0] = [%r]
import hmac
while True:
    line = sys.stdin.readline()
    if not line:
        break
    key, parts = json.loads(line)
    h = hmac.new(binascii.unhexlify(key), None, hashlib.sha256)
    for p in parts:
        h.update(binascii.unhexlify(p))
    print(h.hexdigest())
"""


def cases(rng, n):
    out = []
    for i in range(n):
        klen = rng.choice([0, 1, 16, 32, 63, 64, 65, 100, 200]) if i % 3 else rng.randrange(0, 150)
        key = bytes(rng.getrandbits(8) for _ in range(klen))
        msg = bytes(rng.getrandbits(8) for _ in range(rng.choice([0, 1, 55, 64, 200, 3000])
                                                        if i % 2 else rng.randrange(0, 700)))
        cuts = sorted(rng.randrange(0, len(msg) + 1) for _ in range(rng.randrange(0, 4)))
        parts = [msg[a:b] for a, b in zip([0] + cuts, cuts + [len(msg)])]
        out.append((key, parts))
    return out


def run_device(lines):
    folder = build.build_device()
    out = subprocess.run([paths.tool("micropython"), "-c", DEVICE % folder],
                         input="".join(lines), capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_device_hmac_equals_cpython():
    rng = random.Random(9)
    todo = cases(rng, 600)
    lines = [json.dumps([k.hex(), [p.hex() for p in parts]]) + "\n" for k, parts in todo]
    got = run_device(lines)
    want = [hmac.new(k, b"".join(parts), hashlib.sha256).hexdigest() for k, parts in todo]
    assert len(got) == len(want)
    bad = [i for i in range(len(want)) if got[i] != want[i]]
    assert not bad, bad[:5]


def test_device_secret_form():
    """The organiser's secret: 32 random bytes as 64 hex chars; the key is the raw bytes."""
    rng = random.Random(10)
    secret = bytes(rng.getrandbits(8) for _ in range(32))
    body = json.dumps({"device": "t1", "journal": "0123456789abcdef", "records": [
        {"seq": 1, "event": {"event": "start", "rules": "mcr", "players": ["東", "南", "西", "北"]}}]},
        ensure_ascii=False).encode()
    got = run_device([json.dumps([secret.hex(), [body.hex()]]) + "\n"])
    assert got == [hmac.new(bytes.fromhex(secret.hex()), body, hashlib.sha256).hexdigest()]
    # and a signature under another key differs
    assert got[0] != hmac.new(secret[::-1], body, hashlib.sha256).hexdigest()
