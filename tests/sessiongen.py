"""Random table sessions for the session tests: event sequences for each ruleset that
exists, with wins (legal and not), draws, flower wins, declarations, undos and bad
events mixed in, and a referee that checks the contract's invariants event by event."""

import copy
import json
import random

from hypothesis import strategies as S

# Hands for win events (the table adds seat, round, dealer and streak).  Their totals
# are whatever the scorer says; some MCR ones are under 8 fan on purpose (refused).
HANDS = {
    "mcr": [
        {"hand": "1122334455667m", "win": "7m"},
        {"hand": "1133557799m224p", "win": "4p"},
        {"hand": "123456789m1235p", "win": "5p"},
        {"hand": "1112223334445z", "win": "5z"},
        {"hand": "2223334445556s", "win": "6s"},
        {"hand": "55566677788m99p", "win": "9p"},
        {"hand": "123m123p123s1z", "melds": ["pon 555z"], "win": "1z"},
        {"hand": "123m345p678s5699s", "win": "7s"},         # under 8 fan: not_legal
        {"hand": "123456789m1235p", "win": "4p"},           # not complete
    ],
    "sh": [
        {"hand": "1122334455667m", "win": "7m"},
        {"hand": "123456789m1235p", "win": "5p"},
        {"hand": "2223334445556s", "win": "6s"},
        {"hand": "123m345p678s5699s", "win": "7s"},
        {"hand": "123456789m1235p", "win": "4p"},           # not complete
    ],
    "tw": [
        {"hand": "123456789m123456p5s", "win": "5s"},
        {"hand": "123456789m12345p99s", "win": "6p"},
        {"hand": "1112223334445556m", "win": "6m"},
        {"hand": "123m456p789s1112223z", "win": "3z"},
        {"hand": "123456789m123456p5s", "win": "5s", "flags": ["last_tile"]},
        {"hand": "123456789m123456p5s", "win": "4s"},        # not complete
    ],
    "hk": [
        {"hand": "123456789m123456p5s", "win": "5s"},
        {"hand": "1112223334445556m", "win": "6m"},           # 間間糊: 全包 on a discard
        {"hand": "11223344556677m99p", "win": "9p"},          # 嚦咕
        {"hand": "111m222p333s444m777z5z", "win": "5z", "flags": ["ready_declared"]},
        {"hand": "123m456p789s123s1z", "melds": ["kan 5555m"], "win": "1z",
         "flags": ["kong_replacement"]},                      # 槓上摸: refused on a discard
        {"hand": "123456789m123456p5s", "win": "4s"},        # not complete
    ],
    "riichi": [
        {"hand": "234m456p678s2355s", "win": "1s"},               # pinfu
        {"hand": "222m456p789s55s77z", "win": "7z"},              # fanpai haku
        {"hand": "2233m4455p6677s8s", "win": "8s", "dora": "7s"},  # chii toitsu tanyao
        {"hand": "1112345678999m", "win": "5m"},                  # chuuren poutou
        {"hand": "345m456p66s67p", "melds": ["chi 234s"], "win": "8p"},   # open tanyao
        {"hand": "123m456p78s5699s", "win": "9s"},                # no yaku on a discard
        {"hand": "234m456p678s2355s", "win": "9s"},               # not complete
    ],
}

RULESETS = ("mcr", "tw", "sh", "hk", "riichi")


def hk_event(rng):
    """One of the Hong Kong table's own events (即時賞罰, flower sets, rule 8, streak)."""
    s = rng.randrange(4)
    name = rng.choice(("ankan", "chase", "call_four", "dice_triple", "dice_123", "caiwu",
                       "wrong_kong", "ankan_unopened", "fake_win", "hua", "cao",
                       "exposed_kong", "streak"))
    if name == "streak":
        return {"event": name, "n": rng.randrange(6)}
    ev = {"event": name, "seat": s}
    if name == "chase":
        ev["rank"] = rng.randrange(10)
    elif name == "caiwu":
        ev["n"] = rng.randrange(1, 7)
    elif name == "exposed_kong":
        ev["from"] = (s + rng.randrange(1, 4)) % 4
    return ev

seat = S.integers(0, 3)


def random_session(rng, rid, n):
    """A random event stream like session()'s, from a seeded random.Random."""
    evs = [{"event": "start", "rules": rid, "dealer": rng.randrange(4),
            "players": ["甲", "乙", "丙", "丁"]}]
    for _ in range(n):
        r = rng.random()
        if r < 0.5:
            w = rng.randrange(4)
            ev = {"event": "win", "winner": w, "hand": dict(rng.choice(HANDS[rid]))}
            if rng.random() < 0.5:
                ev["from"] = (w + rng.randrange(1, 4)) % 4
        elif r < 0.6:
            ev = {"event": "draw"}
        elif r < 0.75:
            ev = {"event": "undo"}
        elif r < 0.85 and rid == "tw":
            ev = {"event": "declare", "seat": rng.randrange(4)}
        elif r < 0.85 and rid == "hk":
            ev = hk_event(rng)
        elif r < 0.85 and rid == "riichi":
            ev = {"event": rng.choice(("riichi", "riichi", "tenpai", "double_riichi", "chombo")),
                  "seat": rng.randrange(4)}
            if rng.random() < 0.15:
                ev = {"event": "double_ron"}
        elif r < 0.9:
            ev = {"event": "flowers", "winner": rng.randrange(4)}
        elif r < 0.95 and rid == "tw":
            ev = {"event": "streak", "n": rng.randrange(25)}
        else:
            ev = rng.choice(BAD)
        evs.append(ev)
    return evs


