"""The browser terminal at /terminal/: any phone is a table's terminal (docs/phones.md).

The page's static files, as `make bundle BOARD=browser` builds them (build/bundle/browser:
the page, MicroPython's WebAssembly port, the application's app.pack), served with a
content security policy of their own: the organiser's scripts alone, and WebAssembly
compiled from them ('wasm-unsafe-eval'; no eval of strings).  The registration's device
id and secret travel in the address's fragment (#device=..&secret=..), which a browser
never sends: they reach neither this server nor its logs.  The page's uploads and seating
pulls are the devices' own signed requests (/api/v1/upload, /api/v1/seating)."""

import json
import os

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse

router = APIRouter(include_in_schema=False)

# build/bundle/browser beside the organiser's package (host_tools.board.webbundle makes it);
# ORGANISER_TERMINAL names another folder
FOLDER = os.environ.get("ORGANISER_TERMINAL") or os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    "build", "bundle", "browser")
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'none'; frame-ancestors 'none'")
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript",
         ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm",
         ".pack": "application/octet-stream", ".json": "application/json",
         ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml"}
HEADERS = {"content-security-policy": CSP, "cache-control": "no-cache",
           "referrer-policy": "no-referrer", "x-content-type-options": "nosniff"}


def files(folder=None):
    """The bundle's file names (its bundle.json), or None when it is not built."""
    try:
        with open(os.path.join(folder or FOLDER, "bundle.json")) as f:
            return set(json.load(f)["files"])
    except (OSError, ValueError, KeyError):
        return None


@router.get("/terminal")
def terminal_root():
    return RedirectResponse("/terminal/", status_code=308)


@router.get("/terminal/")
def terminal_page():
    return terminal_file("index.html")


@router.get("/terminal/{name}")
def terminal_file(name: str):
    have = files()
    if have is None:
        return JSONResponse({"ok": False, "error": "the terminal is not built: "
                             "make bundle BOARD=browser"}, status_code=404)
    if name not in have:
        return JSONResponse({"ok": False, "error": "not found"}, status_code=404)
    ext = os.path.splitext(name)[1]
    return FileResponse(os.path.join(FOLDER, name), headers=HEADERS,
                        media_type=TYPES.get(ext, "application/octet-stream"))


# -- registration by QR code ------------------------------------------------------------

def registration_link(origin, device, secret, table_no=None):
    """The address a phone opens to become the device: the terminal, with the device's id
    and secret (and its table) in the fragment, which the browser keeps to itself."""
    from urllib.parse import urlencode
    fields = {"device": device, "secret": secret}
    if table_no is not None:
        fields["table"] = table_no
    return "%s/terminal/#%s" % (origin.rstrip("/"), urlencode(fields))


def qr_svg(text):
    """text as a QR code, an inline SVG element (segno; error correction M, a quiet zone of
    four modules, dark on white so any phone's camera reads it)."""
    import segno
    return segno.make(text, error="m", micro=False).svg_inline(scale=5, border=4, dark="#000",
                                                                light="#fff")
