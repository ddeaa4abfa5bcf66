"""The tournament model: the event, teams, players, tables, tournament rounds, seating
and devices.  Functions take a connection (inside db.read()/db.write()); those that
change something raise ModelError with a message for the director."""

import json
import re
import secrets
import time

from organiser.event import seating as seatgen
from organiser.text import glyphs
from organiser.text.reasons import Reason, Word
from organiser.store import record_model, stored
from organiser.guard import signing
from organiser.store.db import one, rows
from organiser.event import gamebound
from organiser.text import names
from organiser.event import schedule

RULESETS = ("mcr", "hk", "tw", "sh", "riichi")
# what a director picks from (hk is the 16-tile Cloud Dragon Cup table, not old style)
RULESET_NAMES = {"mcr": "Chinese Official (MCR, 81 fan)",
                 "hk": "Hong Kong 16-tile (Cloud Dragon Cup table)",
                 "tw": "Taiwanese 16-tile", "sh": "Shanghai 敲麻",
                 "riichi": "Riichi (Japanese; EMA RCR 2016, WRC)"}
# the devices' languages (firmware/lib/engine/langs.py LANGS), as the director picks them
DEVICE_LANGS = ("zh-Hant", "zh-Hans", "en")
DEVICE_LANG_NAMES = {"zh-Hant": "繁體中文", "zh-Hans": "简体中文", "en": "English"}
DEVICE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")        # fullmatch: no trailing newline
MAX_TROUND = 10000


class ModelError(ValueError):
    """What the director asked cannot be done; .reason says why (organiser.text.reasons: its
    words and values kept apart, so that a page says them in the director's language);
    str() is the English sentence (the API, the logs)."""

    def __init__(self, text, *values):
        self.reason = Reason(text, *values)
        super().__init__(str(self.reason))


# -- the event ---------------------------------------------------------------------------

def event(con):
    e = one(con, "SELECT * FROM event WHERE id = 1")
    settings = stored.loads(e["settings"])       # whatever is stored: an object to show
    e["settings"] = settings if isinstance(settings, dict) else {}
    e["avoid_teammates"] = bool(e["avoid_teammates"])
    if e.get("device_lang") not in DEVICE_LANGS:     # whatever is stored: a known one or none
        e["device_lang"] = None
    del e["id"]
    return e


def set_event(con, name=None, rules=None, settings=None, hands_per_tround=-1,
              avoid_teammates=None, device_lang=-1, games_per_tround=-1):
    """device_lang: the language the devices name the scoring elements in (they take it
    with the seating pull), one of DEVICE_LANGS; None: each device keeps its own; -1:
    unchanged."""
    if device_lang != -1 and device_lang is not None and device_lang not in DEVICE_LANGS:
        raise ModelError("device language: one of %s, or none", ", ".join(DEVICE_LANGS))
    if rules is not None and rules not in RULESETS:
        raise ModelError("ruleset: one of %s", ", ".join(RULESETS))
    if settings is not None and not isinstance(settings, dict):
        raise ModelError("settings: a JSON object")
    # the devices start their sessions with these: values a start may carry, or every
    # device's upload would be refused
    why = record_model.check_settings(settings) if settings is not None else None
    if why is not None:
        raise ModelError("settings: %s (whole numbers 0..%d or true/false)",
                         why, record_model.MAX_SETTING)
    if name is not None:
        con.execute("UPDATE event SET name = ? WHERE id = 1", (name,))
    if rules is not None:
        con.execute("UPDATE event SET rules = ? WHERE id = 1", (rules,))
    if settings is not None:
        con.execute("UPDATE event SET settings = ? WHERE id = 1", (json.dumps(settings),))
    if hands_per_tround != -1:
        if hands_per_tround is not None and (not isinstance(hands_per_tround, int)
                                             or hands_per_tround < 1):
            raise ModelError("hands per tournament round: a positive number or none")
        con.execute("UPDATE event SET hands_per_tround = ? WHERE id = 1", (hands_per_tround,))
    if avoid_teammates is not None:
        con.execute("UPDATE event SET avoid_teammates = ? WHERE id = 1", (int(avoid_teammates),))
    if device_lang != -1:
        con.execute("UPDATE event SET device_lang = ? WHERE id = 1", (device_lang,))
    if games_per_tround != -1:
        why = gamebound.check(games_per_tround)
        if why is not None:
            raise ModelError(*why)
        con.execute("UPDATE event SET games_per_tround = ? WHERE id = 1", (games_per_tround,))
    return event(con)


