"""Named table settings a director may start an event from (the event form's "preset"):
a Riichi event's EMA (RCR 2016) and WRC (2015) tables, each setting named as
docs/rules/riichi.md names it.  The organiser reaches nothing of firmware/: these are the
firmware's defaults (rules/riichi_table.py SETTINGS) written again, and
tests/test_riichi_organiser.py checks that the EMA preset is those defaults."""

# RCR 2016: 30,000 to start and to return (no oka), uma 15,000 / 5,000, 300 a counter,
# East and South, sticks left to first place, multiple winners, no red fives, open tanyao,
# no kiriage, none of the club rules
RIICHI_EMA = {
    "starting_points": 30000, "return_points": 30000, "uma_high": 15000, "uma_low": 5000,
    "honba": 300, "length": 2, "leftover_to_first": True, "double_ron": True,
    "red_fives": 0, "open_tanyao": True, "kiriage": False, "club_rules": 0,
}
# WRC 2015: the EMA's table but kiriage mangan (6.1), sticks left at the end lost, head
# bump (5.7.6)
RIICHI_WRC = dict(RIICHI_EMA, kiriage=True, leftover_to_first=False, double_ron=False)

# name -> (ruleset, what the form says, the settings)
PRESETS = {
    "riichi-ema": ("riichi", "Riichi: EMA Riichi Competition Rules 2016", RIICHI_EMA),
    "riichi-wrc": ("riichi", "Riichi: World Riichi Championship rules 2015", RIICHI_WRC),
}


def preset(name):
    """(ruleset, settings) of a preset, or None for no such name."""
    got = PRESETS.get(name)
    return (got[0], dict(got[2])) if got else None
