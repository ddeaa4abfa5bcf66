"""A hand named as a referee names it: table, tournament round, game and hand number
(hand numbers restart with each game; a game is one session at a table in a round, with
a spare device's continuation).  The hand number is the organiser's own: the replay's
count of hands played when the hand was dealt (queries.hands, `hand_no`)."""

from organiser.results import queries, standings
from organiser.text import tiletext
from organiser.store.db import one
from organiser.event.tournament import ModelError

HAND_EVENTS = ("win", "flowers", "draw")


def _games(con, tround_id, table_no):
    """The games of a table in a round, in the order they were started: [set of their
    session ids]."""
    return [set(g["sessions"]) for g in standings.games(con, tround_id, None, table_no)]


def locate(con, table_no, tround_number, game, hand_no):
    """The record ("device/journal/seq") of a hand named by a referee."""
    t = one(con, "SELECT id FROM trounds WHERE number = ?", (tround_number,))
    if t is None:
        raise ModelError("no tournament round %s", tround_number)
    games = _games(con, t["id"], table_no)
    if not 1 <= game <= len(games):
        raise ModelError("table %s played %d game(s) in round %s, not a game %s",
                         table_no, len(games), tround_number, game)
    for h in queries.hands(con, t["id"], table_no):
        if (h["session_id"] in games[game - 1] and h["hand_no"] == hand_no
                and h["event"] in HAND_EVENTS):
            return h["target"]
    raise ModelError("no hand %s in game %s of table %s, round %s",
                     hand_no, game, table_no, tround_number)


def describe(con, target):
    """The hand as it counts now, named as a referee names it: {target, table, tround,
    game, hand_no, wind, players, winds, event, winner, from, hand (the event's object),
    tiles (text), total, unit, items, payments, status, refusal, correction}."""
    try:
        device, journal, seq = target.rsplit("/", 2)
        seq = int(seq)
    except (AttributeError, ValueError):
        raise ModelError("hand: device/journal/seq")
    r = one(con, "SELECT session_id FROM records WHERE device = ? AND journal = ? "
                            "AND seq = ?", (device, journal, seq))
    if r is None or r["session_id"] is None:
        raise ModelError("no hand %s in a game that counts", target)
    for g in standings.games(con):
        if r["session_id"] in g["sessions"]:
            break
    else:
        raise ModelError("no hand %s in a game that counts", target)
    h = next((x for x in queries.hands(con, g["tround_id"], g["table_no"])
              if x["target"] == target), None)
    if h is None:
        raise ModelError("hand %s: taken back or not a hand", target)
    games = _games(con, g["tround_id"], g["table_no"])
    t = one(con, "SELECT number FROM trounds WHERE id = ?", (g["tround_id"],))
    return dict(h, tround=t["number"] if t else None,
                game=next(i + 1 for i, s in enumerate(games) if r["session_id"] in s),
                tiles=tiletext.hand(h["hand"], g["rules"]),
                # each element with its ruleset: the page names it in the visitor's language
                items=[dict(i, rules=g["rules"]) for i in h["items"]])
