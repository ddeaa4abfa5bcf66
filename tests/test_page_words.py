"""The pages' own words in the visitor's language (organiser/text/words.py).

Two checks that do not trust each other: every template is read with Jinja's own lexer
and no English word may be left in its literal text (each goes through `_()`, whose
every word must be in the table with both scripts); and every page of a played event is
fetched in zh-Hant and zh-Hans and its visible text must hold no English word but the
event's own data (names, ids, tile notation) and a few names that stay as they are."""

import ast
import glob
import html.parser
import os
import random
import re
import runpy
import shutil
import tempfile

import httpx
import jinja2
import pytest

from host_tools.sim import organiser_demo as demo
from organiser.pages.admin import base as admin_base
from organiser.event import clock, corrections, tournament
from organiser.results import views
from organiser.text import words
from organiser.league import ranking

HERE = os.path.dirname(os.path.abspath(__file__))
TEMPLATES = os.path.join(HERE, "..", "organiser")          # its templates and the league's
ORGANISER = os.path.join(HERE, "..", "organiser")
PAGES_PY = sorted(glob.glob(os.path.join(ORGANISER, "pages", "**", "*.py"), recursive=True))
# the director's set-up pages, still written in English only (their menu and titles are
# translated); a template moved out of this list must pass like the others
ENGLISH_ONLY = set()
# words that stay as written in every language: a key's name, a language's own name, the
# names of the engine's context words and melds as they are typed
KEPT = {"Ctrl", "English", "last_tile", "kong_replacement", "chi",
        "pon", "kan", "ankan", "e.g"}
SHOWN_ATTRS = ("placeholder", "title", "aria-label", "alt")
WORD = re.compile(r"[A-Za-z][A-Za-z_'.-]*[A-Za-z]")
HAN = re.compile(r"[\u3400-\u9fff]")


def _not_in(text, codec):
    """The Chinese characters of text that codec cannot write: GB 2312 holds Simplified
    characters only, Big5 Traditional ones, so a character left unconverted in a
    Simplified word (or a Simplified one in a Traditional word) shows here."""
    out = []
    for ch in HAN.findall(text):
        try:
            ch.encode(codec)
        except UnicodeEncodeError:
            out.append(ch)
    return out


def _template_names():
    return sorted(os.path.relpath(p, TEMPLATES).replace(os.sep, "/")
                  for d in ("templates", os.path.join("league", "templates"))
                  for p in glob.glob(os.path.join(TEMPLATES, d, "**", "*.html"), recursive=True))


def _lex(name):
    with open(os.path.join(TEMPLATES, name), encoding="utf-8") as f:
        return list(jinja2.Environment().lex(f.read()))


def _looked_up(tokens):
    """The string literals a template passes to _() or say() first."""
    out = []
    for i, (_, kind, value) in enumerate(tokens):
        if kind == "name" and value in ("_", "say"):
            rest = [t for t in tokens[i + 1:i + 5] if t[1] != "whitespace"]
            if rest[0][2] == "(" and rest[1][1] == "string":
                out.append(jinja2.Environment().from_string(
                    "{{ %s }}" % rest[1][2]).render())
    return out


def _english_left(tokens):
    """English words in a template's literal text and shown attributes: its data tokens
    joined (each Jinja part a blank), tags taken out."""
    parts, in_class, names = [], False, []
    for _, kind, v in tokens:
        if kind == "name":
            names = (names + [v])[-2:]
            if names[0] == "block":
                in_class = v.endswith("_class")      # a class name, not text
            elif v == "endblock":
                in_class = False
        parts.append(v if kind == "data" and not in_class else " \x00 ")
    text = "".join(parts)
    text = re.sub(r"<(script|style|code|pre)\b.*?</\1>", " ", text, flags=re.S)
    shown = re.findall(r'\b(?:%s)="([^"]*)"' % "|".join(SHOWN_ATTRS), text)
    text = re.sub(r"<[^>]*>", " ", text)
    text = re.sub(r"&[a-z]+;|&#\d+;", " ", text)
    return _unkept(w for chunk in [text] + shown for w in WORD.findall(chunk))


