# Taiwan 16-tile: the elements of shared/rules/taiwan-16.txt as data, shared by the scorer
# (rules/tw.py) and the exclusion table (rules/tw_exclusions.py), neither of which imports
# the other for them.

import eltable

# ---- the elements -------------------------------------------------------------------
# One line each: stable id, name as the text spells it, 台 per count.  The predicates
# (rules/tw.py PREDICATES) follow the same order.  Counts above 1: 連莊 n (連n拉n, 2 台 per consecutive
# win, n <= 18); 風牌 one per seat-wind set and one per prevailing-wind set; 花牌 the
# winner's own-seat flowers; 三元牌 the 中 發 白 pungs; 花槓 the full flower sets.
# 清一色 includes 字一色 (honours only).  八仙過海 and 七搶一 are FLOWER_WIN_TAI.
ELEMENTS = """
dealer               莊家      1
streak               連莊      2
self_drawn           自摸      1
concealed            門清      1
wind                 風牌      1
flower               花牌      1
dragon               三元牌    1
last_tile            海底撈月  1
ready                眼牌      1
kong_bloom           槓上開花  1
rob_kong             搶槓      1
single_wait          獨聽      1
ping_hu              平胡      2
three_concealed      三暗刻    2
all_melded           全求人    2
flower_kong          花槓      2
concealed_self_drawn 門清自摸  3
all_pungs            碰碰胡    4
small_dragons        小三元    4
half_flush           混一色    4
small_winds          小四喜    4
four_concealed       四暗刻    4
full_flush           清一色    8
five_concealed       五暗刻    16
big_dragons          大三元    8
big_winds            大四喜    8
eight_flowers        八仙過海  8
seven_rob_one        七搶一    8
human                人胡      8
heavenly             天胡      16
earthly              地胡      16
"""


def elements():
    """[(id, name, 台)] in ELEMENTS order (built on demand: the text is the data)."""
    return [(eid, name, int(v)) for eid, name, v in eltable.rows(ELEMENTS)]


VALUES = eltable.column(ELEMENTS, 2)
N_ELEMENTS = len(VALUES)


def index(key):
    """Position of the element with id or name `key`, -1 for none (胡牌 is no element)."""
    return eltable.index(ELEMENTS, key)
