"""Where a digit's time goes between its key and its screen, on the emulated Pico (.mpy,
cycle-counted): the session of host_tools/bench/pace.py typed at a referee's pace, with
the application's objects wrapped by hooks (nothing changed in the firmware) that stamp
ticks_us at the key taken from the keypad's queue, the key's step done (ui.key), the
screen's rows asked (the display task woken), the entry's rows made (UI.s_entry, inside
ui.screen()), the rows done, the first byte written to the OLED and the screen drawn.
Medians over the digits typed on the entry screen, emulated ms (the stamps' own cost
included: a few tens of microseconds each).

    .venv/bin/python -m host_tools.bench keysteps [--rules mcr,hk] [--hands 2] [--heavy 2]"""

import os
import statistics

from host_tools import paths
from host_tools.bench import app as bench_app
from host_tools.bench.app import HOLD_MS, hands, marks
from host_tools.bench.pace import PACE_MS, options

# The hooks: app.press, and the screens' and panel's methods wrapped on their objects by
# stamp(); one "T" line after each screen drawn: the stamps less the key's, in
# microseconds.
HOOKS = """import ui.app, time
T = time.ticks_us
D = time.ticks_diff
def h(app):
    st = [0] * 8
    press = app.press
    ui = app.ui
    p = app.display.panel
    def timed(k, long=False):
        for i in range(8):
            st[i] = 0
        print('K', k, T())
        st[0] = T()
        r = press(k, long)
        st[1] = T()
        return r
    app.press = timed
    def stamp(obj, name, before, after):
        # obj.name (no argument or one) wrapped: st[before] at its first call since the
        # key, st[after] (slot 0: none) as each call returns; no *args, whose tuple each
        # call would allocate and so move the heap's collections
        f = getattr(obj, name)
        def w(a=st):
            if not st[before]:
                st[before] = T()
            r = f() if a is st else f(a)
            if after:
                st[after] = T()
            return r
        setattr(obj, name, w)
    stamp(ui, 'screen', 2, 5)
    stamp(ui, 's_entry', 3, 4)
    stamp(p, 'write_cmd', 6, 0)
    stamp(p, 'write_cmds', 6, 0)
    def shown(rows):
        st[7] = T()
        print('S', st[7], rows[0][1:12])
        print('T', ' '.join([str(D(st[i], st[0]) if st[i] else -1) for i in range(1, 8)]))
    app.on_show = shown
ui.app.main(hooks=h)"""

STEPS = ("ui.key (the entry's step)", "to the display task", "ui.screen(): the entry's rows",
         "ui.screen(): the rest (fit, title)", "rows drawn, to the first byte on the bus",
         "I2C (the changed windows)", "key to screen drawn")


def steps(log, events, rid):
    """Per digit typed on the entry: the steps' ms (STEPS' order)."""
    _, _, digit_at, _ = marks(events, rid)
    lines = [ln.split() for ln in open(log).read().splitlines() if ln[:2] in ("K ", "T ")]
    ks = [i for i, ln in enumerate(lines) if ln[0] == "K"]
    out = []
    for n, i in enumerate(ks):
        if n not in digit_at or i + 1 >= len(lines) or lines[i + 1][0] != "T":
            continue
        key, asked, e0, e1, rows, bus, drawn = [int(x) / 1000 for x in lines[i + 1][1:]]
        if min(asked, e0, e1, rows, bus) < 0:
            continue                    # not the entry's screen, or nothing pushed
        out.append((key, asked - key, e1 - e0, rows - asked - (e1 - e0), bus - rows,
                    drawn - bus, drawn))
    return out


def main():
    args = options(__doc__, "mcr,hk", 2, 2)
    bench_app.HOOKS = HOOKS
    print("digits on the entry screen, .mpy on the emulated Pico, a key every %d ms; "
          "median emulated ms per step" % PACE_MS)
    print("%-6s %4s  %s" % ("rules", "keys", " | ".join(STEPS)))
    for rid in [r for r in args.rules.split(",") if r]:
        events = hands(rid, args.hands, args.heavy)
        bench_app.run(rid, 0, PACE_MS - HOLD_MS, None, events=events)
        log = os.path.join(paths.BUILD, "bench_app_%s.log" % rid)
        rows = steps(log, events, rid)
        med = [statistics.median(r[j] for r in rows) for j in range(len(STEPS))]
        print("%-6s %4d  %s" % (rid, len(rows), " | ".join("%.2f" % m for m in med)), flush=True)


if __name__ == "__main__":
    main()