def _unkept(found):
    """The words not kept as written: KEPT, and codes in capitals (DEU, CSV, PORT)."""
    return sorted({w for w in found if w not in KEPT and not re.fullmatch(r"[A-Z]{2,4}", w)})


@pytest.mark.parametrize("name", _template_names())
def test_a_template_has_no_english_of_its_own(name):
    left = _english_left(_lex(name))
    if name in ENGLISH_ONLY:
        assert left, "%s is translated now: take it out of ENGLISH_ONLY" % name
    else:
        assert not left, "%s: words not passed through _(): %s" % (name, left)


def _python_words():
    """The words the organiser's code hands to the pages to be said: titles, menus,
    statuses, flags, the hand log's lines, the exports' labels."""
    out = set(views.FIX_WORDS.values()) | set(views.HELD_WORDS.values())
    out |= {label for label, _, _ in views.EXPORTS + views.MCR_EXPORTS}
    out |= {label for _, label in admin_base.MENU}
    out |= set(corrections.KINDS) | {"ok", "corrected", "disputed", "refused", "late"}
    out |= {"pending", "open", "closed", "finished", "stuck", "no sync", "no device"}
    out |= set(views.WINDS) | set(tournament.RULESET_NAMES.values())
    out |= set(ranking.MEASURE_NAMES.values())
    views_py = os.path.join(ORGANISER, "results", "views.py")
    for path in PAGES_PY + [views_py]:
        with open(path, encoding="utf-8") as f:
            src = f.read()
        # a page's title as words or (words, values...); a hand log's or grid's line
        out |= set(re.findall(r'title=\(?"([^"]+)"', src))
        if path == views_py:
            out |= set(re.findall(r'return \("([^"]+)"', src))
    for path in PAGES_PY:
        # the director's messages: said(request, words, ...), either of two words
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for call in ast.walk(tree):
            if isinstance(call, ast.Call) and getattr(call.func, "id", None) == "said":
                arg = call.args[1]
                for c in (arg.body, arg.orelse) if isinstance(arg, ast.IfExp) else (arg,):
                    if isinstance(c, ast.Constant):
                        out.add(c.value)
    out |= {"running", "paused"} | set(clock.STATE_WORDS.values())   # a clock's states
    # the rulesets' own table events and their fields, as the device's screens name them
    labels = runpy.run_path(os.path.join(HERE, "..", "firmware", "ui", "labels.py"))
    out |= set(labels["EVENTS"]) - set(views.OWN_EVENTS) - {"start"}     # (a line of their own)
    out |= set(labels["FIELDS"]) | set(views.SEAT_FIELDS)
    for path in glob.glob(os.path.join(HERE, "..", "firmware", "rules", "*.py")):
        out |= set(re.findall(r'^UNIT = "([^"]+)"', open(path, encoding="utf-8").read(), re.M))
    return out - {"%s"}


def test_every_word_looked_up_is_in_the_table_in_both_scripts():
    wanted = set(_python_words())
    for name in _template_names():
        if name not in ENGLISH_ONLY:
            wanted |= set(_looked_up(_lex(name)))
    assert len(wanted) > 200
    missing = sorted(w for w in wanted if w not in words.WORDS)
    assert not missing, missing
    for en, (hant, hans) in words.WORDS.items():
        marks = re.findall(r"%[0-9]*[sd]", en)
        assert re.findall(r"%[0-9]*[sd]", hant) == marks == re.findall(r"%[0-9]*[sd]", hans), en
        assert len(hant) == len(hans) and hant != en, en
        assert not _not_in(hans, "gb2312"), (en, hans, _not_in(hans, "gb2312"))
        assert not _not_in(hant, "big5"), (en, hant, _not_in(hant, "big5"))
        if _not_in(hant, "gb2312"):                   # Traditional forms: converted
            assert hant != hans, en


