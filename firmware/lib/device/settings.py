# The board's settings file (/settings.json; docs/settings.md): one JSON object, read at
# boot, written by the settings screen and the deployment tools.  A missing field takes
# its default; an unreadable file or a field of the wrong type never stops the board: it
# gets the defaults and `cfg["_error"]` says what was wrong, for the status screen.
# Keys starting with "_" are never saved: `_path` is the file the settings came from (where
# save() writes them back by default).

import os
import json

PATH = "/settings.json"
LANGS = ("zh-Hant", "zh-Hans", "en")    # langs.LANGS: the names' languages


def defaults():
    """A fresh dict of the defaults (the caller may change it)."""
    return {"table": 1, "rules": "mcr", "settings": {}, "players": ["1", "2", "3", "4"],
            "dealer": 0, "wifi": {"ssid": "", "password": ""}, "organiser": "",
            "device": "", "secret": "", "lang": "zh-Hant"}


def _fits(key, value, default):
    if key == "players":
        if not isinstance(value, list) or len(value) != 4:
            return False
        for p in value:
            if not isinstance(p, str):
                return False
        return True
    if key == "wifi":
        return (isinstance(value, dict) and isinstance(value.get("ssid", ""), str)
                and isinstance(value.get("password", ""), str))
    if isinstance(default, bool) or isinstance(value, bool):
        return type(value) is type(default)
    if key == "dealer":
        return isinstance(value, int) and 0 <= value <= 3
    if key == "table":
        return isinstance(value, int) and value >= 0
    if key == "lang":
        return value in LANGS
    return isinstance(value, type(default))


def complete(raw):
    """raw (whatever the file held) completed with defaults; bad fields are replaced and
    named in `_error`."""
    cfg = defaults()
    if not isinstance(raw, dict):
        cfg["_error"] = "settings: not a JSON object"
        return cfg
    bad = []
    for key in raw:
        value = raw[key]
        if key[:1] == "_":
            continue
        if key in cfg:
            if not _fits(key, value, cfg[key]):
                bad.append(key)
                continue
            if key == "wifi":
                w = cfg["wifi"]
                for k in value:
                    w[k] = value[k]
                continue
        cfg[key] = value            # unknown keys are kept for newer tools
    if bad:
        cfg["_error"] = "settings: bad " + ",".join(bad)
    return cfg


def load(path=PATH):
    """The settings dict: the file's fields completed with defaults.  A missing file gives
    the defaults; an unreadable one the defaults with `_error` set."""
    try:
        import files
        files.recover(path)         # a save cut short between remove and rename (FAT)
    except OSError:
        pass
    cfg = _read(path)
    cfg["_path"] = path
    return cfg


def _read(path):
    try:
        f = open(path)
    except OSError:
        return defaults()
    try:
        raw = json.load(f)
    except (ValueError, OSError, UnicodeError):
        cfg = defaults()
        cfg["_error"] = "settings: unreadable file"
        return cfg
    finally:
        f.close()
    return complete(raw)


def beside(cfg, name):
    """A file in the settings' folder (net/seating.py's names.bin)."""
    p = cfg["_path"]
    return p[:p.rfind("/") + 1] + name


def save(cfg, path=None):
    """Write cfg atomically (to `path`, else where it was loaded from): a temporary file
    beside, then a rename over the old one, so a power cut leaves either the old file or
    the new, whole (on FAT, once load() has recovered: files.py)."""
    if path is None:
        path = cfg.get("_path", PATH)
    out = {}
    for key in cfg:
        if key[:1] != "_":
            out[key] = cfg[key]
    tmp = path + ".tmp"
    f = open(tmp, "w")
    try:
        json.dump(out, f)
        f.flush()
    finally:
        f.close()
    replace(tmp, path)


def keep(path, data):
    """Write bytes to a file in the settings' folder as save() writes the settings."""
    f = open(path + ".tmp", "wb")
    try:
        f.write(data)
    finally:
        f.close()
    replace(path + ".tmp", path)


def replace(tmp, path):
    try:
        os.rename(tmp, path)
    except OSError:             # a port whose rename does not replace: remove, then rename
        os.remove(path)
        os.rename(tmp, path)
    s = getattr(os, "sync", None)
    if s is not None:
        s()
