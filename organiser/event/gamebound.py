"""How many games a table plays in one tournament round (issue 28): the event's setting
games_per_tround, or the ruleset's default when the director set none.

A session started beyond the bound at the same table in the same round (a device
restarted mid-round, or a journal that starts again and again) is the same game as the
table's last one: its hands add to that game's, and an MCR game's table points are
given once.  A director allows one session its own game with a session correction
{"new_game": true}, or every table more games with the setting."""

# Each ruleset's default: a tournament round is one game at a table in all four (MCR's
# 16 hands of the competition rules; a Hong Kong, Taiwan or Shanghai round is one timed
# game whose hands all add to the same scores).
DEFAULT = {"mcr": 1, "hk": 1, "tw": 1, "sh": 1, "riichi": 1}     # riichi: a hanchan
MAX = 100


def limit(con):
    """The event's games a round (a positive number)."""
    r = con.execute("SELECT rules, games_per_tround FROM event WHERE id = 1").fetchone()
    if r is None:
        return 1
    n = r[1]
    if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MAX:
        return n
    return DEFAULT.get(r[0], 1)


def check(n):
    """None for a setting the event may hold (None: the ruleset's default), else why:
    (words, value) for a ModelError."""
    if n is None:
        return None
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX:
        return ("games per tournament round: 1..%d, or none (the ruleset's default)", MAX)
    return None