# -- teams, players, tables --------------------------------------------------------------

def _readable(name):
    """The name as kept (organiser.text.names), or ModelError for one nobody can read whole."""
    if not isinstance(name, str):
        return name
    ch = names.unreadable(name)
    if ch is not None:
        raise ModelError("a name with an invisible or direction-changing character "
                         "(U+%04X): %r", ord(ch), name)
    return names.clean(name)


def add_team(con, name):
    name = _readable(name)
    if not name or names.taken(con, "teams", name):
        raise ModelError("team name empty or taken: %r", name)
    return con.execute("INSERT INTO teams (name) VALUES (?)", (name,)).lastrowid


def teams(con):
    return rows(con, "SELECT * FROM teams ORDER BY id")


MAX_NAME = 64          # a device's records carry the names: organiser.store.record_model's bound


def add_player(con, name, team_id=None, **details):
    """A player; details: the association's fields (set_player_details), checked first."""
    details = player_details(**details)
    name = _readable(name)
    if not name or names.taken(con, "players", name):
        raise ModelError("player name empty or taken: %r", name)
    if len(name) > MAX_NAME:
        raise ModelError("player name: at most %d characters", MAX_NAME)
    if team_id is not None and not one(con, "SELECT 1 FROM teams WHERE id = ?", (team_id,)):
        raise ModelError("no team %r", team_id)
    pid = con.execute("INSERT INTO players (name, team_id) VALUES (?, ?)",
                      (name, team_id)).lastrowid
    for col, v in details.items():
        con.execute("UPDATE players SET %s = ? WHERE id = ?" % col, (v, pid))
    return pid


def registration_line(line):
    """A line of the players' form: "name", or "name; EMA number; country" (a
    spreadsheet's columns pasted: tabs separate too) -> (name, details)."""
    parts = [x.strip() for x in line.replace("\t", ";").split(";")]
    if len(parts) > 3:
        raise ModelError("a player a line: name; EMA number; country (not %r)", line)
    parts += [""] * (3 - len(parts))
    return parts[0], {"assoc_id": parts[1], "country": parts[2]}


ASSOC_ID = re.compile(r"[0-9]{1,8}")          # an EMA number: 8 digits, leading zeros kept
COUNTRY = re.compile(r"[A-Z]{3}")             # ISO 3166-1 alpha-3, as the EMA's files give it
NAME_PART = 64


def player_details(assoc_id=None, country=None, last_name=None, first_name=None):
    """The association's fields of a player, checked: {column: value} of those given."""
    out = {}
    if assoc_id is not None:
        assoc_id = str(assoc_id).strip()
        if assoc_id and not ASSOC_ID.fullmatch(assoc_id):
            raise ModelError("association number: up to 8 digits (the EMA's), not %r", assoc_id)
        out["assoc_id"] = assoc_id.zfill(8) if assoc_id else ""
    if country is not None:
        country = str(country).strip().upper()
        if country and not COUNTRY.fullmatch(country):
            raise ModelError("country: its three-letter code (ISO 3166-1, e.g. FRA), not %r",
                             country)
        out["country"] = country
    for key, v in (("last_name", last_name), ("first_name", first_name)):
        if v is None:
            continue
        v = " ".join(str(v).split())
        if len(v) > NAME_PART:
            raise ModelError("%s: at most %d characters", Word(key.replace("_", " ")), NAME_PART)
        out[key] = v
    return out


def set_player_details(con, player_id, **fields):
    """Set a player's association number, country, last and first name (those given)."""
    if not one(con, "SELECT 1 FROM players WHERE id = ?", (player_id,)):
        raise ModelError("no player %r", player_id)
    for col, v in player_details(**fields).items():
        con.execute("UPDATE players SET %s = ? WHERE id = ?" % col, (v, player_id))


