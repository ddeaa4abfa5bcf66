"""Pao (RCR 3.3.9; RCR 2012 3.3.6's words): the player who feeds the third dragon pung
(or kong) to a hand with two dragon pungs melded, or the fourth wind to three, pays the
whole hand should it win dai sangen (dai suushii) on a self-draw; on another's discard
the two share it.  docs/rules/riichi.md, "At the table" (event `pao`).  Every figure
worked out by hand: a non-dealer's yakuman is 32,000 (base 8,000 x 4), the dealer's
48,000; a counter 300."""

from tablecheck import ok, refused, start, win

# seat 2's dai sangen: three dragon pungs melded, a single wait on the 5p pair
DAISANGEN = {"hand": "234m5p", "melds": ["pon 555z", "pon 666z", "pon 777z"], "win": "5p"}
# dai suushii: four wind pungs melded, a single wait
DAISUUSHII = {"hand": "5p", "melds": ["pon 111z", "pon 222z", "pon 333z", "pon 444z"],
              "win": "5p"}
PINFU = {"hand": "234m456p678s2355s", "win": "1s"}


def table():
    s = start("riichi", dealer=0)
    ok(s, {"event": "pao", "seat": 1, "winner": 2})     # seat 1 fed seat 2's third dragon
    return s


def test_self_drawn_the_liable_player_pays_it_all():
    s = table()
    a = win(s, 2, DAISANGEN)
    assert a["deltas"] == [0, -32000, 32000, 0]


def test_on_another_discard_the_two_share_it_the_counters_the_discarders():
    s = start("riichi", dealer=0)
    win(s, 0, PINFU, frm=1)                 # the dealer wins: 1 counter
    ok(s, {"event": "pao", "seat": 1, "winner": 2})
    a = win(s, 2, DAISANGEN, frm=3)
    assert a["deltas"] == [0, -16000, 32300, -16300]


def test_self_drawn_with_counters_the_liable_player_pays_them_too():
    s = start("riichi", dealer=0)
    win(s, 0, PINFU, frm=1)
    ok(s, {"event": "pao", "seat": 3, "winner": 2})
    a = win(s, 2, DAISUUSHII)               # not cumulative: one yakuman, 32,000
    assert a["deltas"] == [0, 0, 32300, -32300]


def test_on_the_liable_players_own_discard_as_any_win():
    s = table()
    a = win(s, 2, DAISANGEN, frm=1)
    assert a["deltas"] == [0, -32000, 32000, 0]


def test_the_dealers_yakuman_and_the_sticks():
    s = start("riichi", dealer=0)
    ok(s, {"event": "riichi", "seat": 3})
    ok(s, {"event": "pao", "seat": 1, "winner": 0})
    a = win(s, 0, DAISANGEN)                # the dealer's: 48,000, + the stick on the table
    assert a["deltas"] == [49000, -48000, 0, 0]


def test_another_winner_or_another_hand_pays_as_usual():
    s = table()
    a = win(s, 3, PINFU)                    # not the hand the liability is for
    assert a["deltas"] == [-700, -400, -400, 1500]
    a = win(s, 2, DAISANGEN)                # a new hand (seat 1 deals): the liability
    assert a["deltas"] == [-8000, -16000, 32000, -8000]     # went with the last


def test_refused_to_oneself_and_twice_a_hand_and_undone():
    s = start("riichi", dealer=0)
    refused(s, {"event": "pao", "seat": 2, "winner": 2})
    ok(s, {"event": "pao", "seat": 1, "winner": 2})
    refused(s, {"event": "pao", "seat": 3, "winner": 2})
    ok(s, {"event": "undo"})
    assert "pao" not in s.state["extras"]
    a = win(s, 2, DAISANGEN)
    assert a["deltas"] == [-16000, -8000, 32000, -8000]
