"""The director's pages: login, event setup, tournament rounds and seating, devices,
corrections, penalties, re-seating and the refused-request log.

Plain HTML forms (they work on a phone, without scripts).  Each form posts here, the
change goes through the organiser's model (organiser.event.tournament, organiser.event.corrections)
in one transaction, and the answer is a redirect back to the page with a message (a
mistake is shown on the page, nothing written).  A change that moves the standings is
announced on the live stream, so every open page refreshes."""

import json
import shlex
import time
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from starlette.concurrency import run_in_threadpool

from organiser.guard import auth, security, throttle
from organiser.event import binding, corrections, devices, disputes, tournament
from organiser.results import corrtext, handref, queries, views
from organiser.text import elnames, reasons, words
from organiser.store import record_model, stored
from organiser.store.db import one, rows
from organiser.guard.limits import MAX_ID
from organiser.live.render import render, shared_grid
from organiser.text.reasons import Reason, Word
from organiser.event.tournament import ModelError

router = APIRouter(prefix="/admin", include_in_schema=False)

MENU = (("/admin", "Event"), ("/admin/rounds", "Rounds & seating"),
        ("/admin/clock", "Round clock"),
        ("/admin/devices", "Devices"), ("/admin/corrections", "Corrections"),
        ("/admin/penalties", "Penalties"), ("/admin/refused", "Refused requests"))
REFUSED_SHOWN = 200


class Login(Exception):
    """Raised by a page when nobody is logged in: answered by a redirect to the login."""


def _who(request):
    name = auth.current_admin(request)
    if name is None:
        raise Login()
    return name


def login_redirect(request):
    nxt = request.url.path + ("?" + request.url.query if request.url.query else "")
    return RedirectResponse("/admin/login?next=" + quote(nxt), status_code=303)


def page(request, name, here, **ctx):
    who = _who(request)
    with request.app.state.db.read() as con:
        refused = one(con, "SELECT COUNT(*) AS n FROM refused WHERE at > ?",
                      (time.time() - 3600,))["n"]
    watch = dict(flagged=shared_grid(request)["flagged"], refused=refused)
    return render(request, name, here="/admin", admin_menu=MENU, admin_here=here, who=who,
                  watch=watch, ok=shown(request, "ok"),
                  error=ctx.pop("error", None) or shown(request, "error"), **ctx)


def said(request, text, *args):
    """A message of the director's pages in the visitor's language (organiser/text/words.py)."""
    return words.say(text, elnames.visitor_lang(request), *args)


def refusal(request, err):
    """A ModelError's reason in the visitor's language (organiser/text/reasons.py)."""
    return reasons.say(err.reason, elnames.visitor_lang(request))


def back(path, ok=None, error=None, **extra):
    """A redirect to path showing a message: signed, so that only the organiser's own
    messages are ever shown (a link cannot put its sender's words on the page)."""
    q = {k: v for k, v in dict(extra, ok=ok, error=error).items() if v is not None}
    for k in ("ok", "error"):
        if k in q:
            q[k + "_sig"] = security.sign_message(q[k])
    return RedirectResponse(path + ("?" + urlencode(q) if q else ""), status_code=303)


def shown(request, key):
    """The message of a redirect made by back(), or None."""
    qp = request.query_params
    return security.message(qp.get(key), qp.get(key + "_sig"))


def changed(request, what):
    """Tell open pages the standings or the grid may have moved (announced by guarded()
    once the handler is done: the broker lives on the event loop, handlers in a
    worker thread).  A correction is first scored again (the hands after it re-derived)."""
    request.app.state.scoring.settle_corrections_blocking()
    request.state.announce = what


async def form(request):
    return {k: v.strip() if isinstance(v, str) else v
            for k, v in (await request.form()).multi_items()}


def _named(what):
    """A field's name in a reason: a Word, or a Reason where it holds a number."""
    return what if isinstance(what, Reason) else Word(what)


def _int(v, what):
    try:
        n = int(v)
    except (TypeError, ValueError, OverflowError):
        raise ModelError("%s: a whole number, not %r", _named(what), str(v)[:20])
    if abs(n) > MAX_ID:
        raise ModelError("%s: out of range", _named(what))
    return n


