# Element tables written as text in a ruleset module: one element a line, its fields
# separated by spaces, the first two being the element's id and its name as the rules
# text spells it.  The text is the data; these read it.  The rulesets that keep their
# elements so (tw, sh) check their shared context words here too.

from errors import HandError
from hand import PON


def rows(text):
    """The table's lines, each a tuple of its fields."""
    out = []
    for line in text.split("\n"):
        if line:
            out.append(tuple(line.split()))
    return out


def column(text, col):
    """The whole numbers in field col of every line, as bytes."""
    v = bytearray()
    for line in text.split("\n"):
        if line:
            v.append(int(line.split()[col]))
    return bytes(v)


def counted(text, counts):
    """(position, fields) of every line whose element has a count, in order.  Walks the
    text's UTF-8 bytes: in a str every offset is counted out in characters from the
    start, in bytes it is one step."""
    b = text.encode()
    i = 0
    pos = 0
    n = len(b)
    while pos < n:
        end = b.find(b"\n", pos)
        if end < 0:
            end = n
        if end > pos:
            if counts[i]:
                yield i, b[pos:end].decode().split()
            i += 1
        pos = end + 1


def positions(text, keys):
    """The position of each element id in keys, in one reading of the text (-1: none)."""
    out = [-1] * len(keys)
    i = 0
    for line in text.split("\n"):
        if line:
            eid = line[:line.find(" ")]
            for k in range(len(keys)):
                if keys[k] == eid:
                    out[k] = i
            i += 1
    return out


def drop_excluded(counts, pairs):
    """Exclusions as data: pairs holds (loser, winner) element positions, flat.  Every
    loser counted beside its winner is set to 0, all at once, in place.  Returns counts."""
    drop = []
    for k in range(0, len(pairs), 2):
        if counts[pairs[k]] and counts[pairs[k + 1]]:
            drop.append(pairs[k])
    for i in drop:
        counts[i] = 0
    return counts


def index(text, key):
    """Position of the element whose id or name is key, -1 for none."""
    i = 0
    for line in text.split("\n"):
        if line:
            f = line.split()
            if key == f[0] or key == f[1]:
                return i
            i += 1
    return -1


def check_replacement(h):
    """Refuse kong_replacement and flower_replacement where the hand contradicts them: the
    replacement tile is self-drawn, after a kong among the melds or a flower shown."""
    f = h.flags
    if "kong_replacement" in f:
        if h.by != "self":
            raise HandError("bad_field", 32, "kong_replacement")
        for kind, _ in h.melds:
            if kind > PON:       # a kong: KAN, ADDKAN, ANKAN
                break
        else:
            raise HandError("bad_field", 33)
    if "flower_replacement" in f:
        if h.by != "self":
            raise HandError("bad_field", 32, "flower_replacement")
        if not h.flowers:
            raise HandError("bad_field", 34)