def set_player_active(con, player_id, active):
    con.execute("UPDATE players SET active = ? WHERE id = ?", (int(bool(active)), player_id))


def players(con):
    return rows(con, "SELECT p.*, t.name AS team FROM players p LEFT JOIN teams t "
                     "ON t.id = p.team_id ORDER BY p.id")


def add_table(con, number, name=""):
    # a device's start names its table: one a record may name (organiser.store.record_model)
    if not isinstance(number, int) or isinstance(number, bool) or not \
            1 <= number <= record_model.MAX_TABLE:
        raise ModelError("table number: a whole number 1..%d", record_model.MAX_TABLE)
    if one(con, "SELECT 1 FROM tables WHERE number = ?", (number,)):
        raise ModelError("table %d exists", number)
    con.execute("INSERT INTO tables (number, name) VALUES (?, ?)", (number, name))
    return number


def tables(con):
    return rows(con, "SELECT * FROM tables ORDER BY number")


# -- tournament rounds -------------------------------------------------------------------

def add_tround(con, number=None):
    if number is None:
        number = (one(con, "SELECT MAX(number) AS n FROM trounds")["n"] or 0) + 1
    if not isinstance(number, int) or not 1 <= number <= MAX_TROUND:
        raise ModelError("tournament round number: 1..%d", MAX_TROUND)
    if one(con, "SELECT 1 FROM trounds WHERE number = ?", (number,)):
        raise ModelError("tournament round %d exists", number)
    return con.execute("INSERT INTO trounds (number) VALUES (?)", (number,)).lastrowid


def trounds(con):
    return rows(con, "SELECT * FROM trounds ORDER BY number")


def tround(con, tround_id):
    t = one(con, "SELECT * FROM trounds WHERE id = ?", (tround_id,))
    if t is None:
        raise ModelError("no tournament round %r", tround_id)
    return t


def open_tround(con):
    return one(con, "SELECT * FROM trounds WHERE status = 'open' ORDER BY number LIMIT 1")


def open_round(con, tround_id, now=None):
    """Open a tournament round (its seating must be complete and valid); one at a time."""
    t = tround(con, tround_id)
    cur = open_tround(con)
    if cur and cur["id"] != tround_id:
        raise ModelError("tournament round %d is open: close it first", cur["number"])
    errs = check_seating(con, tround_id)
    if errs:
        raise ModelError("seating not ready: %s", errs)
    if t["status"] != "open":
        con.execute("UPDATE trounds SET status = 'open', opened_at = ?, closed_at = NULL "
                    "WHERE id = ?", (now or time.time(), tround_id))


def close_round(con, tround_id, now=None):
    tround(con, tround_id)
    con.execute("UPDATE trounds SET status = 'closed', closed_at = ? WHERE id = ? "
                "AND status = 'open'", (now or time.time(), tround_id))


def hands_played(con, tround_id, table_no):
    """Hands played at a table in a tournament round (its sessions that count)."""
    n = 0
    # (the organiser's own hand numbers; a session a spare device continued is counted
    # in its continuation's, which goes on from it; a session placed where its device may
    # not speak counts nothing)
    for s in rows(con, "SELECT s.id FROM sessions s JOIN records r ON r.device = s.device AND "
                       "r.journal = s.journal AND r.seq = s.start_seq AND r.effective = 1 "
                       "WHERE s.tround_id = ? AND s.table_no = ? AND s.refused IS NULL AND "
                       "NOT EXISTS (SELECT 1 FROM sessions c WHERE c.continues = s.id)",
                  (tround_id, table_no)):
        last = one(con, "SELECT hand_no FROM records WHERE session_id = ? AND effective = 1 "
                        "ORDER BY seq DESC LIMIT 1", (s["id"],))
        if last and last["hand_no"]:
            n += last["hand_no"] - 1
    return n


def closes_rounds(con):
    """Whether the event sets hands per tournament round (autoclose has work to do)."""
    return bool(one(con, "SELECT hands_per_tround FROM event WHERE id = 1")["hands_per_tround"])


def hands_per_tround_read(con):
    """The event's hands per round, sent (autoclose's hands=: read there)."""
    return con.execute("SELECT hands_per_tround FROM event WHERE id = 1")


