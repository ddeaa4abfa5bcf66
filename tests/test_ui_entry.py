"""The hand entry grammar (firmware/ui/entry.py): what each key makes, what is refused on
the spot and why, and that backspace takes back exactly one key."""

import pytest

from ui import handedit
from ui import entry
from ui.entry import Entry, Refused


def typed(keys, n_sets=4):
    """An entry with keys typed ("~" before a held key)."""
    e = Entry(n_sets)
    held = False
    for k in keys:
        if k == "~":
            held = True
            continue
        e.press(k, held)
        held = False
    return e


def test_tiles_suits_and_the_winning_tile_last():
    e = typed("123456789B1235")
    assert e.count == 13 and not e.done()
    e.press("5")
    assert e.done()
    assert e.hand() == {"hand": "123456789m1235p", "melds": [], "win": "5p"}


def test_modifiers_make_melds_and_cycle_back():
    e = typed("1")
    e.press("0")
    assert e.tokens[-1] == (0, 1) and e.count == 3          # 吃 123m
    e.press("0")
    assert e.tokens[-1] == (0, 0) and e.count == 1          # back to the tile
    e.press("#")
    assert e.tokens[-1] == (0, 2) and e.count == 3          # 碰 111m
    for want in (3, 4, 5, 0):                                # kan, ankan, addkan, tile
        e.press("A")
        assert e.tokens[-1] == (0, want)
    e = typed("3B4#C20D5D")
    assert [m for m in e.tokens] == [(2, 0), (12, 2), (19, 1), (31, 3)]


def test_a_whole_hand_with_melds_reads_as_the_contract():
    e = typed("1#B40C2CCD7D55")
    assert e.done()
    assert e.hand() == {"hand": "5z", "melds": ["pon 111m", "chi 456p", "ankan 2222s", "kan 7777z"],
                        "win": "5z"}
    assert e.show() == "(111)m (456)p [2222]s (白白白白)中中"     # honours as tiles


def test_flowers_before_the_tiles():
    e = typed("D015A1233#B456C789D55", 4)
    assert e.done()
    h = e.hand()
    assert h["flowers"] == "15f"
    assert h["melds"] == ["pon 333m"] and h["win"] == "5z"
    assert h["hand"] == "123m456p789s5z"


@pytest.mark.parametrize("keys,reason", [
    ("D8", "honours are 1 to 7"),
    ("11111", "a fifth 1m"),
    ("8" + "0", "no run from 8m"),
    ("D10", "no run from 1z"),           # 0 after an honour: a run of honours, refused
    ("A0", "type a tile first"),          # 0 first: the flowers; after a suit key: a run
    ("#", "type a tile first"),
    ("D0" + "11", "flower 1 twice"),
    ("D09", "flowers are 1 to 8"),
    ("111" + "1#", "a fifth 1m"),
    ("1111" + "2222" + "3333" + "44#", "too many tiles (14)"),
])
def test_a_key_that_cannot_be_right_is_refused_and_nothing_is_lost(keys, reason):
    e = Entry(4)
    for i, k in enumerate(keys):
        last = i == len(keys) - 1
        if last and reason:
            before = (list(e.keys), list(e.tokens), e.count, bytes(e.copies), e.suit)
            with pytest.raises(Refused) as err:
                e.press(k)
            assert str(err.value) == reason
            assert (list(e.keys), list(e.tokens), e.count, bytes(e.copies), e.suit) == before
        else:
            e.press(k)


def test_backspace_takes_back_one_key():
    e = typed("12#3")
    e.back()
    assert e.keys == list("12#") and e.tokens[-1] == (1, 2) and e.count == 4
    e.back()
    assert e.tokens[-1] == (1, 0) and e.count == 2
    while e.back():
        pass
    assert e.tokens == [] and e.count == 0 and not any(e.copies)


def test_done_only_on_a_single_tile_at_the_full_size():
    e = typed("123456789B123C1")
    assert e.count == 13 and not e.done()
    with pytest.raises(Refused):
        e.press("#")                    # 111s: 15 tiles would be too many
    assert e.count == 13 and e.keys[-1] == "1"
    e.press("2")
    assert e.done() and e.hand()["win"] == "2s"


