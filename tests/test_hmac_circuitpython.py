"""HMAC-SHA256 as the uploader signs on CircuitPython (its unix port, the CIRCUITPY bundle's
modules): through cpy/cphashlib (the port's hashlib) and through adafruit_hashlib's
pure-Python SHA-256 (a port without hashlib), each equal to CPython's for keys and
messages of the sizes the uploader signs."""

import hashlib
import hmac
import json
import subprocess

from host_tools.board import circuitpython, cpbundle

CODE = """
import sys, json
sys.path.insert(0, %r)
import hmac, adafruit_hashlib
from cpy import cphashlib
out = []
for k, m in json.loads(sys.stdin.read()):
    k = bytes.fromhex(k); m = bytes.fromhex(m)
    out.append([hmac.new(k, m, cphashlib.sha256).hexdigest(),
                hmac.new(k, m, adafruit_hashlib.sha256).hexdigest()])
print(json.dumps(out))
"""


def test_hmac_on_circuitpython_equals_cpythons():
    lib = cpbundle.build_bundle("cp_pico") + "/lib"
    cases = [(bytes(range(n % 70)), bytes((7 * i) & 0xFF for i in range(m)))
             for n, m in ((32, 0), (16, 1), (32, 55), (32, 56), (64, 64), (65, 300), (32, 1500))]
    out = subprocess.run([circuitpython.unix(), "-c", CODE % lib],
                         input=json.dumps([[k.hex(), m.hex()] for k, m in cases]),
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    for (k, m), (port, pure) in zip(cases, got):
        want = hmac.new(k, m, hashlib.sha256).hexdigest()
        assert port == want and pure == want
