"""Key encoder: table events in the contract's form -> the keypad keys that enter them on
the device, from the status screen through the save key.

    .venv/bin/python -m host_tools.keys [--rules ID] < events.jsonl

Each input line is a hand in the score contract's form plus `winner` and `from` (a win:
`{"rules": "mcr", "winner": 1, "from": 2, "hand": "...", "win": "...", ...}`) or a table
event (`{"event": "draw"}`, `{"event": "win", "winner": 1, "hand": {...}}`, ...); each
output line holds the keys (0-9 A-D * #; "~" before a held key, as the simulator reads
them: `presses` reads them back).  For tests, training cards and the manual;
docs/keys.md describes the key map.  Pure CPython: it reads the firmware's entry grammar
(ui/entry.py), key map (ui/keymap.py) and a ruleset's words and events
(asks.ruleset_info) for the key assignments.
"""

import json
import sys

from host_tools import paths

paths.use_firmware()

import hand as handmod            # noqa: E402  (the firmware's modules, after use_firmware)
import asks                       # noqa: E402
import tiles                      # noqa: E402
from ui import entry, keymap, words as wordscreen  # noqa: E402

KIND = {"chi": entry.CHI, "pon": entry.PON, "kan": entry.KAN, "ankan": entry.ANKAN,
        "addkan": entry.ADDKAN}


def ruleset(rid):
    """(n_sets, context words in screen order, events menu, rid) of a ruleset, as the
    device has them."""
    n, words, menu = asks.ruleset_info(rid)
    return n, wordscreen.ORDER.get(rid) or keymap.SCREEN_WORDS.get(rid, words), menu, rid


