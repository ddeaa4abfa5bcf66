# The application's tasks that only a board with an organiser (or a round clock) runs:
# the upload task's coroutine (net/uploader.py), the upload counters' redraw with the
# director's corrections, and the round's clock with its time_up.  A module of its own so
# that a board without an organiser never holds their code (docs/memory.md, "The
# resident application"); where they run it stays loaded, as their tasks do.

import asyncio

TICK_MS = 5000                  # the status line's upload counters: redrawn this often
CLOCK_MS = 250                  # the round clock looked at this often


def start(app):
    """The round clock and the upload task's coroutine, where the settings name an
    organiser."""
    import roundclock
    app.clock = roundclock.Clock()
    app.session.clock = app.clock.reading       # each record's "c"
    app.upload = uploader(app)


async def tick_task(app, ms=TICK_MS):
    """Redraw now and then: the upload counters change with no key pressed (the
    display pushes only rows that changed)."""
    while True:
        await asyncio.sleep_ms(ms)
        adjust(app)
        app.dirty.set()


async def clock_task(app):
    """The round clock: redraw the status screen when the time it shows changes; at
    zero, time_up into the session."""
    from ui import ui as screens
    shown = None
    while True:
        await asyncio.sleep_ms(CLOCK_MS)
        clock = app.ui.clock
        if clock is None:
            continue
        if clock.ms() == 0:
            time_up(app)
        t = clock.text(app.ui.clock_step)
        if t != shown:
            shown = t
            if app.ui.mode == screens.STATUS:
                app.dirty.set()


def time_up(app):
    """Journal time_up once in a running session: the hand in play may still be
    entered, no hand after it.  Not while the review screen waits to save a preview
    made before (that hand ended at the table before zero; the next look, a moment
    after the save, finds the next hand in play); a refusal (the flash full) is tried
    again only after the journal moved."""
    from ui import ui as screens
    ses = app.session
    st = ses.state
    if (st is None or st["over"] or st.get("time_up") or app.ui.mode == screens.REVIEW
            or app.timed == ses.jseq):
        return
    app.timed = ses.jseq
    ans = ses.handle({"event": "time_up"})      # saved: the session calls saved()
    if not ans.get("ok"):
        print("time_up not saved:", ans["error"]["message"])
    app.dirty.set()


def adjust(app):
    """The director's corrections the organiser's verified verdict carries
    (net/uploader.py), each journaled once as an `adjust` event: the table's scores
    become the organiser's, and its journal explains them (docs/upload.md).  Only
    when the organiser holds every record (its latest session is the table's) and
    not while the review screen waits to save a preview made before."""
    from ui import ui as screens
    net = app.status.get("net")
    v = net.verdict if net is not None else None
    ses = app.session
    if (not isinstance(v, dict) or ses.state is None or net.waiting
            or net.jid != v.get("journal") or app.ui.mode == screens.REVIEW):
        return
    items = v.get("adjust")
    first = v.get("session")
    if not isinstance(items, list) or not isinstance(first, int):
        return
    done = None
    for a in items:
        if not isinstance(a, dict):
            continue
        of, cid, p, was = a.get("of"), a.get("id"), a.get("p"), a.get("was")
        if (not isinstance(of, int) or not first <= of <= ses.jseq or not isinstance(cid, int)
                or not isinstance(p, list) or not isinstance(was, list)
                or len(p) != 4 or len(was) != 4):
            continue
        cur = (ses.state.get("adj") or {}).get(str(of))
        cur = cur[1] if cur else was
        if p == cur:
            continue                # taken already
        ans = ses.handle({"event": "adjust", "of": of, "id": cid, "p": p,
                          "delta": [p[i] - cur[i] for i in range(4)]})
        if ans.get("ok"):
            done = of
        else:
            print("adjust not saved:", ans["error"]["message"])
    if done is not None:
        app.saved()
        app.space()
        app.ui.say("#%d corrected by the director" % done)
        app.dirty.set()


def uploader(app):
    """The upload task's coroutine where the settings name an organiser (a board
    without Wi-Fi still counts what waits); its counters in status["net"]."""
    if not app.cfg["organiser"]:
        return None
    try:
        import uploader
    except ImportError:
        return None
    return uploader.run(app.cfg, app.journal_path, app.status,
                        getattr(app.board, "WIFI", False), app.session, app.refresh,
                        app.clock)
