"""The director's login: a password stored as an scrypt hash, a session cookie.

Device endpoints never use this: they are authenticated by their HMAC signature."""

import hashlib
import hmac
import os
import secrets
import time

from fastapi import HTTPException, Request

COOKIE = "organiser_session"
SESSION_SECONDS = 7 * 24 * 3600
# scrypt parameters: about 16 MB and a few tens of ms per check
N, R, P = 2 ** 14, 8, 1


def hash_password(password, salt=None):
    salt = salt or os.urandom(16)
    h = hashlib.scrypt(password.encode(), salt=salt, n=N, r=R, p=P, dklen=32)
    return "scrypt$%d$%d$%d$%s$%s" % (N, R, P, salt.hex(), h.hex())


def check_password(password, stored):
    try:
        algo, n, r, p, salt, want = stored.split("$")
        if algo != "scrypt":
            return False
        got = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r),
                             p=int(p), dklen=len(want) // 2)
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(got.hex(), want)


def set_password(db, name, password):
    with db.write() as con:
        con.execute("INSERT INTO admins (name, pw_hash) VALUES (?, ?) ON CONFLICT(name) "
                    "DO UPDATE SET pw_hash = excluded.pw_hash", (name, hash_password(password)))
        con.execute("DELETE FROM admin_sessions WHERE name = ?", (name,))


def has_admin(db):
    with db.read() as con:
        return con.execute("SELECT 1 FROM admins LIMIT 1").fetchone() is not None


def ensure_admin(db, name="director"):
    """At first run: create the director with a random password and return it (shown
    once); None when a director exists."""
    if has_admin(db):
        return None
    pw = secrets.token_urlsafe(12)
    set_password(db, name, pw)
    return pw


# An unknown name is checked against this hash, so that it takes as long to refuse as a
# known name with a wrong password (the time would otherwise tell which names exist).
DUMMY_HASH = hash_password(secrets.token_urlsafe(16))


def login(db, name, password):
    """A new session token, or None for a wrong name or password."""
    with db.read() as con:
        row = con.execute("SELECT pw_hash FROM admins WHERE name = ?", (name,)).fetchone()
    ok = check_password(password, row["pw_hash"] if row is not None else DUMMY_HASH)
    if row is None or not ok:
        return None
    token = secrets.token_urlsafe(32)
    with db.write() as con:
        con.execute("DELETE FROM admin_sessions WHERE expires < ?", (time.time(),))
        con.execute("INSERT INTO admin_sessions VALUES (?, ?, ?)",
                    (token, name, time.time() + SESSION_SECONDS))
    return token


def logout(db, token):
    with db.write() as con:
        con.execute("DELETE FROM admin_sessions WHERE token = ?", (token,))


def session_user(db, token):
    if not token:
        return None
    with db.read() as con:
        # valid only for a director the event has (a row naming none opens nothing)
        row = con.execute("SELECT s.name, s.expires FROM admin_sessions s JOIN admins a ON "
                          "a.name = s.name WHERE s.token = ?", (token,)).fetchone()
    if row is None or row["expires"] < time.time():
        return None
    return row["name"]


def current_admin(request: Request):
    """The logged-in director's name, or None (for pages that redirect to a login)."""
    return session_user(request.app.state.db, request.cookies.get(COOKIE))


def require_admin(request: Request):
    """Dependency for admin API routes: the director's name, else 401."""
    name = current_admin(request)
    if name is None:
        raise HTTPException(401, "login required")
    return name
