"""The event's setup: its settings, teams, players and tables."""

import anyio

from organiser.event import presets, tournament
from organiser.text import elnames
from organiser.store import record_model
from organiser.event.tournament import ModelError
from organiser.pages.admin import settingsform
from organiser.pages.admin.base import back, changed, page, section, said, whole, \
    whole_or_none

router, get, post = section()


@get("")
def event_page(request):
    with request.app.state.db.read() as con:
        ev = tournament.event(con)
        ctx = dict(ev=ev,
                   teams=tournament.teams(con), players=tournament.players(con),
                   tables=tournament.tables(con), rulesets=tournament.RULESETS,
                   ruleset_names=tournament.RULESET_NAMES, device_langs=tournament.DEVICE_LANGS,
                   device_lang_names=tournament.DEVICE_LANG_NAMES, presets=presets.PRESETS,
                   settings_mark=settingsform.MARK)
        ctx["setting_fields"] = settingsform.rulesets_fields(
            request, tournament.RULESETS, ev["rules"], ev["settings"])
    return page(request, "admin/event.html", "/admin", title="Event setup", **ctx)


@post("/event")
def event_save(request, f):
    hands = whole_or_none(f.get("hands_per_tround"), "hands per tournament round")
    games = whole_or_none(f.get("games_per_tround"), "games per tournament round")
    with request.app.state.db.write() as con:
        before = tournament.event(con)
        rules = f.get("rules") or None
        settings = settingsform.read(f, rules or before["rules"], before["rules"],
                                     before["settings"])
        if f.get("preset"):             # a named table (a Riichi event's EMA or WRC rules)
            got = presets.preset(f.get("preset"))
            if got is None:
                raise ModelError("no preset %r", f.get("preset"))
            rules, settings = got
        tournament.set_event(con, name=f.get("name") or None, rules=rules,
                             settings=settings, hands_per_tround=hands,
                             avoid_teammates=bool(f.get("avoid_teammates")),
                             device_lang=f.get("device_lang") or None,
                             games_per_tround=games)
    moved = settings is not None and settings != before["settings"]
    if moved or (rules or before["rules"]) != before["rules"]:
        # every journal scored again with them (on the event loop, which marks journals)
        anyio.from_thread.run_sync(request.app.state.scoring.mark_all)
    elnames.forget_event_lang(request.app)      # the pages' default language with it
    changed(request, "event")
    return back("/admin", ok=said(request, "event saved"))


@post("/teams")
def team_add(request, f):
    """One team, or several: one name a line."""
    names = [n.strip() for n in f.get("names", "").splitlines() if n.strip()]
    with request.app.state.db.write() as con:
        for n in names:
            tournament.add_team(con, n)
    changed(request, "teams")
    return back("/admin", ok=said(request, "%d team(s) added", len(names)))


@post("/players")
def player_add(request, f):
    """Players of one team (or of none): one a line, a name or "name; EMA number;
    country"."""
    team = whole_or_none(f.get("team_id"), "team")
    names = [tournament.registration_line(n) for n in f.get("names", "").splitlines()
             if n.strip()]
    with request.app.state.db.write() as con:
        for n, details in names:
            tournament.add_player(con, n, team, **details)
    changed(request, "players")
    return back("/admin", ok=said(request, "%d player(s) added", len(names)))


@post("/players/active")
def player_active(request, f):
    with request.app.state.db.write() as con:
        tournament.set_player_active(con, whole(f.get("player_id"), "player"),
                                     f.get("active") == "1")
    return back("/admin", ok=said(request, "player updated"))


@post("/players/details")
def player_details(request, f):
    """A player's association number, country and name as the association spells it."""
    pid = whole(f.get("player_id"), "player")
    with request.app.state.db.write() as con:
        tournament.set_player_details(con, pid, assoc_id=f.get("assoc_id", ""),
                                      country=f.get("country", ""),
                                      last_name=f.get("last_name", ""),
                                      first_name=f.get("first_name", ""))
    return back("/admin", ok=said(request, "player updated"))


@post("/tables")
def table_add(request, f):
    """Tables numbered from..to (or one)."""
    first = whole(f.get("first"), "first table")
    last = whole_or_none(f.get("last"), "last table") or first
    if not 1 <= first <= last <= record_model.MAX_TABLE:
        raise ModelError("tables: from 1 to at most %d, the first no higher than the last",
                         record_model.MAX_TABLE)
    with request.app.state.db.write() as con:
        for n in range(first, last + 1):
            tournament.add_table(con, n, f.get("name", "") if first == last else "")
    changed(request, "tables")
    return back("/admin", ok=said(request, "table(s) %d–%d added", first, last))
