"""One event language at the organiser: the language the director sets for the devices is
the pages' language for a visitor who has not chosen one, and the exports'; the hands CSV
names each hand's items in the language asked (?lang=, the cookie) or the event's."""

import csv
import io
import random
import re
import warnings

import pytest

from test_langs import table


@pytest.fixture
def event(tmp_path):
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    from fastapi.testclient import TestClient
    from host_tools.sim import organiser_demo as demo
    from organiser.app import create_app
    from test_organiser_pages import ClientDevice
    db = str(tmp_path / "o.db")
    ev = demo.setup_event(db, name="Lang Cup", rules="hk",
                          teams={"A": ["a1", "a2", "a3", "a4"]}, rounds=1)
    app = create_app(db)
    # its lifespan runs: the organiser scores (version 2's records carry no elements, the
    # pages name the organiser's own)
    with TestClient(app) as client:
        dev_id, secret = ev["devices"][1]
        t = demo.Table(ClientDevice(client, dev_id, secret), str(tmp_path))
        status, pulled = t.device.seating()
        t.handle(demo.start_event(t, pulled))
        demo.play(t, "hk", random.Random(3), 4)
        t.sync()
        from organiser_fixtures import scored
        scored(client)
        yield db, app, client


def set_lang(db, app, lang):
    from organiser.store.db import Database
    from organiser.event import tournament
    from organiser.text import elnames
    d = Database(db)
    with d.write() as con:
        tournament.set_event(con, device_lang=lang)
    d.close()
    elnames.forget_event_lang(app)


def csv_items(client, path="/export/hands.csv"):
    r = client.get(path)
    assert r.status_code == 200
    out = []
    for row in csv.DictReader(io.StringIO(r.text)):
        for part in filter(None, row["items"].split("; ")):
            out.append(part.rsplit(" ", 1)[0])
    return out


ITEM = re.compile(r'<span class="item"><b>(.*?)</b>')


def test_the_hands_csv_names_items_in_the_event_s_language_or_the_one_asked(event):
    db, app, client = event
    native = csv_items(client)
    assert native and all(not n.isascii() for n in native)      # as the devices uploaded
    set_lang(db, app, "en")
    en = csv_items(client)
    assert len(en) == len(native) and all(n.isascii() for n in en)
    assert set(en) <= {n for _, n, _ in table("hk", "en")}
    hans = csv_items(client, "/export/hands.csv?lang=zh-Hans")
    assert set(hans) <= {n for _, n, _ in table("hk", "zh-Hans")} and hans != native
    assert csv_items(client, "/export/hands.csv?lang=zh-Hant") == native
    set_lang(db, app, None)
    assert csv_items(client) == native


def test_the_pages_speak_the_event_s_language_to_a_visitor_who_has_not_chosen(event):
    db, app, client = event
    native = ITEM.findall(client.get("/tables/1").text)
    set_lang(db, app, "en")
    page = client.get("/tables/1").text
    en = ITEM.findall(page)
    assert en and all(n.isascii() for n in en) and len(en) == len(native)
    assert '<html lang="en"' in page or 'lang="en"' in page
    set_lang(db, app, "zh-Hans")
    hans = ITEM.findall(client.get("/tables/1").text)
    assert set(hans) <= {n for _, n, _ in table("hk", "zh-Hans")} and hans != native
    # a visitor's own choice stands over the event's
    assert all(n.isascii() for n in ITEM.findall(client.get("/tables/1?lang=en").text))
    assert all(n.isascii() for n in ITEM.findall(client.get("/tables/1").text))   # cookie
    client.cookies.clear()
    assert ITEM.findall(client.get("/tables/1").text) == hans