def _refusals():
    """Why the organiser refuses a director's form: the words of every ModelError (and
    ClockError, SeatingError, a seating's Reason) made in organiser/, its first argument
    where that is written out ("%s": values only, a list of reasons); and
    the field names a page's checks put in them (a Word: whole's `what`, and the like)."""
    said_arg = {"whole": 1, "whole_or_none": 1, "_int": 1, "_opt_int": 1, "_minutes": 1,
                "_seat_field": 2, "Word": 0}
    reasons, named = set(), set()
    for path in glob.glob(os.path.join(HERE, "..", "organiser", "**", "*.py"), recursive=True):
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        api = path.endswith("_api.py")              # (the API answers in English)
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            name = getattr(call.func, "id", getattr(call.func, "attr", None))
            first = call.args[0] if call.args else None
            if name in ("ModelError", "ClockError", "SeatingError", "Reason") and \
                    isinstance(first, ast.Constant):
                reasons.add(first.value)
            i = None if api else said_arg.get(name)
            if i is not None and len(call.args) > i and isinstance(call.args[i], ast.Constant):
                named.add(call.args[i].value)
    named |= set(clock.STATE_WORDS.values()) | {"last name", "first name"}
    return reasons - {"%s"}, named


def test_every_refusal_reason_is_in_the_table():
    reasons, named = _refusals()
    assert len(reasons) > 70 and {"no table %s", "round", "points"} <= reasons | named
    missing = sorted(w for w in reasons | named if w not in words.WORDS)
    assert not missing, missing


def test_the_table_file_refuses_a_malformed_or_repeated_line(tmp_path):
    good = tmp_path / "good.tsv"
    good.write_text("# a comment\n\nHand\t局\t局\nDraw\t流局\t流局\n", encoding="utf-8")
    assert words._load(str(good)) == {"Hand": ("局", "局"), "Draw": ("流局", "流局")}
    for bad in ("Hand\t局\n", "Hand\t局\t局\tx\n", "Hand\t\t局\n",
                "Hand\t局\t局\nHand\t手\t手\n"):
        path = tmp_path / "bad.tsv"
        path.write_text(bad, encoding="utf-8")
        with pytest.raises(ValueError):
            words._load(str(path))


def test_words_say_values_as_given():
    """A value passed to a word is put in as it is, in either script: never looked up."""
    from organiser.live.render import templates
    page = templates.env.from_string("{{ _('Table %d', 7) }} {{ _('round %s', 'Table') }}")
    assert page.render(names_lang="zh-Hant") == "第 7 桌 第 Table 輪"
    assert page.render(names_lang="zh-Hans") == "第 7 桌 第 Table 轮"
    assert page.render(names_lang=None) == "Table 7 round Table"
    assert page.render(names_lang="en") == "Table 7 round Table"
    # a stored value of another type than the words want: shown, the page not broken
    assert words.say("%d tables", "zh-Hant", "x") == "%d 桌 x"
    assert words.say(["open"], "zh-Hans") == ["open"] and words.t(None, "zh-Hant") is None


# -- every page of a played event, in both Chinese scripts ---------------------------------
PASSWORD = "bamboo-garden-2026"
TEAMS = {"青龍隊": ["陳大文", "李小龍", "黃嘉豪", "陳美玲"],
         "白虎隊": ["張偉", "李美", "何俊", "劉珊"]}


