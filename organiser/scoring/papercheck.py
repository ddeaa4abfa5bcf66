"""A paper sheet's hand tried with the table engine before it is written: the sheet's
journal as it stands (with the director's corrections) and the new hand after it, sent
to the scoring's own engine process (replay.Engine.check) under a key of its own; the
answer's last row is the hand as the organiser scores it: its payments, or the engine's
refusal.  What the device would say is said here: the ruleset's reason, and for a win
under the minimum the elements it counted, named in the page's language."""

from organiser.event import paper
from organiser.scoring import replay
from organiser.text import elnames

KEY = "paper-check"             # the engine keeps one journal under it, started again each time


def try_event(engine, con, journal, event, who):
    """(seq the hand would take, the engine's row for it)."""
    fp = replay.fingerprint(con)
    req = replay.request(con, fp, paper.DEVICE, journal, KEY, 0, True)
    seq = paper.next_seq(con, journal)
    if req["records"] and req["records"][-1]["seq"] != seq - 1:
        raise replay.EngineDied("the sheet's records are not all in")
    req["records"].append({"seq": seq, "body": paper.record(seq, who, event), "late": False})
    got = engine.check(req)
    if not got.get("rows"):
        raise replay.EngineDied("the table engine answered %r" % (got,))
    return seq, got["rows"][-1]


def refused(row):
    """Whether the engine refuses the hand (or holds it over a bound)."""
    return row.get("organiser") is None or bool(row.get("error"))


def reason(row, lang):
    """The engine's refusal as the device says it: the reason, and where a win is under
    the minimum, '; counted: ' and the elements with their values."""
    why = row.get("why")
    if isinstance(why, dict) and isinstance(why.get("reason"), str):
        items = why.get("items") if isinstance(why.get("items"), list) else []
        named = ["%s %s" % (elnames.name(dict(it, rules=why.get("rules")), lang),
                            it.get("value")) for it in items if isinstance(it, dict)]
        return why["reason"] + ("; counted: " + ", ".join(named) if named else "")
    err = str(row.get("error") or "")
    code, sep, message = err.partition(": ")
    return message if sep and code.replace("_", "").isalpha() else err
