"""What the event's records add up to: the standings, the queries the pages and
the API read (standings, queries, stats, handref, views), the EMA's results file (ema),
exports and printouts."""
