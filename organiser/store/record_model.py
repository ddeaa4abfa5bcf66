"""What a device may send, as pydantic models: a journal record and each ruleset's events.

Every field the organiser reads is bounded here (seats 0..3, winds 0..3, hand numbers,
payments, lengths of names and lists); fields it keeps without reading (the hand's
tiles, a settlement's detail, a ruleset's state extras) are bounded in size.  A record
that fails is refused whole (400) and nothing of its batch is stored.  The rulesets'
own events are read from their table modules (firmware/rules/<id>_table.py, EVENTS:
the same data the device's engine checks them with), so a new event there is known
here.  Being well-formed is not being true: the organiser's replay of each session
decides what counts."""

import importlib.util
import json
import os
from typing import Annotated, Any, Dict, List, Literal, Optional, Tuple, Union

from pydantic import (BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr,
                      TypeAdapter, ValidationError, field_validator, model_validator)

from organiser.guard.limits import MAX_ID          # a row id the organiser handed out (a session)
from organiser.text.reasons import Reason

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RULES_DIR = os.path.join(ROOT, "firmware", "rules")
RULESETS = ("mcr", "hk", "tw", "sh", "riichi")

MAX_CLOCK_S = 24 * 3600           # a round clock's seconds left, at most
MAX_SEQ = 100000                 # records in one journal (the quota is lower)
MAX_PAYMENT = 10 ** 9            # one hand's payment, either way
MAX_SCORE = 10 ** 12             # a running total
MAX_HAND_NO = 1000
MAX_COUNT = 10000                # streaks, counts, ranks in events
MAX_NAME = 64
MAX_ITEMS = 64
MAX_RECORD_BYTES = 8 * 1024      # one record as canonical JSON
MAX_BLOB = 2048                  # a free-form part (hand, settlement, extras) as JSON
MAX_DEVICE = 64                  # a device id
MAX_TABLE = 10000                # a table number (the director numbers no table beyond)
MAX_TROUND_ID = 10 ** 6          # a tournament round's id

Seat = Annotated[StrictInt, Field(ge=0, le=3)]
Count = Annotated[StrictInt, Field(ge=0, le=MAX_COUNT)]
Pay = Annotated[StrictInt, Field(ge=-MAX_PAYMENT, le=MAX_PAYMENT)]
Score = Annotated[StrictInt, Field(ge=-MAX_SCORE, le=MAX_SCORE)]
Name = Annotated[StrictStr, Field(max_length=MAX_NAME)]
Rules = Literal["mcr", "hk", "tw", "sh", "riichi"]
REPORT = r"^[A-Za-z0-9._+:-]{1,40}$"     # a build or data version: one short plain word


def _small(v, what):
    if len(json.dumps(v, ensure_ascii=False)) > MAX_BLOB:
        raise ValueError("%s: more than %d bytes" % (what, MAX_BLOB))
    return v


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


MAX_SETTING = 99999              # a setting's whole number (Riichi's starting points: 30000)
Setting = Annotated[StrictInt, Field(ge=0, le=MAX_SETTING)]
Settings = Dict[Name, Union[StrictBool, Setting]]    # a ruleset's table settings


class Tag(Strict):
    table: Optional[Annotated[StrictInt, Field(ge=1, le=MAX_TABLE)]] = None
    tround: Optional[Annotated[StrictInt, Field(ge=1, le=MAX_TROUND_ID)]] = None


class Resume(Strict):
    """A spare device's start: where the organiser said the table stood (its seating
    pull's `resume`).  The organiser replays from its own state, not from this."""
    first: Optional[Seat] = None
    dealer: Optional[Seat] = None
    round: Optional[Seat] = None
    hand_no: Optional[Annotated[StrictInt, Field(ge=1, le=MAX_HAND_NO)]] = None
    streak: Optional[Count] = None
    huang: Optional[Count] = None
    passes: Optional[Seat] = None            # the deal's passes in the prevailing wind
    session: Optional[Annotated[StrictInt, Field(ge=1, le=MAX_ID)]] = None


class Start(Strict):
    event: Literal["start"]
    rules: Rules
    dealer: Optional[Seat] = None
    players: Optional[Annotated[List[Name], Field(min_length=4, max_length=4)]] = None
    settings: Optional[Settings] = None
    tag: Optional[Tag] = None
    resume: Optional[Resume] = None


class Win(Strict):
    event: Literal["win"]
    winner: Seat
    # the contract's own spelling for a self-drawn win: no "from", or "from": null
    from_: Optional[Seat] = Field(default=None, alias="from")
    hand: Dict[Name, Any]

    _hand = field_validator("hand")(lambda v: _small(v, "hand"))

    @model_validator(mode="after")
    def _not_self(self):
        if self.from_ == self.winner:
            raise ValueError("from: another seat than the winner")
        return self


