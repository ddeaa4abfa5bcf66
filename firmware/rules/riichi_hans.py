# Simplified Chinese names of the Riichi (riichi) yaku (docs/rules/riichi.md): one line per yaku,
# "id name".  The scorer's own names are RCR 2016's romaji; loaded only to name an
# answer in this language (firmware/lib/engine/langs.py), dropped at once; the lines
# come in parts so that a lookup walks one short str.

NAMES = (
    "riichi 立直\n"
    "double_riichi 两立直\n"
    "ippatsu 一发\n"
    "menzen_tsumo 门前清自摸和\n"
    "pinfu 平和\n"
    "iipeikou 一杯口\n"
    "tanyao 断幺九\n"
    "haku 役牌白\n"
    "hatsu 役牌发\n"
    "chun 役牌中\n"
    "seat_wind 自风\n"
    "prevalent_wind 场风\n"
    "haitei 海底捞月\n"
    "houtei 河底捞鱼\n"
    "rinshan 岭上开花\n"
    "chankan 抢杠\n",
    "chiitoitsu 七对子\n"
    "sanshoku 三色同顺\n"
    "ittsu 一气通贯\n"
    "chanta 混全带幺九\n"
    "sanshoku_dokou 三色同刻\n"
    "toitoi 对对和\n"
    "sanankou 三暗刻\n"
    "sankantsu 三杠子\n"
    "shousangen 小三元\n"
    "honroutou 混老头\n"
    "junchan 纯全带幺九\n"
    "ryanpeikou 二杯口\n"
    "honitsu 混一色\n"
    "chinitsu 清一色\n"
    "renhou 人和\n"
    "dora 宝牌\n",
    "ura_dora 里宝牌\n"
    "aka_dora 赤宝牌\n"
    "kokushi 国士无双\n"
    "suuankou 四暗刻\n"
    "daisangen 大三元\n"
    "shousuushii 小四喜\n"
    "daisuushii 大四喜\n"
    "tsuuiisou 字一色\n"
    "chinroutou 清老头\n"
    "ryuuiisou 绿一色\n"
    "chuuren 九莲宝灯\n"
    "suukantsu 四杠子\n"
    "tenhou 天和\n"
    "chiihou 地和\n",
)