def autoclose(con, table_no=None, now=None, hands=None):
    """Where the event sets hands per tournament round: close the open round once every
    table seated in it has played that many.  table_no: the table that just uploaded
    (while it has not played them, nothing else is checked).  True if it closed one.
    hands: hands_per_tround_read's cursor, if sent before."""
    n = (hands if hands is not None else hands_per_tround_read(con)).fetchone()[0]
    if not n:
        return False
    t = open_tround(con)
    if t is None:
        return False
    if table_no is not None and hands_played(con, t["id"], table_no) < n:
        return False
    tabs = [r["table_no"] for r in rows(con, "SELECT DISTINCT table_no FROM seating "
                                             "WHERE tround_id = ?", (t["id"],))]
    if tabs and all(hands_played(con, t["id"], no) >= n for no in tabs):
        close_round(con, t["id"], now)
        return True
    return False


# -- seating -------------------------------------------------------------------------------

def seating(con, tround_id):
    """{table_no: {"players": [4 player ids by seat], "locked", "source"}}."""
    out = {}
    for r in rows(con, "SELECT * FROM seating WHERE tround_id = ? ORDER BY table_no, seat",
                  (tround_id,)):
        t = out.setdefault(r["table_no"], {"players": [None] * 4, "locked": False,
                                           "source": "generated"})
        t["players"][r["seat"]] = r["player_id"]
    for r in rows(con, "SELECT * FROM seating_meta WHERE tround_id = ?", (tround_id,)):
        if r["table_no"] in out:
            out[r["table_no"]]["locked"] = bool(r["locked"])
            out[r["table_no"]]["source"] = r["source"]
    return out


def check_seating(con, tround_id):
    s = seating(con, tround_id)
    if not s:
        return [Reason("no seating")]
    known = {r["id"] for r in rows(con, "SELECT id FROM players")}
    return seatgen.validate({no: t["players"] for no, t in s.items()}, known)


def set_seating(con, tround_id, tables_, source="manual", keep_locks=True, played_ok=False):
    """Enter a round's seating: {table_no: [4 player ids by seat]} for some or all
    tables (tables not given keep theirs).  Validated whole before anything is written.
    A table that has played hands in the round is changed only by a re-seat with a
    reason (corrections.reseat_table, which passes played_ok)."""
    played = tround(con, tround_id)["status"] != "pending"
    cur = seating(con, tround_id)
    if not played_ok:
        for no, ps in tables_.items():
            no = int(no)
            if no in cur and list(ps) != cur[no]["players"] and hands_played(con, tround_id, no):
                raise ModelError("table %d has played hands in this round: re-seat it with a "
                                 "reason instead", no)
            # hands waiting for a record that never arrived: they would go to the new
            # players once it does
            if played and no in cur and list(ps) != cur[no]["players"] and \
                    waiting_behind_gap(con, tround_id, no):
                raise ModelError("table %s has records waiting behind a gap: re-seat it "
                                 "once they are in", no)
    merged = {no: t["players"] for no, t in cur.items()}
    merged.update({int(no): list(ps) for no, ps in tables_.items()})
    known = {r["id"] for r in rows(con, "SELECT id FROM players")}
    errs = seatgen.validate(merged, known)
    for no in merged:
        if not one(con, "SELECT 1 FROM tables WHERE number = ?", (no,)):
            errs.append(Reason("no table %s", no))
    if errs:
        raise ModelError("%s", errs)
    for no, ps in tables_.items():
        no = int(no)
        con.execute("DELETE FROM seating WHERE tround_id = ? AND table_no = ?", (tround_id, no))
    for no, ps in tables_.items():
        no = int(no)
        for seat, p in enumerate(ps):
            con.execute("INSERT INTO seating VALUES (?, ?, ?, ?)", (tround_id, no, seat, p))
        locked = cur.get(no, {}).get("locked", False) if keep_locks else False
        con.execute("INSERT OR REPLACE INTO seating_meta VALUES (?, ?, ?, ?)",
                    (tround_id, no, int(locked), source))


