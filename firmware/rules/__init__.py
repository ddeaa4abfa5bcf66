# The rulesets, one set of modules each (mcr, hk, tw, sh, riichi), imported only when a table uses
# one (scorers.load, commit.hooks):
#   <id>.py          the scorer, with its data (<id>_data), item names (hk_names) and
#                    special shapes (hk_shapes, hk_lique), and tw's exclusion table (tw_exclusions)
#   <id>_table.py    the table's settlement hook, its rare events in <id>_events.py
# May import: the engine (tiles, errors, hand, engine, shapes, eltable) and the ruleset's
# own modules; never the table, the screens, the network or another ruleset (a hook's
# advance() answers True for commit.keep_or_pass instead of importing commit).
