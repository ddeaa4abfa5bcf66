"""Settlement, deal and wind rules of each ruleset, and the refusal codes, event by event.
Hand totals are taken from the scorer's own answer, never written here."""

import pytest

import contract
import session
from tablecheck import ok, refused, start
from rules import mcr_table, tw_table

MCR_HI = {"hand": "123456789m1235p", "win": "5p"}        # 清龍 and more: legal
MCR_LO = {"hand": "123m345p678s5699s", "win": "7s"}      # under 8 fan
TW_A = {"hand": "123456789m123456p5s", "win": "5s"}      # no honours: seat wind irrelevant
TW_B = {"hand": "123456789m12345p99s", "win": "6p"}


def total(rid, hand, by, **table):
    req = dict(hand, rules=rid, by=by)
    req.update(table)
    ans = contract.score_hand(req)
    assert ans["ok"], ans
    return ans["total"]


def tw_tai(hand, by):
    """The hand's 台 without the dealer's (scored as a non-dealer)."""
    return total("tw", hand, by, dealer=False)


def new(rid, **kw):
    return start(rid, **kw)


# -- the contract's common shape -----------------------------------------------------

def test_start_answer_and_no_session():
    s = session.Session()
    refused(s, {"event": "draw"}, "no_session")
    refused(s, {"event": "undo"}, "nothing_to_undo")
    ans = ok(s, {"event": "start", "rules": "tw", "dealer": 2, "players": ["A", "B", "C", "D"]})
    assert ans == {"ok": True, "hand_no": 1, "round": "E", "dealer": 2, "streak": 0, "huang": 0,
                   "scores": [0, 0, 0, 0], "deltas": [0, 0, 0, 0]}
    refused(s, {"event": "undo"}, "nothing_to_undo")      # nothing stood before the start


@pytest.mark.parametrize("ev,code", [
    ({"event": "start", "rules": "xx"}, "bad_field"),
    ({"event": "start", "rules": "tw", "dealer": 4}, "bad_event"),
    ({"event": "start", "rules": "tw", "players": ["A"]}, "bad_event"),
    ({"event": "start", "rules": "tw", "settings": {"nope": 1}}, "bad_field"),
    ({"event": "start", "rules": "tw", "settings": {"base": -1}}, "bad_field"),
    ({"event": "start", "rules": "tw", "colour": 1}, "bad_event"),
])
def test_bad_start(ev, code):
    refused(session.Session(), ev, code)


def test_table_fields_in_a_win_hand_are_the_tables():
    """A hand that restates seat, round, dealer or streak is taken; the table's values stand."""
    plain = new("tw")
    restated = new("tw")
    want = ok(plain, {"event": "win", "winner": 1, "hand": {"hand": "123456789m123p111z5s", "win": "5s"}})
    got = ok(restated, {"event": "win", "winner": 1, "hand": {
        "hand": "123456789m123p111z5s", "win": "5s", "seat": "E", "round": "N", "dealer": True,
        "streak": 5, "rules": "mcr"}})
    assert got == want


def test_refusals_leave_state():
    s = new("tw")
    ok(s, {"event": "win", "winner": 1, "hand": TW_A})
    for ev, code in [
        ({"event": "bogus"}, "bad_event"),
        ({"nothing": 1}, "bad_event"),
        ({"event": "win", "winner": 4, "hand": TW_A}, "bad_event"),
        ({"event": "win", "winner": 1, "from": 1, "hand": TW_A}, "bad_event"),
        ({"event": "win", "winner": 1, "hand": dict(TW_A, by="discard")}, "bad_event"),
        ({"event": "win", "winner": 1, "from": 2, "hand": dict(TW_A, by="self")}, "bad_event"),
        ({"event": "win", "winner": 1, "hand": {"hand": "123m", "win": "4m"}}, "tile_count"),
        ({"event": "win", "winner": 1, "hand": dict(TW_A, win="4s")}, "not_winning"),
        ({"event": "win", "winner": 1, "hand": dict(TW_A, win="5x")}, "bad_tile"),
        ({"event": "win", "winner": 1}, "bad_event"),
        ({"event": "declare", "seat": 9}, "bad_event"),
        ({"event": "streak", "n": -1}, "bad_event"),
        ({"event": "draw", "x": 1}, "bad_event"),
    ]:
        refused(s, ev, code)


# -- Chinese Official -----------------------------------------------------------------