def lock_table(con, tround_id, table_no, locked=True):
    if not one(con, "SELECT 1 FROM seating_meta WHERE tround_id = ? AND table_no = ?",
               (tround_id, table_no)):
        raise ModelError("table %s has no seating in this round", table_no)
    con.execute("UPDATE seating_meta SET locked = ? WHERE tround_id = ? AND table_no = ?",
                (int(locked), tround_id, table_no))


def past_tables(con, before_number):
    """Earlier rounds' tables (lists of 4 player ids), for meeting counts."""
    out = []
    for t in rows(con, "SELECT id FROM trounds WHERE number < ? ORDER BY number",
                  (before_number,)):
        out.append([s["players"] for s in seating(con, t["id"]).values()])
    return out


def generate_seating(con, tround_id, player_ids=None, seed=None):
    """Generate (or regenerate) a round's seating; locked tables keep theirs.  Returns
    the report: {"tables": {no: [ids]}, "repeated_pairs": n, "teammates_together": n}."""
    t = tround(con, tround_id)
    if player_ids is None:
        player_ids = [r["id"] for r in rows(con, "SELECT id FROM players WHERE active = 1 "
                                                 "ORDER BY id")]
    n = len(player_ids) // 4
    nos = [r["number"] for r in tables(con)]
    if len(player_ids) % 4 or n == 0:
        raise ModelError("%d players to seat: a multiple of 4 needed", len(player_ids))
    if len(nos) < n:
        raise ModelError("%d tables needed, %d registered", n, len(nos))
    cur = seating(con, tround_id)
    # locked tables, and tables that have played hands here, keep their seating
    locked = {no: s["players"] for no, s in cur.items()
              if s["locked"] or hands_played(con, tround_id, no)}
    nos = sorted(set(nos[:n]) | set(locked))[:max(n, len(locked))]
    if len(nos) != n:
        raise ModelError("locked tables outside the %d tables this round needs", n)
    idx = {no: i for i, no in enumerate(nos)}
    e = event(con)
    team = None
    if e["avoid_teammates"]:
        team = {r["id"]: r["team_id"] for r in rows(con, "SELECT id, team_id FROM players")}
    # ghost seats (organiser/event/substitutes.py) kept apart as teammates are: never two
    # empty seats at one table
    ghosts = {r["id"]: -1 for r in rows(con, "SELECT id FROM players WHERE role = 'ghost'")}
    if ghosts:
        team = {**(team or {}), **ghosts}
    past = past_tables(con, t["number"])
    try:
        out = seatgen.generate(player_ids, n, past, team,
                               {idx[no]: ps for no, ps in locked.items()},
                               seed=t["number"] if seed is None else seed)
    except seatgen.SeatingError as err:
        raise ModelError(err.reason.text, *err.reason.values)
    # each table's seat order: the best for its players' winds so far (locked ones kept)
    winds = {p: [0, 0, 0, 0] for p in player_ids}
    for tabs in past:
        for ps in tabs:
            for seat, p in enumerate(ps):
                winds.setdefault(p, [0, 0, 0, 0])[seat] += 1
    out = schedule.balance_winds(out, winds, {idx[no] for no in locked})
    new = {nos[i]: ps for i, ps in enumerate(out) if nos[i] not in locked}
    # tables of the old seating no longer used are dropped
    for no in cur:
        if no not in nos:
            con.execute("DELETE FROM seating WHERE tround_id = ? AND table_no = ?",
                        (tround_id, no))
            con.execute("DELETE FROM seating_meta WHERE tround_id = ? AND table_no = ?",
                        (tround_id, no))
    set_seating(con, tround_id, new, source="generated")
    return seating_report(con, tround_id)


def seating_report(con, tround_id):
    t = tround(con, tround_id)
    s = seating(con, tround_id)
    met = seatgen.meetings(past_tables(con, t["number"]) + [[x["players"] for x in s.values()]])
    team = {r["id"]: r["team_id"] for r in rows(con, "SELECT id, team_id FROM players")}
    together = sum(1 for x in s.values() for a, b in _pairs(x["players"])
                   if team.get(a) is not None and team.get(a) == team.get(b))
    return {"tables": {no: x["players"] for no, x in s.items()},
            "locked": sorted(no for no, x in s.items() if x["locked"]),
            "repeated_pairs": seatgen.repeated_pairs(met),
            "max_meetings": max(met.values()) if met else 0,
            "teammates_together": together,
            "errors": check_seating(con, tround_id)}


