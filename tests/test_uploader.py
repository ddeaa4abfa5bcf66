"""The device's upload task end to end on loopback: the firmware's table session and
uploader (compiled, in the MicroPython unix port) against the real organiser (uvicorn,
SQLite), through a proxy that cuts connections, with the organiser killed and started
again and a device killed with records queued.  Every record of every journal arrives
exactly once, as the journal holds it; what the device signs is HMAC-SHA256 of the exact
bytes it sends; forged requests made from them are refused and store nothing."""

import hashlib
import hmac
import json
import os
import socket
import threading
import time

import pytest

import journal
from organiser_fixtures import OrganiserServer, query, setup_event
from uploader_harness import DeviceProcess, Proxy, split_request


@pytest.fixture
def organiser(tmp_path):
    db = str(tmp_path / "organiser.db")
    ev = setup_event(db, n_tables=3)
    with OrganiserServer(db) as srv:
        yield srv, ev, db


def held(db, device):
    """{journal id: {seq: record}} the organiser holds for a device."""
    out = {}
    for jid, seq, body in query(db, "SELECT journal, seq, body FROM records WHERE device = ?",
                                (device,)):
        assert seq not in out.setdefault(jid, {}), "record stored twice"
        out[jid][seq] = json.loads(body)
    return out


def refusals(db):
    return query(db, "SELECT status, error, device FROM refused ORDER BY id")


def journal_of(state):
    """(journal id, [records as sent, as the organiser stores them: a version-2 record
    under version 1's names, organiser/store/records2.py]) of a device's flash."""
    from organiser.store import records2
    path = os.path.join(state, "journal.bin")
    recs = [records2.v1(dict({"seq": seq}, **rec))
            for _, seq, rec in journal.Journal(path).records()]
    return journal.journal_id(path), recs


def assert_all_held(db, device, state):
    jid, recs = journal_of(state)
    got = held(db, device).get(jid, {})
    assert sorted(got) == [r["seq"] for r in recs]
    for r in recs:
        assert got[r["seq"]] == r, r["seq"]
    return recs


def device(tmp_path, name, dev, url, **cfg):
    base = {"organiser": url, "device": dev.id, "secret": dev.secret, "records": 30,
            "gap_ms": 25, "run_ms": 60000, "timeout_ms": 1500, "max_ms": 1500}
    base.update(cfg)
    return DeviceProcess(str(tmp_path / name), base)


def test_every_record_arrives_once_through_faults(tmp_path, organiser):
    srv, ev, db = organiser
    proxy = Proxy(srv.port, ["pass", "cut_request", "pass", "cut_response", "pass", "stall"])
    a = device(tmp_path, "a", ev["devices"][0], proxy.url, records=60, gap_ms=100).start()
    b = device(tmp_path, "b", ev["devices"][1], proxy.url, records=60, gap_ms=60).start()
    c = device(tmp_path, "c", ev["devices"][2], proxy.url, records=40, gap_ms=90).start()
    try:
        a.until(lambda s: s.get("acked", 0) >= 10)
        srv.stop(kill=True)                             # the organiser crashes
        # device a goes on saving hands with nowhere to send them; then its power fails
        st = a.until(lambda s: s.get("waiting", 0) >= 5)
        a.kill()
        time.sleep(0.3)
        srv.start()
        a.start()                                       # boots with records queued
        st = a.until(lambda s: s.get("journal") is not None)
        a.until(lambda s: s.get("acked", 0) >= 30)
        srv.restart(kill=True)                          # and once more, mid-upload
        fa, fb, fc = a.wait(90), b.wait(90), c.wait(90)
    finally:
        for d in (a, b, c):
            d.kill()
        proxy.close()
    assert fa["done"] and fb["done"] and fc["done"], (fa, fb, fc)
    assert fa["status"]["waiting"] == 0 and fa["status"]["error"] is None
    # the faults did happen: cut requests, lost answers (batches the organiser stored
    # and the device sent again), stalls that timed out
    for mode in ("pass", "cut_request", "cut_response", "stall"):
        assert proxy.counts.get(mode, 0) >= 1, proxy.counts
    assert any("does not answer" in m for m in a.logs() + b.logs() + c.logs())
    # the other tasks kept running throughout: a stalled organiser held the upload for
    # its whole timeout (1.5 s) and a 10 ms sleep elsewhere was never held up near that
    assert max(f["lag_ms"] for f in (fa, fb, fc)) < 500, [f["lag_ms"] for f in (fa, fb, fc)]
    assert len(assert_all_held(db, ev["devices"][0].id, a.state)) == 60
    assert len(assert_all_held(db, ev["devices"][1].id, b.state)) == 60
    assert len(assert_all_held(db, ev["devices"][2].id, c.state)) == 40
    # the organiser logged the cut requests as incomplete, and nothing else
    cut = refusals(db)
    assert {r[:2] for r in cut} <= {(400, "incomplete")}
    assert len(cut) <= proxy.counts["cut_request"]