def tile_keys(h, n_sets, counted=False, kinds=False):
    """Keys for the tiles of contract hand h on the entry screen (the entry ends by itself).
    counted: the flowers as how many; kinds: and 0 after 2-4 of them all of one kind."""
    toks = []
    for m in h.get("melds") or []:
        word, text = m.split()
        ts = sorted(tiles.parse(text))
        toks.append((ts[0], KIND[word]))
    toks.extend(concealed_sets(tiles.parse(h["hand"])))
    win = tiles.parse(h["win"])[0]
    wsuit = win // 9
    suits = sorted(set(t // 9 for t, _ in toks) | {wsuit},
                   key=lambda s: (s == wsuit, s != 0, s))      # m first (no key), the win's suit last
    out = []
    cur = 0
    fl = h.get("flowers")
    if fl:                            # 0 first: the flowers, each or (counted) how many
        fs = sorted(tiles.parse(fl, True))
        out.append("0")
        if counted:
            out.append(str(len(fs)))
            if kinds and 1 < len(fs) < 5 and len(set(f // 4 for f in fs)) == 1:
                out.append(entry.ONE_KIND)
        else:
            out.append("".join(str(f + 1) for f in fs))
            cur = entry.FLOWERS
    for s in suits:
        if s != cur:
            out.append(entry.SUIT_KEYS[s])
            cur = s
        for t, kind in sorted((x for x in toks if x[0] // 9 == s), key=lambda x: (x[1] == entry.SINGLE, x)):
            out.extend(entry.set_keys(t, kind))
    out.append(str(win % 9 + 1))
    return "".join(out)


def concealed_sets(ts):
    """Concealed tiles ts (the winning tile apart) as the entry's tokens in the fewest keys:
    held pungs (one key), held runs (two), the rest tile by tile."""
    out = []
    for s in range(4):
        c = [0] * 9
        for t in ts:
            if t // 9 == s:
                c[t % 9] += 1
        out.extend((s * 9 + i, kind) for i, kind in _fewest(tuple(c), s == 3)[1])
    return out


_FEWEST = {}                        # (counts, honours) -> _fewest's answer


def _fewest(c, honours):
    """(keys, [(index, kind)]) of a suit's counts c typed in the fewest keys."""
    got = _FEWEST.get((c, honours))
    if got is not None:
        return got
    i = next((j for j, n in enumerate(c) if n), None)
    if i is None:
        return 0, []
    best = None
    ways = [(entry.SINGLE, (i,))]
    if c[i] >= 3:
        ways.append((entry.TRIPLE, (i, i, i)))
    if not honours and i < 7 and c[i + 1] and c[i + 2]:
        ways.append((entry.RUN, (i, i + 1, i + 2)))
    for kind, used in ways:
        rest = list(c)
        for j in used:
            rest[j] -= 1
        n, toks = _fewest(tuple(rest), honours)
        n += len(entry.set_keys(i, kind))
        if best is None or n < best[0]:
            best = (n, [(i, kind)] + toks)
    _FEWEST[(c, honours)] = best
    return best


def presses(text):
    """Keys as the encoder writes them -> [(key, held)]: "~" before a held key."""
    out = []
    held = False
    for k in text:
        if k == "~":
            held = True
            continue
        out.append((k, held))
        held = False
    return out


def count(text):
    """How many keys a text of keys is (a held key is one)."""
    return len(text) - text.count("~")


def win_keys(ev, info):
    """Keys for a win event {"winner", "from", "hand": {...}} from the status screen."""
    n_sets, words = info[0], info[1]
    rid = info[3] if len(info) > 3 else None
    h = ev["hand"]
    tk = tile_keys(h, n_sets, rid in keymap.COUNTED_FLOWERS, rid in entry.KINDS)
    win = str(ev["winner"] + 1)
    if h.get("flowers"):              # the winner's key held: the entry opens on the flowers
        win, tk = "~" + win, tk[1:]
    keys = [win, tk]
    flags = h.get("flags") or []
    if flags:                         # the from screen opens the context words
        keys.append(keymap.FLAGS_KEY)
        keys.extend(words_keys(flags, words, rid))
        keys.append(keymap.OK)
    for key, field in keymap.COUNT_KEYS.get(info[3] if len(info) > 3 else None, ()):
        keys.append(key * count_of(h, field))     # the from screen: one key per dora
    frm = ev.get("from")
    if frm is None:
        keys.append(str(ev["winner"] + 1))
    else:
        if h.get("by") == "robkong":
            keys.append(keymap.ROBKONG)
        keys.append(str(frm + 1))
    keys.append(keymap.OK)           # save
    return "".join(keys)


def words_keys(flags, words, rid):
    """Keys on the words screen that turn context words flags on: each its number on its
    page of nine (D the next page), a streak's (chain_N) then its number and #; a word
    another sets by itself (ui/words.py's IMPLIES) not typed."""
    page_of = wordscreen.PAGE
    implied = [b for a, b in wordscreen.IMPLIES.get(rid, ()) if a in flags]
    pages = (len(words) + page_of - 1) // page_of
    page = 0
    out = []
    for i, w in enumerate(words):
        chain = [f for f in flags if w == wordscreen.CHAIN and f.startswith(w)]
        if (w in flags and w not in implied) or chain:
            p = i // page_of
            out.append(wordscreen.NEXT_PAGE * ((p - page) % pages) + str(i % page_of + 1))
            page = p
            if chain:
                out.append(chain[0][6:] + keymap.OK)
    return out


def count_of(h, field):
    """A counted field of hand h (riichi's dora, ura, aka) as the count the device keys:
    indicator tiles given as text are counted over the hand's tiles as the scorer does."""
    v = h.get(field) or 0
    if isinstance(v, int):
        return v
    from rules import riichi
    c = bytearray(34)
    for t in tiles.parse(h["hand"]) + tiles.parse(h["win"]) + [
            t for m in h.get("melds") or [] for t in tiles.parse(m.split()[1])]:
        c[t] += 1
    return riichi.dora_held(c, v, field)


def menu_keys(i):
    """Choose item i (from 0) of a list screen."""
    return str(i + 1) if i < 9 else keymap.DOWN * i + keymap.OK


def event_keys(ev, info, rules=None, dealer=0, running=False):
    """Keys for one table event from the status screen.  running: a session with events
    after its start is on (a new one then asks first)."""
    name = ev.get("event", "win")
    if name == "win":
        return win_keys(ev, info)
    if name == "draw":
        return keymap.DRAW_KEY + keymap.OK
    if name == "undo":
        return keymap.UNDO_KEY + keymap.OK
    if name == "override":          # the referee's, once the round's time is up
        return keymap.OVERRIDE_KEY + keymap.OK
    if name == "start":
        keys = keymap.NEW_KEY
        order = keymap.RULESETS
        keys += keymap.NEW_RULES * ((order.index(ev["rules"]) - order.index(rules or order[0])) % len(order))
        keys += str(ev.get("dealer", 0) + 1)
        return keys + keymap.OK + (keymap.OK if running else "")
    if len(info) > 3 and keymap.DECLARE_KEYS.get(info[3]) == name:    # riichi: 5-8
        return str(ev["seat"] + 5) + keymap.OK
    menu = info[2]
    keys = keymap.EVENTS_KEY + menu_keys([m[0] for m in menu].index(name))
    for field, kind in dict(menu)[name]:
        v = ev.get(field)
        if kind == "int":
            keys += str(v) + keymap.OK
        elif v is None:
            keys += keymap.OK
        else:
            keys += str(v + 1)
    return keys + keymap.OK


def session_keys(events, rules=None):
    """Keys for a run of accepted table events from the status screen, one string per
    event (a start after events of a session confirms)."""
    out = []
    depth = 0                       # the session's events since its start (undo: one less)
    for ev in events:
        name = ev.get("event", "win")
        if name == "start":
            out.append(event_keys(ev, ruleset(ev["rules"]), rules, running=depth > 0))
            rules = ev["rules"]
            depth = 0
            continue
        out.append(event_keys(ev, ruleset(rules), rules))
        depth += -1 if name == "undo" else 1
    return out


def as_event(obj):
    """A key-encoder input line as a table event."""
    if "event" in obj:
        return obj
    body = {k: v for k, v in obj.items() if k in handmod.HAND_FIELDS}
    ev = {"event": "win", "winner": obj["winner"], "hand": body}
    if obj.get("from") is not None:
        ev["from"] = obj["from"]
    return ev


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", help="the ruleset of lines that do not name one")
    args = ap.parse_args(argv)
    rules = args.rules
    depth = None                    # events since the last start (None: no session yet)
    for line in sys.stdin:
        if not line.strip():
            continue
        obj = json.loads(line)
        ev = as_event(obj)
        name = ev.get("event", "win")
        rid = obj.get("rules", rules)
        print(event_keys(ev, ruleset(rid), rules, running=bool(depth)))
        if name == "start":
            rules = obj["rules"]
            depth = 0
        elif depth is not None:
            depth += -1 if name == "undo" else 1
        sys.stdout.flush()


if __name__ == "__main__":
    main()
