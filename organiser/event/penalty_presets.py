"""Penalties from presets: each ruleset's list of reasons with their amounts, so that the
director picks "false win" rather than typing -30 and a reason (a free amount with a
reason of the director's own stays possible: organiser.event.corrections.add_penalty).

A preset gives the offender `points` (negative), and where the rules pay the penalty to
the table, `each` to every other player at the offender's table in that round (the
seats' results counted as the standings count them: a substitute's seat per the
director's choice, a ghost seat for nobody).  Every row is an ordinary penalty
(organiser.event.corrections) with the preset's key in `reason`: the standings, exports
and the EMA file count them as they count every penalty, and list the reasons.

The amounts and their sources are written in docs/director.md ("Penalties"): where a
ruleset's text gives an amount it is used; where it gives none the choice is said."""

from organiser.store.db import one
from organiser.event import corrections, substitutes, tournament
from organiser.event.tournament import ModelError


class Preset:
    def __init__(self, key, label, points, each=0, source=""):
        self.key, self.label, self.points, self.each, self.source = \
            key, label, points, each, source

    def public(self, settings=None):
        pts, each = amounts(self, settings or {})
        return {"key": self.key, "label": self.label, "points": pts, "each": each,
                "source": self.source}


WMO = "WMO Mahjong Competition Rules (2006), fouls and penalties"
EMA = "EMA (MERS) tournament practice"
CHOICE = "the organiser's choice: the ruleset's text gives no amount"
HK_TEXT = "the Cloud Dragon Cup table's 即時賞罰"

# each ruleset's reasons, in the order the form lists them
PRESETS = {
    "mcr": (
        Preset("false_win", "false win (詐和)", -30, 10, WMO),
        Preset("late_arrival", "late arrival", -10, 0, CHOICE),
        Preset("winning_tile_not_taken", "winning tile not taken before counting", -10, 0,
               EMA),
        Preset("wrong_tiles", "wrong number of tiles (dead hand)", -10, 0, CHOICE),
        Preset("misconduct", "misconduct", -30, 0, CHOICE),
    ),
    "hk": (
        # the device enters these as events of the hand; the presets are for one that was
        # not (a device failed, a referee's ruling after the game)
        Preset("false_win", "false win (詐糊), paid out of the table (歸天)", -150, 0, HK_TEXT),
        Preset("wrong_kong", "wrong kong (錯槓), 10 to each", -30, 10, HK_TEXT),
        Preset("ankan_unopened", "concealed kong not opened (暗槓無開), 10 to each", -30, 10,
               HK_TEXT),
        Preset("late_arrival", "late arrival", -10, 0, CHOICE),
    ),
    "tw": (
        Preset("false_win", "false win (詐胡)", -30, 10, CHOICE),
        Preset("late_arrival", "late arrival", -10, 0, CHOICE),
        Preset("misconduct", "misconduct", -30, 0, CHOICE),
    ),
    "sh": (
        Preset("false_win", "false win (詐和)", -30, 10, CHOICE),
        Preset("late_arrival", "late arrival", -10, 0, CHOICE),
        Preset("misconduct", "misconduct", -30, 0, CHOICE),
    ),
}
FALLBACK = (Preset("late_arrival", "late arrival", -10, 0, CHOICE),)


def presets(rules):
    return PRESETS.get(rules, FALLBACK)


def amounts(preset, settings):
    """(the offender's points, each other player's) for an event's table settings: Hong
    Kong's false win is the table's own 詐糊 setting times its points a fan, as the device
    pays it."""
    if preset.key == "false_win" and preset in PRESETS["hk"]:
        fan = settings.get("fake_win", 150)
        per = settings.get("per_fan", 1)
        if isinstance(fan, int) and isinstance(per, int) and not isinstance(fan, bool):
            return -fan * per, 0
    return preset.points, preset.each


def find(rules, key):
    for p in presets(rules):
        if p.key == key:
            return p
    raise ModelError("no penalty %r in this ruleset's list", key)


def for_event(con):
    e = tournament.event(con)
    return [p.public(e["settings"]) for p in presets(e["rules"])]


def add(con, who, key, player_id, tround_id=None, note="", now=None):
    """The preset `key` given to player_id (in the round tround_id, needed where the
    penalty is paid to the table).  Returns the penalties' ids, the offender's first."""
    e = tournament.event(con)
    preset = find(e["rules"], key)
    points, each = amounts(preset, e["settings"])
    note = (note or "").strip()
    why = preset.label + (": " + note if note else "")
    # a substitute's penalty counts as their seat does (to the absent player where the
    # director chose so); a seat counted for nobody keeps it on the substitute, unranked
    to = substitutes.credit(con)
    payer = player_id
    if tround_id is not None and to(tround_id, player_id) is not None:
        payer = to(tround_id, player_id)
    ids = [corrections.add_penalty(con, who, why, payer, points, tround_id, now,
                                   reason=preset.key)]
    if each:
        if tround_id is None:
            raise ModelError("%s is paid to the table: give the round", preset.label)
        seat = one(con, "SELECT table_no FROM seating WHERE tround_id = ? AND player_id = ?",
                   (tround_id, player_id))
        if seat is None:
            raise ModelError("player %r has no seat in that round", player_id)
        off = one(con, "SELECT name FROM players WHERE id = ?", (player_id,))["name"]
        for r in con.execute("SELECT player_id FROM seating WHERE tround_id = ? AND "
                             "table_no = ? ORDER BY seat", (tround_id, seat["table_no"])):
            other = to(tround_id, r[0])
            if r[0] == player_id or other is None:
                continue
            ids.append(corrections.add_penalty(con, who, "%s: %s" % (preset.label, off), other,
                                               each, tround_id, now, reason=preset.key))
    return ids


def listed(con, pens):
    """The penalties as the standings list them: player, points, round, the preset's
    reason (its words, None for a free amount), the director's why as stored, and its
    note (the why without the preset's words: the director's own, or the offender's name
    on the rows of a penalty paid to the table)."""
    e = tournament.event(con)
    labels = {p.key: p.label for p in presets(e["rules"])}
    rounds = {t["id"]: t["number"] for t in tournament.trounds(con)}
    out = []
    for p in pens:
        label = labels.get(p.get("reason"))
        note = p["why"]
        if label is not None:           # the director's note after the preset's words
            note = note[len(label) + 2:] if note.startswith(label + ": ") else \
                "" if note == label else note
        out.append({"player_id": p["player_id"], "player": p["player"], "points": p["points"],
                    "tround": rounds.get(p["tround_id"]), "reason": label, "why": p["why"],
                    "note": note})
    return out
