"""One language on every device screen (firmware/ui/labels*.py): a session walks every
screen of every ruleset (status, entry, from, the context words, review, a refusal, draw,
undo, history and a record opened, the events and their fields, settings, a new session
and its confirmation) in each language, and every row it shows is checked: in English no
Chinese character but the players' names; in Simplified Chinese no character only
Traditional Chinese writes, and the other way round."""

import os
import tempfile

import pytest

import session
from eltable import rows
from host_tools import keys
from rules import hk_names, mcr_data, sh, sh_hant, tw
from rules import hk_hans, mcr_hans, tw_hans
from ui import keymap as K
from ui import labels, labels_hans, review, setnames
import ui.ui as U

PLAYERS = ["Ann", "王芳", "Chloé", "Łukasz"]
NAMED = set("".join(PLAYERS))

# each ruleset's win with honours, a kong, a chow and flowers; and a win it refuses
WINS = {
    "mcr": {"hand": "555z666z777z4p", "melds": ["pon 111s"], "win": "4p", "flowers": "123f"},
    "hk": {"hand": "111z222z123m4p", "melds": ["kan 5555z", "chi 234s"], "win": "4p",
           "flowers": "15f"},
    "tw": {"hand": "111z222z123m4p", "melds": ["ankan 5555z", "chi 234s"], "win": "4p",
           "flowers": "15f"},
    "sh": {"hand": "111z345m678m4m", "melds": ["kan 2222m"], "win": "4m", "flowers": "12f"},
    "riichi": {"hand": "555z234m456p67s88s", "win": "5s"},             # haku
}
REFUSED = {
    "mcr": {"hand": "123m345p678s11z55s", "win": "5s"},     # under 8 fan
    "sh": {"hand": "456p789s234m5p", "melds": ["chi 123m"], "win": "5p", "flowers": "1f"},
    "hk": {"hand": "111z222z123m4p", "melds": ["kan 5555z", "chi 234s"], "win": "5p"},
    "tw": {"hand": "111z222z123m4p", "melds": ["kan 5555z", "chi 234s"], "win": "5p"},
    "riichi": {"hand": "234m456p78s11s", "melds": ["chi 123p"], "win": "9s"},  # no yaku
}


def cjk(ch):
    o = ord(ch)
    return (0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0x3000 <= o <= 0x303F
            or 0xFF00 <= o <= 0xFFEF or 0x20000 <= o <= 0x2FFFF)


def chars(*tables):
    out = set()
    for t in tables:
        for v in t:
            out.update(c for c in v if cjk(c))
    return out


def _names(mod):
    return [line for part in mod.NAMES for line in part.split("\n")]


def _labels(mod):
    return ([mod.WINDS, mod.HONOURS, mod.FLOWERS, mod.HINT, mod.HK16, mod.STREAK, mod.CHAIN]
            + list(mod.RULES.values()) + list(mod.WORDS.values()) + list(mod.EVENTS.values())
            + [n[setnames.LANGS.index(LANG_OF[mod])] for n in setnames.NAMES.values()]
            + list(mod.SUITS))


LANG_OF = {labels: "zh-Hant", labels_hans: "zh-Hans"}

# Characters one script writes and the other does not, from the rulesets' own name
# tables in both scripts and the screens' labels in both
HANT = chars(mcr_data.NAMES.split(), [n for p in hk_names.NAMES for n in p.split("\n")],
             [r[1] for r in rows(tw.ELEMENTS)], _names(sh_hant), _labels(labels))
HANS = chars(_names(mcr_hans), _names(hk_hans), _names(tw_hans),
             [r[1] for r in rows(sh.ELEMENTS)], _labels(labels_hans))
TRAD_ONLY = HANT - HANS
SIMP_ONLY = HANS - HANT


def whole(ui):
    """Every line the screen has now (the rows shown, and those below them on the same
    screen, its message too)."""
    mode = ui.mode
    if U.PARTS[mode]:
        title, lines = ui.part(U.PARTS[mode]).show(ui)
    else:
        title, lines = (None, ui.s_entry, ui.s_from, ui.s_review)[mode]()
    # a review's row is (left, right), laid out only when shown
    lines = [" ".join(l) if type(l) is tuple else l for l in lines]
    return [title] + lines + [r.lstrip(U.INV) for r in ui.screen()] + [ui.msg]


