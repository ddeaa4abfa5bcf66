"""The modules a win loads at a board's tightest moment keep their globals few.  MicroPython
keeps a module's globals in one table, grown while the import runs (2, 4, ... 17, 23, 29,
37, 47, 59, 73 slots; 16 bytes a slot on the 64-bit unix port, 8 on a Pico), each size a
new piece allocated while the last one is still held: Taiwan's scorer with 61 names needed
1,168 bytes in one piece and found none at 60k with 11 KB free (docs/memory.md, "The unix
port's least heaps, every ruleset").  Each module here stays within the size it was
brought down to; a name more past it costs the next size of table."""

import hand
import handparse
import rules.hk
import rules.mcr
import rules.mcr_special
import rules.sh
import device_script

# the most names each may hold (a size of MicroPython's table)
SLOTS = {"rules.tw": 37, "rules.hk": 37, "rules.sh": 37, "rules.mcr": 47, "rules.riichi": 47,
         "rules.riichi_table": 29, "handparse": 17, "sessionops": 23, "commit": 23,
         "journal": 23}

SCRIPT = """
import sys
sys.path[:0] = [%(folder)r]
import dtable
dtable.PATH = %(folder)r + '/dtable.bin'
import json
out = {}
for name in %(names)r:
    m = __import__(name, None, None, (name.split('.')[-1],))
    out[name] = sorted(m.__dict__)
print('RESULT ' + json.dumps(out))
"""


def test_the_scorers_globals_stay_within_their_table():
    got = device_script.run(SCRIPT, names=sorted(SLOTS))
    for name, limit in SLOTS.items():
        assert len(got[name]) <= limit, (name, len(got[name]), got[name])


def test_the_check_counts_names_the_device_keeps():
    # const() names with a leading underscore are no globals on the device; others are
    got = device_script.run(SCRIPT, names=["rules.sh"])["rules.sh"]
    assert "BASE" in got and "score" in got
    assert "_CHI" not in got and "_ANKAN" not in got


def test_the_copied_constants_equal_their_sources():
    # the meld kinds and the fan table's size, kept as const() where the import was
    assert (rules.sh._CHI, rules.sh._PON, rules.sh._ADDKAN, rules.sh._ANKAN) == \
        (hand.CHI, hand.PON, hand.ADDKAN, hand.ANKAN)
    assert rules.hk._ANKAN == hand.ANKAN
    assert (handparse._CHI, handparse._PON) == (hand.CHI, hand.PON)
    assert rules.mcr_special._N == rules.mcr._N
