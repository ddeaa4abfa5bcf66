# The table session's event logic (session.py keeps the part that stays in RAM).
#
# Seat indexes 0..3 name the players of the `players` list for the whole session, so
# scores[s] is always player s's total; a ruleset that moves players between seats
# (Chinese Official) keeps that as the position each index holds, not by renumbering.
#
# Settlement is delegated to one hook module per ruleset, rules/<id>_table.py, which
# holds its rules as data plus a few small functions:
#
#   RULES        the scorer's ruleset id (rules/<RULES>.py scores the hands)
#   SETTINGS     {name: default}; ALIASES {other spelling: name}
#   EVENTS       {event name: (required seat fields, optional seat fields, int fields)}
#                for the ruleset's own events, handled by on_<name>(st, ev)
#   EVENTS_MODULE (optional) the rules/ module holding those handlers, loaded per event
#   FLOWER_WINS  True when the contract's `flowers` event exists in the ruleset
#   FLOWERS_END  (optional, default True) False when a win by flowers does not end the
#                hand: no new hand, no advance (Hong Kong 花胡 is collected, play goes on)
#   OUTSIDE      True when the ruleset pays penalties out of the table (answer has "outside")
#   setup(st)                       fills st["extras"] at start
#   seat_wind(st, seat)             the seat's wind 0..3 for the hand now played
#   hand_context(st, seat)          (dealer flag, streak, extra context words) for scoring
#   win(st, winner, frm, result)    -> (deltas, outside, detail); may raise HandError
#   flowers(st, winner, frm)        -> (deltas, outside, detail)
#   draw(st)                        -> (deltas, outside, detail)
#   advance(st, winner)             moves deal, wind, streak, huang after a hand ended
#                                   (winner None for a draw); st["hand_no"] is already
#                                   the next hand's number.  True: the deal then keeps
#                                   or passes as the 16-tile games play it
#                                   (commit.keep_or_pass)
#
# State (a plain dict, JSON as it stands, stored whole in every journal record):
#   rules players settings first(dealer of hand 1) dealer round(0..3) hand_no streak huang
#   scores deltas outside over extras
#
# Undo: each accepted event pushes one entry on session.stack; undo pops it and restores
# the state that stood before, deltas included.  Without a journal (host tools) the
# entries are the earlier states themselves.  With a journal (the board) they are only
# the file offsets of the effective records, one small int per event, and the earlier
# state is read back from flash: RAM stays flat however long the session, undo works
# to any depth, and the undo itself is appended as a record, never a rewrite.

from errors import HandError
from commit import hooks, copy, settle, journal_of
from heap import load, forget, LEAN

# (23 names at most: the module's globals table 368 bytes in one piece, where 27 made it
# 464; the words read in one place each are tuples there)
COMMON_FIELDS = {
    "start": ("rules", "dealer", "players", "settings", "tag", "resume"),
    "win": ("winner", "from", "hand"),
    "flowers": ("winner", "from"),
    "draw": (),
    "undo": (),
}


def is_int(v):
    return isinstance(v, int) and v is not True and v is not False


def seat_of(ev, key, required=True):
    if key not in ev or ev[key] is None:
        if required:
            raise HandError("bad_event", "this event needs %r, a seat 0..3" % key)
        return None
    v = ev[key]
    if not is_int(v) or v < 0 or v > 3:
        raise HandError("bad_event", "%r must be a seat 0..3, not %r" % (key, v))
    return v


def check_fields(ev, allowed):
    for k in ev:
        if k != "event" and k not in allowed:
            raise HandError("bad_event", "unknown field %r for event %r" % (k, ev.get("event")))


# -- the journal ---------------------------------------------------------------------

def resume(ses):
    """Boot: rebuild the state by replaying the journal from its checkpoint (from its
    start without one).  Each record's payments are checked against the scores before
    and after it (ses.replay_errors counts misfits)."""
    j = load("journal").Journal(ses.jpath)
    st = None
    try:
        import checkpoint           # the records up to its seq need no replay
        st = checkpoint.restore(ses, j)
    except (OSError, ValueError, MemoryError):
        st = None
    checkpoint = None
    forget("checkpoint")
    on = st is not None
    seq, end = j.seq, j.end
    j.open(on)
    j.seq, j.end = seq, end
    ses.replayed = 0
    v2 = j.v == 2       # version 2: the undo stack only here, the state by replay after
    for off, seq, rec in j.records(on):
        ses.replayed += 1
        ev = {"event": rec.get("e")} if v2 else rec.get("event") or {}
        new = rec.get("state")
        if ev.get("event") == "undo":
            if not ses.stack and ses.base:
                load("checkpoint").refill(ses)
            if ses.stack:
                ses.stack.pop()
        else:
            ses.stack.append(off)
            pays = rec.get("payments")
            if st is not None and ev.get("event") != "start" and pays and not v2:
                for s in range(4):
                    if st["scores"][s] + pays[s] != new["scores"][s]:
                        ses.replay_errors += 1
                        break
                if sum(pays) + (new.get("outside") or 0) != 0:
                    ses.replay_errors += 1
        st = new
        ses.jlast = off
        rec = None
        if LEAN:
            import gc
            gc.collect()
    ses.state = None if v2 else st
    ses.jseq = j.seq
    ses.jend = j.end
    ses.jv = j.v