def test_mcr_discard_and_self_drawn():
    s = new("mcr", dealer=0)
    fan = total("mcr", MCR_HI, "discard", seat="S")
    ans = ok(s, {"event": "win", "winner": 1, "from": 3, "hand": MCR_HI})
    assert ans["deltas"] == [-8, 24 + fan, -8, -8 - fan]
    fan2 = total("mcr", MCR_HI, "self", seat="N")      # hand 2: dealer seat 1, so seat 0 is N
    ans = ok(s, {"event": "win", "winner": 0, "hand": MCR_HI})
    assert ans["deltas"] == [3 * (8 + fan2), -8 - fan2, -8 - fan2, -8 - fan2]
    assert ans["scores"] == [-8 + 3 * (8 + fan2), 24 + fan - 8 - fan2, -16 - fan2, -16 - fan - fan2]


def test_mcr_under_8_refused_and_base_setting():
    s = new("mcr")
    assert contract.score_hand(dict(MCR_LO, rules="mcr", by="discard"))["legal"] is False
    refused(s, {"event": "win", "winner": 1, "from": 2, "hand": MCR_LO}, "not_legal")
    s = new("mcr", settings={"base": 5})
    fan = total("mcr", MCR_HI, "discard", seat="S")
    assert ok(s, {"event": "win", "winner": 1, "from": 2, "hand": MCR_HI})["deltas"] == \
        [-5, 10 + 5 + fan, -5 - fan, -5]


def test_mcr_deal_passes_every_hand_16_hands():
    s = new("mcr", dealer=1)
    dealers, rounds = [], []
    for i in range(16):
        dealers.append(s.state["dealer"])
        rounds.append(s.state["round"])
        ans = ok(s, {"event": "draw"})
        assert ans["streak"] == 0 and ans["hand_no"] == i + 2
    assert rounds == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4
    for p in range(4):
        assert dealers.count(p) == 4
    for r in range(4):                                  # each player deals once a round
        assert sorted(dealers[4 * r:4 * r + 4]) == [0, 1, 2, 3]
    assert dealers[:4] == [1, 2, 3, 0]
    refused(s, {"event": "draw"}, "bad_event")          # the game is over
    refused(s, {"event": "win", "winner": 0, "hand": MCR_HI}, "bad_event")
    ok(s, {"event": "undo"})
    assert s.state["hand_no"] == 16 and not s.state["over"]


def test_mcr_seat_change_scheme():
    """Each player holds every position once over the four rounds, every round is a
    seating, and the winds passed to the scorer make the dealer East."""
    seen = [set() for _ in range(4)]
    for r in range(4):
        assert sorted(mcr_table.SEATS[r]) == [0, 1, 2, 3]
        for i in range(4):
            seen[i].add(mcr_table.SEATS[r][i])
    assert all(x == {0, 1, 2, 3} for x in seen)
    assert mcr_table.SEATS[1] == (1, 0, 3, 2)           # E<->S, W<->N after round 1
    s = new("mcr", dealer=2)
    for h in range(16):
        st = s.state
        winds = [mcr_table.seat_wind(st, p) for p in range(4)]
        assert sorted(winds) == [0, 1, 2, 3]
        assert winds[st["dealer"]] == 0
        ok(s, {"event": "draw"})


def test_mcr_has_no_flower_win_or_declarations():
    s = new("mcr")
    refused(s, {"event": "flowers", "winner": 1}, "bad_event")
    refused(s, {"event": "declare", "seat": 1}, "bad_event")


# -- Taiwan ------------------------------------------------------------------------------

def test_tw_self_drawn_by_other_dealer_pays_more():
    s = new("tw", dealer=0)
    tai = tw_tai(TW_A, "self")
    ans = ok(s, {"event": "win", "winner": 2, "hand": TW_A})
    assert ans["deltas"] == [-(tai + 1), -tai, 3 * tai + 1, -tai]
    assert ans["dealer"] == 1 and ans["streak"] == 0


def test_tw_discard_only_discarder_pays():
    s = new("tw", dealer=0)
    tai = tw_tai(TW_B, "discard")
    ans = ok(s, {"event": "win", "winner": 2, "from": 3, "hand": TW_B})
    assert ans["deltas"] == [0, 0, tai, -tai]
    s = new("tw", dealer=0)
    ans = ok(s, {"event": "win", "winner": 2, "from": 0, "hand": TW_B})
    assert ans["deltas"] == [-(tai + 1), 0, tai + 1, 0]  # the dealer dealt in: +1 台


def test_tw_base_and_money():
    s = new("tw", dealer=0, settings={"底": 30, "台錢": 10})
    tai = tw_tai(TW_B, "discard")
    ans = ok(s, {"event": "win", "winner": 1, "from": 3, "hand": TW_B})
    assert ans["deltas"] == [0, 30 + 10 * tai, 0, -(30 + 10 * tai)]