class Flowers(Strict):
    event: Literal["flowers"]
    winner: Seat
    from_: Optional[Seat] = Field(default=None, alias="from")


class Draw(Strict):
    event: Literal["draw"]


class Undo(Strict):
    event: Literal["undo"]


class TimeUp(Strict):               # the round's clock reached zero (docs/table.md)
    event: Literal["time_up"]


class Override(Strict):             # the referee lets the table play on past it
    event: Literal["override"]


class Adjust(Strict):               # a director's correction, journaled by the device
    event: Literal["adjust"]           # from a verified answer (docs/upload.md)
    of: Annotated[StrictInt, Field(ge=1, le=MAX_SEQ)]
    id: Annotated[StrictInt, Field(ge=1, le=MAX_ID)]
    p: Annotated[List[Pay], Field(min_length=4, max_length=4)]
    delta: Annotated[List[Pay], Field(min_length=4, max_length=4)]


COMMON = {"start": Start, "win": Win, "flowers": Flowers, "draw": Draw, "undo": Undo,
          "time_up": TimeUp, "override": Override, "adjust": Adjust}


def _table_module(rules):
    spec = importlib.util.spec_from_file_location("_organiser_%s_table" % rules,
                                                  os.path.join(RULES_DIR, "%s_table.py" % rules))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _own_events(rules):
    """{name: model} of a ruleset's own events, from its table module's EVENTS:
    {name: (required seat fields, optional seat fields, whole-number fields)}."""
    mod = _table_module(rules)
    out = {}
    for name, (required, optional, ints) in mod.EVENTS.items():
        fields = {"event": (Literal[name], ...)}
        for k in required:
            fields[k] = (Seat, ...)
        for k in optional:
            fields[k] = (Optional[Seat], None)
        for k in ints:
            fields[k] = (Count, ...)
        out[name] = _model("%s_%s" % (rules, name), fields)
    return out, bool(getattr(mod, "FLOWER_WINS", False))


def _model(name, fields):
    from pydantic import create_model
    return create_model(name, __base__=Strict, **fields)


EVENTS = {}                      # rules: {event name: model}
for _r in RULESETS:
    _own, _flowers = _own_events(_r)
    EVENTS[_r] = dict(COMMON, **_own)
    if not _flowers:
        del EVENTS[_r]["flowers"]


class State(Strict):
    rules: Optional[Rules] = None
    players: Optional[Annotated[List[Name], Field(min_length=4, max_length=4)]] = None
    settings: Optional[Settings] = None
    first: Optional[Seat] = None
    dealer: Optional[Seat] = None
    round: Optional[Seat] = None             # the prevailing wind, 0..3
    hand_no: Optional[Annotated[StrictInt, Field(ge=1, le=MAX_HAND_NO)]] = None
    streak: Optional[Count] = None
    huang: Optional[Count] = None
    scores: Optional[Annotated[List[Score], Field(min_length=4, max_length=4)]] = None
    deltas: Optional[Annotated[List[Score], Field(min_length=4, max_length=4)]] = None
    outside: Optional[Score] = None
    over: Optional[StrictBool] = None
    extras: Optional[Dict[Name, Any]] = None
    # the round clock's: the last hand the table may enter, the referee's override
    time_up: Optional[Annotated[StrictInt, Field(ge=1, le=MAX_HAND_NO)]] = None
    override: Optional[StrictBool] = None
    # the director's corrections the table took: {record seq: [correction id, payments]}
    adj: Optional[Dict[Annotated[StrictStr, Field(max_length=8)],
                       Tuple[Annotated[StrictInt, Field(ge=1, le=MAX_ID)],
                             Annotated[List[Pay], Field(min_length=4, max_length=4)]]]] = None

    _extras = field_validator("extras")(lambda v: _small(v, "extras"))


class Item(Strict):
    id: Union[Annotated[StrictInt, Field(ge=0, le=MAX_COUNT)], Name]
    name: Optional[Name] = None
    value: Optional[Annotated[StrictInt, Field(ge=-MAX_COUNT, le=MAX_COUNT)]] = None
    count: Optional[Annotated[StrictInt, Field(ge=0, le=64)]] = None
    hua: Optional[Count] = None
    multiplier: Optional[Count] = None
    bonus: Optional[StrictBool] = None       # a Hong Kong bonus (B) item of the text
    yakuman: Optional[Annotated[StrictInt, Field(ge=1, le=2)]] = None   # Riichi


