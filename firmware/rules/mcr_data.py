# Chinese Official (國標) data: the 81 elements of shared/rules/mcr-chinese-official.txt
# by their number there (id 1..81), their fan and the exclusions between them.
# The tables are bytes literals, each row's numbers in its comment: a tuple given to
# bytes((...)) stays in the loaded module's constants beside the bytes made from it
# (this module took 3.6 KB of heap so, 1.6 KB as literals; docs/memory.md, "The table
# engine's heap").

# Names as the text spells them; 7, 43, 55 and 68 run into their descriptions there and
# are cut at the name (docs/rules/mcr.md).
NAMES = ("大四喜 大三元 綠一色 九蓮寶燈 四槓 連七對 十三么 清么九 小四喜 小三元 字一色 四暗刻 "
         "一色雙龍會 一色四同順 一色四節高 一色四步高 三槓 混么九 七對 七星不靠 全雙刻 清一色 "
         "一色三同順 一色三節高 全大 全中 全小 清龍 三色雙龍會 一色三步高 全帶五 三同刻 三暗刻 "
         "全不靠 組合龍 大于五 小于五 三風刻 花龍 推不倒 三色三同順 三色三節高 無番和 妙手回春 "
         "海底撈月 槓上開花 搶槓胡 碰碰胡 混一色 三色三步高 五門齊 全求人 雙暗槓 雙箭刻 全帶么 "
         "不求人 雙明槓 和絕張 箭刻 圈風刻 門風刻 門前清 平和 四歸一 雙同刻 雙暗刻 暗槓 斷么 "
         "一般高 喜相逢 連六 老少副 么九刻 明槓 缺一門 無字 邊張 坎張 單釣將 自摸 花牌")

# Fan of element id i at VALUES[i - 1].
VALUES = (
    b"\x58\x58\x58\x58\x58\x58\x58"  # 88 fan: ids 1-7
    b"\x40\x40\x40\x40\x40\x40"  # 64 fan: ids 8-13
    b"\x30\x30"  # 48 fan: ids 14-15
    b"\x20\x20\x20"  # 32 fan: ids 16-18
    b"\x18\x18\x18\x18\x18\x18\x18\x18\x18"  # 24 fan: ids 19-27
    b"\x10\x10\x10\x10\x10\x10"  # 16 fan: ids 28-33
    b"\x0c\x0c\x0c\x0c\x0c"  # 12 fan: ids 34-38
    b"\x08\x08\x08\x08\x08\x08\x08\x08\x08"  # 8 fan: ids 39-47
    b"\x06\x06\x06\x06\x06\x06\x06"  # 6 fan: ids 48-54
    b"\x04\x04\x04\x04"  # 4 fan: ids 55-58
    b"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02"  # 2 fan: ids 59-68
    b"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"  # 1 fan: ids 69-81
)