def test_mark_kept_across_reboots_and_wiped_device_starts_new_journal(tmp_path, organiser):
    srv, ev, db = organiser
    d = ev["devices"][0]
    a = device(tmp_path, "a", d, srv.url, records=12)
    fin = a.start().wait()
    assert fin["done"] and fin["status"]["acked"] == 12
    first, _ = journal_of(a.state)
    mark = json.load(open(os.path.join(a.state, "journal.sent")))
    assert mark["journal"] == first and mark["acked"] == 12
    # a reboot with nothing new sends nothing
    fin = a.start(records=12, run_ms=1500, stay=True).wait()
    assert fin["status"]["posts"] == 0 and fin["status"]["acked"] == 12
    # more hands after a reboot: only the new records are sent
    fin = a.start(records=20).wait()
    assert fin["done"] and fin["status"]["acked"] == 20 and fin["status"]["posts"] >= 1
    # wiped (journal and its id gone; a stale mark left behind): a new journal id, and
    # its records 1.. are sent in full, the old journal kept apart
    os.remove(os.path.join(a.state, "journal.bin"))
    os.remove(os.path.join(a.state, "journal.id"))
    fin = a.start(records=7).wait()
    second, _ = journal_of(a.state)
    assert second != first and len(second) == 16
    assert fin["done"] and fin["status"]["acked"] == 7 and fin["status"]["journal"] == second
    got = held(db, d.id)
    assert sorted(got) == sorted([first, second])
    assert sorted(got[first]) == list(range(1, 21)) and sorted(got[second]) == list(range(1, 8))
    assert_all_held(db, d.id, a.state)


def test_device_signs_the_bytes_it_sends_and_forgeries_are_refused(tmp_path, organiser):
    srv, ev, db = organiser
    d1, d2 = ev["devices"][0], ev["devices"][1]
    proxy = Proxy(srv.port, ["pass"])
    a = device(tmp_path, "a", d1, proxy.url, records=25)
    try:
        assert a.start().wait()["done"]
    finally:
        proxy.close()
    posts = [split_request(r) for r in proxy.requests]
    assert posts
    for line, hdrs, body in posts:
        assert line == "POST /api/v1/upload HTTP/1.1"
        assert hdrs["content-type"] == "application/json"
        assert int(hdrs["content-length"]) == len(body) <= 65536
        want = hmac.new(bytes.fromhex(d1.secret), body, hashlib.sha256).hexdigest()
        assert hdrs["x-signature"] == want
        sent = json.loads(body)
        assert sent["device"] == d1.id and 1 <= len(sent["records"]) <= 20
    recs = assert_all_held(db, d1.id, a.state)
    # in journal order; a batch whose answer came late may be sent again (a resend, not a gap)
    sent_seqs = []
    for _, _, b in posts:
        for r in json.loads(b)["records"]:
            if r["seq"] not in sent_seqs:
                assert r["seq"] == len(sent_seqs) + 1, sent_seqs
                sent_seqs.append(r["seq"])
    assert sent_seqs == [r["seq"] for r in recs]

    import urllib.request
    import urllib.error

    def post(body, sig):
        req = urllib.request.Request(srv.url + "/api/v1/upload", data=body, headers={
            "Content-Type": "application/json", "X-Signature": sig})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    _, hdrs, body = posts[-1]
    sig = hdrs["x-signature"]
    before = held(db, d1.id), held(db, d2.id)
    assert post(body, sig)[0] == 200                    # the device's own, again: held
    seq = json.loads(body)["records"][0]["seq"]
    altered = body.replace(b'{"seq":%d,' % seq, b'{"seq":%d,' % (seq + 1000), 1)
    assert altered != body
    other = body.replace(('"device":"%s"' % d1.id).encode(), ('"device":"%s"' % d2.id).encode())
    assert other != body
    unknown = body.replace(('"device":"%s"' % d1.id).encode(), b'"device":"nobody"')
    assert post(altered, sig) == (401, {"ok": False, "error": "bad_signature"})
    assert post(other, sig) == (401, {"ok": False, "error": "bad_signature"})
    assert post(body, sig[::-1]) == (401, {"ok": False, "error": "bad_signature"})
    assert post(unknown, sig) == (401, {"ok": False, "error": "unknown_device"})
    assert (held(db, d1.id), held(db, d2.id)) == before
    assert [r[:2] for r in refusals(db)] == [(401, "bad_signature")] * 3 + [(401, "unknown_device")]


