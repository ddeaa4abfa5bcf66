# Element tables written as text in a ruleset module: one element a line, its fields
# separated by spaces, the first two being the element's id and its name as the rules
# text spells it.  The text is the data; these read it.


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
