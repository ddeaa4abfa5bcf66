# Chinese Official (國標) data: the 81 elements of shared/rules/mcr-chinese-official.txt
# by their number there (id 1..81), their fan and the exclusions between them.

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
VALUES = bytes((88,) * 7 + (64,) * 6 + (48,) * 2 + (32,) * 3 + (24,) * 9 + (16,) * 6
               + (12,) * 5 + (8,) * 9 + (6,) * 7 + (4,) * 4 + (2,) * 10 + (1,) * 13)

# 不計 applied after a hand's elements are found: trigger id, n, then n ids it clears,
# in the order they are applied.  (四暗刻 turning 不求人 into 自摸, and 三風刻 holding
# its own three 么九刻, are the two rules that are not a plain clear.)
CLEARS = bytes((
    1, 2, 48, 73,           # 大四喜: 碰碰胡 么九刻 (三風刻 圈風刻 門風刻 never counted)
    2, 1, 59,               # 大三元: 箭刻
    3, 2, 49, 75,           # 綠一色: 混一色 缺一門
    5, 1, 79,               # 四槓: 單釣將
    8, 5, 48, 55, 73, 76, 65,   # 清么九: 碰碰胡 全帶么 么九刻 無字 雙同刻
    9, 1, 73,               # 小四喜: 么九刻
    10, 1, 59,              # 小三元: 箭刻
    11, 4, 48, 55, 73, 75,  # 字一色: 碰碰胡 全帶么 么九刻 缺一門
    12, 2, 48, 62,          # 四暗刻: 碰碰胡 門前清 (不求人 becomes 自摸)
    13, 3, 22, 63, 76,      # 一色雙龍會: 清一色 平和 無字
    15, 1, 48,              # 一色四節高: 碰碰胡
    18, 3, 48, 55, 73,      # 混么九: 碰碰胡 全帶么 么九刻
    21, 3, 48, 68, 76,      # 全雙刻: 碰碰胡 斷么 無字
    25, 1, 76,              # 全大: 無字
    26, 2, 68, 76,          # 全中: 斷么 無字
    27, 1, 76,              # 全小: 無字
    29, 2, 63, 76,          # 三色雙龍會: 平和 無字
    31, 2, 68, 76,          # 全帶五: 斷么 無字
    36, 1, 76,              # 大于五: 無字
    37, 1, 76,              # 小于五: 無字
    38, 0,                  # 三風刻 (holds its own 么九刻)
    40, 1, 75,              # 推不倒: 缺一門
    44, 1, 80,              # 妙手回春: 自摸
    46, 1, 80,              # 槓上開花: 自摸
    52, 1, 79,              # 全求人: 單釣將
    54, 1, 59,              # 雙箭刻: 箭刻
    56, 1, 80,              # 不求人: 自摸
    63, 1, 76,              # 平和: 無字
    68, 1, 76,              # 斷么: 無字
))

# Per tile 0..33: bit 0 terminal or honour, bit 1 reversible (推不倒), bit 2 green (綠一色).
TRAIT = bytes((1, 0, 0, 0, 0, 0, 0, 0, 1,          # 1m..9m
               3, 2, 2, 2, 2, 0, 0, 2, 3,          # 1p..9p: 1234589
               1, 6, 4, 6, 2, 6, 0, 6, 3,          # 1s..9s: 245689 reversible, 23468 green
               1, 1, 1, 1, 1, 5, 3))               # E S W N 中 發 白

# 九蓮寶燈: the 13 tiles before the win, then for each rank of the winning tile the
# elements the shape adds (0 = none).
NINE_GATES = bytes((3, 1, 1, 1, 1, 1, 1, 1, 3,
                    28, 64, 0, 0,       # wins on 1: 清龍 四歸一
                    66, 71, 73, 0,      # 2: 雙暗刻 連六 么九刻
                    71, 0, 0, 0,        # 3: 連六
                    71, 0, 0, 0,        # 4
                    66, 73, 0, 0,       # 5: 雙暗刻 么九刻
                    71, 0, 0, 0,        # 6
                    71, 0, 0, 0,        # 7
                    66, 71, 73, 0,      # 8
                    28, 64, 0, 0))      # 9

