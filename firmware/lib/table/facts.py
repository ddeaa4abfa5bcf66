# A ruleset's facts for the screens (Session.facts: the sets in a hand, the context words
# in screen order, the events menu) as text, without its scorer and its table hook: on a
# board the first hand's entry asked them with the entry's screen loaded, and loading the
# scorer (10-18 KB) to read three of its names found no room at a heap that then scored
# the hand (docs/memory.md, "The first entry's facts").  Loaded for the question and
# forgotten at once (heap.py's ONCE row).  tests/test_facts.py checks every row against
# what the scorer and the hook say (asks.ruleset_info) and prints a row that differs.
#
# A row: sets | the ruleset's words after hand.COMMON_FLAGS | the menu, each event
# name=field:kind,... with kind s (a seat), o (a seat or none), i (a number).

ROWS = {
    "mcr": "4||",
    "hk": "5|ready_immediate ready_deal_in heavenly_ready earthly_ready double_win triple_win"
          " fanxue fanxue_big within_4 within_7 within_10 true_last chain_2 chain_3 chain_4"
          " chain_5 chain_6 chain_7 chain_8 chain_9 chain_10 chain_11 chain_12|flowers=winner:s,"
          "from:o ankan=seat:s ankan_unopened=seat:s caiwu=seat:s,n:i call_four=seat:s"
          " cao=seat:s chase=seat:s,rank:i dice_123=seat:s dice_triple=seat:s"
          " exposed_kong=seat:s,from:s fake_win=seat:s hua=seat:s streak=n:i wrong_kong=seat:s",
    "tw": "5||flowers=winner:s,from:o declare=seat:s streak=n:i",
    "sh": "4|heavenly_ready|dice= fly=rank:i heavenly_ready=seat:s huang=n:i ready=seat:s"
          " sankou=a:s,b:s xianggong=seat:s",
    "riichi": "4|riichi double_riichi ippatsu|chombo=seat:s double_riichi=seat:s double_ron="
              " end= pao=seat:s,winner:s riichi=seat:s tenpai=seat:s",
}
KINDS = {"s": "seat", "o": "opt", "i": "int"}


def info(rid, common):
    """(sets, words, menu) of ruleset rid as asks.ruleset_info gives them (common: the
    words every ruleset's hands carry, hand.COMMON_FLAGS); None for a ruleset not listed."""
    row = ROWS.get(rid)
    if row is None:
        return None
    n, words, menu = row.split("|")
    out = []
    for ev in menu.split():
        name, fields = ev.split("=")
        out.append((name, tuple([(f[:-2], KINDS[f[-1]]) for f in fields.split(",") if f])))
    return int(n), tuple(common) + tuple(words.split()), tuple(out)
