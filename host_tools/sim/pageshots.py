"""What the organiser's screenshot scripts (host_tools/sim/*_shots.py) share: their
command line (--out, by default docs/img/, where pictures go), a scratch folder for the
event's database, and pages shot in each of the three languages."""

import argparse
import contextlib
import os
import shutil
import tempfile

from host_tools import paths

LANGS = ("en", "zh-Hant", "zh-Hans")
CHROMIUM = "/usr/bin/chromium"


def run(doc, prefix, make, argv=None):
    """Parse --out; make(out, folder) with a scratch folder, removed afterwards; print
    each picture it returns."""
    ap = argparse.ArgumentParser(description=doc,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(paths.ROOT, "docs", "img"))
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    folder = tempfile.mkdtemp(prefix=prefix + "-shots-")
    try:
        for f in make(a.out, folder) or ():
            print(f)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def in_each_lang(pg, url, pages, out, prefix):
    """Each (path, name) of pages shot whole in each language: out/prefix-name-lang.png."""
    shots = []
    for lang in LANGS:
        for path, name in pages:
            pg.goto(url + path + ("&" if "?" in path else "?") + "lang=" + lang)
            f = os.path.join(out, "%s-%s-%s.png" % (prefix, name, lang))
            pg.screenshot(path=f, full_page=True)
            shots.append(f)
    return shots


@contextlib.contextmanager
def director(url, password, first):
    """A Chromium page (1280x900) logged in as the director, on the path `first`."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            pg = b.new_context(viewport={"width": 1280, "height": 900}).new_page()
            pg.goto(url + "/admin/login?next=" + first)
            pg.fill("input[name=password]", password)
            pg.click("button:has-text('Log in')")
            pg.wait_for_url("**" + first)
            yield pg
        finally:
            b.close()
