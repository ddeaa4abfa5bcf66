# English names of the Taiwanese 16-tile (tw) elements and, where the full name does not fit
# the 21-column screen, the short form it shows (docs/rules/tw.md, "Languages"): one
# line per element, "id full name", then a tab and the short form if any.
# Loaded only to name an answer in this language (firmware/lib/engine/langs.py),
# dropped at once; the lines come in parts so that a lookup walks one short str.

NAMES = (
    "dealer Dealer\n"
    "streak Dealer's Streak\n"
    "self_drawn Self-Drawn\n"
    "concealed Concealed Hand\n"
    "wind Wind Pung\n"
    "flower Flower\n"
    "dragon Dragon Pung\n"
    "last_tile Last Tile\n"
    "ready Ready Declared\n"
    "kong_bloom Win on Kong Replacement\tKong Replacement\n"
    "rob_kong Robbing the Kong\n"
    "single_wait Single Wait\n"
    "ping_hu All Chows\n"
    "three_concealed Three Concealed Pungs\t3 Conc. Pungs\n"
    "all_melded Melded Hand\n"
    "flower_kong Flower Kong\n"
    "concealed_self_drawn Concealed Self-Drawn\tConc. Self-Drawn\n"
    "all_pungs All Pungs\n"
    "small_dragons Little Three Dragons\tLittle 3 Dragons\n"
    "half_flush Half Flush\n"
    "small_winds Little Four Winds\tLittle 4 Winds\n"
    "four_concealed Four Concealed Pungs\t4 Conc. Pungs\n"
    "full_flush Full Flush\n"
    "five_concealed Five Concealed Pungs\t5 Conc. Pungs\n",
    "big_dragons Big Three Dragons\tBig 3 Dragons\n"
    "big_winds Big Four Winds\n"
    "eight_flowers Eight Flowers\n"
    "seven_rob_one Seven Robbing One\t7 Robbing One\n"
    "human Human Hand\n"
    "heavenly Heavenly Hand\n"
    "earthly Earthly Hand\n",
)
