"""The review's "not counted here" words (Session.words_dropped, lib/table/asks.py): found
from one parse and one analysis of the hand, the hand scored again without each word and
settled only where its total stayed, never by a preview a word.  Over each ruleset's
device corpus (flowers, context words, robbed kongs) the words found are those a preview
without the word finds: the same total and the same payments."""

import random

import pytest

import session
import uicorpus


def by_previews(ses, pv):
    """The words as a preview without each finds them (what the review did before)."""
    ev = pv["saves"][0]
    h = ev["hand"]
    same = (pv["result"]["total"], list(pv["payments"]))
    out = []
    for w in h["flags"]:
        h2 = dict(h)
        rest = [f for f in h["flags"] if f != w]
        if rest:
            h2["flags"] = rest
        else:
            del h2["flags"]
        p2 = ses.preview(dict(ev, hand=h2))
        if p2.get("ok") and (p2["result"]["total"], list(p2["payments"])) == same:
            out.append(w)
    return out


@pytest.mark.parametrize("rid", ["mcr", "tw", "hk", "sh", "riichi"])
def test_words_dropped_as_previews_find_them(rid):
    rng = random.Random(31)
    gen = uicorpus.GENERATORS[rid]
    ses = session.Session()
    ses.handle(uicorpus.start(rid, 0))
    checked = dropped = kept = 0
    for _ in range(400):
        h = gen(rng)
        if h is None or not h.get("flags"):
            continue
        ev = uicorpus.win_event(rng, h)
        pv = ses.preview(ev)
        if not pv.get("ok") or "result" not in pv:
            continue
        previews = []
        real = ses.preview
        ses.preview = lambda e: previews.append(e) or real(e)
        try:
            got = list(ses.words_dropped(pv))
        finally:
            del ses.preview
        assert previews == [], "words_dropped previewed the hand again"
        want = by_previews(ses, pv)
        assert got == want, (ev, got, want)
        checked += 1
        dropped += len(got)
        kept += len(h["flags"]) - len(got)
        if checked % 7 == 0:        # the table moves on: its state (dealer, streak, extras)
            ses.handle(ev)
    assert checked >= 20
    if rid != "mcr":                # words that count and words the rules drop, both seen
        assert kept and dropped, (kept, dropped)
