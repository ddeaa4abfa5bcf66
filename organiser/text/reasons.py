"""Why the organiser refuses something, with its words and its values kept apart: the
English sentence for the API and the logs, and the same said in a director's language on
the pages (words.tsv holds the words; a value someone typed is put in as it is)."""

from organiser.text import words

# between the problems of a list (a seating's), as each language writes it
_SEPARATOR = {"zh-Hant": "；", "zh-Hans": "；"}


class Word(str):
    """A value that is itself one of the organiser's words (a field's name, a clock's
    state): looked up too, where a name or an id someone typed is shown as it is."""


class Reason(str):
    """One reason: the English sentence (a str), its words (.text, %-style) and its values
    (.values) kept for saying it in another language.  A value may be a Word, a Reason or
    a list of Reasons (put in joined by "; ")."""

    def __new__(cls, text, *values):
        english = text % tuple("; ".join(v) if isinstance(v, list) else v
                               for v in values) if values else text
        r = super().__new__(cls, english)
        r.text, r.values = text, values
        return r


def say(reason, lang):
    """A Reason in lang (None or "en": the English sentence)."""
    def one(v):
        if isinstance(v, Reason):
            return say(v, lang)
        if isinstance(v, Word):
            return words.t(v, lang)
        if isinstance(v, list):
            return _SEPARATOR.get(lang, "; ").join(one(x) for x in v)
        return v
    return words.say(reason.text, lang, *(one(v) for v in reason.values))