def _opt_int(v, what):
    return None if v in (None, "") else _int(v, what)


def guarded(handler):
    """Run a POST handler: a model error goes back to the form's page with the message;
    nobody logged in goes to the login."""
    async def run(request: Request):
        try:
            _who(request)
            f = await form(request)
            if not security.csrf_ok(request, f):
                return HTMLResponse("This form is out of date or came from another page: "
                                    "reload the page and send it again.", status_code=403)
            answer = await run_in_threadpool(handler, request, f)
        except Login:
            return RedirectResponse("/admin/login?next=" + quote(_referer_path(request)),
                                    status_code=303)
        except ModelError as e:
            return back(_referer_path(request), error=refusal(request, e))
        what = getattr(request.state, "announce", None)
        if what is not None:
            request.app.state.broker.publish("admin", {"what": what})
        return answer
    run.__name__ = handler.__name__
    return run


def _referer_path(request):
    ref = request.headers.get("referer", "")
    host = "%s://%s" % (request.url.scheme, request.url.netloc)
    if ref.startswith(host):
        path = ref[len(host):].split("?", 1)[0]
        if path.startswith("/admin"):
            return path
    return "/admin"


def post(path):
    def wrap(handler):
        router.add_api_route(path, guarded(handler), methods=["POST"])
        return handler
    return wrap


def get(path):
    def wrap(handler):
        def run(request: Request):
            try:
                return handler(request)
            except Login:
                return login_redirect(request)
        run.__name__ = handler.__name__
        router.add_api_route(path, run, methods=["GET"], response_class=HTMLResponse)
        return handler
    return wrap


# -- login ---------------------------------------------------------------------------------
@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request):
    return render(request, "admin/login.html", here="/admin", title="Director login",
                  next=request.query_params.get("next", "/admin"),
                  error=shown(request, "error"))


@router.post("/login")
async def login(request: Request):
    f = await form(request)
    nxt = f.get("next") or "/admin"
    if not nxt.startswith("/") or nxt.startswith("//"):
        nxt = "/admin"
    got, token = await throttle.login(request, f.get("name", ""), f.get("password", ""))
    if got == "wait":
        return back("/admin/login", error=said(request, "too many attempts: wait %d s and try "
                                               "again", token + 1), next=nxt)
    if got == "wrong":
        return back("/admin/login", error=said(request, "wrong name or password"), next=nxt)
    r = RedirectResponse(nxt, status_code=303)
    r.set_cookie(auth.COOKIE, token, max_age=auth.SESSION_SECONDS, httponly=True,
                 samesite="lax", path="/", secure=request.url.scheme == "https")
    return r


@router.post("/logout")
def logout(request: Request):
    auth.logout(request.app.state.db, request.cookies.get(auth.COOKIE))
    r = RedirectResponse("/", status_code=303)
    r.delete_cookie(auth.COOKIE, path="/")
    return r


# -- the event: settings, teams, players, tables -------------------------------------------
@get("")
def event_page(request):
    with request.app.state.db.read() as con:
        ev = tournament.event(con)
        ctx = dict(ev=ev, settings_json=json.dumps(ev["settings"], ensure_ascii=False),
                   teams=tournament.teams(con), players=tournament.players(con),
                   tables=tournament.tables(con), rulesets=tournament.RULESETS,
                   ruleset_names=tournament.RULESET_NAMES, device_langs=tournament.DEVICE_LANGS,
                   device_lang_names=tournament.DEVICE_LANG_NAMES)
    return page(request, "admin/event.html", "/admin", title="Event setup", **ctx)


@post("/event")
def event_save(request, f):
    try:
        settings = json.loads(f.get("settings") or "{}")
    except ValueError:
        raise ModelError("settings: not JSON")
    hands = _opt_int(f.get("hands_per_tround"), "hands per tournament round")
    with request.app.state.db.write() as con:
        tournament.set_event(con, name=f.get("name") or None, rules=f.get("rules") or None,
                             settings=settings, hands_per_tround=hands,
                             avoid_teammates=bool(f.get("avoid_teammates")),
                             device_lang=f.get("device_lang") or None)
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
    team = _opt_int(f.get("team_id"), "team")
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
        tournament.set_player_active(con, _int(f.get("player_id"), "player"),
                                     f.get("active") == "1")
    return back("/admin", ok=said(request, "player updated"))


