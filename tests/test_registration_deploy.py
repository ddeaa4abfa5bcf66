"""Registration to deployment in one step: what the organiser's registration page shows is
what `make deploy REGISTRATION=` reads (host_tools/board/bundle.py settings_from), and the
page's one-line command writes exactly that file, whatever Host header the page was asked
with.  (tests/test_firmware_deploy.py deploys the page's text to the emulated Pico.)  And
the event form names hk for what it is, so that nobody takes it for Hong Kong Old Style."""

import argparse
import html
import json
import os
import re
import subprocess
import warnings

import pytest

from host_tools.board import bundle
from host_tools.sim import organiser_demo as demo

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.testclient import TestClient  # noqa: E402

from organiser.guard import auth  # noqa: E402
from organiser.app import create_app  # noqa: E402

PASSWORD = "correct horse"


def director(tmp_path, host="testserver"):
    """A logged-in director's client of a small event's organiser."""
    db = str(tmp_path / "organiser.db")
    if not os.path.exists(db):
        demo.setup_event(db, name="Reg Cup", rules="hk",
                         teams={"A": ["a1", "a2", "a3", "a4"]}, rounds=1, password=PASSWORD)
    client = TestClient(create_app(db), base_url="http://" + host)
    r = client.post("/admin/login", data={"name": "director", "password": PASSWORD,
                                          "next": "/admin"}, follow_redirects=False)
    assert r.status_code == 303 and auth.COOKIE in r.cookies
    return client


def register(tmp_path, table_no="1", host="testserver"):
    """Register a device through the director's form; (the page's registration text, the
    page's deploy command, the device id, the secret)."""
    client = director(tmp_path, host)
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', client.get("/admin").text)[1]
    r = client.post("/admin/devices", data={"table_no": table_no, "label": "spare", "csrf": token})
    assert r.status_code == 200
    text = html.unescape(re.search(r'<pre class="secret" id="registration">(.*?)</pre>', r.text, re.S)[1])
    cmd = html.unescape(re.search(r'<pre class="secret" id="deploy">(.*?)</pre>', r.text, re.S)[1])
    dev_id = re.search(r"Device (d-[0-9a-f]+) registered", r.text)[1]
    secret = re.search(r'id="secret">([0-9a-f]{64})<', r.text)[1]
    return text, cmd, dev_id, secret


def args_for(path, **over):
    a = dict(registration=str(path), table=None, rules=None, dealer=None, players=None,
             ssid=None, password=None, organiser=None, device=None, secret=None)
    a.update(over)
    return argparse.Namespace(**a)


def test_the_page_s_text_is_what_deploy_reads(tmp_path):
    text, cmd, dev_id, secret = register(tmp_path)
    reg = tmp_path / "registration.json"
    reg.write_text(text)
    cfg = bundle.settings_from(args_for(reg, rules="hk"), {"wifi": {"ssid": "v", "password": "p"}})
    assert cfg == {"device": dev_id, "secret": secret, "organiser": "http://testserver",
                   "table": 1, "rules": "hk", "wifi": {"ssid": "v", "password": "p"}}
    # the command line given overrides the page's organiser and table
    cfg = bundle.settings_from(args_for(reg, organiser="http://192.168.4.1:8000", table=5))
    assert cfg["organiser"] == "http://192.168.4.1:8000" and cfg["table"] == 5


def test_the_page_s_command_writes_that_file_and_deploys_with_it(tmp_path):
    # a hostile Host header: the origin it makes is quoted for the shell, not run
    text, cmd, dev_id, _ = register(tmp_path, host="x'$(touch${IFS}pwned)'")
    assert "'$(" in json.loads(text)["organiser"]
    write, deploy = cmd.split(" && ")
    assert deploy == "make deploy PORT=/dev/ttyACM0 REGISTRATION=registration.json"
    subprocess.run(["sh", "-c", write], cwd=tmp_path, check=True)
    assert not (tmp_path / "pwned").exists()
    assert json.loads((tmp_path / "registration.json").read_text()) == json.loads(text)
    assert json.loads(text)["device"] == dev_id


def test_the_old_answer_and_the_api_s_still_deploy_and_a_wrong_file_is_refused(tmp_path):
    reg = tmp_path / "reg.json"
    reg.write_text(json.dumps({"ok": True, "id": "d-0007", "secret": "9c0f"}))
    cfg = bundle.settings_from(args_for(reg))
    assert (cfg["device"], cfg["secret"]) == ("d-0007", "9c0f")
    for bad in ([1, 2], {"device": "d-1"}, {"secret": "00"}):
        reg.write_text(json.dumps(bad))
        with pytest.raises(SystemExit, match="not a registration"):
            bundle.settings_from(args_for(reg))


def test_the_event_form_names_hk_for_what_it_is(tmp_path):
    page = director(tmp_path).get("/admin").text
    assert re.search(r'<option value="hk" selected>hk · Hong Kong 16-tile \(Cloud Dragon Cup '
                     r'table\)</option>', page), page
