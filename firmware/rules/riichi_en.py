# English names of the Riichi (riichi) yaku (docs/rules/riichi.md): one line per yaku,
# "id name", then a tab and the screen's short form where the full name
# does not fit.  The scorer's own names are RCR 2016's romaji; loaded only to name an
# answer in this language (firmware/lib/engine/langs.py), dropped at once; the lines
# come in parts so that a lookup walks one short str.

NAMES = (
    "riichi Riichi\n"
    "double_riichi Double Riichi\n"
    "ippatsu Ippatsu\n"
    "menzen_tsumo Fully Concealed Hand\tConcealed Tsumo\n"
    "pinfu Pinfu\n"
    "iipeikou Pure Double Chow\n"
    "tanyao All Simples\n"
    "haku White Dragon Pung\tWhite Dragon\n"
    "hatsu Green Dragon Pung\tGreen Dragon\n"
    "chun Red Dragon Pung\n"
    "seat_wind Seat Wind\n"
    "prevalent_wind Prevalent Wind\n"
    "haitei Under the Sea\n"
    "houtei Under the River\n"
    "rinshan After a Kong\n"
    "chankan Robbing the Kong\n",
    "chiitoitsu Seven Pairs\n"
    "sanshoku Mixed Triple Chow\tMixed 3 Chows\n"
    "ittsu Pure Straight\n"
    "chanta Outside Hand\n"
    "sanshoku_dokou Triple Pung\n"
    "toitoi All Pungs\n"
    "sanankou Three Concealed Pungs\t3 Concealed Pung\n"
    "sankantsu Three Kongs\n"
    "shousangen Little Three Dragons\tLittle 3 Dragons\n"
    "honroutou All Terminals and Honours\tTerminals+Honour\n"
    "junchan Terminals in All Sets\tTerminals in Set\n"
    "ryanpeikou Twice Pure Double Chows\tTwo Pure Doubles\n"
    "honitsu Half Flush\n"
    "chinitsu Full Flush\n"
    "renhou Blessing of Man\n"
    "dora Dora\n",
    "ura_dora Ura Dora\n"
    "aka_dora Red Five\n"
    "kokushi Thirteen Orphans\n"
    "suuankou Four Concealed Pungs\t4 Concealed Pung\n"
    "daisangen Big Three Dragons\tBig 3 Dragons\n"
    "shousuushii Little Four Winds\tLittle 4 Winds\n"
    "daisuushii Big Four Winds\n"
    "tsuuiisou All Honours\n"
    "chinroutou All Terminals\n"
    "ryuuiisou All Green\n"
    "chuuren Nine Gates\n"
    "suukantsu Four Kongs\n"
    "tenhou Heavenly Hand\n"
    "chiihou Earthly Hand\n",
)
