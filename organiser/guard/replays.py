"""Replays are free and change nothing (docs/security.md): what someone who captured a
device's signed request gains by sending it again.

- An upload sent again byte for byte, once its records are stored: answered with the
  journal's acknowledged seq, without charging the device's byte budget, storing
  anything or counting as a sign of life (each process keeps the digests of each
  device's last KEEP uploads stored whole; a process started since charges it once).
- A seating pull's nonce is accepted once for the device: the nonces are kept in the
  database (NONCES a device, the oldest going first: at one pull a few seconds that is
  hours of pulls), and a pull with one already seen is refused 409, `replayed`, without
  moving the table's sign of life."""

import hashlib
import time

KEEP = 16
NONCES = 20000


class Resends:
    def __init__(self):
        self.seen = {}          # device: [digests of its last uploads stored whole]

    def known(self, device, body):
        return hashlib.sha256(body).digest() in self.seen.get(device, ())

    def stored(self, device, body):
        got = self.seen.setdefault(device, [])
        d = hashlib.sha256(body).digest()
        if d not in got:
            got.append(d)
            del got[:-KEEP]


def nonce_seen(con, device, nonce, now=None):
    """Inside the pull's transaction: True if the device sent this nonce before; else it
    is kept (and the device's oldest beyond NONCES let go)."""
    if con.execute("SELECT 1 FROM pull_nonces WHERE device = ? AND nonce = ?",
                   (device, nonce)).fetchone():
        return True
    con.execute("INSERT INTO pull_nonces (device, nonce, at) VALUES (?, ?, ?)",
                (device, nonce, now or time.time()))
    con.execute("DELETE FROM pull_nonces WHERE device = ? AND at < (SELECT at FROM "
                "pull_nonces WHERE device = ? ORDER BY at DESC LIMIT 1 OFFSET ?)",
                (device, device, NONCES - 1))
    return False
