"""The director's pages in words: the corrections log without raw JSON (seats from 1,
players by name), Revoke asking first, the Devices page's stored records."""

import json
import re
import warnings

from test_registration_deploy import director


def csrf(client, path):
    return re.search(r'name="csrf" value="([0-9a-f]+)"', client.get(path).text)[1]


def test_the_corrections_log_says_each_correction_in_words(tmp_path):
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    from organiser.store.db import Database
    from organiser.event import tournament
    client = director(tmp_path)
    d = Database(str(tmp_path / "organiser.db"))
    with d.write() as con:
        ids = [p["id"] for p in tournament.players(con)][:4]
        names = {p["id"]: p["name"] for p in tournament.players(con)}
        # stored as the correction forms store them (corrections.add checks them against
        # the records; the log shows whatever is stored)
        for kind, target, data in (
                ("payments", "d-x/0123456789abcdef/3", {"payments": [12, -4, -4, -4]}),
                ("reseat", "session:1", {"players": list(reversed(ids))}),
                ("event", "d-x/0123456789abcdef/4", {"event": {
                    "event": "win", "winner": 0, "from": 2,
                    "hand": {"hand": "123m456m789m11z55z", "win": "5z", "flowers": "12f"}}}),
                ("accept", "d-x/0123456789abcdef/5", {"version": "organiser"})):
            con.execute("INSERT INTO corrections (at, who, why, kind, target, data) VALUES "
                        "(?,?,?,?,?,?)", (1.0, "director", "why", kind, target,
                                          json.dumps(data)))
    d.close()
    page = client.get("/admin/corrections").text
    table = page[page.index('id="corrections"'):]
    assert "seat 1 +12, seat 2 -4, seat 3 -4, seat 4 -4" in table
    assert "seat 1 %s" % names[ids[3]] in table and "seat 4 %s" % names[ids[0]] in table
    assert "winner seat 1, from seat 3" in table and "中中" in table
    assert "Accept the organiser" in table
    assert '{"payments"' not in table and "&#34;payments&#34;" not in table
    assert "seat 0" not in table
    hans = client.get("/admin/corrections?lang=zh-Hans").text
    assert "座位 1 +12" in hans[hans.index('id="corrections"'):]


def test_revoke_asks_first_and_devices_says_stored(tmp_path):
    from organiser.store.db import Database
    from organiser.event import tournament
    client = director(tmp_path)
    d = Database(str(tmp_path / "organiser.db"))
    with d.write() as con:
        dev_id, _ = tournament.register_device(con, 1, "t1")
    d.close()
    page = client.get("/admin/devices").text
    assert "Records stored" in page and "Records held" not in page
    # the first click opens the question; the form's one button names what it does
    row = page[page.index(dev_id):]
    assert "<summary>Revoke</summary>" in row
    assert "Revoke %s: its uploads are refused" % dev_id in row
    r = client.post("/admin/devices/revoke", data={"device_id": dev_id, "revoked": "1",
                                                    "csrf": csrf(client, "/admin/devices")},
                    follow_redirects=False)
    assert r.status_code == 303
    page = client.get("/admin/devices").text
    assert ">Restore</button>" in page and "revoked" in page