@post("/players/details")
def player_details(request, f):
    """A player's association number, country and name as the association spells it."""
    pid = _int(f.get("player_id"), "player")
    with request.app.state.db.write() as con:
        tournament.set_player_details(con, pid, assoc_id=f.get("assoc_id", ""),
                                      country=f.get("country", ""),
                                      last_name=f.get("last_name", ""),
                                      first_name=f.get("first_name", ""))
    return back("/admin", ok=said(request, "player updated"))


@post("/tables")
def table_add(request, f):
    """Tables numbered from..to (or one)."""
    first = _int(f.get("first"), "first table")
    last = _opt_int(f.get("last"), "last table") or first
    if not 1 <= first <= last <= record_model.MAX_TABLE:
        raise ModelError("tables: from 1 to at most %d, the first no higher than the last",
                         record_model.MAX_TABLE)
    with request.app.state.db.write() as con:
        for n in range(first, last + 1):
            tournament.add_table(con, n, f.get("name", "") if first == last else "")
    changed(request, "tables")
    return back("/admin", ok=said(request, "table(s) %d–%d added", first, last))


# -- tournament rounds and seating -------------------------------------------------------
@get("/rounds")
def rounds_page(request):
    with request.app.state.db.read() as con:
        trs = tournament.trounds(con)
        grace = binding.grace(con)
        for t in trs:
            t["seated"] = len(tournament.seating(con, t["id"]))
            t["opened"] = views.clock(t["opened_at"])
            t["closed"] = views.clock(t["closed_at"])
            # a closed round's records still count until then (late uploads)
            closed = stored.when(t["closed_at"])
            t["counts_until"] = views.clock(closed + grace) if closed else ""
    return page(request, "admin/rounds.html", "/admin/rounds", title="Tournament rounds",
                trounds=trs, grace=grace, grace_max=binding.GRACE_MAX)


@post("/grace")
def grace_save(request, f):
    """How long after a round closed a device's records still count (a device that was
    out of reach, a hand finished after time): whole seconds."""
    seconds = _int(f.get("seconds"), "grace")
    with request.app.state.db.write() as con:
        binding.set_grace(con, seconds)
    changed(request, "grace")
    return back("/admin/rounds", ok=said(request, "late uploads count for %d s after a round "
                                         "closes", seconds))


@post("/rounds")
def round_add(request, f):
    count = _opt_int(f.get("count"), "rounds") or 1
    with request.app.state.db.write() as con:
        for _ in range(count):
            tournament.add_tround(con)
    return back("/admin/rounds", ok=said(request, "%d round(s) added", count))


@post("/rounds/open")
def round_open(request, f):
    tid = _int(f.get("tround_id"), "round")
    with request.app.state.db.write() as con:
        tournament.open_round(con, tid)
    changed(request, "rounds")
    return back("/admin/rounds", ok=said(request, "round opened"))


@post("/rounds/close")
def round_close(request, f):
    tid = _int(f.get("tround_id"), "round")
    with request.app.state.db.write() as con:
        tournament.close_round(con, tid)
    changed(request, "rounds")
    return back("/admin/rounds", ok=said(request, "round closed"))


@get("/rounds/{tround_id}")
def seating_page(request):
    tid = _int(request.path_params["tround_id"], "round")
    with request.app.state.db.read() as con:
        try:
            t = tournament.tround(con, tid)
        except ModelError:
            return back("/admin/rounds", error=said(request, "no such round"))
        seats = tournament.seating(con, tid)
        report = tournament.seating_report(con, tid) if seats else None
        if report:
            lang = elnames.visitor_lang(request)
            report["errors"] = [reasons.say(e, lang) for e in report["errors"]]
        players = tournament.players(con)
        tables = tournament.tables(con)
        played = {tb["number"]: tournament.hands_played(con, tid, tb["number"])
                  for tb in tables}
    grid = []
    for tb in tables:
        s = seats.get(tb["number"])
        grid.append(dict(number=tb["number"], players=s["players"] if s else [None] * 4,
                         locked=bool(s and s["locked"]), source=s["source"] if s else "",
                         seated=s is not None, hands=played[tb["number"]]))
    return page(request, "admin/seating.html", "/admin/rounds",
                title=("Seating of round %d", t["number"]), t=t, grid=grid, players=players,
                report=report, any_played=any(played.values()))


