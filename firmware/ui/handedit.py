# Editing the typed tiles (the entry screen, # held): a cursor on the typed sets; A/B move
# it, 1-9 change its number, C its suit, * deletes it, # ends.  The entry is rebuilt from
# the sets with the checks of typing (a fifth copy, a run from 8...), and its keys with it,
# so * afterwards takes back one key as before.  Loaded only while editing.

from ui import keymap as K
from ui.entry import CHI, FLOWERS, HONOURS, RUN, SUIT_KEYS, Refused, set_keys
from ui.ui import fit, wrap


def start(e):
    """The cursor on the last typed set."""
    if not e.tokens:
        raise Refused("type a tile first")
    e.cur = len(e.tokens) - 1


def key(ui, k):
    """A key while editing; True when editing ends."""
    e = ui.entry
    if k == K.OK:
        e.cur = None
        return True
    if k == K.BACK:
        delete(e)
        return e.cur is None
    if k == K.UP or k == K.DOWN:
        e.cur = max(0, min(len(e.tokens) - 1, e.cur + (-1 if k == K.UP else 1)))
    elif k == K.EDIT_SUIT:
        resuit(e)
    elif "1" <= k <= "9":
        change(e, ord(k) - 48)
    else:
        raise Refused("A B move, 1-9 C change, * delete, # done")
    return False


def show(ui):
    e = ui.entry
    out = wrap(e.show(e.cur), ui.cols)
    out.append("AB move 1-9 C *del")
    return fit("edit: # done", "%d/%d" % (e.count, e.target), ui.cols), out


def delete(e):
    toks = list(e.tokens)
    toks.pop(e.cur)
    rebuild(e, toks)
    e.cur = min(e.cur, len(e.tokens) - 1) if e.tokens else None


def change(e, d):
    """The number of the set under the cursor."""
    t, kind = e.tokens[e.cur]
    if t >= 27 and d > 7:
        raise Refused("honours are 1 to 7")
    toks = list(e.tokens)
    toks[e.cur] = (t - t % 9 + d - 1, kind)
    rebuild(e, toks)


def resuit(e):
    """The set under the cursor in the next suit (m p s z) that can hold it."""
    t, kind = e.tokens[e.cur]
    for step in (1, 2, 3):
        s = (t // 9 + step) % 4
        n = t % 9
        if s == HONOURS and (n > 6 or kind == CHI or kind == RUN):
            continue
        toks = list(e.tokens)
        toks[e.cur] = (s * 9 + n, kind)
        try:
            rebuild(e, toks)
            return
        except Refused:
            pass
    raise Refused("no other suit takes it")


def rebuild(e, toks):
    """The entry made again from sets toks, its keys with it.  Refused: nothing changes."""
    keys = []
    suit = 0
    if e.flowers:
        keys.append("0")
        if e.counted:
            keys.append(str(len(e.flowers)))
        else:
            keys.extend([str(f) for f in e.flowers])
            suit = FLOWERS
    for t, kind in toks:
        s = t // 9
        if s != suit:
            keys.append(SUIT_KEYS[s])
            suit = s
        keys.extend(set_keys(t, kind))
    old = (e.keys, e.suit, e.tokens, e.flowers, e.count, e.copies)
    e.keys = []
    e._reset()
    try:
        for k in keys:
            e.press(k[-1], len(k) > 1)
    except Refused:
        e.keys, e.suit, e.tokens, e.flowers, e.count, e.copies = old
        raise
