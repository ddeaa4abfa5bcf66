"""HTTPS for the director: a certificate and its fingerprint.

`python -m organiser --tls` makes a self-signed certificate on its first run (kept
beside the database, reused after) with Debian's `openssl` command (setup installs it;
no Python package needed), or takes the director's own (--cert, --key).  The browser
cannot check a self-signed certificate against an authority: the director compares the
fingerprint printed at start with the one the browser shows, once."""

import hashlib
import os
import socket
import ssl
import subprocess

DAYS = 825


def fingerprint(cert_path):
    """SHA-256 of the certificate (DER), as browsers show it: AB:CD:..."""
    with open(cert_path, encoding="ascii") as f:
        der = ssl.PEM_cert_to_DER_cert(f.read())
    d = hashlib.sha256(der).hexdigest().upper()
    return ":".join(d[i:i + 2] for i in range(0, len(d), 2))


def _names(host):
    names = {"DNS:localhost", "IP:127.0.0.1"}
    try:
        names.add("DNS:" + socket.gethostname())
    except OSError:
        pass
    if host and host not in ("0.0.0.0", "::"):
        try:
            socket.inet_aton(host)
            names.add("IP:" + host)
        except OSError:
            names.add("DNS:" + host)
    return ",".join(sorted(names))


def self_signed(folder, host=""):
    """(cert, key) paths in folder, made on the first call (EC P-256, no passphrase;
    the key file readable by its owner only)."""
    cert, key = os.path.join(folder, "organiser.crt"), os.path.join(folder, "organiser.key")
    if os.path.exists(cert) and os.path.exists(key):
        return cert, key
    os.makedirs(folder, exist_ok=True)
    old = os.umask(0o077)
    try:
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                        "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-out", cert,
                        "-days", str(DAYS), "-subj", "/CN=mahjong organiser",
                        "-addext", "subjectAltName=" + _names(host)],
                       check=True, capture_output=True)
    finally:
        os.umask(old)
    return cert, key


def device_origin(request):
    """The organiser's address as the devices use it: plain HTTP (the firmware takes only
    http://), on the devices' port, whatever page (an HTTPS one under --tls) asks."""
    origin = str(request.base_url).rstrip("/")
    port = getattr(request.app.state, "http_port", None)
    if request.url.scheme != "https" or not port:
        return origin
    host = request.url.hostname or "127.0.0.1"
    if ":" in host:
        host = "[%s]" % host            # an IPv6 address
    return "http://%s:%d%s" % (host, port, request.scope.get("root_path", "").rstrip("/"))

