"""Generate the organiser's copy of what a device's screens call a ruleset's table words
(organiser/text/tablewords.json): for each ruleset, its context words in the from
screen's order and its table settings with their defaults, each named in the three
languages as the device names them (firmware/ui/labels*.py WORDS, firmware/ui/setnames.py).
The organiser reaches nothing of firmware/, so its forms read this file (the director
types a hand's words as the device shows them; the event form's fields are the
ruleset's settings); tests/test_handtext.py checks it is up to date.

    python -m host_tools.gen.tablewords [OUT]     (default organiser/text/tablewords.json)
"""

import os

from host_tools import paths
from host_tools.gen import json_text, write

OUT = os.path.join(paths.ROOT, "organiser", "text", "tablewords.json")
RULESETS = ("mcr", "hk", "tw", "sh", "riichi")
LANGS = ("zh-Hant", "zh-Hans", "en")
_LABELS = {"zh-Hant": "labels", "zh-Hans": "labels_hans", "en": "labels_en"}


def tables():
    """{ruleset: {"words": [ids], "settings": {name: default}, "word_names": {lang: {id:
    name}}, "setting_names": {lang: {name: label}}}}."""
    paths.use_firmware()
    import hand
    import importlib
    from ui import setnames
    from ui.ui import word
    labels = {lang: importlib.import_module("ui." + mod) for lang, mod in _LABELS.items()}
    out = {}
    for rid in RULESETS:
        scorer = importlib.import_module("rules." + rid)
        words = list(hand.COMMON_FLAGS) + list(getattr(scorer, "HAND_FLAGS", scorer.FLAGS))
        settings = dict(importlib.import_module("rules.%s_table" % rid).SETTINGS)
        out[rid] = {"words": words, "settings": settings,
                    "word_names": {lang: {w: word(labels[lang], w) for w in words}
                                   for lang in LANGS},
                    "setting_names": {lang: {s: setnames.name(s, lang) for s in settings}
                                      for lang in LANGS}}
    return out


def text():
    return json_text(tables())


def main(argv=None):
    write(text, OUT, argv)


if __name__ == "__main__":
    main()
