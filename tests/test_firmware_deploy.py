"""Deployment to the emulated Pico: mpremote copies the bundle and writes the settings over
the board's USB serial (run.mjs --serve), the registration being the text the organiser's
registration page gives; then the flash it leaves, booted again with the keypad and the
OLED attached, starts the application from those settings."""

import argparse
import json
import os
import signal
import socket
import subprocess
import time

import pytest

from host_tools.board import bundle
from host_tools.board.pico import PICOKIT, Pico, list_files, read_file
from test_registration_deploy import register

SETTINGS = dict(table=7, rules="tw", dealer=None, players=None, ssid="venue", password="pw",
                organiser="http://192.168.4.1:8000", device=None, secret=None)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("deploy")
    reg = tmp / "registration.json"
    text, _, dev_id, secret = register(tmp)         # through the organiser's page (HTTP)
    reg.write_text(text)
    port = _free_port()
    fs_out = tmp / "fs.img"
    # free-running held to real time: flash erases take no emulated (so no real) time
    server = subprocess.Popen(["node", os.path.join(PICOKIT, "run.mjs"), "--serve", str(port),
                               "--fs-out", str(fs_out),
                               "--flash-timing", "none"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):                    # until the board's serial port listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        args = argparse.Namespace(settings_only=False, wipe=False, registration=str(reg),
                                  **SETTINGS)
        answer = bundle.deploy("pico", "socket://127.0.0.1:%d" % port, args, log=lambda m: None)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    return answer, fs_out.read_bytes(), dev_id, secret


def test_board_answers_with_the_settings(deployed):
    answer, _, dev_id, secret = deployed
    assert "MicroPython v1.28.0" in answer["version"] or "1.28.0" in answer["version"]
    s = answer["settings"]
    assert (s["table"], s["rules"], s["device"], s["secret"]) == (7, "tw", dev_id, secret)
    assert s["wifi"] == {"ssid": "venue", "password": "pw"} and answer["error"] is None


def test_flash_holds_the_bundle(deployed):
    _, fs, _, _ = deployed
    meta = json.load(open(os.path.join(bundle.OUT, "pico", "bundle.json")))
    files = list_files(fs)
    for name, size in meta["files"].items():
        assert files.get("/" + name) == size, name
    assert json.loads(read_file(fs, "/settings.json"))["organiser"] == "http://192.168.4.1:8000"


def test_deployed_board_starts_the_application(deployed, tmp_path):
    _, fs, _, _ = deployed
    with Pico(fs=fs) as pico:
        pico.wait_serial(r"app: ready", timeout_ms=20000)   # main.py started it at power-on
        pico.wait(100)
        boot_screen = pico.screen(png=str(tmp_path / "status.png"))
        # the same application again, holding on to it, to read its screen description
        pico.soft_reset()
        pico.launch("import ui.app\n_apps = []\nui.app.main(hooks=_apps.append)")
        pico.wait_serial(r"app: ready", timeout_ms=20000)
        pico.wait(100)
        again = pico.screen()
        rows = json.loads(pico.exec("import json\nprint(json.dumps(_apps[0].ui.screen()))"))
    art = boot_screen["text"].split("\n")
    assert boot_screen["state"]["on"] and boot_screen["frames"] >= 1
    assert sum(r.count("#") for r in art[0:12]) > 128 * 12 // 2   # an inverted title bar
    assert again["text"] == boot_screen["text"]
    # the status screen of table 7 as the settings written by the deployment say
    assert rows[0].startswith("\x01") and "7" in rows[0], rows
