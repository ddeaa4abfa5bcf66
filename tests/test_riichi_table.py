"""Riichi (riichi) table settlement, worked out by hand from the EMA Riichi Competition
Rules 2016 (docs/rules/riichi.md, "At the table"): starting points, riichi sticks,
counters (honba), noten payments, the deal, double ron and head bump, the end of the
hanchan with uma, oka, sticks left and chombo, the table's settings reaching the scorer."""

import pytest

from tablecheck import ok, refused, start, win

PINFU = {"hand": "234m456p678s2355s", "win": "1s"}      # pinfu: 1 han 30 fu on a discard
HAKU = {"hand": "222m456p789s55s77z", "win": "7z"}      # fanpai haku: 1 han 40 fu


def new(**settings):
    if settings:
        return start("riichi", dealer=0, settings=settings)
    return start("riichi", dealer=0)


def ev(s, name, **fields):
    e = {"event": name}
    e.update(fields)
    return ok(s, e)


def test_starting_points():
    assert new().state["scores"] == [30000] * 4
    assert new(starting_points=25000).state["scores"] == [25000] * 4


def test_riichi_stick_goes_to_the_table_and_to_the_winner():
    s = new()
    a = ev(s, "riichi", seat=1)
    assert a["deltas"] == [0, -1000, 0, 0] and a["outside"] == 1000
    ev(s, "riichi", seat=2)
    refused(s, {"event": "riichi", "seat": 1})                 # once a hand
    a = win(s, 1, PINFU, frm=3)        # riichi + pinfu, 2 han 30 fu: 2000, and both sticks
    assert a["deltas"] == [0, 4000, 0, -2000] and a["outside"] == -2000
    assert a["scores"] == [30000, 33000, 29000, 28000]
    assert s.state["extras"]["pot"] == 0


def test_riichi_needs_the_stick():
    s = new(starting_points=500)
    refused(s, {"event": "riichi", "seat": 0})


def test_riichi_in_the_hand_needs_the_declaration():
    s = new()
    refused(s, {"event": "win", "winner": 1, "from": 2, "hand": dict(PINFU, flags=["riichi"])})
    ev(s, "riichi", seat=1)
    a = win(s, 1, PINFU, frm=2)        # the table adds the word: 2000
    assert a["deltas"][1] == 3000


def test_counters_the_dealer_repeat_and_the_pass():
    s = new()
    a = win(s, 0, PINFU, frm=1)                      # the dealer's pinfu: 1500
    assert a["deltas"] == [1500, -1500, 0, 0] and (a["dealer"], a["streak"]) == (0, 1)
    a = win(s, 0, PINFU)                             # dealer tsumo 2 han 20 fu: 700 each + 100
    assert a["deltas"] == [2400, -800, -800, -800] and a["streak"] == 2
    a = win(s, 2, PINFU, frm=0)                      # 1000 + 2 x 300
    assert a["deltas"] == [-1600, 0, 1600, 0]
    assert (a["dealer"], a["streak"], a["hand_no"]) == (1, 0, 4)


def test_non_dealer_tsumo_with_counters():
    s = new()
    ev(s, "draw")                                    # nobody tenpai: the deal passes, 1 counter
    a = win(s, 2, HAKU)                              # menzen tsumo + haku: 1300 / 700, + 100 each
    assert a["deltas"] == [-800, -1400, 3000, -800]  # seat 1 deals now


@pytest.mark.parametrize("tenpai,deltas", [
    ((), [0, 0, 0, 0]),
    ((2,), [-1000, -1000, 3000, -1000]),
    ((1, 3), [-1500, 1500, -1500, 1500]),
    ((0, 1, 2), [1000, 1000, 1000, -3000]),
    ((0, 1, 2, 3), [0, 0, 0, 0]),
])
def test_noten_payments(tenpai, deltas):
    s = new()
    for seat in tenpai:
        ev(s, "tenpai", seat=seat)
    a = ev(s, "draw")
    assert a["deltas"] == deltas
    assert a["streak"] == 1                          # a counter after every exhaustive draw
    assert a["dealer"] == (0 if 0 in tenpai else 1)  # the dealer keeps the deal when tenpai


def test_a_riichi_declarer_is_tenpai_at_the_draw():
    s = new()
    ev(s, "riichi", seat=3)
    a = ev(s, "draw")
    assert a["deltas"] == [-1000, -1000, -1000, 3000]
    assert s.state["extras"]["pot"] == 1            # the stick stays for the next winner
    a = win(s, 2, PINFU, frm=1)                      # 1000 + 300 + the stick
    assert a["deltas"] == [0, -1300, 2300, 0] and a["outside"] == -1000


def test_double_ron_each_winner_paid_with_counters_sticks_to_the_first():
    s = new()
    ev(s, "draw")                                    # 1 counter; seat 1 deals
    ev(s, "riichi", seat=3)
    a = win(s, 0, PINFU, frm=3)                      # 1000 + 300 + the stick
    assert a["deltas"] == [2300, 0, 0, -1300]
    assert (a["dealer"], a["hand_no"]) == (2, 3)
    a = ev(s, "double_ron")                          # the same discard, again
    assert (a["dealer"], a["streak"], a["hand_no"]) == (1, 1, 2)
    a = win(s, 1, HAKU, frm=3)                       # the dealer: 2000 + 300, no stick
    assert a["deltas"] == [0, 2300, 0, -2300] and a["outside"] == 0
    assert (a["dealer"], a["streak"], a["hand_no"]) == (1, 2, 3)   # the dealer won: he keeps


def test_double_ron_on_another_discard_refused():
    s = new()
    win(s, 1, PINFU, frm=3)
    ev(s, "double_ron")
    refused(s, {"event": "win", "winner": 2, "from": 0, "hand": PINFU})


