"""The decomposition table against brute force, and the engine's verdict on every suit."""

import itertools
from functools import lru_cache

import dtable
import engine
from host_tools import paths
from host_tools.gen import tables as gen_tables


def generated_runs():
    """Brute force by construction: lay every combination of chows, pungs and at most one
    pair on ranks 0..8 and keep, per resulting run, the divisions that produced it."""
    found = {}
    options = [("c", s) for s in range(7)] + [("p", r) for r in range(9)]
    for n in range(0, 6):
        for combo in itertools.combinations_with_replacement(options, n):
            base = [0] * 9
            chows = []
            for kind, r in combo:
                if kind == "c":
                    base[r] += 1
                    base[r + 1] += 1
                    base[r + 2] += 1
                    chows.append(r)
                else:
                    base[r] += 3
            for pair in [None] + list(range(9)):
                counts = list(base)
                if pair is not None:
                    counts[pair] += 2
                if sum(counts) > 17 or sum(counts) == 0 or max(counts) > 4:
                    continue
                nz = [i for i in range(9) if counts[i]]
                lo, hi = nz[0], nz[-1]
                if hi - lo + 1 != len(nz):
                    continue   # not one run
                run = tuple(counts[lo:hi + 1])
                div = (None if pair is None else pair - lo, tuple(sorted(c - lo for c in chows)))
                found.setdefault(run, set()).add(div)
    return found


def test_table_equals_brute_force():
    brute = generated_runs()
    table = gen_tables.canonical_runs()
    expect = {}
    for run, divs in brute.items():
        mirror = tuple(reversed(run))
        if gen_tables.run_key(mirror) < gen_tables.run_key(run):
            continue
        expect[gen_tables.run_key(run)] = sorted(divs, key=lambda d: (-1 if d[0] is None else d[0], d[1]))
    assert table == expect
    assert len(table) == 4506


def test_table_file_decodes_to_every_run_and_division():
    """Read back through the firmware reader, mirrored runs included."""
    t = dtable.Table(paths.TABLE)
    for run, divs in generated_runs().items():
        key = gen_tables.run_key(run)
        mkey = gen_tables.run_key(tuple(reversed(run)))
        mirrored = mkey < key
        k = t.find(mkey if mirrored else key)
        assert k >= 0, run
        got = set()
        for d in t.divisions(k):
            pair, chows = dtable.decode(d, len(run), mirrored)
            got.add((None if pair < 0 else pair, tuple(sorted(chows))))
        assert got == divs, run


def test_generation_is_deterministic_and_small():
    a = gen_tables.build()
    assert a == gen_tables.build()
    assert open(paths.TABLE, "rb").read() == a
    assert len(a) <= 48 * 1024


def test_frozen_table_reads_in_place_like_the_file():
    blob = gen_tables.build()
    ns = {}
    exec(gen_tables.frozen_module(blob), ns)
    frozen = dtable.Table(ns["TABLE"])
    from_file = dtable.Table(paths.TABLE)
    for key in range(1, 5 ** 5, 7):
        k = from_file.find(key)
        assert frozen.find(key) == k
        if k >= 0:
            assert frozen.divisions(k) == from_file.divisions(k)


@lru_cache(maxsize=None)
def brute_suit(counts, pair_left):
    """Independent recursive judge of one suit: sets plus a pair iff pair_left."""
    i = next((k for k in range(9) if counts[k]), None)
    if i is None:
        return not pair_left
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        if brute_suit(tuple(c), pair_left):
            return True
        c[i] += 3
    if pair_left and c[i] >= 2:
        c[i] -= 2
        if brute_suit(tuple(c), False):
            return True
        c[i] += 2
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if brute_suit(tuple(c), pair_left):
            return True
    return False


def test_every_single_suit_vector_up_to_17_tiles():
    table = dtable.Table(paths.TABLE)
    checked = 0
    c = bytearray(34)
    for vec in itertools.product(range(5), repeat=9):
        n = sum(vec)
        if n > 17:
            continue
        c[0:9] = bytes(vec)
        got = engine.suit_pairs(c, 0, table)
        assert (got == 0) == brute_suit(vec, False), vec
        assert (got == 1) == brute_suit(vec, True), vec
        # the enumerating path agrees with the verdict
        if n % 3 != 1:
            assert bool(engine.suit_divisions(c, 0, table)) == (got >= 0), vec
        checked += 1
    assert checked == 886400   # every vector of 0..4 per rank with at most 17 tiles