@post("/rounds/{tround_id}/generate")
def seating_generate(request, f):
    tid = _int(request.path_params["tround_id"], "round")
    with request.app.state.db.write() as con:
        if tournament.tround(con, tid)["status"] == "closed":
            raise ModelError("the round is closed: its seating stands")
        rep = tournament.generate_seating(con, tid)
    changed(request, "seating")
    return back("/admin/rounds/%d" % tid,
                ok=said(request, "seating generated: %d pair(s) meet more than once, %d "
                        "teammate pair(s) share a table", rep["repeated_pairs"],
                        rep["teammates_together"]))


@post("/rounds/{tround_id}/table")
def seating_table(request, f):
    """Enter one table's seating by hand (four players in seat order)."""
    tid = _int(request.path_params["tround_id"], "round")
    no = _int(f.get("table_no"), "table")
    ps = [_int(f.get("seat%d" % i), Reason("seat %d", i + 1)) for i in range(4)]
    with request.app.state.db.write() as con:
        tournament.set_seating(con, tid, {no: ps}, source="manual")
    changed(request, "seating")
    return back("/admin/rounds/%d" % tid, ok=said(request, "table %d seated by hand", no))


@post("/rounds/{tround_id}/reseat")
def seating_reseat(request, f):
    """Tables that have played hands are re-seated with a reason, together (players who
    sat at each other's tables move in one go): their hands move with the players."""
    who = _who(request)
    tid = _int(request.path_params["tround_id"], "round")
    with request.app.state.db.write() as con:
        cur = tournament.seating(con, tid)
        moves = {}
        for no, t in cur.items():
            if "t%ds0" % no not in f:
                continue
            ps = [_int(f.get("t%ds%d" % (no, i)), Reason("table %d seat %d", no, i + 1))
                  for i in range(4)]
            if ps != t["players"]:
                moves[no] = ps
        if not moves:
            raise ModelError("no seat was changed")
        corrections.reseat_tables(con, who, f.get("why", ""), tid, moves)
    changed(request, "reseat")
    return back("/admin/rounds/%d" % tid,
                ok=said(request, "table(s) %s re-seated; their hands moved with the players",
                        ", ".join(str(n) for n in sorted(moves))))


@post("/rounds/{tround_id}/lock")
def seating_lock(request, f):
    tid = _int(request.path_params["tround_id"], "round")
    no = _int(f.get("table_no"), "table")
    lock = f.get("locked") == "1"
    with request.app.state.db.write() as con:
        tournament.lock_table(con, tid, no, lock)
    return back("/admin/rounds/%d" % tid,
                ok=said(request, "table %d locked" if lock else "table %d unlocked", no))


# -- devices ---------------------------------------------------------------------------------
@get("/devices")
def devices_page(request):
    with request.app.state.db.read() as con:
        devs = tournament.devices(con)
        for d in devs:
            j = one(con, "SELECT COUNT(*) AS n, MAX(last_at) AS last, SUM(acked) AS acked "
                         "FROM journals WHERE device = ?", (d["id"],))
            d.update(journals=j["n"], acked=j["acked"] or 0, last=views.clock(j["last"]),
                     created=views.clock(d["created_at"]))
        tables = tournament.tables(con)
    return page(request, "admin/devices.html", "/admin/devices", title="Devices",
                devices=devs, tables=tables, origin=str(request.base_url).rstrip("/"))