def undo(ses, ev):
    """Undo's outcome: the state that stood before the last effective event, and the
    record's extras ({"undoes": its seq} with a journal); commit.commit writes it."""
    check_fields(ev, ())
    if ses.jpath is None:
        if not ses.stack or ses.stack[-1] is None:
            raise HandError("nothing_to_undo", "there is no accepted event to take back")
        return ses.stack[-1], {}, None
    if len(ses.stack) < 2 and ses.base:   # the entries below the window, from the checkpoint
        load("checkpoint").refill(ses)
    if len(ses.stack) < 2:
        raise HandError("nothing_to_undo", "there is no accepted event to take back")
    j = journal_of(ses)
    top = j.read(ses.stack[-1])
    if top.get("e", (top.get("event") or {}).get("event")) == "adjust":
        # the organiser's word: the director takes it back, never the table
        raise HandError("nothing_to_undo", "the director's correction is not taken back")
    rec = {"undoes": j.seq_at(ses.stack[-1])}
    if ses.jv == 2:
        # the state before: as kept beside the journal when the event was written, else
        # replayed (rerun.py, by the session: its depth less one)
        st = load("commit").prior(ses, rec["undoes"])
        if st is not None:
            return st, rec, None
        return None, rec, ses.depth() - 1
    return j.read(ses.stack[-2])["state"], rec, None


# -- events ---------------------------------------------------------------------------

def prepare(ses, ev):
    """Check an event and work out its outcome: (the state after, the journal record's
    extras, None), for a win (None, None, the scoring job for session.score: commit
    .settle_win then settles it).  Nothing is written here (commit.commit writes)."""
    if not isinstance(ev, dict):
        raise HandError("bad_json", "each line must be one JSON object")
    name = ev.get("event")
    if not isinstance(name, str):
        raise HandError("bad_event", "each line needs \"event\": start, win, flowers, draw, "
                        "undo or one of the ruleset's own")
    if name == "undo":
        return undo(ses, ev)
    if name == "start":
        return start(ev), {}, None
    st = ses.state
    if st is None:
        raise HandError("no_session", "no session: send a start event first")
    if name == "win":
        return None, None, win_job(st, ev)
    if name == "adjust":        # the director's correction (adjustops.py), loaded once
        m = load("adjustops")
        forget("adjustops")     # forgotten at once: this call holds it to its end
        new, rec = m.adjust(copy(st), ev)
        m = None
        return new, rec, None
    new, rec = other(st, name, ev)
    return new, rec, None


def start(ev):
    check_fields(ev, COMMON_FIELDS["start"])
    rid = ev.get("rules")
    hk = hooks(rid)
    dealer = seat_of(ev, "dealer", False)
    if dealer is None:
        dealer = 0
    players = ev.get("players")
    if players is None:
        players = ["P1", "P2", "P3", "P4"]
    if not isinstance(players, list) or len(players) != 4:
        raise HandError("bad_event", "players must be a list of four names")
    for p in players:
        if not isinstance(p, str):
            raise HandError("bad_event", "players must be a list of four names")
    settings = {}
    for k in hk.SETTINGS:
        settings[k] = hk.SETTINGS[k]
    given = ev.get("settings")
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise HandError("bad_event", "settings must be an object")
    for k in given:
        name = hk.ALIASES.get(k, k)
        if name not in settings:
            raise HandError("bad_field", "unknown setting %r for %s" % (k, rid))
        v = given[k]
        d = settings[name]
        if d is True or d is False:
            if v is not True and v is not False:
                raise HandError("bad_field", "setting %r must be true or false" % k)
        elif not is_int(v) or v < 0:
            raise HandError("bad_field", "setting %r must be a whole number 0 or more" % k)
        settings[name] = v
    st = {"rules": rid, "players": list(players), "settings": settings, "first": dealer,
          "dealer": dealer, "round": 0, "hand_no": 1, "streak": 0, "huang": 0,
          "scores": [0, 0, 0, 0], "deltas": [0, 0, 0, 0], "outside": 0, "over": False,
          "extras": {}}
    hk.setup(st)
    if ev.get("resume") is not None:
        # a spare device continuing a failed one's session (spare.py: loaded for this
        # one start and dropped, so no other event carries it)
        load("spare").resume_at(st, ev["resume"])
        forget("spare")
    return st


