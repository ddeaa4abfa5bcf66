"""The organiser's own scoring: each journal replayed by the table engine in a
process of its own (replay), driven from the app (scoring)."""