@post("/devices")
def device_register(request, f):
    """Register a device.  Its secret is shown on the answer page only, never again."""
    table_no = _opt_int(f.get("table_no"), "table")
    with request.app.state.db.write() as con:
        dev_id, secret = tournament.register_device(con, table_no, f.get("label", ""),
                                                    f.get("device_id") or None)
        if request.app.state.claim_device is not None:
            request.app.state.claim_device(dev_id)
    # under a league the event's address has its path (/e/<event>): the device's too.
    # The registration as the settings file names its fields: what `make deploy
    # REGISTRATION=` reads (host_tools/board/bundle.py settings_from)
    origin = str(request.base_url).rstrip("/")
    settings = {"device": dev_id, "secret": secret, "organiser": origin}
    if table_no is not None:
        settings["table"] = table_no
    return render(request, "admin/device_secret.html", here="/admin", admin_menu=MENU,
                  admin_here="/admin/devices", who=_who(request), title="Device registered",
                  dev_id=dev_id, secret=secret, table_no=table_no,
                  settings_json=json.dumps(settings, indent=2),
                  deploy_command=deploy_command(settings))


def deploy_command(settings):
    """One shell line writing the registration to a file and deploying with it.  Quoted for
    the shell: the origin comes from the request's Host header, which anyone may set."""
    text = shlex.quote(json.dumps(settings, separators=(",", ":")))
    return ("printf '%%s\\n' %s > registration.json && "
            "make deploy PORT=/dev/ttyACM0 REGISTRATION=registration.json" % text)


@post("/devices/revoke")
def device_revoke(request, f):
    """Refuse every request of a device (a lost or tampered one), or accept it again."""
    did = f.get("device_id", "")
    with request.app.state.db.write() as con:
        devices.revoke(con, did, f.get("revoked") != "0")
    changed(request, "devices")
    return back("/admin/devices", ok=said(request, "device %s restored" if f.get("revoked") == "0"
                                          else "device %s revoked", did))


@post("/devices/secret")
def device_secret(request, f):
    """A new secret for the device, shown once (the old one signs nothing any more)."""
    did = f.get("device_id", "")
    with request.app.state.db.write() as con:
        secret = devices.rotate_secret(con, did)
        table_no = one(con, "SELECT table_no FROM devices WHERE id = ?", (did,))["table_no"]
    origin = "%s://%s" % (request.url.scheme, request.url.netloc)
    settings = {"device": did, "secret": secret, "organiser": origin}
    return render(request, "admin/device_secret.html", here="/admin", admin_menu=MENU,
                  admin_here="/admin/devices", who=_who(request), title="New device secret",
                  dev_id=did, secret=secret, table_no=table_no,
                  settings_json=json.dumps(settings, indent=2))


@post("/devices/bind")
def device_bind(request, f):
    with request.app.state.db.write() as con:
        tournament.bind_device(con, f.get("device_id", ""), _opt_int(f.get("table_no"), "table"))
    changed(request, "devices")
    return back("/admin/devices", ok=said(request, "device %s moved", f.get("device_id", "")))


# -- corrections, re-seating, penalties -----------------------------------------------------
def _sessions(con):
    trs = {t["id"]: t["number"] for t in tournament.trounds(con)}
    names = {p["id"]: p["name"] for p in tournament.players(con)}
    out = []
    for g in views.query.games(con):
        out.append(dict(id=g["session_id"], table_no=g["table_no"],
                        tround=trs.get(g["tround_id"]), hands=g["hands"],
                        players=views.seat_names(g, names), ids=g["players"]))
    return out


@get("/corrections")
def corrections_page(request):
    with request.app.state.db.read() as con:
        hist = corrections.history(con)
        held = disputes.held(con)
        sessions = _sessions(con)
        players = tournament.players(con)
        trs = tournament.trounds(con)
    lang = elnames.visitor_lang(request)
    names = {p["id"]: p["name"] for p in players}
    numbers = {t["id"]: t["number"] for t in trs}
    for c in hist:
        c["when"] = views.clock(c["at"])
        c["data_text"] = corrtext.describe(c["kind"], c["data"], lang, names, numbers)
    target = request.query_params.get("target", "")
    return page(request, "admin/corrections.html", "/admin/corrections", title="Corrections",
                history=list(reversed(hist)), sessions=sessions, players=players, held=held,
                trounds=trs, target=target, session_id=request.query_params.get("session", ""))


