# Traditional Chinese names of the Shanghai (sh) elements
# (docs/rules/sh.md, "Languages"): one line per element, "id name".
# Loaded only to name an answer in this language (firmware/lib/engine/langs.py),
# dropped at once; the lines come in parts so that a lookup walks one short str.

NAMES = (
    "flower 花牌\n"
    "dragon 字牌\n"
    "wind_pung 風向碰\n"
    "wind_concealed_pung 風暗刻\n"
    "kong 明槓上槓\n"
    "wind_kong 風向明槓\n"
    "concealed_kong 暗槓\n"
    "wind_concealed_kong 風向暗槓\n"
    "no_flowers 無花果\n"
    "heavenly_ready 天敲\n"
    "big_diao 大吊車\n"
    "kong_bloom 槓開\n"
    "concealed 門清\n"
    "all_pungs 碰碰胡\n"
    "half_flush 混一色\n"
    "half_flush_pungs 混碰\n"
    "full_flush 清一色\n"
    "full_flush_pungs 清碰\n"
    "rob_kong 搶槓\n",
)

# sh's reasons for refusing a win (sh.legality), in Traditional Chinese (langs.reason)
REASONS = {
    "两摸三铳: no 牌型 and 1 花: 1花不能胡": "兩摸三銃: no 牌型 and 1 花: 1花不能胡",
    "两摸三铳: no 牌型 and 2 花: 2花可以自摸 only, not on another player's tile":
        "兩摸三銃: no 牌型 and 2 花: 2花可以自摸 only, not on another player's tile",
}