class Result(Strict):
    ok: Optional[StrictBool] = None
    rules: Optional[Rules] = None
    unit: Optional[Annotated[StrictStr, Field(max_length=16)]] = None
    total: Optional[Annotated[StrictInt, Field(ge=-MAX_PAYMENT, le=MAX_PAYMENT)]] = None
    legal: Optional[StrictBool] = None
    items: Annotated[List[Item], Field(max_length=MAX_ITEMS)] = []
    hua: Optional[Count] = None
    multiplier: Optional[Count] = None
    # Riichi (docs/rules/riichi.md): han, fu, yakuman, the limit's name, the payment(s)
    han: Optional[Count] = None
    fu: Optional[Count] = None
    yakuman: Optional[Count] = None
    limit: Optional[Annotated[StrictStr, Field(max_length=16)]] = None
    pay: Optional[Annotated[List[Pay], Field(max_length=2)]] = None


class Record(Strict):
    seq: Annotated[StrictInt, Field(ge=1, le=MAX_SEQ)]
    event: Dict[str, Any]
    payments: Optional[Annotated[List[Pay], Field(min_length=4, max_length=4)]] = None
    undoes: Optional[Annotated[StrictInt, Field(ge=1, le=MAX_SEQ)]] = None
    state: Optional[State] = None
    result: Optional[Result] = None
    settlement: Optional[Dict[Name, Any]] = None
    # a version-2 record's (records2.py): the state's digest, the round clock's reading
    # [seconds left, the pull's nonce: 4 hex chars]
    digest: Optional[Annotated[StrictStr, Field(pattern=r"^[0-9a-f]{8}$")]] = None
    clock: Optional[Tuple[Annotated[StrictInt, Field(ge=0, le=MAX_CLOCK_S)],
                          Annotated[StrictStr, Field(pattern=r"^[0-9a-f]{4}$")]]] = None

    _settlement = field_validator("settlement")(lambda v: _small(v, "settlement"))

    @model_validator(mode="after")
    def _event_of_its_ruleset(self):
        name = self.event.get("event")
        rules = self.event.get("rules") if name == "start" else (
            self.state.rules if self.state is not None else None)
        known = EVENTS.get(rules) if rules else None
        if known is None and self.state is None and isinstance(name, str) \
                and name not in COMMON:
            # a version-2 record names no ruleset (no state): an event of one of them,
            # in its shape there (the organiser's replay tells the session's own)
            for r in RULESETS:
                model = EVENTS[r].get(name)
                if model is not None:
                    try:
                        model.model_validate(self.event)
                        return self._undo_checked(name)
                    except ValidationError:
                        pass
        if known is None:                  # no ruleset named: the events all share
            known = COMMON
        model = known.get(name) if isinstance(name, str) else None
        if model is None:
            raise ValueError("event: %r is no event of %s" % (name, rules or "the contract"))
        model.model_validate(self.event)
        return self._undo_checked(name)

    def _undo_checked(self, name):
        if name == "undo" and (self.undoes is None or self.undoes >= self.seq):
            raise ValueError("undoes: an earlier record's seq")
        return self


class SeatingPull(Strict):
    """The seating pull's body (docs/upload.md): the nonce makes each request's bytes
    differ; `build` and `data` are the firmware build and the ruleset data version the
    table grid shows."""
    device: Annotated[StrictStr, Field(min_length=1, max_length=MAX_DEVICE)]
    nonce: Annotated[StrictStr, Field(min_length=1, max_length=64)]
    build: Optional[Annotated[StrictStr, Field(pattern=REPORT)]] = None
    data: Optional[Annotated[StrictStr, Field(pattern=REPORT)]] = None
    v: Optional[Literal[1, 2]] = None       # the protocol's version: 2 asks for the verdict


def _why(e):
    err = e.errors()[0]
    return "%s: %s" % (".".join(str(x) for x in err["loc"]) or "record", err["msg"])


def check_seating(msg):
    """None when a seating pull's body is well-formed, else a short reason."""
    try:
        SeatingPull.model_validate(msg)
    except ValidationError as e:
        return _why(e)
    return None


def check_settings(settings):
    """None when table settings are what a device's start may carry (the event's, which
    the devices pull and start with), else a short reason."""
    try:
        _SETTINGS.validate_python(settings)
    except ValidationError:
        for k, v in (settings.items() if isinstance(settings, dict) else ()):
            if not isinstance(k, str) or len(k) > MAX_NAME:
                return Reason("a name longer than %d characters", MAX_NAME)
            if not (isinstance(v, bool) or (isinstance(v, int) and 0 <= v <= MAX_SETTING)):
                return "%s = %s" % (k, json.dumps(v)[:40])
        return Reason("not an object")
    return None


_SETTINGS = TypeAdapter(Settings)


def check(rec):
    """None when the record is well-formed, else a short reason."""
    try:
        size = len(json.dumps(rec, ensure_ascii=False, separators=(",", ":")).encode())
    except (TypeError, ValueError):
        return "not JSON"
    if size > MAX_RECORD_BYTES:
        return "record of %d bytes (at most %d)" % (size, MAX_RECORD_BYTES)
    try:
        Record.model_validate(rec)
    except ValidationError as e:
        return _why(e)
    return None