@post("/corrections/payments")
def correct_payments(request, f):
    who = _who(request)
    target = f.get("target", "")
    with request.app.state.db.write() as con:
        if f.get("void"):
            corrections.add(con, who, f.get("why", ""), "void", target, {})
        else:
            pay = [_int(f.get("p%d" % i), Reason("payment of seat %d", i + 1)) for i in range(4)]
            corrections.add(con, who, f.get("why", ""), "payments", target, {"payments": pay})
    changed(request, "correction")
    if f.get("from_hand"):
        return back(HAND_PAGE, ok=said(request, "correction of %s recorded", target),
                    target=target)
    return back("/admin/corrections", ok=said(request, "correction of %s recorded", target))


# -- a hand named as a referee names it, corrected by its tiles ------------------------------
HAND_PAGE = "/admin/corrections/hand"


@get("/corrections/hand")
def hand_page(request):
    """Find a hand by table, round, game and hand number (or by its record), show it as
    it counts, with the forms that correct it: its event (tiles, winner, discarder),
    scored again by the organiser's engine, or its payments."""
    q = request.query_params
    target = q.get("target", "")
    named = {k: q.get(k, "") for k in ("table", "round", "game", "hand")}
    hand, error = None, None
    try:
        with request.app.state.db.read() as con:
            if not target and all(named.values()):
                target = handref.locate(con, _int(named["table"], "table"),
                                        _int(named["round"], "round"),
                                        _int(named["game"], "game"),
                                        _int(named["hand"], "hand"))
            if target:
                hand = handref.describe(con, target)
    except ModelError as e:
        error = refusal(request, e)
    if hand is not None:
        named = {"table": hand["table"], "round": hand["tround"], "game": hand["game"],
                 "hand": hand["hand_no"]}
        h = hand["hand"] if isinstance(hand["hand"], dict) else {}
        hand["form"] = dict(
            kind=hand["event"] if hand["event"] in ("win", "draw") else "win",
            concealed=h.get("hand", ""), win=h.get("win", ""),
            melds="\n".join(m for m in h.get("melds") or [] if isinstance(m, str)),
            flowers=h.get("flowers", "") or "",
            flags=" ".join(f for f in h.get("flags") or [] if isinstance(f, str)))
    return page(request, "admin/hand.html", "/admin/corrections", title="Correct a hand",
                hand=hand, named=named, error=error)


def _seat_field(f, key, what, optional=False):
    v = f.get(key, "")
    if optional and v == "":
        return None
    v = _int(v, what)
    if not 0 <= v <= 3:
        raise ModelError("%s: seat 1 to 4", _named(what))
    return v


def amended_event(f):
    """The event a hand's correction form describes."""
    if f.get("kind") == "draw":
        return {"event": "draw"}
    winner = _seat_field(f, "winner", "winner")
    frm = _seat_field(f, "from", "discarder", optional=True)
    if frm == winner:
        raise ModelError("the winner cannot be the discarder: leave it empty for a "
                         "self-drawn win")
    if not f.get("concealed") or not f.get("win"):
        raise ModelError("a win needs its concealed tiles and its winning tile")
    hand = {"hand": f["concealed"].replace(" ", ""), "win": f["win"].replace(" ", "")}
    melds = [" ".join(m.split()) for m in f.get("melds", "").splitlines() if m.strip()]
    if melds:
        hand["melds"] = melds
    if f.get("flowers"):
        hand["flowers"] = f["flowers"].replace(" ", "")
    if f.get("flags"):
        hand["flags"] = f["flags"].split()
    ev = {"event": "win", "winner": winner, "hand": hand}
    if frm is not None:
        ev["from"] = frm
    return ev