def test_wrong_secret_and_unknown_device_shown_nothing_stored(tmp_path, organiser):
    srv, ev, db = organiser
    d = ev["devices"][0]
    wrong = device(tmp_path, "w", d, srv.url, records=5, secret="%064x" % 7,
                   run_ms=2500, stay=True).start()
    unknown = device(tmp_path, "u", d, srv.url, records=5, device="dev99",
                     run_ms=2500, stay=True).start()
    fw, fu = wrong.wait(), unknown.wait()
    assert fw["status"]["error"] == "signature refused" and fw["status"]["waiting"] == 5
    assert fu["status"]["error"] == "not registered" and fu["status"]["waiting"] == 5
    assert not fw["status"]["ok"] and not fu["status"]["ok"]
    assert held(db, d.id) == {} and held(db, "dev99") == {}
    errors = {r[1] for r in refusals(db)}
    assert errors == {"bad_signature", "unknown_device"}


def test_a_version_1_journal_goes_on_and_is_uploaded_as_it_is(tmp_path, organiser):
    """A board updated with a version-1 journal on its flash (older firmware wrote it,
    magic MJ, each record whole): it boots from it, goes on writing version 1 to it, and
    sends its records as they are stored; the organiser holds every one once."""
    srv, ev, db = organiser
    d = ev["devices"][0]
    a = device(tmp_path, "a", d, srv.url, records=12)
    # the old firmware's flash: the harness's first 12 events (tests/mpy_uploader.py's
    # event()) journaled in version 1 by the table session on CPython
    import session
    journal.NEW, was = 1, journal.NEW
    try:
        old = session.Session(os.path.join(a.state, "journal.bin"))
        for i in range(12):
            assert old.handle(harness_event(i))["ok"]
    finally:
        journal.NEW = was
    with open(os.path.join(a.state, "journal.bin"), "rb") as f:
        assert f.read(2) == b"MJ"
    fin = a.start(records=20).wait()                            # this firmware goes on
    assert fin["done"] and fin["status"]["waiting"] == 0, fin
    jid, recs = journal_of(a.state)
    assert len(recs) == 20 and all("state" in r for r in recs)      # version 1 throughout
    got = assert_all_held(db, d.id, a.state)
    assert got == recs
    path = os.path.join(a.state, "journal.bin")
    assert {h for h in heads(path)} == {b"MJ"}


def harness_event(i):
    """tests/mpy_uploader.py's event(i), names of one character."""
    hands = [{"hand": "123456789m123456p5s", "win": "5s"},
             {"hand": "1112223334445556m", "win": "6m"},
             {"hand": "123m456p789s1112223z", "win": "3z"}]
    if i == 0:
        return {"event": "start", "rules": "tw", "dealer": 1, "players": ["東", "南", "西", "北"]}
    k = i % 6
    if k == 1:
        return {"event": "declare", "seat": i % 4}
    if k == 2:
        w = i % 4
        return {"event": "win", "winner": w, "from": (w + 1) % 4, "hand": hands[i % 3]}
    if k == 3:
        return {"event": "streak", "n": i % 5}
    if k == 4:
        return {"event": "undo"}
    return {"event": "draw"}


def heads(path):
    j = journal.Journal(path)
    with open(path, "rb") as f:
        for off, _, _ in j.scan():
            f.seek(off)
            yield f.read(2)


def test_conflict_surfaced_not_resent_forever(tmp_path, organiser):
    srv, ev, db = organiser
    d = ev["devices"][0]
    a = device(tmp_path, "a", d, srv.url, records=10)
    assert a.start().wait()["done"]
    jid, recs = journal_of(a.state)
    # the organiser comes to hold another record 12 under this journal (what a device
    # whose journal id was reused would cause): signed by the device's own secret
    forged = {"seq": 12, "event": {"event": "draw"}, "payments": [0, 0, 0, 0]}
    body = json.dumps({"device": d.id, "journal": jid, "records": [forged]}).encode()
    import urllib.request
    req = urllib.request.Request(srv.url + "/api/v1/upload", data=body, headers={
        "Content-Type": "application/json",
        "X-Signature": hmac.new(bytes.fromhex(d.secret), body, hashlib.sha256).hexdigest()})
    assert json.loads(urllib.request.urlopen(req, timeout=10).read()) == {"ok": True, "acked": 10}
    fin = a.start(records=15, run_ms=3000, stay=True).wait()
    st = fin["status"]
    # the alarm stays on the status line; the mark passed the record the organiser holds
    # (never sent again), the later records went up
    assert st["error"] == "conflict at record 12" and st["conflict"] == 12
    assert st["acked"] == 15 and st["waiting"] == 0
    assert [m for m in a.logs() if "conflict" in m] == ["upload: refused, conflict at record 12"]
    got = held(db, d.id)[jid]
    assert sorted(got) == list(range(1, 16)) and got[12] == forged
    _, mine = journal_of(a.state)
    assert [got[r["seq"]] for r in mine if r["seq"] != 12] == [r for r in mine if r["seq"] != 12]
    assert [r[:2] for r in refusals(db)] == [(409, "conflict")]


