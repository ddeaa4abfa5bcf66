# Simplified Chinese names of the Taiwanese 16-tile (tw) elements
# (docs/rules/tw.md, "Languages"): one line per element, "id name".
# Loaded only to name an answer in this language (firmware/lib/engine/langs.py),
# dropped at once; the lines come in parts so that a lookup walks one short str.

NAMES = (
    "dealer 庄家\n"
    "streak 连庄\n"
    "self_drawn 自摸\n"
    "concealed 门清\n"
    "wind 风牌\n"
    "flower 花牌\n"
    "dragon 三元牌\n"
    "last_tile 海底捞月\n"
    "ready 眼牌\n"
    "kong_bloom 杠上开花\n"
    "rob_kong 抢杠\n"
    "single_wait 独听\n"
    "ping_hu 平胡\n"
    "three_concealed 三暗刻\n"
    "all_melded 全求人\n"
    "flower_kong 花杠\n"
    "concealed_self_drawn 门清自摸\n"
    "all_pungs 碰碰胡\n"
    "small_dragons 小三元\n"
    "half_flush 混一色\n"
    "small_winds 小四喜\n"
    "four_concealed 四暗刻\n"
    "full_flush 清一色\n"
    "five_concealed 五暗刻\n",
    "big_dragons 大三元\n"
    "big_winds 大四喜\n"
    "eight_flowers 八仙过海\n"
    "seven_rob_one 七抢一\n"
    "human 人胡\n"
    "heavenly 天胡\n"
    "earthly 地胡\n",
)
