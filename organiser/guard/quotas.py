"""What one device may make the organiser store: a device whose secret was read from its
flash signs anything, and without these one device could grow the database by hundreds
of megabytes a minute under fresh journal ids.

- bytes per minute: a bucket of BURST bytes of signed bodies, refilling RATE a minute
  (a device's whole day is a few hundred kB; after an outage it resends its backlog
  in one burst);
- journals per round: a device starts a new journal when its flash is wiped or its
  session file is replaced, a few times a round at most;
- records per journal: a journal's seq stays under RECORDS_PER_JOURNAL (a long day's
  session is a few hundred records).

Past a quota the upload is refused 429 (logged, nothing stored); the device backs off
and tries again, as after any refusal.

The journal quotas are read from the database, so several organiser processes on one
PostgreSQL database share them; the byte bucket is each process's own memory (with N
processes a device may send N times its rate: docs/security.md, "What remains")."""

import time


BURST = 1 << 20
RATE = 256 * 1024                # bytes a minute
JOURNALS_PER_ROUND = 16
RECORDS_PER_JOURNAL = 5000
WINDOW = 3600                    # with no round open: journals per hour


class Exceeded(Exception):
    def __init__(self, detail, retry_after=60):
        super().__init__(detail)
        self.detail, self.retry_after = detail, retry_after


class Quotas:
    def __init__(self, burst=BURST, rate=RATE):
        self.burst, self.rate = burst, rate
        self.level = {}              # device: (bytes left, at)

    def spend(self, device, size, now=None):
        """Take size bytes from the device's bucket, or raise Exceeded."""
        now = time.monotonic() if now is None else now
        left, at = self.level.get(device, (self.burst, now))
        left = min(self.burst, left + (now - at) * self.rate / 60.0)
        if size > left:
            self.level[device] = (left, now)
            raise Exceeded("over %d bytes a minute" % self.rate,
                           int((size - left) * 60 / self.rate) + 1)
        self.level[device] = (left - size, now)


def journal_reads(con, device, journal, now=None):
    """The reads check_journal needs, sent in one statement (on PostgreSQL in a pipeline
    it travels with the upload's other reads: check_journal reads its answer)."""
    now = now or time.time()
    return con.execute(
        "SELECT (SELECT COUNT(*) FROM journals WHERE device = ? AND journal = ?), "
        "(SELECT COUNT(*) FROM journals WHERE device = ? AND first_at >= COALESCE(NULLIF("
        "(SELECT opened_at FROM trounds WHERE status = 'open' ORDER BY number LIMIT 1), 0), ?))",
        (device, journal, device, now - WINDOW))


def check_journal(con, device, journal, recs, now=None, sent=None):
    """Inside the upload's transaction: raise Exceeded past the journal quotas (sent:
    journal_reads' cursor, if sent before)."""
    sent = sent if sent is not None else journal_reads(con, device, journal, now)
    known, n = sent.fetchone()
    if recs and recs[-1]["seq"] > RECORDS_PER_JOURNAL:
        raise Exceeded("a journal holds at most %d records" % RECORDS_PER_JOURNAL, 3600)
    if known:
        return
    if n >= JOURNALS_PER_ROUND:
        raise Exceeded("at most %d new journals a round" % JOURNALS_PER_ROUND, 600)