def test_large_records_batches_shrink_on_413(tmp_path):
    db = str(tmp_path / "organiser.db")
    ev = setup_event(db, n_tables=3)
    # version-2 records of about 100-750 bytes (the start names its players, 60
    # characters each; docs/upload.md); the device's own cap lifted, so the organiser's
    # limit (1 KiB here) answers 413 and the device sends less
    srv = OrganiserServer(db, args=["--max-body", "1024"]).start()
    try:
        large_records_batches_shrink(tmp_path, srv, ev, db)
    finally:
        srv.stop()


def large_records_batches_shrink(tmp_path, srv, ev, db):
    d = ev["devices"][0]
    a = device(tmp_path, "a", d, srv.url, records=24, gap_ms=0, name_len=60,
               max_body=1 << 20)
    assert a.start(no_upload=True).wait()["done"]          # all 24 queued, then a boot
    fin = a.start().wait()
    assert fin["done"], fin
    assert fin["status"]["limit"] < 20
    assert_all_held(db, d.id, a.state)
    assert {r[:2] for r in refusals(db)} == {(413, "too_large")}     # before any parsing


def test_a_full_organiser_is_retried_with_backoff(tmp_path):
    """503 (the organiser has all the connections it takes: here one, so every request
    is turned away): the device waits longer each time, then gets everything through
    once the organiser takes it again."""
    db = str(tmp_path / "organiser.db")
    ev = setup_event(db, n_tables=1)
    srv = OrganiserServer(db, args=["--max-connections", "1"]).start()
    d = ev["devices"][0]
    a = device(tmp_path, "a", d, srv.url, records=12, gap_ms=0, max_ms=1500).start()
    try:
        time.sleep(4)
        st = a.until(lambda s: s.get("posts", 0) >= 2)
        assert st["acked"] == 0 and st["error"] == "organiser error 503"
        # backing off: a few tries in four seconds, not hundreds
        assert st["posts"] <= 8, st
        srv.stop()
        srv.args = []
        srv.start()
        fin = a.wait(60)
    finally:
        a.kill()
        srv.stop()
    assert fin["done"], fin
    assert_all_held(db, d.id, a.state)


def test_an_answer_given_before_the_whole_body_is_the_one_the_device_reads(tmp_path):
    """An organiser that answers before it has read the body (503 busy, 413 too large)
    closes a connection with bytes unread: its side resets it, so the device's next
    write fails (a broken pipe) though the answer came before.  The device reads that
    answer: its status says "organiser error 503", not "cannot reach organiser".  Here a
    stand-in organiser with a small receive buffer answers 503 after the head of each
    request, so every large batch is still being written when the reset comes."""
    ev = setup_event(str(tmp_path / "organiser.db"), n_tables=1)
    d = ev["devices"][0]
    lsock = socket.socket()
    lsock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    lsock.bind(("127.0.0.1", 0))
    lsock.listen(4)
    heads = []

    def serve():
        while True:
            try:
                c, _ = lsock.accept()
            except OSError:
                return
            got = b""
            while b"\r\n\r\n" not in got:
                more = c.recv(1024)
                if not more:
                    break
                got += more
            heads.append(got.split(b"\r\n", 1)[0])
            c.sendall(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n"
                      b"Connection: close\r\n\r\n")
            c.close()

    threading.Thread(target=serve, daemon=True).start()
    a = device(tmp_path, "a", d, "http://127.0.0.1:%d" % lsock.getsockname()[1],
               records=24, gap_ms=0, name_len=60, max_ms=1000)
    try:
        assert a.start(no_upload=True).wait()["done"]          # all 24 queued
        fin = a.start(run_ms=4000, stay=True).wait()
    finally:
        a.kill()
        lsock.close()
    st = fin["status"]
    assert st["posts"] >= 2 and len(heads) == st["posts"], (st, heads)
    assert st["acked"] == 0 and st["error"] == "organiser error 503", st
    assert a.logs() == ["upload: organiser error 503"], a.logs()