def test_tw_dealer_streak_and_cap():
    s = new("tw", dealer=1)
    tai = tw_tai(TW_A, "self")
    for n in range(4):
        ans = ok(s, {"event": "win", "winner": 1, "hand": TW_A})
        each = tai + 1 + 2 * n
        assert ans["deltas"] == [-each, 3 * each, -each, -each], n
        assert ans["dealer"] == 1 and ans["streak"] == n + 1
    ok(s, {"event": "streak", "n": 17})
    for n in (17, 18, 19, 30):
        s.state["streak"] = n
        ans = ok(s, {"event": "win", "winner": 1, "hand": TW_A})
        each = tai + 1 + 2 * min(n, 18)
        assert ans["deltas"] == [-each, 3 * each, -each, -each]
    assert tw_table.dealer_tai(18) == 37 == tw_table.dealer_tai(40)
    f = getattr(contract.ruleset("tw"), "dealer_tai", None)
    if f is not None:                                   # the scorer's rule is the same
        assert [f(n) for n in range(25)] == [tw_table.dealer_tai(n) for n in range(25)]


def test_tw_draw_keeps_deal_and_rounds_advance():
    s = new("tw", dealer=3)
    ok(s, {"event": "win", "winner": 3, "hand": TW_A})
    ans = ok(s, {"event": "draw"})
    assert ans["dealer"] == 3 and ans["streak"] == 1 and ans["deltas"] == [0] * 4
    s2 = new("tw", dealer=3, settings={"draw_streak": True})
    assert ok(s2, {"event": "draw"})["streak"] == 1
    rounds = []
    for i in range(8):
        ans = ok(s, {"event": "win", "winner": (s.state["dealer"] + 1) % 4, "hand": TW_A})
        rounds.append((ans["round"], ans["dealer"]))
    assert rounds == [("E", 0), ("E", 1), ("E", 2), ("S", 3), ("S", 0), ("S", 1), ("S", 2),
                      ("W", 3)]


def test_tw_declare_penalty_and_ready_flag():
    s = new("tw", dealer=0)
    tai = tw_tai(TW_B, "discard")
    ok(s, {"event": "declare", "seat": 3})
    refused(s, {"event": "declare", "seat": 3}, "bad_event")
    ans = ok(s, {"event": "win", "winner": 2, "from": 1, "hand": TW_B})
    assert ans["deltas"] == [0, -tai, tai + 1, -1]      # the declarer pays one 台 more
    ok(s, {"event": "declare", "seat": 2})
    ready = total("tw", TW_B, "discard", seat="S", dealer=False, flags=["ready_declared"])
    assert ready == tai + 1                              # 眼牌 1 台
    ans = ok(s, {"event": "win", "winner": 2, "from": 1, "hand": TW_B})
    assert ans["deltas"] == [0, -(ready + 1), ready + 1, 0]   # seat 1 deals now: +1 台
    ok(s, {"event": "declare", "seat": 0})
    ans = ok(s, {"event": "draw"})                       # a draw costs the declarer nothing
    assert ans["deltas"] == [0, 0, 0, 0]
    assert s.state["extras"]["declared"] == []


def test_tw_flower_wins():
    s = new("tw", dealer=0)
    ans = ok(s, {"event": "flowers", "winner": 2})       # 八仙過海
    assert ans["deltas"] == [-9, -8, 25, -8]
    assert ans["dealer"] == 1
    ans = ok(s, {"event": "flowers", "winner": 1, "from": 3})   # 七搶一, dealer wins
    assert ans["deltas"] == [0, 9, 0, -9] and ans["streak"] == 1
    s = new("tw", settings={"base": 100, "per_tai": 10})
    assert ok(s, {"event": "flowers", "winner": 3, "from": 2})["deltas"] == [0, 0, -180, 180]


def test_tw_undo_chain():
    s = new("tw", dealer=0)
    states = [s.state]
    for ev in [{"event": "win", "winner": 0, "hand": TW_A}, {"event": "declare", "seat": 1},
               {"event": "win", "winner": 2, "from": 0, "hand": TW_B}, {"event": "draw"}]:
        ok(s, ev)
        states.append(s.state)
    for want in reversed(states[:-1]):
        ok(s, {"event": "undo"})
        assert s.state == want
    refused(s, {"event": "undo"}, "nothing_to_undo")


def test_tw_scores_with_the_exclusion_pairs_its_text_gives():
    """tw.py keeps the exclusion table's loser/winner pairs as bytes (no text parsed when
    the scorer loads on the device); they are what tw_exclusions reads from the text."""
    from rules import tw, tw_exclusions
    assert tw._PAIRS == tw_exclusions.pairs()