class Walk:
    def __init__(self, rid, lang):
        self.rid = rid
        ses = session.Session(os.path.join(tempfile.mkdtemp(), "journal.bin"))
        cfg = {"table": 7, "rules": rid, "settings": {}, "players": list(PLAYERS),
               "dealer": 0, "wifi": {"ssid": "", "password": ""}, "organiser": "",
               "device": "", "secret": "", "lang": lang}
        self.ui = U.UI(ses, cfg, 5, 21, save_cfg=lambda c: None)
        self.seen = []          # (what was pressed, the line)
        self.modes = set()
        self.look("boot")

    def look(self, why):
        self.modes.add(self.ui.mode)
        for line in whole(self.ui):
            if line:
                self.seen.append((why, line))

    def press(self, ks, long=False):
        for k, held in keys.presses(ks):
            self.ui.key(k, long or held)
            self.look(ks)

    def home(self):
        self.ui.key(K.BACK, True)
        self.look("home")

    def walk(self):
        ui = self.ui
        info = keys.ruleset(self.rid)
        self.press("0")                                 # the new-session screen, each ruleset
        self.press(K.NEW_RULES * len(K.RULESETS))
        self.press(K.OK)
        assert ui.ses.state is not None
        self.press(K.PAGE_KEY * 3)                      # the status's pages
        if self.rid == "riichi":                         # seat 2 declares: its ippatsu counts
            self.press("6" + K.OK)
        saved = ui.ses.jseq
        # a win: entry, from (with the context words), review, saved
        ev = {"event": "win", "winner": 1, "from": 2, "hand": WINS[self.rid]}
        ks = keys.event_keys(ev, info)
        self.press(ks[:-2])                             # up to the from screen
        assert ui.mode == U.FROM, whole(ui)
        self.press(K.FLAGS_KEY)                         # every word shown, the first on
        self.press(K.DOWN * len(info[1]) + K.UP * len(info[1]) + K.TOGGLE + K.OK)
        self.press(K.TOGGLE + K.TOGGLE)                 # robbed kong on and off
        self.press(ks[-2])
        assert ui.mode == U.REVIEW, whole(ui)
        self.press(K.DOWN * 12)
        self.press(K.OK)
        assert ui.ses.jseq == saved + 1, whole(ui)
        # a self-drawn win typed key by key, the held-# editor on the way
        self.press("3" + "0" + ("2" if self.rid == "mcr" else "3") + "D5")
        self.press(K.EDIT_KEY, True)
        self.press(K.UP + K.DOWN + K.OK)
        self.press(K.BACK * 40)
        self.home()
        # a win refused (under the minimum, or not whole)
        ev = {"event": "win", "winner": 1, "from": 2, "hand": REFUSED[self.rid]}
        self.press(keys.event_keys(ev, info)[:-1])
        self.press(K.DOWN * 6)
        self.home()
        # a draw, undo, the history and a record opened
        self.press(K.DRAW_KEY + K.DOWN * 6 + K.OK)
        self.press(K.UNDO_KEY + K.DOWN * 12 + K.BACK)
        self.press(K.HISTORY_KEY + K.DOWN + K.UP + K.OK + K.DOWN * 12 + K.BACK + K.BACK)
        self.press(K.HISTORY_KEY + K.DOWN + K.OK + K.DOWN * 12)
        self.home()
        # every event of the ruleset: its fields, its review
        for i, (name, fields) in enumerate(info[2]):
            self.press(K.EVENTS_KEY + K.DOWN * i)
            self.press(K.OK)
            for _, kind in fields:
                self.press("1#" if kind == "int" else "3" if kind == "seat" else K.OK)
            self.home()
        if not info[2]:
            self.press(K.EVENTS_KEY)
        # the settings, each row, an edit
        self.press(K.SETTINGS_KEY)
        self.press(K.DOWN * 30)
        self.press(K.UP * 30)
        self.press(K.OK)                                # the table's number: the editor
        self.press("5" + K.BACK + K.BACK)
        self.home()
        # a new session over the running one asks first
        self.press(K.NEW_KEY + K.OK)
        assert ui.mode == U.CONFIRM
        self.press(K.BACK + K.BACK)
        self.press("5")                                 # a refusal on the status screen
        return self


def lines_with(walk, bad):
    return [(why, line) for why, line in walk.seen if set(line) & bad]


@pytest.mark.parametrize("rid", ("mcr", "hk", "tw", "sh", "riichi"))
def test_an_english_session_shows_no_chinese_but_the_players_names(rid):
    w = Walk(rid, "en").walk()
    # every screen was seen
    assert {U.STATUS, U.ENTRY, U.FROM, U.REVIEW, U.WORDS, U.HISTORY, U.OPENED, U.SETTINGS,
            U.EDIT, U.NEW, U.CONFIRM, U.MENU} <= w.modes | ({U.MENU} if rid == "mcr" else set())
    bad = {c for _, line in w.seen for c in line if cjk(c)} - NAMED
    assert not bad, lines_with(w, bad)[:10]
    text = " ".join(line for _, line in w.seen)
    for said in ("self", "0chi #pon", "draw", "undo", "win"):
        assert said in text, said
    if rid == "mcr":         # the refusal under the minimum names its elements in English
        assert "a win needs 8" in text and "Concealed Hand 2" in text


@pytest.mark.parametrize("rid", ("mcr", "hk", "tw", "sh", "riichi"))
@pytest.mark.parametrize("lang,other", [("zh-Hant", SIMP_ONLY), ("zh-Hans", TRAD_ONLY)])
def test_a_chinese_session_writes_one_script(rid, lang, other):
    w = Walk(rid, lang).walk()
    bad = other - NAMED
    assert not lines_with(w, bad), lines_with(w, bad)[:10]
    text = " ".join(line for _, line in w.seen)
    lb = labels if lang == "zh-Hant" else labels_hans
    for said in (lb.SELF, lb.EVENTS["draw"], lb.EVENTS["undo"], lb.HINT, lb.RULES[rid]):
        assert said in text, said
    # the English that stays is the keys' instructions, never a term of the game
    for word in (" self", "chi #pon", "flower win", " fan", "draws "):
        assert word not in text, [line for _, line in w.seen if word in line][:5]