# 不計 applied after a hand's elements are found: trigger id, n, then n ids it clears,
# in the order they are applied.  (四暗刻 turning 不求人 into 自摸, and 三風刻 holding
# its own three 么九刻, are the two rules that are not a plain clear.)
CLEARS = (
    b"\x01\x02\x30\x49"  # 1 2 48 73: 大四喜: 碰碰胡 么九刻 (三風刻 圈風刻 門風刻 never counted)
    b"\x02\x01\x3b"  # 2 1 59: 大三元: 箭刻
    b"\x03\x02\x31\x4b"  # 3 2 49 75: 綠一色: 混一色 缺一門
    b"\x05\x01\x4f"  # 5 1 79: 四槓: 單釣將
    b"\x08\x05\x30\x37\x49\x4c\x41"  # 8 5 48 55 73 76 65: 清么九: 碰碰胡 全帶么 么九刻 無字 雙同刻
    b"\x09\x01\x49"  # 9 1 73: 小四喜: 么九刻
    b"\x0a\x01\x3b"  # 10 1 59: 小三元: 箭刻
    b"\x0b\x04\x30\x37\x49\x4b"  # 11 4 48 55 73 75: 字一色: 碰碰胡 全帶么 么九刻 缺一門
    b"\x0c\x02\x30\x3e"  # 12 2 48 62: 四暗刻: 碰碰胡 門前清 (不求人 becomes 自摸)
    b"\x0d\x03\x16\x3f\x4c"  # 13 3 22 63 76: 一色雙龍會: 清一色 平和 無字
    b"\x0f\x01\x30"  # 15 1 48: 一色四節高: 碰碰胡
    b"\x12\x03\x30\x37\x49"  # 18 3 48 55 73: 混么九: 碰碰胡 全帶么 么九刻
    b"\x15\x03\x30\x44\x4c"  # 21 3 48 68 76: 全雙刻: 碰碰胡 斷么 無字
    b"\x19\x01\x4c"  # 25 1 76: 全大: 無字
    b"\x1a\x02\x44\x4c"  # 26 2 68 76: 全中: 斷么 無字
    b"\x1b\x01\x4c"  # 27 1 76: 全小: 無字
    b"\x1d\x02\x3f\x4c"  # 29 2 63 76: 三色雙龍會: 平和 無字
    b"\x1f\x02\x44\x4c"  # 31 2 68 76: 全帶五: 斷么 無字
    b"\x24\x01\x4c"  # 36 1 76: 大于五: 無字
    b"\x25\x01\x4c"  # 37 1 76: 小于五: 無字
    b"\x26\x00"  # 38 0: 三風刻 (holds its own 么九刻)
    b"\x28\x01\x4b"  # 40 1 75: 推不倒: 缺一門
    b"\x2c\x01\x50"  # 44 1 80: 妙手回春: 自摸
    b"\x2e\x01\x50"  # 46 1 80: 槓上開花: 自摸
    b"\x34\x01\x4f"  # 52 1 79: 全求人: 單釣將
    b"\x36\x01\x3b"  # 54 1 59: 雙箭刻: 箭刻
    b"\x38\x01\x50"  # 56 1 80: 不求人: 自摸
    b"\x3f\x01\x4c"  # 63 1 76: 平和: 無字
    b"\x44\x01\x4c"  # 68 1 76: 斷么: 無字
)

# Per tile 0..33: bit 0 terminal or honour, bit 1 reversible (推不倒), bit 2 green (綠一色).
TRAIT = (
    b"\x01\x00\x00\x00\x00\x00\x00\x00\x01"  # 1 0 0 0 0 0 0 0 1: 1m..9m
    b"\x03\x02\x02\x02\x02\x00\x00\x02\x03"  # 3 2 2 2 2 0 0 2 3: 1p..9p: 1234589
    b"\x01\x06\x04\x06\x02\x06\x00\x06\x03"  # 1 6 4 6 2 6 0 6 3: 1s..9s: 245689 reversible, 23468 green
    b"\x01\x01\x01\x01\x01\x05\x03"  # 1 1 1 1 1 5 3: E S W N 中 發 白
)

# 九蓮寶燈: the 13 tiles before the win, then for each rank of the winning tile the
# elements the shape adds (0 = none).
NINE_GATES = (
    b"\x03\x01\x01\x01\x01\x01\x01\x01\x03"  # 3 1 1 1 1 1 1 1 3
    b"\x1c\x40\x00\x00"  # 28 64 0 0: wins on 1: 清龍 四歸一
    b"\x42\x47\x49\x00"  # 66 71 73 0: 2: 雙暗刻 連六 么九刻
    b"\x47\x00\x00\x00"  # 71 0 0 0: 3: 連六
    b"\x47\x00\x00\x00"  # 71 0 0 0: 4
    b"\x42\x49\x00\x00"  # 66 73 0 0: 5: 雙暗刻 么九刻
    b"\x47\x00\x00\x00"  # 71 0 0 0: 6
    b"\x47\x00\x00\x00"  # 71 0 0 0: 7
    b"\x42\x47\x49\x00"  # 66 71 73 0: 8
    b"\x1c\x40\x00\x00"  # 28 64 0 0: 9
)