def test_flowers_as_their_characters_typed_first_with_0():
    e = typed("0158A123")
    assert e.flowers == [1, 5, 8] and e.show() == "春梅竹 123m"
    e.press("D")
    e.press("0")                         # D 0 still reaches the flowers from honours
    assert e.suit == 4


def test_counted_flowers_are_one_digit_and_the_entry_goes_on_in_characters():
    e = Entry(4, counted=True)
    for k in "05123":
        e.press(k)
    assert e.flowers == [1, 2, 3, 4, 5] and e.suit == 0 and e.show() == "花5 123m"
    assert e.hand()["flowers"] == "12345f"
    e = Entry(4, counted=True)
    with pytest.raises(Refused):
        for k in "09":
            e.press(k)


def keys_again(e, n_sets=4, counted=False):
    """The entry's keys typed afresh give the same sets (what * takes back)."""
    f = Entry(n_sets, counted=counted)
    for k in e.keys:
        f.press(k[-1], len(k) > 1)
    return f.tokens, f.flowers, f.count


class Screen:
    """What ui/handedit.py reads of the screens: the entry."""
    def __init__(self, e):
        self.entry = e


def test_editing_changes_moves_and_deletes_any_typed_set():
    e = typed("012A1#B40C2CCD7D5")
    handedit.start(e)
    assert e.cur == 4
    for _ in range(9):
        handedit.key(Screen(e), "A")     # stops at the first set
    assert e.cur == 0 and e.show(0) == "春夏 >(111)m (456)p [2222]s (白白白白)中"
    handedit.key(Screen(e), "B")
    handedit.key(Screen(e), "2")                          # 吃 456p becomes 吃 234p
    assert e.tokens[1] == (10, 1) and "(234)p" in e.show()
    assert keys_again(e) == (e.tokens, e.flowers, e.count)
    handedit.key(Screen(e), "C")         # 234s would need a fifth 2s: 234m
    assert e.tokens[1] == (1, 1)
    with pytest.raises(Refused):
        handedit.change(e, 8)            # no run from 8
    assert e.tokens[1] == (1, 1)
    count = e.count
    assert not handedit.key(Screen(e), "*")
    assert e.count == count - 3 and len(e.tokens) == 4
    assert keys_again(e) == (e.tokens, e.flowers, e.count)
    assert handedit.key(Screen(e), "#") and e.cur is None
    e.back()                             # * still takes back one key
    assert e.count == count - 4


def test_editing_refuses_a_fifth_copy_and_changes_nothing():
    e = typed("1111" + "2")
    handedit.start(e)
    with pytest.raises(Refused) as err:
        handedit.change(e, 1)
    assert str(err.value) == "a fifth 1m" and e.tokens[-1] == (1, 0)


def test_a_held_digit_is_a_concealed_pung_and_0_held_a_concealed_run():
    e = typed("~5" + "2~0" + "B~1" + "D~5")
    assert e.count == 12 and e.keys == ["~5", "2", "~0", "B", "~1", "D", "~5"]
    assert e.tokens == [(4, entry.TRIPLE), (1, entry.RUN), (9, entry.TRIPLE), (31, entry.TRIPLE)]
    assert e.show() == "555234m 111p 中中中"          # shown as their tiles: no meld marks
    e.press("3")
    e.press("3")                                      # the pair, won on the second 3z
    assert e.done()
    # for the scorer they are tiles of the hand: no melds
    assert e.hand() == {"hand": "234555m111p3555z", "melds": [], "win": "3z"}


def test_star_takes_back_a_held_key_whole():
    e = typed("1~0~7")
    e.back()                            # the pung of 7s: all three go
    assert e.keys == ["1", "~0"] and e.count == 3 and e.copies[6] == 0
    e.back()                            # the run: back to its first tile, as after 0
    assert e.tokens == [(0, entry.SINGLE)] and e.count == 1 and e.copies[1] == 0
    e = typed("4~0")
    e.press("0", True)                  # held again: back to the tile, as 0 again
    assert e.tokens == [(3, entry.SINGLE)] and e.count == 1


