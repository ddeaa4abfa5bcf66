# Runs inside MicroPython (the unix port): a table device with the firmware's table
# session and upload task.  It resumes its journal, keeps playing until the journal
# holds `records` records (one event every `gap_ms`, the uploader woken after each save,
# as the app does), and runs the upload task until everything is acknowledged or
# `run_ms` has passed.  A device killed and started again with the same folder goes on
# where its journal and its "sent up to" mark stand.
#
# Usage: micropython mpy_uploader.py DEVICE_BUILD_FOLDER STATE_FOLDER CONFIG_FILE
# CONFIG_FILE holds a JSON object (a file: a long JSON text as an argument has crashed
# the unix port at startup): {"organiser", "device", "secret", "records", "gap_ms", "run_ms",
#               "timeout_ms", "max_ms", "max_body", "name_len": players' names repeated
#               (large records), "stay": keep running after everything is acked,
#               "no_upload": only play the events, "unreachable_s": the status's threshold}
# Prints JSON lines: {"log": ...} from the uploader, {"status": {...}} when it changes,
# and last {"done": bool, "status": {...}, "lag_ms": the event loop's worst delay}.

import sys
import json
import gc

sys.path.insert(0, sys.argv[1])
import dtable
dtable.PATH = sys.argv[1] + "/dtable.bin"
import asyncio
import time
import session
import uploader

STATE = sys.argv[2]
with open(sys.argv[3]) as f:
    CFG = json.load(f)

HANDS = [
    {"hand": "123456789m123456p5s", "win": "5s"},
    {"hand": "1112223334445556m", "win": "6m"},
    {"hand": "123m456p789s1112223z", "win": "3z"},
]


def event(i):
    """The i-th event of this table (i = records already in the journal)."""
    if i == 0:
        return {"event": "start", "rules": "tw", "dealer": 1,
                "players": [n * CFG.get("name_len", 1) for n in ("東", "南", "西", "北")]}
    k = i % 6
    if k == 1:
        return {"event": "declare", "seat": i % 4}
    if k == 2:
        w = i % 4
        return {"event": "win", "winner": w, "from": (w + 1) % 4, "hand": HANDS[i % 3]}
    if k == 3:
        return {"event": "streak", "n": i % 5}
    if k == 4:
        return {"event": "undo"}
    return {"event": "draw"}


def out(obj):
    print(json.dumps(obj))


def status(up):
    return {"acked": up.acked, "last": up.last, "waiting": up.waiting,
            "error": up.last_error, "posts": up.posts, "journal": up.jid,
            "ok": up.last_ok is not None, "conflict": up.conflict, "limit": up.limit,
            "unverified": up.unverified, "alert": up.alert(), "revoked": up.revoked,
            "verdict": up.verdict}


FAILED = []


async def play(ses, up):
    try:
        while ses.jseq < CFG["records"]:
            ans = ses.handle(event(ses.jseq))
            SAVES[0] += 1
            if not ans.get("ok"):
                raise ValueError("refused: %r" % ans)
            up.saved(ses.jseq)
            await asyncio.sleep_ms(CFG.get("gap_ms", 20))
    except Exception as e:
        FAILED.append(repr(e))


LAG = [0]


async def ticker():
    """What a keypad or screen task would feel: the worst delay of a 10 ms sleep,
    outside the table session's own work (which a real keypad rides out in its ring)."""
    while True:
        t = time.ticks_ms()
        n = SAVES[0]
        await asyncio.sleep_ms(10)
        late = time.ticks_diff(time.ticks_ms(), t) - 10
        if late > LAG[0] and n == SAVES[0]:
            LAG[0] = late


SAVES = [0]


def track(up):
    """busy[0] is True while the uploader's step (one request) is under way."""
    busy = [False]
    step = up.step

    async def tracked():
        busy[0] = True
        try:
            return await step()
        finally:
            busy[0] = False
    up.step = tracked
    return busy


async def main():
    cfg = {"organiser": CFG["organiser"], "device": CFG["device"], "secret": CFG["secret"]}
    if "unreachable_s" in CFG:
        cfg["unreachable_s"] = CFG["unreachable_s"]
    ses = session.Session(STATE + "/journal.bin")
    up = uploader.Uploader(cfg, STATE + "/journal.bin")
    up.log = lambda s: out({"log": s})
    up.timeout_ms = CFG.get("timeout_ms", 20000)
    up.max_ms = CFG.get("max_ms", 120000)
    up.max_body = CFG.get("max_body", up.max_body)
    up.saved(ses.jseq)
    if CFG.get("no_upload"):                # only fill the journal (records queued)
        await play(ses, up)
        out({"done": not FAILED, "status": status(up), "failed": FAILED, "lag_ms": 0})
        return
    busy = track(up)
    task = asyncio.create_task(up.run())
    player = asyncio.create_task(play(ses, up))
    tick = asyncio.create_task(ticker())
    t0 = time.ticks_ms()
    seen = None
    done = False
    while time.ticks_diff(time.ticks_ms(), t0) < CFG.get("run_ms", 30000) and not FAILED:
        st = status(up)
        if st != seen:
            out({"status": st})
            seen = st
        if (not CFG.get("stay") and ses.jseq >= CFG["records"]
                and up.acked == ses.jseq and up.jid is not None):
            done = True
            break
        await asyncio.sleep_ms(20)
    # a request under way is let finish: cut halfway, the organiser would log it
    # incomplete (a cut is tested on purpose elsewhere, not by the clock running out)
    t1 = time.ticks_ms()
    while busy[0] and time.ticks_diff(time.ticks_ms(), t1) < up.timeout_ms + 500:
        await asyncio.sleep_ms(20)
    task.cancel()
    player.cancel()
    tick.cancel()
    gc.collect()
    out({"done": done, "status": status(up), "free": gc.mem_free(), "failed": FAILED,
         "lag_ms": LAG[0]})


asyncio.run(main())