def test_a_double_ron_half_entered_takes_its_winner_or_undo_first():
    """A draw, a declaration or the game's end while the second winner is awaited would
    leave the double ron open (a later win then read a snapshot that was gone)."""
    s = new()
    win(s, 1, PINFU, frm=3)
    ev(s, "double_ron")
    for bad in ({"event": "draw"}, {"event": "riichi", "seat": 0},
                {"event": "tenpai", "seat": 2}, {"event": "end"}):
        refused(s, bad)
    ev(s, "undo")                                    # the double ron taken back
    a = ev(s, "draw")
    assert a["streak"] == 1


def test_head_bump_setting():
    s = new(double_ron=False)
    win(s, 1, PINFU, frm=3)
    refused(s, {"event": "double_ron"})
    s = new()
    win(s, 1, PINFU)                                 # a tsumo: no double ron after it
    refused(s, {"event": "double_ron"})


def test_the_hanchan_ends_after_south_four_with_uma():
    s = new()
    for _ in range(7):
        ev(s, "draw")                                # all noten: the deal passes each time
    assert (s.state["round"], s.state["dealer"], s.state["streak"]) == (1, 3, 7)
    ev(s, "riichi", seat=0)
    a = win(s, 0, PINFU, frm=1)                      # 2000 + 7 x 300 + the stick
    assert a["deltas"] == [5100, -4100, 0, 0]
    assert s.state["over"] is True
    # 34100, 30000, 30000, 25900: seats 2 and 3 tie for second and share 5000 - 5000
    assert s.state["extras"]["final"] == [4100 + 15000, -4100 - 15000, 0, 0]
    refused(s, {"event": "draw"})


def test_east_only_game():
    s = new(length=1)
    for _ in range(4):
        ev(s, "draw")
    assert s.state["over"] is True


def test_the_dealer_of_the_last_hand_repeats():
    s = new(length=1)
    for _ in range(3):
        ev(s, "draw")
    ev(s, "tenpai", seat=3)
    ev(s, "draw")                                    # the last dealer tenpai: no end (no agari yame)
    assert s.state["over"] is False and s.state["dealer"] == 3


def test_sticks_left_go_to_first_place():
    s = new()
    win(s, 0, PINFU, frm=1)                          # 31500 28500 30000 30000
    ev(s, "riichi", seat=2)                          # 29000 and a stick on the table
    a = ev(s, "end")
    assert s.state["extras"]["final"] == [1500 + 15000 + 1000, -1500 - 15000, -1000 - 5000, 5000]
    assert sum(s.state["extras"]["final"]) == 0
    s = new(leftover_to_first=False)                 # WRC: the stick is lost
    win(s, 0, PINFU, frm=1)
    ev(s, "riichi", seat=2)
    ev(s, "end")
    assert s.state["extras"]["final"] == [1500 + 15000, -1500 - 15000, -1000 - 5000, 5000]


def test_oka_to_first_place():
    s = new(starting_points=25000, return_points=30000)
    win(s, 0, PINFU, frm=1)                          # 26500 23500 25000 25000
    ev(s, "end")
    assert s.state["extras"]["final"] == [-3500 + 35000, -6500 - 15000, -5000, -5000]


def test_chombo_after_uma():
    s = new()
    ev(s, "chombo", seat=2)
    ev(s, "end")
    # all at 30000: four tied places share the uma (0 each), then 20000 off seat 2
    assert s.state["extras"]["final"] == [0, 0, -20000, 0]
    ev(s, "chombo", seat=3)                          # after the end: off the result directly
    assert s.state["extras"]["final"] == [0, 0, -20000, -20000]


def test_settings_reach_the_scorer():
    s = new()
    ev(s, "double_riichi", seat=1)                   # daburu riichi + ippatsu + pinfu: 4 han 30 fu
    a = win(s, 1, dict(PINFU, flags=["ippatsu"]), frm=2)
    assert a["deltas"][2] == -7700
    s = new(kiriage=True)
    ev(s, "double_riichi", seat=1)
    a = win(s, 1, dict(PINFU, flags=["ippatsu"]), frm=2)
    assert a["deltas"][2] == -8000                   # kiriage mangan
    s = new(open_tanyao=False)
    refused(s, {"event": "win", "winner": 1, "from": 2,
                "hand": {"hand": "345m456p66s67p", "win": "8p", "melds": ["chi 234s"]}},
            "not_legal")


def test_club_rules_bits_reach_the_scorer():
    hand = {"hand": "111m999m111p999p1s", "win": "1s"}    # chinroutou + suu ankou tanki
    s = new()
    assert win(s, 1, hand, frm=2)["deltas"][2] == -32000         # one yakuman (EMA)
    s = new(club_rules=2)                                        # multiple_yakuman
    assert win(s, 1, hand, frm=2)["deltas"][2] == -96000         # 1 + 2 (a double form)
    s = new(club_rules=4)                                        # renhou_yakuman
    a = win(s, 1, dict(PINFU, flags=["human"]), frm=2)
    assert a["deltas"][2] == -32000


def test_red_fives_setting():
    s = new()
    refused(s, {"event": "win", "winner": 1, "from": 2, "hand": dict(PINFU, aka=1)})
    s = new(red_fives=3)
    a = win(s, 1, dict(PINFU, aka=1), frm=2)         # pinfu + aka dora: 2 han 30 fu
    assert a["deltas"][2] == -2000


def test_undo_restores_sticks_and_counters():
    s = new()
    ev(s, "riichi", seat=1)
    before = dict(s.state["extras"])
    win(s, 1, PINFU, frm=2)
    a = ev(s, "undo")
    assert a["scores"] == [30000, 29000, 30000, 30000]
    assert s.state["extras"]["pot"] == before["pot"] == 1