@post("/corrections/hand")
def correct_hand(request, f):
    """A hand's tiles, winner or discarder corrected: an amendment of the event the
    organiser replays; its engine scores and settles it again, and the hands after it."""
    who = _who(request)
    target = f.get("target", "")
    ev = amended_event(f)
    with request.app.state.db.write() as con:
        corrections.add(con, who, f.get("why", ""), "event", target, {"event": ev})
    changed(request, "correction")
    with request.app.state.db.read() as con:
        h = handref.describe(con, target)
    if h["status"] == "refused":
        return back(HAND_PAGE, target=target,
                    error=said(request, "recorded, but the organiser's engine refuses the hand as "
                               "corrected (%s): it counts for nothing until corrected again",
                               h["refusal"]))
    return back(HAND_PAGE, target=target, ok=said(
        request, "hand re-scored: %s %s, payments %s", h["total"],
        said(request, h["unit"]) if h["unit"] else "",
        " ".join("%+d" % p for p in h["payments"] or [])))


@post("/corrections/accept")
def correct_accept(request, f):
    """A held record: the director accepts the device's or the organiser's version."""
    who = _who(request)
    target = f.get("target", "")
    with request.app.state.db.write() as con:
        corrections.add(con, who, f.get("why", ""), "accept", target,
                        {"version": f.get("version", "")})
    changed(request, "correction")
    return back("/admin/corrections", ok=said(
        request, "%s: the device's version counts" if f.get("version") == "device"
        else "%s: the organiser's version counts", target))


@post("/corrections/reseat")
def correct_reseat(request, f):
    """The players were at other seats than the seating said: who really sat at 1..4."""
    who = _who(request)
    sid = _int(f.get("session_id"), "game")
    ps = [_int(f.get("seat%d" % i), Reason("seat %d", i + 1)) for i in range(4)]
    with request.app.state.db.write() as con:
        corrections.reseat(con, who, f.get("why", ""), sid, ps)
    changed(request, "reseat")
    return back("/admin/corrections",
                ok=said(request, "game %d re-seated; standings recomputed", sid))


@post("/corrections/session")
def correct_session(request, f):
    """A game counted under the wrong table or tournament round."""
    who = _who(request)
    sid = _int(f.get("session_id"), "game")
    data = {"tround_id": _opt_int(f.get("tround_id"), "round"),
            "table_no": _opt_int(f.get("table_no"), "table")}
    with request.app.state.db.write() as con:
        corrections.add(con, who, f.get("why", ""), "session",
                        corrections.session_target(sid), data)
    changed(request, "session")
    return back("/admin/corrections", ok=said(request, "game %d moved", sid))


@get("/penalties")
def penalties_page(request):
    with request.app.state.db.read() as con:
        pens = corrections.penalties(con)
        players = tournament.players(con)
        trs = {t["id"]: t["number"] for t in tournament.trounds(con)}
        rounds_ = tournament.trounds(con)
    for p in pens:
        p["when"] = views.clock(p["at"])
        p["tround"] = trs.get(p["tround_id"])
    return page(request, "admin/penalties.html", "/admin/penalties", title="Penalties",
                penalties=list(reversed(pens)), players=players, trounds=rounds_)


@post("/penalties")
def penalty_add(request, f):
    who = _who(request)
    with request.app.state.db.write() as con:
        corrections.add_penalty(con, who, f.get("why", ""), _int(f.get("player_id"), "player"),
                                _int(f.get("points"), "points"),
                                _opt_int(f.get("tround_id"), "round"))
    changed(request, "penalty")
    return back("/admin/penalties", ok=said(request, "penalty recorded"))


# -- refused requests ---------------------------------------------------------------------
@get("/refused")
def refused_page(request):
    with request.app.state.db.read() as con:
        got = queries.refused_log(con, REFUSED_SHOWN)
        total = one(con, "SELECT COUNT(*) AS n FROM refused")["n"]
        by_error = rows(con, "SELECT error, status, COUNT(*) AS n FROM refused "
                             "GROUP BY error, status ORDER BY n DESC")
    for r in got:
        r["when"] = views.clock(r["at"], "%m-%d %H:%M:%S")
    return page(request, "admin/refused.html", "/admin/refused", title="Refused requests",
                refused=got, total=total, by_error=by_error, shown=REFUSED_SHOWN)
