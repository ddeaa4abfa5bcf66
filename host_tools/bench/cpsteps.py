"""Where the score key's review goes on the emulated CircuitPython Pico: pace.py's session
(a key every 200 ms, plain hands then the ruleset's heaviest) typed on the CIRCUITPY
bundle with a code.py that stamps, with time.monotonic_ns and nothing changed in the
firmware, the heap's collections (gc stood in for in sys.modules: the collections the
allocator makes by itself are not seen), the modules read from FAT (builtins.__import__
wrapped: the calls that took 0.5 ms or more, nested ones dotted), the session's preview
and its steps (_prepare, score, _settle, _unload: us, collections, the heap's KB), the
pauses' warming (ses.warm: the heap free after each step) and heap.roomy()'s answers
("roomy-gc": one that collected).  Per score key: the key to the review drawn, the
preview, the collections (count, ms), the heap free as the review was drawn (not
collected), whether the session keeps what it loads (heap.room), and what happened
since the screen before.  The hooks stay resident (about 2.9 KB): heap.ROOMY is lowered
by what they hold (the free heap when the application is up, with the pace bench's
code.py and with these hooks), so that the session keeps or drops its modules as
without them; a heap that keeps everything is still that much tighter, so compare the
steps, not the totals, with the pace bench's.

    .venv/bin/python -m host_tools.bench cpsteps [--rules hk] [--hands 2] [--heavy 2]"""

import os

from host_tools import paths
from host_tools.bench import circuitpython
from host_tools.bench.app import HOLD_MS, hands, marks
from host_tools.bench.pace import PACE_MS, options

# The hooks: one "P" line after each screen drawn, what happened since the screen before
# (the stamps' own prints come after the screen's S line: outside the key's time).
HOOKS = """from cpy import runtime
runtime.install()
import sys, time, builtins
import gc as _gc
T = time.monotonic_ns
st = [0, 0, 0, 0, 0]
imps = []
class _G:
    pass
g = _G()
for n in ('mem_free', 'mem_alloc', 'enable', 'disable', 'isenabled'):
    if hasattr(_gc, n):
        setattr(g, n, getattr(_gc, n))
def collect():
    t = T()
    _gc.collect()
    st[0] += 1
    st[1] += (T() - t) // 1000
g.collect = collect
sys.modules['gc'] = g
_imp = builtins.__import__
dep = [0]
def imp(name, gl=None, lo=None, fl=(), lv=0):
    t = T()
    dep[0] += 1
    try:
        return _imp(name, gl, lo, fl, lv)
    finally:
        dep[0] -= 1
        d = (T() - t) // 1000
        if d >= 500:
            if fl and name in ('ui', 'rules'):
                name += '.' + fl[0]
            imps.append('.' * dep[0] + name + ':' + str(d // 1000))
builtins.__import__ = imp
import ui.app, heap
heap.ROOMY -= LESS
rm = heap.roomy
def roomy():
    n = st[0]
    r = rm()
    st[3 if r else 4] += 1
    if st[0] != n:
        imps.append('roomy-gc')
    return r
heap.roomy = roomy
def h(app):
    press = app.press
    def timed(k, long=False):
        print('K', k, T() // 1000)
        return press(k, long)
    app.press = timed
    ses = app.session
    pv = ses.preview
    def preview(ev):
        imps.append('preview(room=%s,free=%d,gc=%d)' % (heap._room, _gc.mem_free(), st[0]))
        t = T()
        r = pv(ev)
        st[2] += (T() - t) // 1000
        return r
    ses.preview = preview
    import session
    def timed_step(obj, name):
        f = getattr(obj, name)
        def w(*a):
            t = T()
            n = st[0]
            r = f(*a)
            kb = (_gc.mem_free() + _gc.mem_alloc()) // 1024
            imps.append('%s=%d(gc%d,heap%d)' % (name, (T() - t) // 1000, st[0] - n, kb))
            return r
        setattr(obj, name, w)
    timed_step(session, 'score')
    timed_step(ses, '_prepare')
    timed_step(ses, '_settle')
    timed_step(ses, '_unload')
    def warm(step, lang=None):
        r = ses.__getattr__('warm')(step, lang)
        imps.append('warm%d(room=%s,free=%d)' % (step, heap._room, _gc.mem_free()))
        return r
    ses.warm = warm
    def shown(rows):
        print('S', T() // 1000, rows[0][1:12])
        print('P', st[0], st[1], st[2], st[3], st[4], _gc.mem_free(), heap._room, ' '.join(imps))
        for i in range(5):
            st[i] = 0
        imps[:] = []
    app.on_show = shown
ui.app.main(hooks=h)
"""


def steps(log, events, rid):
    """Per score key: (ms to the review drawn, preview ms, collections, their ms, roomy()
    True, False, bytes free, heap._room, the imports) from the log's K, S and P lines."""
    _, _, _, score_at = marks(events, rid)
    lines = [ln.split(" ", 7) if ln[:2] == "P " else ln.split()
             for ln in open(log).read().splitlines() if ln[:2] in ("K ", "S ", "P ")]
    ks = [i for i, ln in enumerate(lines) if ln[0] == "K"]
    out = []
    for n, i in enumerate(ks):
        if n not in score_at:
            continue
        nxt = ks[n + 1] if n + 1 < len(ks) else len(lines)
        s = [j for j in range(i + 1, nxt) if lines[j][0] == "S"]
        if not s or s[0] + 1 >= len(lines) or lines[s[0] + 1][0] != "P":
            continue
        # P collections, their us, preview us, roomy True, False, free, heap._room, what
        # happened since the screen before the score key (the from screen's)
        _, nc, cus, pus, yes, no, free, rest = lines[s[0] + 1]
        kept, _, said = rest.partition(" ")
        out.append(((int(lines[s[0]][1]) - int(lines[i][2])) / 1000, int(pus) / 1000,
                    int(nc), int(cus) / 1000, int(yes), int(no), int(free), kept, said))
    return out


def hooks_cost(rid="hk"):
    """Bytes the hooks keep: the free heap when the application is up, with the pace
    bench's code.py less with these hooks."""
    from host_tools.board.pico import Pico
    free = []
    for code in (circuitpython.HOOKS, HOOKS.replace("LESS", "0")):
        with Pico(fs=circuitpython.image(code, rid), board=circuitpython.BOARD) as pico:
            m = pico.wait_serial(r"app: ready, (\d+) bytes free", timeout_ms=20000)
            free.append(int(m["groups"][0]))
    return free[0] - free[1]


def main():
    args = options(__doc__, "hk", 2, 2)
    circuitpython.drive()
    less = hooks_cost()
    print("score keys on the emulated CircuitPython Pico, a key every %d ms; emulated ms "
          "(the hooks hold %d bytes: heap.ROOMY lowered by as much)" % (PACE_MS, less))
    for rid in [r for r in args.rules.split(",") if r]:
        events = hands(rid, args.hands, args.heavy)
        circuitpython.run_cp(rid, 0, PACE_MS - HOLD_MS, boot=False, events=events,
                           code=HOOKS.replace("LESS", str(less)))
        log = os.path.join(paths.BUILD, "bench_cp_%s.log" % rid)
        for i, (ms, pv, nc, cms, yes, no, free, kept, imp) in enumerate(steps(log, events, rid)):
            print("%-6s hand %d: key to review %.1f, preview %.1f, %d collections %.1f ms, "
                  "roomy %d/%d, %.1f KB free, kept %s; since the screen before: %s" % (
                      rid, i + 1, ms, pv, nc, cms, yes, no, free / 1024, kept, imp or "-"),
                  flush=True)


if __name__ == "__main__":
    main()
