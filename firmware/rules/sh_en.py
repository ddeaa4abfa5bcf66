# English names of the Shanghai (sh) elements and, where the full name does not fit
# the 21-column screen, the short form it shows (docs/rules/sh.md, "Languages"): one
# line per element, "id full name", then a tab and the short form if any.
# Loaded only to name an answer in this language (firmware/lib/engine/langs.py),
# dropped at once; the lines come in parts so that a lookup walks one short str.

NAMES = (
    "flower Flower\n"
    "dragon Dragon Tile\n"
    "wind_pung Wind Pung\n"
    "wind_concealed_pung Concealed Wind Pung\tConc. Wind Pung\n"
    "kong Melded Kong\n"
    "wind_kong Wind Kong\n"
    "concealed_kong Concealed Kong\n"
    "wind_concealed_kong Concealed Wind Kong\tConc. Wind Kong\n"
    "no_flowers No Flowers\n"
    "heavenly_ready Heavenly Ready\n"
    "big_diao Big Single Wait\n"
    "kong_bloom Win on Kong Replacement\tKong Replacement\n"
    "concealed Concealed Hand\n"
    "all_pungs All Pungs\n"
    "half_flush Half Flush\n"
    "half_flush_pungs Half Flush All Pungs\tHalf Flush Pungs\n"
    "full_flush Full Flush\n"
    "full_flush_pungs Full Flush All Pungs\tFull Flush Pungs\n"
    "rob_kong Robbing the Kong\n",
)

# sh's reasons for refusing a win (sh.legality), in English (langs.reason)
REASONS = {
    "两摸三铳: no 牌型 and 1 花: 1花不能胡":
        "no pattern and 1 hua: a win needs 2 hua (self-drawn) or 3",
    "两摸三铳: no 牌型 and 2 花: 2花可以自摸 only, not on another player's tile":
        "no pattern and 2 hua: self-drawn only, not on another's discard",
}
