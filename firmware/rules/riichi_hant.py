# Traditional Chinese names of the Riichi (riichi) yaku (docs/rules/riichi.md): one line per yaku,
# "id name".  The scorer's own names are RCR 2016's romaji; loaded only to name an
# answer in this language (firmware/lib/engine/langs.py), dropped at once; the lines
# come in parts so that a lookup walks one short str.

NAMES = (
    "riichi 立直\n"
    "double_riichi 兩立直\n"
    "ippatsu 一發\n"
    "menzen_tsumo 門前清自摸和\n"
    "pinfu 平和\n"
    "iipeikou 一盃口\n"
    "tanyao 斷么九\n"
    "haku 役牌白\n"
    "hatsu 役牌發\n"
    "chun 役牌中\n"
    "seat_wind 自風\n"
    "prevalent_wind 場風\n"
    "haitei 海底撈月\n"
    "houtei 河底撈魚\n"
    "rinshan 嶺上開花\n"
    "chankan 搶槓\n",
    "chiitoitsu 七對子\n"
    "sanshoku 三色同順\n"
    "ittsu 一氣通貫\n"
    "chanta 混全帶么九\n"
    "sanshoku_dokou 三色同刻\n"
    "toitoi 對對和\n"
    "sanankou 三暗刻\n"
    "sankantsu 三槓子\n"
    "shousangen 小三元\n"
    "honroutou 混老頭\n"
    "junchan 純全帶么九\n"
    "ryanpeikou 二盃口\n"
    "honitsu 混一色\n"
    "chinitsu 清一色\n"
    "renhou 人和\n"
    "dora 寶牌\n",
    "ura_dora 裏寶牌\n"
    "aka_dora 赤寶牌\n"
    "kokushi 國士無雙\n"
    "suuankou 四暗刻\n"
    "daisangen 大三元\n"
    "shousuushii 小四喜\n"
    "daisuushii 大四喜\n"
    "tsuuiisou 字一色\n"
    "chinroutou 清老頭\n"
    "ryuuiisou 綠一色\n"
    "chuuren 九蓮寶燈\n"
    "suukantsu 四槓子\n"
    "tenhou 天和\n"
    "chiihou 地和\n",
)
