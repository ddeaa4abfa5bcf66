# Taiwan 16-tile: the exclusion table at the end of shared/rules/taiwan-16.txt, as the
# text writes it, and who gives way in each entry.  rules/tw.py scores with the pairs
# this gives (tw._PAIRS) and never loads this module (tests and tools do); the elements
# are the scorer's, read from there.

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

from rules.tw import elements, VALUES

# The text's table, row by row, as the text writes it: "row: entry（marker）、...".
# 不包括: never counted together.  已包括: one already includes the other.  Either way the
# two are not counted together, and the one that gives way is decided by one rule:
#   the element with fewer 台 (its value in ELEMENTS) gives way; on equal 台 the row's
#   element gives way.
# The markers a / b (已包括a, 已包括b, 已包括a和b) are never defined: decided that they
# change nothing.  "天胡地胡" stands for both 天胡 and 地胡.  "胡牌" is no element of the
# 台 table: read as "a win on another player's tile" (八仙過海 is judged self-drawn, 七搶一
# takes a flower from one player), it carries no 台 and its entries change nothing.
# Decisions beside each row; where rows disagree, both give the same outcome.
EXCLUSIONS = (
    # 莊家、連莊: 全部牌型都可出現 -- counted with everything (no entries).
    "莊家: ",
    # 自摸 gives way to all.  全求人、平胡、人胡、搶槓、七搶一 never meet a self-drawn win
    # anyway.  天胡地胡: 已包括b here, 不包括 in the 天胡、地胡 row: same outcome, 自摸 is
    # not counted.  八仙過海 已包括a here, 已包括a和b in its row: agree.
    "自摸: 全求人（不包括）、平胡（不包括）、門清自摸（已包括a）、人胡（不包括）、天胡地胡（已包括b）、搶槓（不包括）、八仙過海（已包括a）、七搶一（不包括）",
    # 門清 gives way to all.  人胡: 已包括b here, 已包括a和b in the 人胡 row: agree.
    # 天胡地胡: 已包括b here, 不包括 in the 天胡、地胡 row: same outcome.
    # 八仙過海: 不包括 here, nothing in its row: 門清 is not counted with it.
    "門清: 全求人（不包括）、門清自摸（已包括a）、人胡（已包括b）、天胡地胡（已包括b）、八仙過海（不包括）、七搶一（不包括）",
    # 風牌 gives way (the 小四喜 / 大四喜 texts: 不另計風台台數); 平胡 has no honours.
    "風牌: 平胡（不包括）、小四喜（不包括）、大四喜（不包括）",
    # 花牌 gives way; 平胡 has no flowers.
    "花牌: 平胡（不包括）、八仙過海（不包括）、七搶一（不包括）",
    # 三元牌 gives way (the 小三元 / 大三元 texts: 不另計三元牌台數).
    "三元牌: 平胡（不包括）、小三元（不包括）、大三元（不包括）",
    # 海底撈月 gives way to all.  槓上開花 has the same 1 台: decided 槓上開花 stands
    # (a last tile drawn as a replacement scores 槓上開花 only).
    "海底撈月: 槓上開花（不包括）、平胡（不包括）、搶槓（不包括）、全求人（不包括）、八仙過海（不包括）、七搶一（不包括）、人胡（不包括）、天胡地胡（不包括）",
    # 三暗刻: never meets 平胡 or 全求人 (same 2 台: the row's element would give way).
    "三暗刻: 平胡（不包括）、全求人（不包括）",
    # 碰碰胡: never meets 平胡 (平胡 would give way).
    "碰碰胡: 平胡（不包括）",
    # 混一色 gives way to 清一色 (字一色 included).
    "混一色: 清一色（不包括）",
    # 四暗刻 includes 三暗刻.  碰碰胡 is not in the row: 四暗刻 and 碰碰胡 both count.
    "四暗刻: 平胡（不包括）、三暗刻（已包括b）、全求人（不包括）",
    # 八仙過海 stands over 自摸, 花牌, 花槓, 全求人 (and agrees with their rows).
    "八仙過海: 胡牌（不包括）、自摸（已包括a和b）、花牌（不包括）、花槓（不包括）、全求人（不包括）",
    # 七搶一 stands over 自摸, 花牌, 花槓, 全求人.
    "七搶一: 自摸（不包括）、胡牌（已包括a和b）、花牌（不包括）、花槓（不包括）、全求人（不包括）",
    # 人胡 includes 門清 (agrees with the 門清 row); never meets 全求人.
    "人胡: 胡牌（已包括b）、門清（已包括a和b）、全求人（不包括）",
    # 五暗刻 includes 碰碰胡, 三暗刻, 四暗刻, 門清.  門清自摸 is not in the row: a
    # self-drawn 五暗刻 still counts 門清自摸 (which itself includes 門清 and 自摸).
    "五暗刻: 碰碰胡（已包括a和b）、三暗刻（已包括a和b）、四暗刻（已包括a和b）、門清（已包括a和b）、全求人（不包括）",
    # 天胡、地胡 stand over 門清, 自摸, 門清自摸; never meet 全求人.
    "天胡地胡: 門清（不包括）、自摸（不包括）、門清自摸（不包括）、全求人（不包括）",
    # 獨聽 gives way to 全求人 (2 台), which always waits on one tile.
    "獨聽: 全求人（不包括）",
)

NOT_WITH = const(0)   # 不包括
INCLUDED = const(1)   # 已包括


def _indexes(name, names):
    if name == "天胡地胡":
        return (names.index("天胡"), names.index("地胡"))
    return (names.index(name),) if name in names else ()


def _walk():
    """Each entry of the table: (row element, listed element, NOT_WITH or INCLUDED,
    marker), element indexes into ELEMENTS; entries naming 胡牌 are left out (no 台)."""
    names = []
    for e in elements():
        names.append(e[1])
    for line in EXCLUSIONS:
        row, _, rest = line.partition(": ")
        rows = _indexes(row, names)
        for entry in rest.split("、"):
            if not entry:
                continue
            name, _, mark = entry.partition("（")
            mark = mark.rstrip("）")
            kind = INCLUDED if mark.startswith("已包括") else NOT_WITH
            for r in rows:
                for c in _indexes(name, names):
                    yield (r, c, kind, mark)


def exclusions():
    """The table parsed: [(row element, listed element, NOT_WITH or INCLUDED, marker)]."""
    return list(_walk())


def give_way(r, c):
    """Of row element r and listed element c, the one not counted: fewer 台 gives way, on
    equal 台 the row's element."""
    return r if VALUES[c] >= VALUES[r] else c


def pairs():
    """bytes: loser, winner, loser, winner, ... for every entry of the table."""
    b = bytearray()
    for r, c, _, _ in _walk():
        loser = give_way(r, c)
        b.append(loser)
        b.append(c if loser == r else r)
    return bytes(b)
