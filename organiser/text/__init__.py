"""The organiser's words: the pages' own words and a refusal's reasons in the
visitor's language (words, reasons), the scoring elements' names (elnames) and a hand
in tile text (tiletext).  The lowest room, with store and guard."""