def _pairs(ps):
    return [(ps[i], ps[j]) for i in range(4) for j in range(i + 1, 4)]


# -- devices -------------------------------------------------------------------------------

def register_device(con, table_no=None, label="", device_id=None, now=None):
    """A new device: (id, secret hex).  The secret is shown once and stored for checks."""
    if table_no is not None and not one(con, "SELECT 1 FROM tables WHERE number = ?",
                                        (table_no,)):
        raise ModelError("no table %s", table_no)
    device_id = device_id or "d-" + secrets.token_hex(4)
    if not isinstance(device_id, str) or not DEVICE_ID.fullmatch(device_id):
        raise ModelError("device id: 1-32 letters, digits, '-' or '_'")
    if one(con, "SELECT 1 FROM devices WHERE id = ?", (device_id,)) or \
            device_id == "organiser":           # the paper sheets' journals' (paper.py)
        raise ModelError("device %s exists", device_id)
    secret = signing.new_secret()
    con.execute("INSERT INTO devices (id, secret, table_no, label, created_at) "
                "VALUES (?, ?, ?, ?, ?)", (device_id, secret, table_no, label,
                                           now or time.time()))
    return device_id, secret


def bind_device(con, device_id, table_no):
    if not one(con, "SELECT 1 FROM devices WHERE id = ?", (device_id,)):
        raise ModelError("no device %s", device_id)
    if table_no is not None and not one(con, "SELECT 1 FROM tables WHERE number = ?",
                                        (table_no,)):
        raise ModelError("no table %s", table_no)
    con.execute("UPDATE devices SET table_no = ? WHERE id = ?", (table_no, device_id))


def devices(con):
    """Devices without their secrets; what they reported (build, data) and the rest as
    stored values safe to show; `revoked`: whatever the revocation's time reads as."""
    out = rows(con, "SELECT id, table_no, label, created_at, revoked_at, build, data FROM "
                    "devices WHERE id != 'organiser' ORDER BY created_at, id")  # (paper sheets')
    for d in out:
        d["revoked"] = d["revoked_at"] is not None
        d["revoked_at"], d["created_at"] = stored.when(d["revoked_at"]), stored.when(d["created_at"])
        d["build"], d["data"] = stored.text(d["build"], 40), stored.text(d["data"], 40)
        d["label"] = stored.text(d["label"], 200) or ""
    return out


def device_seating(con, dev):
    """What a device pulls: its table's seating for the open tournament round."""
    e = event(con)
    t = open_tround(con)
    names = [str(i + 1) for i in range(4)]
    if t is not None and dev["table_no"] is not None:
        got = rows(con, "SELECT s.seat, p.name FROM seating s JOIN players p ON p.id = "
                        "s.player_id WHERE s.tround_id = ? AND s.table_no = ? ORDER BY s.seat",
                   (t["id"], dev["table_no"]))
        if len(got) == 4:
            names = [g["name"] for g in got]
    out = {"table": dev["table_no"], "tround": t["id"] if t else None,
           "rules": e["rules"], "settings": e["settings"], "players": names, "dealer": 0}
    font = glyphs.names_font(tuple(names))      # the names' characters its font lacks
    if font:
        out["glyphs"] = font
    if e["device_lang"]:
        out["lang"] = e["device_lang"]
    return out


def waiting_behind_gap(con, tround_id, table_no):
    """True while a device of the table (bound to it, or with a session there in the
    round) holds records past a gap in its journal: who played them is not known yet."""
    devices = {r["id"] for r in rows(con, "SELECT id FROM devices WHERE table_no = ?",
                                     (table_no,))}
    devices |= {r["device"] for r in rows(con, "SELECT device FROM sessions WHERE "
                                               "tround_id = ? AND table_no = ?",
                                          (tround_id, table_no))}
    return any(one(con, "SELECT 1 FROM records r JOIN journals j ON j.device = r.device AND "
                        "j.journal = r.journal WHERE r.device = ? AND r.seq > j.acked LIMIT 1",
                   (d,)) for d in devices)
