"""The organiser's answers are signed over the device's own request, and the device acts
on none that does not verify (docs/upload.md, "The answers' MAC"): the firmware's
uploader (compiled, in the MicroPython unix port) against the real organiser (uvicorn,
SQLite) behind a program in the middle that forges acks, MACs, refusals and replays
genuine answers to other requests.  Nothing forged moves the mark; the records are sent
again and arrive once; the MACs agree with CPython's `hmac` both ways."""

import hashlib
import hmac
import json
import time

import pytest

import device_script
from forging_proxy import ForgingProxy, split_answer
from organiser.api import answers
from organiser_fixtures import OrganiserServer, setup_event
from test_uploader import assert_all_held, device, held
from uploader_harness import split_request


@pytest.fixture
def organiser(tmp_path):
    db = str(tmp_path / "organiser.db")
    ev = setup_event(db, n_tables=2, rules="tw")
    with OrganiserServer(db) as srv:
        yield srv, ev, db


def answer_mac(secret, request_mac_hex, body):
    """The answer's MAC as CPython's hmac makes it."""
    return hmac.new(bytes.fromhex(secret), b"answer" + bytes.fromhex(request_mac_hex) + body,
                    hashlib.sha256).hexdigest()


def test_forged_answers_move_nothing_and_every_record_arrives_once(tmp_path, organiser):
    srv, ev, db = organiser
    d = ev["devices"][0]
    proxy = ForgingProxy(srv.port, ["pass"])
    a = device(tmp_path, "a", d, proxy.url, records=30, gap_ms=60, run_ms=60000)
    try:
        a.start()
        a.until(lambda s: s.get("acked", 0) >= 4)
        # the program in the middle takes over: forged acks (no MAC, a made-up MAC), a
        # genuine answer of another request replayed, records stored but the answer
        # forged, a forged refusal "revoked"
        proxy.set_modes(["forge", "forge_mac", "replay", "store_forge", "revoked"])
        st = a.until(lambda s: s.get("unverified", 0) >= 3)
        mark = st["acked"]
        a.until(lambda s: proxy.counts.get("revoked", 0) >= 2
                and proxy.counts.get("store_forge", 0) >= 2, 40)
        st = a.status
        assert st["acked"] == mark < 30                 # nothing forged moved the mark
        assert st["alert"] == "organiser answers not verified"
        assert not st["revoked"]                        # an unsigned "revoked" says nothing
        assert st["error"] in ("answer not verified", "organiser error 403")
        assert "upload: answer not verified" in a.logs()
        proxy.set_modes(["pass"])
        fin = a.wait(90)
    finally:
        a.kill()
        proxy.close()
    assert fin["done"] and fin["status"]["waiting"] == 0, fin
    assert fin["status"]["unverified"] == 0
    # what the first page says now is the organiser's verdict (this journal's wins were
    # settled under the device's default settings, the event's differ: held)
    v = fin["status"]["verdict"]
    assert v["journal"] == fin["status"]["journal"] and v["session"] == 1
    if v["held"]:
        assert fin["status"]["alert"] == "%d hands held: call the director: %s" % (
            v["held"], v["why"][0][1])
    else:
        assert fin["status"]["alert"] is None
    # every record held once, as the journal holds it (held() fails on a record twice)
    assert len(assert_all_held(db, d.id, a.state)) == 30
    # the device's requests and the organiser's answers, checked with CPython's hmac
    assert proxy.exchanges
    nonces = set()
    for req, ans in proxy.exchanges:
        _, hdrs, body = split_request(req)
        assert hdrs["x-signature"] == hmac.new(bytes.fromhex(d.secret), body,
                                               hashlib.sha256).hexdigest()
        sent = json.loads(body)
        assert sent["v"] == 2 and len(sent["nonce"]) == 16
        nonces.add(sent["nonce"])
        status, ahdrs, abody = split_answer(ans)
        assert status == 200
        assert ahdrs["x-answer-signature"] == answer_mac(d.secret, hdrs["x-signature"], abody)
        assert answers.mac(d.secret, hdrs["x-signature"], abody) == ahdrs["x-answer-signature"]
        # never the request's own MAC, never a MAC the device makes of a body
        assert ahdrs["x-answer-signature"] != hmac.new(
            bytes.fromhex(d.secret), abody, hashlib.sha256).hexdigest()
        assert json.loads(abody)["verdict"]["journal"] == sent["journal"]
    assert len(nonces) == len(proxy.exchanges)          # no two requests share a MAC


