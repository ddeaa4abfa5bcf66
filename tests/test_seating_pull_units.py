"""The seating pull's small parts, in the MicroPython unix port from the compiled firmware:
what an answer changes in the settings (all of it while the table is free, only the names,
round and table while a session runs), when the settings file is written (only on a
change), the event's device language (taken when the director changes it, the table's own
choice standing until then), answers that are not a seating, when a pull is due (boot, a
session's end, the period), the status screen's fault line, and a board without Wi-Fi that
never pulls."""

import device_script

CODE = r"""
import sys, json, os
sys.path[:0] = [%(folder)r]
import asyncio
import settings
import uploader, seating

PATH = %(path)r
out = {}


class Session:
    def __init__(self):
        self.state = None
        self.jseq = 0


def fresh():
    cfg = settings.defaults()
    cfg["_path"] = PATH
    settings.save(cfg)
    return cfg


def on_disk():
    with open(PATH) as f:
        return json.load(f)


ANS = {"ok": True, "table": 3, "tround": 7, "rules": "hk", "settings": {"max_fan": 10},
       "players": ["甲", "乙", "丙", "丁"], "dealer": 2}

ses = Session()
cfg = fresh()
up = uploader.Uploader(cfg, "/nonexistent/journal.bin")
up.log = lambda s: None
redraws = []
s = seating.Seating(up, ses, lambda: redraws.append(1))

# a session runs: names, round and table stored; the ruleset waits for the next session
ses.state = {"rules": "mcr", "over": False}
out["running"] = [s.apply(dict(ANS)), on_disk(), len(redraws)]
# the session is over: the ruleset, its settings and the dealer too
ses.state["over"] = True
out["over"] = [s.apply(dict(ANS)), on_disk(), len(redraws)]
# the same answer again: the file is not written
os.remove(PATH)
out["same"] = [s.apply(dict(ANS)), PATH.split("/")[-1] in os.listdir(PATH.rsplit("/", 1)[0]),
               s.changes, len(redraws)]
# no tournament round open: tround null, the seat numbers
settings.save(cfg)
out["no_round"] = [s.apply(dict(ANS, tround=None, players=["1", "2", "3", "4"])),
                   on_disk()["tround"], on_disk()["players"]]
# answers that are not a seating change nothing
before = dict(cfg)
bad = []
for b in [dict(ANS, players=["a", "b", "c"]), dict(ANS, players=["a", "b", "c", 4]),
          dict(ANS, tround="7"), dict(ANS, tround=True), dict(ANS, players=None), {"ok": True}]:
    bad.append(s.apply(b))
out["bad"] = [bad, cfg == before]
# an unknown ruleset or bad dealer: the names still come, the ruleset stays
cfg2 = fresh()
s2 = seating.Seating(uploader.Uploader(cfg2, "/x"), Session())
s2.up.log = lambda m: None
out["unknown_rules"] = [s2.apply(dict(ANS, rules="sichuan")), cfg2["rules"], cfg2["players"],
                        s2.apply(dict(ANS, dealer=5, players=["w", "x", "y", "z"])),
                        cfg2["rules"], cfg2["dealer"]]
# a spare device: where the table stands is kept for the next start, and dropped again
out["resume"] = [s2.apply(dict(ANS, resume={"hand_no": 9, "round": 1})), cfg2.get("resume"),
                 s2.apply(dict(ANS)), cfg2.get("resume")]

# the event's device language: taken when the director sets or changes it; the table's
# own change stands until the director's next; an unknown one is ignored
cfg6 = fresh()
s6 = seating.Seating(uploader.Uploader(cfg6, "/x"), Session())
s6.up.log = lambda m: None
lang = [s6.apply(dict(ANS)), cfg6["lang"]]
s6.apply(dict(ANS, lang="en"))
lang += [cfg6["lang"], on_disk()["lang"]]
cfg6["lang"] = "zh-Hans"                        # the settings screen
s6.apply(dict(ANS, lang="en"))
lang.append(cfg6["lang"])
s6.apply(dict(ANS, lang="zh-Hant"))             # the director changes it
lang.append(cfg6["lang"])
for odd in ("fr", 3, ["en"], None):
    lang.append(s6.apply(dict(ANS, lang=odd)))
lang += [cfg6["lang"], cfg6["event_lang"]]
out["lang"] = lang

# the fault line: never over a settings fault, cleared once a pull succeeds
cfg3 = {"_error": "settings: bad dealer"}
s3 = seating.Seating(uploader.Uploader(cfg3, "/x"), Session())
s3.up.log = lambda m: None
s3.fail("signature refused", True)
keep = cfg3.get("_error")
del cfg3["_error"]
s3.fail("signature refused", True)
own = cfg3.get("_error")
s3._show(None)
out["fault_line"] = [keep, own, cfg3.get("_error"), s3.fails, s3.last_error]

# when a pull is due
calls = []


async def fake_pull():
    calls.append(ses4.jseq)
    return 60000

ses4 = Session()
s4 = seating.Seating(uploader.Uploader({}, "/x"), ses4)
s4.pull = fake_pull


async def schedule():
    got = []
    got.append(await s4.step())                 # boot: at once
    got.append(await s4.step() > 59000)         # then not before its time
    ses4.state = {"over": False}
    ses4.jseq = 1
    got.append(await s4.step() > 0)             # a session started: no pull
    ses4.jseq = 9
    ses4.state = {"over": True}                 # it ended: at once
    got.append(await s4.step())
    got.append(await s4.step() > 59000)
    s4.soon()                                   # asked for
    got.append([await s4.step(), s4.up.wake.is_set()])
    return got

out["schedule"] = [asyncio.run(schedule()), calls]

# not set up: no request, a plain reason
cfg5 = settings.defaults()
s5 = seating.Seating(uploader.Uploader(cfg5, "/x"), Session())
out["unset"] = [asyncio.run(s5.pull()), s5.last_error, s5.tries]
cfg5.update({"organiser": "http://127.0.0.1:9", "device": "d", "secret": "zz"})
out["unset"] += [asyncio.run(s5.pull()) > 0, s5.last_error, s5.tries]

# a board without Wi-Fi: the upload task counts, nothing pulls
st = {}
uploader.run(settings.defaults(), "/x", st, False, Session(), None).close()
out["nowifi"] = st["seating"] is None
st = {}
uploader.run(settings.defaults(), "/x", st, True, Session(), None).close()
out["wifi"] = type(st["seating"]).__name__
print("RESULT " + json.dumps(out))
"""


