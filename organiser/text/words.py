"""The pages' own words in a visitor's language: the templates are written in English, and
`t(text, lang)` in a template (or here) gives a word's Traditional or Simplified Chinese
from WORDS (organiser/text/words.tsv); a word the table lacks, or no language chosen, stays as
written.  The scoring elements' names come from organiser/text/elnames.json (elnames.py)."""

import glob
import os

_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "words.tsv")


def _load(path):
    """{English: (繁體, 简体)} from words.tsv: a line each, three tab-separated fields;
    blank lines and # comments skipped.  A malformed or repeated line is an error here
    (at import), not a page that silently says the wrong thing."""
    table = {}
    with open(path, encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 3 or not all(fields) or fields[0] in table:
                raise ValueError("%s:%d: not English, 繁體, 简体 once each" % (path, no))
            table[fields[0]] = (fields[1], fields[2])
    return table


WORDS = _load(_PATH)
# a form's own words in a file of its own (words_<form>.tsv): a word already here stands
for _extra in sorted(glob.glob(os.path.join(os.path.dirname(_PATH), "words_*.tsv"))):
    WORDS.update({k: v for k, v in _load(_extra).items() if k not in WORDS})
_COLUMN = {"zh-Hant": 0, "zh-Hans": 1}


def t(text, lang):
    """text in lang (None or "en": as written); a stored value that is not text (a page
    may pass one it read) is shown as it is."""
    col = _COLUMN.get(lang)
    got = WORDS.get(text) if isinstance(text, str) else None
    return text if col is None or got is None else got[col]


def say(text, lang, *args):
    """t(text, lang) with args put in (%-style); args that do not fit the words (a stored
    value of another type) are shown after them rather than break the page."""
    words = t(text, lang)
    if not args:
        return words
    try:
        return words % args
    except (TypeError, ValueError):
        return " ".join([str(words)] + [str(a) for a in args])
