"""The scoring elements' names in the pages' languages (organiser/text/elnames.json, generated
from the firmware's name data by host_tools.gen.elnames).  A page names a hand's elements
in the visitor's language (?lang=, kept in a cookie; a visitor who has not chosen: the
event's language, the one the director set for the devices); a stored item whose
ruleset or id the table does not hold keeps the name it was uploaded with."""

import json
import os
import time

LANGS = ("zh-Hant", "zh-Hans", "en")
COOKIE = "lang"
_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "elnames.json")
_table = None


def _names():
    global _table
    if _table is None:
        with open(_PATH, encoding="utf-8") as f:
            _table = json.load(f)
    return _table


def visitor_lang(request):
    """The language a visitor asked for (?lang=, else the cookie), else the event's (the
    devices' language the director set), None for none."""
    for lang in (request.query_params.get("lang"), request.cookies.get(COOKIE)):
        if lang in LANGS:
            return lang
    return event_lang(request.app)


EVENT_LANG_S = 2.0      # the event's language read again after this long (a page a second
                        # on hundreds of phones: one query every two seconds, not each)


def event_lang(app):
    """The event's language (event.device_lang), None where the director set none."""
    st = app.state
    held = getattr(st, "event_lang", None)
    now = time.monotonic()
    if held is not None and now - held[1] < EVENT_LANG_S:
        return held[0]
    db = getattr(st, "db", None)
    lang = None
    if db is not None:
        with db.read() as con:
            row = con.execute("SELECT device_lang FROM event WHERE id = 1").fetchone()
        lang = row[0] if row and row[0] in LANGS else None
    st.event_lang = (lang, now)
    return lang


def forget_event_lang(app):
    """The director changed the event's language: the next page reads it again."""
    app.state.event_lang = None


def name(item, lang):
    """An element of a hand's log ({"rules", "id", "name"}) named in lang."""
    stored = item.get("name")
    if lang is None:
        return stored
    by_id = _names().get(str(item.get("rules")), {}).get(lang, {})
    return by_id.get(str(item.get("id")), stored)