def run(tmp_path):
    return device_script.run(CODE, path=str(tmp_path / "settings.json"))


def test_seating_pull_units(tmp_path):
    r = run(tmp_path)
    names = ["甲", "乙", "丙", "丁"]
    ok, disk, redraws = r["running"]
    assert ok and redraws == 1
    assert disk["players"] == names and disk["tround"] == 7 and disk["table"] == 3
    assert disk["rules"] == "mcr" and disk["settings"] == {} and disk["dealer"] == 0
    ok, disk, redraws = r["over"]
    assert ok and redraws == 2
    assert disk["rules"] == "hk" and disk["settings"] == {"max_fan": 10} and disk["dealer"] == 2
    assert disk["players"] == names
    assert r["same"] == [True, False, 2, 2]         # nothing written, no redraw
    assert r["no_round"] == [True, None, ["1", "2", "3", "4"]]
    assert r["bad"] == [[False] * 6, True]
    assert r["unknown_rules"] == [True, "mcr", names, True, "mcr", 0]
    assert r["resume"] == [True, {"hand_no": 9, "round": 1}, True, None]
    assert r["lang"] == [True, "zh-Hant", "en", "en", "zh-Hans", "zh-Hant",
                         True, True, True, True, "zh-Hant", "zh-Hant"]
    keep, own, cleared, fails, last = r["fault_line"]
    assert keep == "settings: bad dealer"           # a settings fault is not hidden
    assert own == "seating: signature refused" and cleared is None
    assert fails == 2 and last == "signature refused"
    sched, calls = r["schedule"]
    assert sched == [60000, True, True, 60000, True, [60000, True]]
    assert calls == [0, 9, 9]
    assert r["unset"] == [60000, "not set up", 0, True, "secret is not hex", 0]
    assert r["nowifi"] is True and r["wifi"] == "Seating"
