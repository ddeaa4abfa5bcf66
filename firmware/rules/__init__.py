# One module per ruleset (mcr, hk, tw, sh), imported only when a table uses it.
