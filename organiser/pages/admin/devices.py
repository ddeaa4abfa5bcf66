"""The tables' devices: registered (the deploy command shown once), revoked,
given a new secret, bound to a table."""

import json
import shlex

from organiser.event import devices, tournament
from organiser.guard import tls
from organiser.results import views
from organiser.store.db import one
from organiser.live.render import render
from organiser.pages.admin.base import MENU, back, changed, director, page, section, said, \
    whole_or_none
from organiser.pages import terminal

router, get, post = section()


def deploy_command(settings):
    """One shell line writing the registration to a file and deploying with it.  Quoted for
    the shell: the origin comes from the request's Host header, which anyone may set."""
    text = shlex.quote(json.dumps(settings, separators=(",", ":")))
    return ("printf '%%s\\n' %s > registration.json && "
            "make deploy PORT=/dev/ttyACM0 REGISTRATION=registration.json" % text)


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
                devices=devs, tables=tables, origin=tls.device_origin(request))


@post("/devices")
def device_register(request, f):
    """Register a device.  Its secret is shown on the answer page only, never again."""
    table_no = whole_or_none(f.get("table_no"), "table")
    with request.app.state.db.write() as con:
        dev_id, secret = tournament.register_device(con, table_no, f.get("label", ""),
                                                    f.get("device_id") or None)
        if request.app.state.claim_device is not None:
            request.app.state.claim_device(dev_id)
    # under a league the event's address has its path (/e/<event>): the device's too.
    # The registration as the settings file names its fields: what `make deploy
    # REGISTRATION=` reads (host_tools/board/bundle.py settings_from)
    origin = tls.device_origin(request)
    settings = {"device": dev_id, "secret": secret, "organiser": origin}
    if table_no is not None:
        settings["table"] = table_no
    # a phone as the device: the terminal's address with the registration, as a QR code
    link = terminal.registration_link(origin, dev_id, secret, table_no)
    return render(request, "admin/device_secret.html", here="/admin", admin_menu=MENU,
                  admin_here="/admin/devices", who=director(request), title="Device registered",
                  dev_id=dev_id, secret=secret, table_no=table_no,
                  settings_json=json.dumps(settings, indent=2),
                  deploy_command=deploy_command(settings), terminal_link=link,
                  terminal_qr=terminal.qr_svg(link))


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
                  admin_here="/admin/devices", who=director(request), title="New device secret",
                  dev_id=did, secret=secret, table_no=table_no,
                  settings_json=json.dumps(settings, indent=2))


@post("/devices/bind")
def device_bind(request, f):
    with request.app.state.db.write() as con:
        tournament.bind_device(con, f.get("device_id", ""), whole_or_none(f.get("table_no"), "table"))
    changed(request, "devices")
    return back("/admin/devices", ok=said(request, "device %s moved", f.get("device_id", "")))