class _Visible(html.parser.HTMLParser):
    """The text a visitor reads: text nodes outside script and style, and the shown
    attributes; <code>/.mono parts (commands, device/journal/seq) left out."""

    def __init__(self):
        super().__init__()
        self.out, self.skip = [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.out += [a[k] for k in SHOWN_ATTRS if a.get(k)]
        if tag == "option" and a.get("value") is not None:
            pass
        mono = tag in ("script", "style", "code", "textarea") or "mono" in (a.get("class") or "")
        if tag not in ("input", "br", "meta", "link", "img"):
            self.skip.append(mono or (self.skip[-1] if self.skip else False))

    def handle_endtag(self, tag):
        if tag not in ("input", "br", "meta", "link", "img") and self.skip:
            self.skip.pop()

    def handle_data(self, data):
        if not (self.skip and self.skip[-1]):
            self.out.append(data)


def _english_on_page(text, data):
    p = _Visible()
    p.feed(text)
    shown = " ".join(p.out)
    for d in sorted(data, key=len, reverse=True):
        shown = re.sub(r"(?<![A-Za-z])%s(?![A-Za-z])" % re.escape(d), " ", shown)
    shown = re.sub(r"\b\d+[mpszf]\b|\b\d+\s*[mpsz]\b", " ", shown)   # tile notation
    return _unkept(WORD.findall(shown))


@pytest.fixture(scope="module")
def played():
    folder = tempfile.mkdtemp(prefix="organiser-words-")
    db = os.path.join(folder, "organiser.db")
    ev = demo.setup_event(db, name="雲龍盃", rules="mcr", teams=TEAMS, rounds=2,
                          password=PASSWORD)
    with demo.serve(db) as url:
        demo.play_round(url, ev["devices"], folder, random.Random(5), [5, 4], "mcr")
        client = httpx.Client(base_url=url, follow_redirects=True)
        r = client.post("/admin/login", data={"name": "director", "password": PASSWORD,
                                              "next": "/admin"})
        assert r.status_code == 200
        log = client.get("/tables/1").text
        target = re.search(r'corrections/hand\?target=([^"]+)"', log).group(1)
        page = client.get("/admin/corrections/hand?target=" + target).text
        token = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
        payments = [int(v) for v in re.findall(r'name="p\d" type="number" value="(-?\d+)"',
                                               page)]
        r = client.post("/admin/corrections/payments", data=dict(
            csrf=token, target=target, from_hand="1", why="換錯分",
            **{"p%d" % i: v for i, v in enumerate(payments)}))
        assert r.status_code == 200
        journals = re.findall(r"journal ([0-9a-f]+)", log + client.get("/tables/2").text)
        data = [d for d, _ in ev["devices"].values()] + [target, "mcr", "director"]
        data += [j for j in journals] + [target.split("/")[1]]
        data += [n for ps in TEAMS.values() for n in ps] + list(TEAMS) + ["雲龍盃"]
        # the rulesets' and languages' codes, the devices' label
        data += list(tournament.RULESET_NAMES) + list(tournament.DEVICE_LANGS) + ["demo"]
        yield dict(client=client, target=target, data=data)
        client.close()
    shutil.rmtree(folder, ignore_errors=True)


PAGES = ("/", "/tables", "/tables/1", "/tables/2", "/players/1", "/exports",
         "/print/seating", "/print/sheets", "/print/results", "/admin/corrections",
         "/admin/corrections/hand?table=1&round=1&game=1&hand=1", "/admin", "/admin/rounds",
         "/admin/rounds/1", "/admin/rounds/2", "/admin/clock", "/admin/devices",
         "/admin/penalties", "/admin/substitutes", "/admin/refused", "/projector")


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_every_page_of_a_played_event_is_in_chinese(played, lang):
    client = played["client"]
    seen = set()
    for path in PAGES:
        sep = "&" if "?" in path else "?"
        r = client.get(path + sep + "lang=" + lang)
        assert r.status_code == 200, path
        left = _english_on_page(r.text, played["data"])
        assert not left, (path, left)
        seen.add(path)
    # the words really changed script, and English is back on asking
    page = client.get("/tables/1?lang=" + lang).text
    assert words.t("Result and elements", lang) in page
    assert ("第 1 輪" if lang == "zh-Hant" else "第 1 轮") in client.get(
        "/print/seating?lang=" + lang).text
    english = client.get("/tables/1?lang=en").text
    assert "Result and elements" in english and _english_on_page(english, played["data"])


def test_the_hand_log_summary_follows_the_visitor(played):
    """The line that says who won how: one line per hand in each language, with the
    players' names put in as they are."""
    client = played["client"]

    def lines(lang):
        page = client.get("/tables/1?lang=" + lang).text
        return re.findall(r'<td class="items"><div>([^<]*)', page)
    en, hant, hans = lines("en"), lines("zh-Hant"), lines("zh-Hans")
    assert len(en) == len(hant) == len(hans) >= 5
    assert any("wins" in x or x == "Draw" for x in en)
    for e, a, b in zip(en, hant, hans):
        assert not WORD.search(a) and not WORD.search(b), (a, b)
        names = re.findall(r"[\u4e00-\u9fff]{2,3}(?= wins|&#39;s|'s)", e)
        assert all(n in a and n in b for n in names), (e, a, b)
    assert any("自摸和牌" in x or "放銃" in x or "流局" in x for x in hant)
    assert any("自摸和牌" in x or "放铳" in x or "流局" in x for x in hans)


def test_the_director_s_message_after_a_form_is_in_the_visitor_s_language(played):
    client = played["client"]
    page = client.get("/admin/penalties?lang=zh-Hans").text
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
    pid = re.search(r'name="player_id" required><option value="(\d+)"', page).group(1)
    r = client.post("/admin/penalties", data=dict(csrf=token, player_id=pid, points="-5",
                                                  tround_id="", why="遲到"))
    assert r.status_code == 200
    assert '<div class="notice ok" role="status">罚分已记录</div>' in r.text
    assert not _english_on_page(r.text, played["data"])
    client.get("/admin/penalties?lang=en")


def _error_notice(page):
    m = re.search(r'<div class="notice error" role="alert">([^<]*)</div>', page)
    return html.unescape(m.group(1))


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_refused_form_says_why_in_the_visitor_s_language(played, lang):
    """The organiser's checks refuse a form: the reason is in the director's language,
    the value typed shown as it is; the API still says it in English."""
    client = played["client"]
    page = client.get("/admin/penalties?lang=" + lang).text
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
    pid = re.search(r'name="player_id" required><option value="(\d+)"', page).group(1)
    r = client.post("/admin/penalties", data=dict(csrf=token, player_id=pid, points="x1",
                                                  tround_id="", why="遲到"))
    assert _error_notice(r.text) == ("分：須為整數，不是 'x1'" if lang == "zh-Hant"
                                     else "分：须为整数，不是 'x1'")
    assert not _english_on_page(r.text, played["data"] + ["x1"])
    r = client.post("/admin/tables", data=dict(csrf=token, first="1"))
    assert _error_notice(r.text) == "第 1 桌已存在"           # (the same in both scripts)
    assert not _english_on_page(r.text, played["data"])
    # a seating's problems, each said: a player at every seat of a table
    r = client.post("/admin/rounds/2/table", data=dict(csrf=token, table_no="1", **{
        "seat%d" % i: pid for i in range(4)}))
    twice = ("選手 %s 被安排了兩次（第 1 桌及第 1 桌）" if lang == "zh-Hant"
             else "选手 %s 被安排了两次（第 1 桌及第 1 桌）") % pid
    assert _error_notice(r.text) == "；".join([twice] * 3)
    api = client.post("/api/admin/tables", json={"number": 1})
    assert api.status_code == 400 and api.json()["error"] == "table 1 exists"
    client.get("/admin/penalties?lang=en")


def test_a_ruleset_s_own_event_is_named_in_the_visitor_s_language():
    """hk's 圍骰 (dice_triple) in a hand log: its name and its fields in the page's
    language, the seat by its player's name."""
    from organiser.live.render import templates
    names = ["陳大文", "李小龍", "黃嘉豪", "陳美玲"]
    ev = {"event": "dice_triple", "seat": 2}
    assert views.describe(ev, {}, names) == ("%s", "dice_triple: seat 黃嘉豪")
    hand = dict(own=views.event_fields(ev, names), summary=views.describe(ev, {}, names),
                seq=3, kind="event", wind="E", hand_no=2, effective=True, corrected=(),
                held="", tiles=None, elements=[], total=None, payments=[5, 5, -10, 0],
                received="12:00:00")
    log = dict(rounds=[], showing=None, sessions=[dict(
        id=1, tround=1, rules="hk", device="d", journal="j", players=names, reseated=False,
        hands=[hand], scores=[5, 5, -10, 0])])
    part = templates.env.get_template("_table.html")

    def line(lang):
        page = part.render(log=log, number=1, names_lang=lang, admin=None)
        return re.search(r'<td class="items"><div>([^<]*)', page).group(1)
    assert line(None) == "dice_triple: seat 黃嘉豪"
    assert line("zh-Hant") == "圍骰: 座位 黃嘉豪"
    assert line("zh-Hans") == "围骰: 座位 黃嘉豪"
