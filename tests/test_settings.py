"""The settings file: defaults, completion, refusal of bad fields, atomic save; on CPython and
in the MicroPython unix port (the firmware's own compiled module)."""

import json
import os
import subprocess

import pytest

import settings
from host_tools import build, paths

DEFAULTS = {"table": 1, "rules": "mcr", "settings": {}, "players": ["1", "2", "3", "4"],
            "dealer": 0, "wifi": {"ssid": "", "password": ""}, "organiser": "", "device": "",
            "secret": "", "lang": "zh-Hant"}


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def test_missing_file_gives_defaults(tmp_path):
    p = str(tmp_path / "settings.json")
    cfg = settings.load(p)
    assert cfg.pop("_path") == p
    assert cfg == DEFAULTS
    cfg["players"][0] = "x"               # each load is a fresh copy
    assert settings.defaults()["players"][0] == "1"


def test_fields_completed_and_unknown_kept(tmp_path):
    p = str(tmp_path / "settings.json")
    write(p, json.dumps({"table": 9, "rules": "tw", "wifi": {"ssid": "venue"}, "future": [1]}))
    cfg = settings.load(p)
    assert "_error" not in cfg
    assert cfg["table"] == 9 and cfg["rules"] == "tw" and cfg["future"] == [1]
    assert cfg["wifi"] == {"ssid": "venue", "password": ""}
    assert cfg["players"] == ["1", "2", "3", "4"] and cfg["dealer"] == 0


@pytest.mark.parametrize("text, reason", [
    ("{\"table\": 3, \"rul", "unreadable"),
    ("\xff\xfe garbage", "unreadable"),
    ("[1, 2]", "not a JSON object"),
    ("", "unreadable"),
])
def test_unreadable_file_gives_defaults_and_a_flag(tmp_path, text, reason):
    p = str(tmp_path / "settings.json")
    with open(p, "w", encoding="latin-1") as f:
        f.write(text)
    cfg = settings.load(p)
    assert reason in cfg.pop("_error")
    assert cfg.pop("_path") == p
    assert cfg == DEFAULTS


def test_bad_fields_replaced_and_named(tmp_path):
    p = str(tmp_path / "settings.json")
    write(p, json.dumps({"table": "7", "dealer": 4, "players": ["a", "b", "c"], "rules": "hk",
                         "wifi": {"ssid": 5}, "secret": True}))
    cfg = settings.load(p)
    err = cfg.pop("_error")
    for key in ("table", "dealer", "players", "wifi", "secret"):
        assert key in err
    assert cfg.pop("_path") == p
    assert cfg == dict(DEFAULTS, rules="hk")


def test_save_is_atomic_and_drops_notes(tmp_path):
    p = str(tmp_path / "settings.json")
    write(p, "not json")
    cfg = settings.load(p)
    assert "_error" in cfg
    cfg["table"] = 12
    cfg["players"] = ["東", "南", "西", "北"]
    settings.save(cfg)                                             # where it came from
    assert sorted(os.listdir(tmp_path)) == ["settings.json"]      # no temporary left over
    again = settings.load(p)
    assert "_error" not in again and again["table"] == 12 and again["players"][0] == "東"
    saved = json.load(open(p, encoding="utf-8"))
    assert "_error" not in saved and "_path" not in saved


def test_on_micropython(tmp_path):
    """The compiled module on the unix port: defaults, a bad file, a save and a reload."""
    folder = build.build_device()
    p = str(tmp_path / "settings.json")
    write(p, "{\"dealer\": 2, \"table\": -1}")
    code = ("import sys, json; sys.path.insert(0, %r); import settings\n"
            "a = settings.load(%r); e = a.pop('_error')\n"
            "a['players'] = ['A', 'B', 'C', 'D']; settings.save(a)\n"
            "b = settings.load(%r); c = settings.load(%r + 'x'); b.pop('_path'); c.pop('_path')\n"
            "print(json.dumps([e, b, c]))"
            % (folder, p, p, p))
    out = subprocess.run([paths.tool("micropython"), "-c", code], capture_output=True, text=True,
                         timeout=30)
    assert out.returncode == 0, out.stderr
    err, cfg, missing = json.loads(out.stdout)
    assert "table" in err and "dealer" not in err
    assert cfg == dict(DEFAULTS, dealer=2, players=["A", "B", "C", "D"])
    assert missing == DEFAULTS
