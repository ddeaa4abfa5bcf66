"""A correction's data as the corrections log says it, in the page's language: payments by
seat (seats counted from 1, as the device and the score sheets count them), the players
of a re-seat by name, a moved game's round and table, a corrected event's winner,
discarder and tiles, the version accepted.  Never the stored JSON."""

from organiser.text import tiletext, words


def _signed(v):
    return "%+d" % v if isinstance(v, int) and not isinstance(v, bool) else str(v)


def _seat(v, lang):
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 4:
        return words.say("seat %d", lang, v + 1)
    return str(v)


def _named(table, key):
    """table's entry for key, or key itself (a stored value may be anything, a list too)."""
    try:
        return table.get(key, key)
    except TypeError:               # unhashable
        return key


def describe(kind, data, lang, players=None, rounds=None):
    """kind and data of a correction as one line of text.  players: {id: name};
    rounds: {tround id: number}."""
    data = data if isinstance(data, dict) else {}
    players = players or {}
    rounds = rounds or {}
    if kind == "payments" and isinstance(data.get("payments"), list):
        return ", ".join("%s %s" % (_seat(i, lang), _signed(p))
                         for i, p in enumerate(data["payments"][:4]))
    if kind == "void":
        return ""
    if kind == "reseat" and isinstance(data.get("players"), list):
        return ", ".join("%s %s" % (_seat(i, lang), _named(players, p))
                         for i, p in enumerate(data["players"][:4]))
    if kind == "session":
        out = []
        if data.get("tround_id") is not None:
            out.append(words.say("round %s", lang, _named(rounds, data["tround_id"])))
        if isinstance(data.get("table_no"), int):
            out.append(words.say("table %d", lang, data["table_no"]))
        return ", ".join(out)
    if kind == "accept":
        return words.t("Accept the device's" if data.get("version") == "device"
                       else "Accept the organiser's", lang)
    if kind == "event" and isinstance(data.get("event"), dict):
        ev = data["event"]
        out = [words.t(str(ev.get("event", "")), lang)]
        if "winner" in ev:
            out.append("%s %s" % (words.t("winner", lang), _seat(ev["winner"], lang)))
        if "from" in ev:
            out.append("%s %s" % (words.t("from", lang), _seat(ev["from"], lang)))
        h = tiletext.hand(ev.get("hand"))
        if h:
            tiles = " · ".join([h["concealed"]] + h["melds"])
            out.append("%s · %s %s" % (tiles, words.t("won on", lang), h["win"]))
            if h["flowers"]:
                out.append("%s %s" % (words.t("flowers", lang), h["flowers"]))
        return ", ".join(o for o in out if o)
    return ", ".join("%s %s" % (k, v) for k, v in sorted(data.items()))