def test_a_concealed_set_is_never_the_winning_tile():
    # 11 tiles typed: a held set would make the hand whole with no winning tile
    for held in ("~7", "4~0"):
        e = typed("~1~2~3" + "B55" + held[:-2])
        before = (list(e.keys), list(e.tokens), e.count, bytes(e.copies))
        with pytest.raises(Refused) as err:
            e.press(held[-1], True)
        assert str(err.value) == entry.WHOLE
        assert (list(e.keys), list(e.tokens), e.count, bytes(e.copies)) == before
    # typed alone, the last tile is the winning one, whatever was held before it
    e = typed("~1~2~3" + "B5" + "4~0")
    assert e.count == 13 and not e.done()
    e.press("5")
    assert e.done() and e.hand() == {"hand": "111222333m4556p", "melds": [], "win": "5p"}


@pytest.mark.parametrize("keys,reason", [
    ("~0", "type a tile first"),         # held 0 first: not the flowers
    ("D1~0", "no run from 1z"),
    ("8~0", "no run from 8m"),
    ("D~8", "honours are 1 to 7"),
    ("11~1", "a fifth 1m"),
    ("~1~2~3~4~5", "too many tiles (14)"),
])
def test_a_held_key_that_cannot_be_right_is_refused(keys, reason):
    e = typed(keys[:-2])
    before = (list(e.keys), list(e.tokens), e.count, bytes(e.copies), e.suit)
    with pytest.raises(Refused) as err:
        e.press(keys[-1], True)
    assert str(err.value) == reason
    assert (list(e.keys), list(e.tokens), e.count, bytes(e.copies), e.suit) == before


def test_editing_a_concealed_set_keeps_it_concealed():
    e = typed("~2" + "B3~0" + "D1")
    handedit.start(e)
    handedit.key(Screen(e), "A")                  # the run 345p
    handedit.key(Screen(e), "6")                  # 678p, still concealed
    assert e.tokens[1] == (14, entry.RUN) and e.show() == "222m 678p 東"
    assert keys_again(e) == (e.tokens, e.flowers, e.count)
    handedit.key(Screen(e), "C")                  # to 678s (honours cannot take a run)
    assert e.tokens[1] == (23, entry.RUN)
    handedit.key(Screen(e), "A")
    handedit.key(Screen(e), "C")                  # the pung 222m to 222p
    assert e.tokens[0] == (10, entry.TRIPLE) and keys_again(e) == (e.tokens, e.flowers, e.count)


@pytest.mark.parametrize("seed", range(6))
def test_the_hand_shown_as_typed_is_the_hand_shown_afresh(seed):
    """show() keeps the sets before the last as it wrote them (a key changes only the
    last set or adds one): after every key, back, refusal and edit of a random session
    it equals the text of an entry typed afresh with the same keys."""
    import random
    rng = random.Random(seed)
    kw = [{}, {"counted": True}, {"counted": True, "kinds": True}, {"faces": (None, None, "f%d", "f%d1")}][seed % 4]
    e = Entry(4, **kw)
    for _ in range(400):
        r = rng.random()
        try:
            if r < 0.08:
                e.back()
            elif r < 0.12 and e.tokens:
                handedit.start(e)
                for k in rng.choice(["2#", "A3#", "C#", "*", "B*#"]):
                    if e.cur is None:
                        break
                    handedit.key(type("U", (), {"entry": e})(), k)
            else:
                k = rng.choice("1234567890#ABCD1234567")
                e.press(k, rng.random() < 0.1 and k in "1234567890")
        except Refused:
            pass
        if e.done():
            e.back()
        fresh = Entry(4, **kw)
        for k in e.keys:
            fresh.press(k[-1], len(k) > 1)
        assert e.show() == fresh.show(), e.keys