def test_the_two_scripts_are_told_apart():
    """The check above can fail: each script has characters of its own."""
    assert {"萬", "東", "槓", "連"} <= TRAD_ONLY and {"万", "东", "杠", "连"} <= SIMP_ONLY


def test_the_refusal_under_the_minimum_names_its_elements_in_each_language():
    shown = {}
    for lang in ("en", "zh-Hans", "zh-Hant"):
        w = Walk("mcr", lang)
        w.press("0" + K.OK)
        ev = {"event": "win", "winner": 1, "from": 2, "hand": REFUSED["mcr"]}
        w.press(keys.event_keys(ev, keys.ruleset("mcr"))[:-1])
        assert w.ui.mode == U.FROM and w.ui.why
        shown[lang] = w.ui.why
    assert "counted:" in shown["en"] and not any(cjk(c) for c in shown["en"])
    assert shown["en"].endswith("counted: Concealed Hand 2"), shown["en"]
    assert shown["zh-Hant"].endswith("counted: 門前清 2"), shown["zh-Hant"]
    assert shown["zh-Hans"].endswith("counted: 门前清 2"), shown["zh-Hans"]
    assert not set(shown["zh-Hans"]) & TRAD_ONLY and not set(shown["zh-Hant"]) & SIMP_ONLY
    assert shown["zh-Hans"] != shown["zh-Hant"]


def test_sh_s_refusal_speaks_english_too():
    w = Walk("sh", "en")
    w.press("0" + K.OK)
    ev = {"event": "win", "winner": 1, "from": 2, "hand": REFUSED["sh"]}
    w.press(keys.event_keys(ev, keys.ruleset("sh"))[:-1])
    assert w.ui.mode == U.FROM and "no pattern and 1 hua" in w.ui.why, w.ui.why


def test_after_0_the_hint_row_says_how_many_flowers():
    w = Walk("mcr", "en")
    w.press("0" + K.OK + "2" + "0")
    assert w.ui.screen()[-1].rstrip() == "1-8: how many flowers"
    w.press("3")
    assert "0chi #pon" in w.ui.screen()[-1]
    w = Walk("tw", "zh-Hant")
    w.press("0" + K.OK + "2" + "0")
    assert w.ui.screen()[-1].rstrip() == "1-8 each 花 A-D tiles"
    # Hong Kong: a count too; 2-4 of them are of both kinds unless 0 follows
    for lang, both, one, hint in (("zh-Hant", "花3", "花3一類", "0: 花 all of one kind"),
                                  ("zh-Hans", "花3", "花3一类", "0: 花 all of one kind"),
                                  ("en", "3 flowers", "3 flowers, 1 kind", "0: all of one kind")):
        w = Walk("hk", lang)
        w.press("0" + K.OK + "2" + "0")
        assert w.ui.screen()[-1].rstrip() == ("1-8: how many 花" if lang != "en" else
                                              "1-8: how many flowers")
        w.press("3")
        assert w.ui.screen()[-1].rstrip() == hint and both in w.ui.screen()[1]
        w.press("0")
        assert one in w.ui.screen()[1] and sorted(w.ui.entry.flowers) == [1, 2, 3]
        w.press("0")
        assert one not in w.ui.screen()[1] and sorted(w.ui.entry.flowers) == [1, 2, 5]
        w.press("1")
        assert "0chi #pon" in w.ui.screen()[-1] or "0吃" in w.ui.screen()[-1]


def test_a_chow_of_honours_is_refused_not_taken_for_flowers():
    w = Walk("hk", "en")
    w.press("0" + K.OK + "2" + "D1")
    w.press("0")
    assert w.ui.entry.keys == ["D", "1"] and "no run from 1z" in w.ui.msg
    w.press(K.BACK + K.BACK + "D0")                 # the honours' key, then 0: flowers
    assert w.ui.entry.suit == 4


def test_every_page_of_a_long_review_shows_its_keys():
    w = Walk("hk", "en")
    w.press("0" + K.OK)
    ev = {"event": "win", "winner": 1, "from": 2, "hand": WINS["hk"]}
    w.press(keys.event_keys(ev, keys.ruleset("hk"))[:-1])
    assert w.ui.mode == U.REVIEW and len(review.lines(w.ui)) > 4
    shown = set()
    for _ in range(len(review.lines(w.ui))):
        rows = w.ui.screen()
        assert rows[-1].startswith("# save * back"), rows
        shown.update(r.rstrip() for r in rows[1:-1])
        w.press(K.DOWN)
    assert {ln.rstrip() for ln in review.lines(w.ui)[:-1]} <= shown