def clocked(st, name=None, ev=None):
    """The round clock's code (clockops.py), loaded for this one call and dropped at once
    (no other event's peak has room for it): a clock event or an event unknown (name),
    or else the refusal of a new hand after the round's time is up."""
    m = load("clockops")
    forget("clockops")          # forgotten at once: this call holds it to its end
    return m.clock(st, name, ev)


def _check_hand_ends(st, name, ev):
    check_fields(ev, COMMON_FIELDS[name])
    if st["over"]:
        raise HandError("bad_event", "the game is over (%d hands); start a new session"
                        % (st["hand_no"] - 1))
    if st.get("time_up"):
        clocked(st)


def win_job(st, ev):
    """Validate a win event; the scoring job for session.score."""
    _check_hand_ends(st, "win", ev)
    hk = hooks(st["rules"])
    winner = seat_of(ev, "winner")
    frm = seat_of(ev, "from", False)
    if frm == winner:
        raise HandError("bad_event", "the winner cannot pay in to himself")
    body = ev.get("hand")
    if not isinstance(body, dict):
        raise HandError("bad_event", "a win needs \"hand\": the hand object")
    b = {}
    for k in body:
        if k not in ("seat", "round", "dealer", "streak", "rules"):   # the table's own stand
            b[k] = body[k]
    by = b.get("by")
    if by is None:
        b["by"] = "self" if frm is None else "discard"
    elif by == "self" and frm is not None:
        raise HandError("bad_event", "a self-drawn win has no \"from\"")
    elif by in ("discard", "robkong") and frm is None:
        raise HandError("bad_event", "a win by %s needs \"from\", the seat that paid in" % by)
    dealer, streak, more = hk.hand_context(st, winner)
    return (hk.RULES, b, hk.seat_wind(st, winner), st["round"], dealer, streak, more)


def handler(hk, name):
    """The hook's on_<name>.  A hook may keep its rarely used handlers in rules/<id>_events
    (EVENTS_MODULE): that module is loaded for this one call and dropped at once, so a
    win never has it in RAM."""
    f = getattr(hk, "on_" + name, None)
    if f is None:
        module = "rules." + getattr(hk, "EVENTS_MODULE", "")
        f = getattr(load(module), "on_" + name)
        forget(module)
    return f


def other(st, name, ev):
    """Every event but start, undo and win: (new state, journal record extras)."""
    st = copy(st)
    hk = hooks(st["rules"])
    winner = None
    ends = name in ("win", "flowers", "draw")     # the hand's ends
    if ends:
        _check_hand_ends(st, name, ev)
        if name == "flowers" and not getattr(hk, "FLOWERS_END", True):
            ends = False        # the ruleset's 花胡 is an instant collection (hk)
    if name == "flowers":
        if not hk.FLOWER_WINS:
            raise HandError("bad_event", "%s has no win by flowers" % st["rules"])
        winner = seat_of(ev, "winner")
        frm = seat_of(ev, "from", False)
        if frm == winner:
            raise HandError("bad_event", "\"from\" is the seat with the other flower, not the winner")
        deltas, outside, detail = hk.flowers(st, winner, frm)
    elif name == "draw":
        deltas, outside, detail = hk.draw(st)
    else:
        spec = hk.EVENTS.get(name)
        if spec is None:
            return clocked(st, name, ev)
        if st.get("time_up"):
            clocked(st)
        required, optional, ints = spec
        check_fields(ev, required + optional + ints)
        for k in required:
            seat_of(ev, k)
        for k in optional:
            seat_of(ev, k, False)
        for k in ints:
            if not is_int(ev.get(k)) or ev[k] < 0:
                raise HandError("bad_event", "%r must be a whole number 0 or more" % k)
        deltas, outside, detail = handler(hk, name)(st, ev)
    rec = {}
    settle(st, hk, deltas, outside, detail, rec, ends, winner)
    return st, rec
