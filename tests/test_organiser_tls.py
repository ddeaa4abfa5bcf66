"""HTTPS for the director (`python -m organiser --tls`): a self-signed certificate made
on the first run and kept, its fingerprint printed, the session cookie Secure, the
director's pages moved off plain HTTP; devices still upload over plain HTTP."""

import hashlib
import os
import re
import ssl
import subprocess
import sys
import time

import httpx

from organiser_fixtures import ROOT, body, free_port, headers, journal_id, play, \
    session_events, setup_event

PASSWORD = "director-pw"


def start(db_path, port, tls_port):
    proc = subprocess.Popen([sys.executable, "-m", "organiser", "--db", db_path, "--port",
                             str(port), "--tls", "--tls-port", str(tls_port)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines = []
    end = time.time() + 20
    while time.time() < end:
        line = proc.stdout.readline()
        lines.append(line)
        if "https://" in line:
            break
    while time.time() < end:
        try:
            httpx.get("https://127.0.0.1:%d/" % tls_port, verify=False, timeout=1)
            return proc, "".join(lines)
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("no HTTPS organiser: %s" % lines)


def stop(proc):
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def served_fingerprint(port):
    der = ssl.PEM_cert_to_DER_cert(ssl.get_server_certificate(("127.0.0.1", port)))
    d = hashlib.sha256(der).hexdigest().upper()
    return ":".join(d[i:i + 2] for i in range(0, len(d), 2))


def test_director_over_https_devices_over_http(tmp_path):
    from organiser.guard import auth
    db_path = str(tmp_path / "organiser.db")
    ev = setup_event(db_path, password=PASSWORD)
    port, tls_port = free_port(), free_port()
    proc, out = start(db_path, port, tls_port)
    try:
        printed = re.search(r"SHA-256 ([0-9A-F:]{95})", out).group(1)
        assert served_fingerprint(tls_port) == printed
        key = tmp_path / "organiser-tls" / "organiser.key"
        assert os.stat(key).st_mode & 0o077 == 0
        https = "https://127.0.0.1:%d" % tls_port
        with httpx.Client(verify=False, timeout=10) as c:
            r = c.post(https + "/admin/login", data={"name": "director", "password": PASSWORD},
                       headers={"Origin": https}, follow_redirects=False)
            assert r.status_code == 303
            cookie = r.headers["set-cookie"]
            assert auth.COOKIE in cookie and "secure" in cookie.lower()
            assert "Logged in as" in c.get(https + "/admin").text
        with httpx.Client(timeout=10) as c:
            plain = "http://127.0.0.1:%d" % port
            r = c.get(plain + "/admin/devices?x=1", follow_redirects=False)
            assert r.status_code == 307
            assert r.headers["location"] == https + "/admin/devices?x=1"
            dev = ev["devices"][0]
            raw = body(dev.id, journal_id(3), play(session_events("mcr", seed=3, n=3)))
            r = c.post(plain + "/api/v1/upload", content=raw, headers=headers(dev.secret, raw))
            assert r.status_code == 200 and r.json()["acked"] >= 1
            assert c.get(plain + "/tables").status_code == 200
    finally:
        stop(proc)
    # the next run keeps its certificate: the fingerprint the director checked holds
    proc, out = start(db_path, port, tls_port)
    try:
        assert printed in out
    finally:
        stop(proc)
