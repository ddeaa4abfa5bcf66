"""Device request signatures: HMAC-SHA256 of the raw body under the device's secret."""

import hashlib
import hmac
import secrets

SECRET_BYTES = 32


def new_secret():
    """A device's secret: 32 random bytes as 64 lowercase hex chars."""
    return secrets.token_hex(SECRET_BYTES)


def sign(secret_hex, body):
    return hmac.new(bytes.fromhex(secret_hex), body, hashlib.sha256).hexdigest()


def verify(secret_hex, body, signature):
    if not isinstance(signature, str):
        return False
    return hmac.compare_digest(sign(secret_hex, body), signature.strip().lower())
