"""The heaviest hands of each ruleset, for the application's benchmarks on the boards: from
the ruleset's device corpus (tests/uicorpus: flowers, context words, robbed kongs), the
wins whose review names the most scoring elements (rows of names on the OLED, wide
glyphs), the highest totals first among equals, as a table on CPython accepts them after
the session's other events.  Issue 31's heavy hand: a 64-fan Chinese Official hand with
four name rows."""

import os
import random
import sys

from host_tools import paths


def _tests():
    paths.use_firmware()
    p = os.path.join(paths.ROOT, "tests")
    if p not in sys.path:
        sys.path.insert(0, p)


def ranked(rid, seed=5, pool=400):
    """Win events of the device corpus, the heaviest first: (elements, total, event)."""
    _tests()
    import session
    import uicorpus
    rng = random.Random(seed)
    gen = uicorpus.GENERATORS[rid]
    found = []
    for i in range(pool):
        h = gen(rng)
        if h is None:
            continue
        ev = uicorpus.win_event(rng, h)
        ses = session.Session()
        ses.handle(uicorpus.start(rid, 0))
        pv = ses.preview(ev)
        if pv.get("ok"):
            found.append((len(pv["result"]["items"]), pv["result"]["total"], i, ev))
    found.sort(key=lambda f: (-f[0], -f[1], f[2]))
    return [(n, total, ev) for n, total, _, ev in found]


def appended(rid, events, n):
    """events (a legal session) and then the n heaviest wins the table takes after them."""
    _tests()
    import session
    ses = session.Session()
    for ev in events:
        if not ses.handle(ev)["ok"]:
            raise ValueError("a session event refused: %r" % ev)
    out = list(events)
    for _, _, ev in ranked(rid):
        if len(out) - len(events) >= n:
            break
        if ses.handle(ev)["ok"]:
            out.append(ev)
    return out
