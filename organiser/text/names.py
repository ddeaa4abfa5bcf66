"""Names compared as people read them: two players (or teams) of one event cannot share
a name as a reader, the season ranking or the EMA file sees it.

A name is kept normalised when added: NFKC (a full-width "ＡＮＮ" is "ANN"), runs of
spaces made one, none at the ends; it is compared without case (casefold).  A name with
a character nobody sees or one that turns the text's direction (zero-width spaces and
joiners, the bidi controls U+202A-U+202E and U+2066-U+2069, a byte-order mark, any
other format or control character, or one Unicode does not assign) is refused: it would
make two names that read the same differ, or one name read as another."""

import unicodedata

REFUSED = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def clean(name):
    """The name as kept."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def key(name):
    """What two names are compared by."""
    return clean(name).casefold()


def unreadable(name):
    """The first character of name nobody reads (see above), or None."""
    for ch in name:
        if unicodedata.category(ch) in REFUSED and ch not in " \t":
            return ch
    return None


def taken(con, table, name, but=None):
    """True when another row of table (players, teams) has name as people read it."""
    k = key(name)
    return any(key(r[1]) == k for r in con.execute("SELECT id, name FROM %s" % table)
               if r[0] != but)