def long_session(rid, seed, sessions=4, n=30):
    """`sessions` random sessions of n events each, one after the other (every hand of
    HANDS, the heaviest included): the device's long-run memory test and benchmark."""
    rng = random.Random(seed)
    evs = []
    for _ in range(sessions):
        evs += random_session(rng, rid, n)
    return evs


@S.composite
def win_event(draw, rid):
    w = draw(seat)
    ev = {"event": "win", "winner": w, "hand": dict(draw(S.sampled_from(HANDS[rid])))}
    if draw(S.booleans()):
        ev["from"] = (w + draw(S.integers(1, 3))) % 4
    return ev


@S.composite
def flowers_event(draw):
    w = draw(seat)
    ev = {"event": "flowers", "winner": w}
    if draw(S.booleans()):
        ev["from"] = (w + draw(S.integers(1, 3))) % 4
    return ev


BAD = [
    {"event": "bogus"},
    {"event": "win", "winner": 5, "hand": HANDS["tw"][0]},
    {"event": "win", "winner": 1, "from": 1, "hand": HANDS["tw"][0]},
    {"event": "draw", "extra": 1},
    {"event": "declare"},
    {"event": 3},
]


def events(rid):
    common = [win_event(rid), win_event(rid), win_event(rid),
              S.just({"event": "draw"}), S.just({"event": "undo"}), S.just({"event": "undo"}),
              S.sampled_from(BAD)]
    if rid == "tw":
        common += [flowers_event(), S.builds(lambda s: {"event": "declare", "seat": s}, seat),
                   S.builds(lambda n: {"event": "streak", "n": n}, S.integers(0, 25))]
    elif rid == "hk":
        common += [flowers_event(), S.builds(hk_event, S.randoms(use_true_random=False)),
                   S.builds(hk_event, S.randoms(use_true_random=False))]
    else:
        common += [flowers_event()]                      # refused: mcr has no flower win
    return S.one_of(common)


@S.composite
def session(draw, rid, max_events=30):
    start = {"event": "start", "rules": rid, "dealer": draw(seat),
             "players": ["A", "B", "C", "D"]}
    if rid == "tw" and draw(S.booleans()):
        start["settings"] = {"base": draw(S.integers(0, 50)), "per_tai": draw(S.integers(1, 20)),
                             "draw_streak": draw(S.booleans())}
    if rid == "hk" and draw(S.booleans()):
        start["settings"] = {"per_fan": draw(S.integers(1, 20)), "詐糊": draw(S.integers(0, 300)),
                             "quanbao": draw(S.booleans()), "draw_streak": draw(S.booleans())}
    evs = draw(S.lists(events(rid), max_size=max_events))
    if draw(S.booleans()):
        i = draw(S.integers(0, len(evs)))
        evs.insert(i, {"event": "start", "rules": draw(S.sampled_from(RULESETS)),
                       "dealer": draw(seat)})
    return [start] + evs


class Referee:
    """Feeds events to a session and checks every answer against the contract:
    zero-sum deltas, refusals leave the state as it was, undo restores the exact state
    that stood before the undone event."""

    def __init__(self, ses):
        self.ses = ses
        self.before = []          # the state before each accepted, not undone event
        self.accepted = 0
        self.wins = 0
        self.answers = []

    def feed(self, ev):
        ses = self.ses
        prev = copy.deepcopy(ses.state)
        ans = ses.handle(copy.deepcopy(ev))
        self.answers.append(ans)
        json.dumps(ans)                                 # always a JSON value
        if not ans["ok"]:
            assert set(ans) == {"ok", "error"}, ans
            assert ans["error"]["code"] in CODES, ans
            assert ses.state == prev, "a refused event changed the state"
            return ans
        self.accepted += 1
        st = ses.state
        assert sum(ans["deltas"]) + ans.get("outside", 0) == 0, ans
        assert sum(ans["scores"]) == 0 or "outside" in ans, ans
        assert ans["scores"] == st["scores"] and ans["deltas"] == st["deltas"]
        if ev.get("event") == "undo":
            assert st == self.before.pop(), "undo did not restore the previous state"
        else:
            if ev.get("event") == "win":
                self.wins += 1
            self.before.append(prev)
        return ans


CODES = ("bad_json", "bad_field", "bad_tile", "bad_meld", "tile_count", "too_many_copies",
         "not_winning", "bad_event", "no_session", "not_legal", "nothing_to_undo")
