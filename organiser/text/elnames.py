"""The scoring elements' names in the pages' languages (organiser/text/elnames.json, generated
from the firmware's name data by host_tools.gen.elnames).  A page names a hand's elements
in the visitor's language (?lang=, kept in a cookie); a stored item whose ruleset or id
the table does not hold keeps the name it was uploaded with."""

import json
import os

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
    """The language a visitor asked for (?lang=, else the cookie), None for none."""
    for lang in (request.query_params.get("lang"), request.cookies.get(COOKIE)):
        if lang in LANGS:
            return lang
    return None


def name(item, lang):
    """An element of a hand's log ({"rules", "id", "name"}) named in lang."""
    stored = item.get("name")
    if lang is None:
        return stored
    by_id = _names().get(str(item.get("rules")), {}).get(lang, {})
    return by_id.get(str(item.get("id")), stored)
