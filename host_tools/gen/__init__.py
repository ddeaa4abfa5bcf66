"""Generators of the data the firmware reads from flash: tables (the decomposition table,
dtable.bin) and font (the glyph font, font.bin), each checked against its sources; and
elnames, the organiser's copy of the elements' names (it imports the firmware's names).
May import: host_tools.paths only (host_tools.build calls them, never the other way)."""
