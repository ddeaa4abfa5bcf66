"""The refused-requests log kept within bounds per address (docs/security.md): each
address keeps its latest `per_source` lines (organiser.api.upload.log_refusal), and when the
whole log passes its bound the addresses holding the most lose their oldest lines first,
down to an equal share: a flood from many addresses erases its own lines before anyone
else's, and a device's few refusals stay."""


def share(counts, kept):
    """The most lines an address may keep so that the log holds at most kept: None when
    it is within its bound already.  counts: each address's lines."""
    ns = sorted(counts)
    if sum(ns) <= kept:
        return None
    left = kept
    for i, n in enumerate(ns):
        each = left // (len(ns) - i)
        if n > each:
            return each
        left -= n
    return None


def trim(con, kept):
    """Inside the logging transaction: the log back within kept lines."""
    if con.execute("SELECT COUNT(*) FROM refused").fetchone()[0] <= kept:
        return
    counts = con.execute("SELECT remote, COUNT(*) FROM refused GROUP BY remote").fetchall()
    most = share([n for _, n in counts], kept)
    if most is None:
        return
    for remote, n in counts:
        if n > most:
            con.execute("DELETE FROM refused WHERE remote = ? AND id <= (SELECT id FROM "
                        "refused WHERE remote = ? ORDER BY id DESC LIMIT 1 OFFSET ?)",
                        (remote, remote, most))
