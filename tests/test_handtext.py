"""A hand as the director types it (organiser/text/handtext.py): the keypad's notation
(what the device's entry screen shows) and the device's context words, read into the
contract's hand and written back; the copy of the device's words and settings the
organiser reads (tablewords.json) up to date with the firmware."""

import random

import pytest

from handgen import random_hand
from organiser.text import handtext
from organiser.text.handtext import HandTextError


def test_the_device_s_notation_is_read_as_the_contract_s_hand():
    # the device's own example (docs/keys.md): pung 111m, chow 456p, concealed kong
    # 2222s, exposed kong of White dragons, a pair of Red dragons won on the second
    h = handtext.parse_win("(111m) (456p) [2222s] (白白白白) 中中", rules="mcr")
    assert h == {"hand": "5z", "win": "5z",
                 "melds": ["pon 111m", "chi 456p", "ankan 2222s", "kan 7777z"]}
    # as the entry screen writes it: the suit letter after the group, sets inside it
    h = handtext.parse_win("12(456)m 3999p 中 中", rules="hk")
    assert h == {"hand": "12m3999p5z", "win": "5z", "melds": ["chi 456m"]}
    # Simplified honours, honours as an English screen keys them, an added kong
    assert handtext.parse_win("123m456p789s 发发 东东", rules="tw")["hand"] == \
        handtext.parse_win("123m456p789s 66z 1z 1z", rules="tw")["hand"] == "123m456p789s166z"
    assert handtext.parse_win("(3333m+) 123p 456p 789p 1z 1z", rules="tw")["melds"] == \
        ["addkan 3333m"]
    # a chow typed out of order is the same chow
    assert handtext.parse_win("(645s) 111z 234m 789m 5p 5p")["melds"] == ["chi 456s"]


@pytest.mark.parametrize("text, why", [
    ("(12m) 55z", "a set is a chow (three in a row)"),
    ("(135m) 55z", "a set is a chow"),
    ("(123z) 55z", "a set is a chow"),
    ("[222m] 55z", "a concealed kong is four alike"),
    ("(111m", "a set is not closed"),
    ("111m) 5z", "closes no set"),
    ("((111m)) 5z", "a set opened inside a set"),
    ("55z 123", "digits without a suit letter"),
    ("m123 5z", "without digits before it"),
    ("8z", "no honour 8z"),
    ("0m 5z", "no tile 0m"),
    ("123m x", "'x' is not a tile"),
    ("55z (111m)", "the winning tile is typed last"),
    ("(111m)", "no winning tile"),
    ("(1m1p1s) 5z", "mixes suits"),
])
def test_a_hand_that_cannot_be_read_says_why(text, why):
    with pytest.raises(HandTextError) as e:
        handtext.parse_tiles(text)
    assert why in str(e.value)


def test_flowers_named_or_counted_as_the_ruleset_keys_them():
    assert handtext.parse_win("123m456p789s 23m 55z 4m", "3", rules="mcr")["flowers"] == "123f"
    for typed in ("花3", "3 flowers", "3花"):
        assert handtext.parse_flowers(typed, "mcr") == [1, 2, 3]
    assert handtext.parse_flowers("春蘭", "hk") == handtext.parse_flowers("1f6f", "hk") == \
        handtext.parse_flowers("16f", "hk") == handtext.parse_flowers("春兰", "hk") == [1, 6]
    # named flowers in Chinese Official too (the count is what they are worth)
    assert handtext.parse_flowers("春夏", "mcr") == [1, 2]
    with pytest.raises(HandTextError, match="named, not counted"):
        handtext.parse_flowers("花3", "hk")
    with pytest.raises(HandTextError, match="named twice"):
        handtext.parse_win("123m456p789s 23m 55z 4m", "春1f", rules="hk")
    with pytest.raises(HandTextError, match="at most 8"):
        handtext.parse_flowers("9", "mcr")
    # a flower typed among the tiles goes to the flowers
    assert handtext.parse_win("春 123m456p789s 23m 55z 4m", rules="hk")["flowers"] == "1f"


def test_context_words_as_the_device_names_them_in_each_language():
    for typed in ("海底/河底, 槓上", "海底 杠上", "last tile, kong replace", "last_tile, kong_replacement",
                  "河底、槓上", "LAST TILE，kong replace"):
        assert handtext.parse_words(typed, "mcr") == ["last_tile", "kong_replacement"], typed
    assert handtext.parse_words("天叮/天敲", "sh") == ["heavenly_ready"]
    assert handtext.parse_words("in 4 discards, 四子", "hk") == ["within_4"]
    with pytest.raises(HandTextError, match="'四子' is not a context word of this ruleset"):
        handtext.parse_words("四子", "mcr")          # Hong Kong's only
    # the help line of the form: the ruleset's words as the device lists them
    assert handtext.words_text(handtext.word_ids("mcr"), "mcr", "zh-Hans").startswith(
        "海底/河底, 杠上, 花上, 绝张")


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
def test_a_hand_written_back_reads_as_the_same_hand(lang):
    """Every hand of the random corpus, written in the device's notation in each language
    and read again, is the same hand (the correction form is filled so)."""
    rng = random.Random(7)
    for i in range(400):
        h = random_hand(rng, 4 if i % 2 else 5)
        h.pop("by")
        if i % 3 == 0:
            h["flowers"] = "".join(sorted(rng.sample("12345678", rng.randrange(1, 4)))) + "f"
        tiles, flowers = handtext.show(h, lang, "hk")
        got = handtext.parse_win(tiles, flowers, "", "hk")
        assert got["hand"] == "".join(handtext._text(sorted(
            handtext._contract_tiles(h["hand"]), key=handtext._order))), (h, tiles)
        assert got["win"] == h["win"] and got.get("flowers") == h.get("flowers")
        assert [m.split()[0] for m in got.get("melds", [])] == \
            [m.split()[0] for m in h["melds"]], (h, tiles)
        if lang == "en":
            assert not any("\u3400" <= c <= "\u9fff" for c in tiles)


def test_the_device_s_words_copied_for_the_organiser_are_up_to_date():
    from host_tools.gen import tablewords
    with open(tablewords.OUT, encoding="utf-8") as f:
        assert f.read() == tablewords.text(), "python -m host_tools.gen.tablewords"
    t = handtext.tables()
    assert t["hk"]["settings"]["quanbao"] is True and t["mcr"]["settings"] == {"base": 8,
                                                                              "hands": 16}
    assert t["tw"]["setting_names"]["zh-Hant"]["per_tai"] == "台錢"