VERIFY = r"""
import sys, json
sys.path[:0] = [%(folder)r]
import binascii
import netlink
out = []
for key, sig, body, mac in %(cases)r:
    out.append(netlink.verified(binascii.unhexlify(key), sig, body.encode(),
                                mac.encode() if mac is not None else None))
print("RESULT " + json.dumps(out))
"""


def test_the_firmware_checks_the_answer_mac_as_cpython_makes_it():
    key = "ab" * 32
    sig = hmac.new(bytes.fromhex(key), b'{"device":"x"}', hashlib.sha256).hexdigest()
    body = '{"ok":true,"acked":3}'
    good = answer_mac(key, sig, body.encode())
    other_sig = hmac.new(bytes.fromhex(key), b'{"device":"y"}', hashlib.sha256).hexdigest()
    cases = [
        (key, sig, body, good),                                   # the organiser's
        (key, sig, body, None),                                   # no MAC
        (key, sig, body, good[:-1] + ("0" if good[-1] != "0" else "1")),
        (key, sig, body.replace("3", "4"), good),                 # another body
        (key, other_sig, body, good),                             # another request
        (key, sig, body[:-3], good),                              # a body cut short
        ("cd" * 32, sig, body, good),                             # another device's key
        # a request's own MAC over the answer's body (no domain): never an answer's
        (key, sig, body, hmac.new(bytes.fromhex(key), body.encode(),
                                  hashlib.sha256).hexdigest()),
    ]
    got = device_script.run(VERIFY, cases=cases)
    assert got == [True] + [False] * (len(cases) - 1)
    # the organiser's side makes the same MAC
    assert answers.mac(key, sig, body.encode()) == good


def test_refusals_after_the_signature_are_signed_and_before_it_are_not(organiser):
    import httpx
    srv, ev, db = organiser
    d = ev["devices"][0]
    with httpx.Client(base_url=srv.url, timeout=10) as c:
        # malformed after the device and its signature are known: signed
        raw = json.dumps({"device": d.id, "journal": "zz", "records": []}).encode()
        sig = hmac.new(bytes.fromhex(d.secret), raw, hashlib.sha256).hexdigest()
        r = c.post("/api/v1/upload", content=raw, headers={"X-Signature": sig})
        assert r.status_code == 400
        assert r.headers["x-answer-signature"] == answer_mac(d.secret, sig, r.content)
        # a wrong signature: the organiser cannot sign with a key the device did not use
        r = c.post("/api/v1/upload", content=raw, headers={"X-Signature": "00" * 32})
        assert r.status_code == 401 and "x-answer-signature" not in r.headers
        # the seating pull: signed, its verdict asked with v 2
        raw = json.dumps({"device": d.id, "nonce": "01" * 8, "v": 2}).encode()
        sig = hmac.new(bytes.fromhex(d.secret), raw, hashlib.sha256).hexdigest()
        r = c.post("/api/v1/seating", content=raw, headers={"X-Signature": sig})
        assert r.status_code == 200
        assert r.headers["x-answer-signature"] == answer_mac(d.secret, sig, r.content)
        # revoked: signed, so the device may say so
        import sqlite3
        con = sqlite3.connect(db)
        con.execute("UPDATE devices SET revoked_at = ? WHERE id = ?", (time.time(), d.id))
        con.commit()
        con.close()
        r = c.post("/api/v1/seating", content=raw, headers={"X-Signature": sig})
        assert r.status_code == 403 and r.json()["error"] == "revoked"
        assert r.headers["x-answer-signature"] == answer_mac(d.secret, sig, r.content)
    assert held(db, d.id) == {}
