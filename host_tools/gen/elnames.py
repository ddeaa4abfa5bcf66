"""Generate the organiser's copy of the scoring elements' names (organiser/text/elnames.json):
{ruleset: {language: {element id: full name}}} in the three languages, from the firmware's
name data (the scorers' own names, rules/<id>_<lang>.py).  The organiser reaches nothing
of firmware/, so its pages read this file; tests/test_langs.py checks it is up to date.

    python -m host_tools.gen.elnames [OUT]        (default organiser/text/elnames.json)
"""

import os

from host_tools import paths
from host_tools.gen import json_text, write

OUT = os.path.join(paths.ROOT, "organiser", "text", "elnames.json")
RULESETS = ("mcr", "hk", "tw", "sh", "riichi")


def _native(rid):
    """[(id, name)] as the scorer names its elements."""
    if rid == "mcr":
        from rules import mcr_data
        return [(str(i + 1), n) for i, n in enumerate(mcr_data.NAMES.split())]
    if rid == "hk":
        from rules import hk_names
        return [tuple(line.split(" ", 1)) for part in hk_names.NAMES
                for line in part.split("\n") if line]
    import eltable
    mod = __import__("rules." + rid, None, None, ("ELEMENTS",))
    return [(r[0], r[1]) for r in eltable.rows(mod.ELEMENTS)]


def names():
    """{ruleset: {language: {id: full name}}}."""
    paths.use_firmware()
    import langs
    out = {}
    for rid in RULESETS:
        out[rid] = {}
        for lang in langs.LANGS:
            mod = langs.module(rid, lang)
            if mod is None:
                out[rid][lang] = dict(_native(rid))
                continue
            table = {}
            for part in __import__(mod, None, None, ("NAMES",)).NAMES:
                for line in part.split("\n"):
                    if line:
                        eid, _, rest = line.partition(" ")
                        table[eid] = rest.partition("\t")[0]
            out[rid][lang] = table
    return out


def text():
    return json_text(names())


def main(argv=None):
    write(text, OUT, argv)


if __name__ == "__main__":
    main()
