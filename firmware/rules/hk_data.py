# Hong Kong 16-tile (hk) tables as text: the elements of the Cloud Dragon Cup 番 table and
# the exclusions.  The device never loads this module: rules.hk holds the 番, kinds and
# exclusions compiled into bytes, rules.hk_names the ids and names; compile() builds both
# and tests/test_hk.py checks they agree with this text.
#
# ELEMENTS, one line each, by family of the text (# lines): id, name as the text spells
# it, 番 per count, kind: c a context element (timing, flowers, kongs, waits: no pattern,
# so 雞糊 still applies), B a bonus (B) item of the text, - a pattern element.

ELEMENTS = """
# 花字類
huazi               花字（每隻） 2 c
no_flower           無花 2 c
no_honour_flower    無字花 8 c
# 字牌類
small_dragons       三元（小） 40 -
big_dragons         三元（大） 80 -
lique_dragons       三元（嚦咕） 20 -
small_three_winds   三風（小） 30 -
big_three_winds     三風（大） 60 -
lique_three_winds   三風（嚦咕） 15 -
small_four_winds    四喜（小） 120 -
big_four_winds      四喜（大） 200 -
lique_four_winds    四喜（嚦咕） 60 -
all_honours         字一色 200 B
# 么九數字類
no_terminals        斷么 8 -
no_fives            缺五 10 -
three_treasures     缺斷三寳 50 B
all_big             全大 50 -
all_small           全小 50 -
mixed_big           混全大 20 -
mixed_small         混全小 20 -
mixed_x1            混帶X（一組字） 70 -
mixed_x2            混帶X（兩組字） 50 -
mixed_x3            混帶X（三組字） 30 -
all_x               全帶X 100 -
mixed_odd           混單 20 B
mixed_even          混雙 30 B
all_odd             全單 40 B
all_even            全雙 60 B
mixed_outside       混帶么 40 -
pure_outside        全帶么 80 -
orphans_outside     混帶么（十三么） 20 -
mixed_terminals     混老頭 100 B
pure_terminals      清老頭 300 B
two_ranks           兩數 100 B
three_ranks         三數 60 B
# 四歸般高類
four2_open          四歸二（明） 5 -
four2_hidden        四歸二（暗） 10 -
four3_open          四歸三（明） 15 -
four3_hidden        四歸三（暗） 30 -
four4_open          四歸四（明） 30 -
four4_hidden        四歸四（暗） 60 -
eight_three         八歸三 10 B
eight_four          八歸四 20 B
twelve_four         十二歸四 30 B
one_high            一般高 5 -
three_high          三般高 30 -
four_high           四般高 120 -
two_high            雙般高 20 -
# 時態類
dealer              莊連拉 1 c
self_drawn          自摸 1 c
concealed           門清 5 c
concealed_self      門清摸 3 c
ready               叮 5 c
concealed_ready     門清叮 15 c
ready_immediate     叮即 5 c
ready_deal_in       叮銃 5 c
heavenly_ready      天叮 70 c
earthly_ready       地叮 60 c
all_melded          全求人 40 c
half_melded         半求人 20 c
double_win          雙響 5 c
triple_win          三響 10 c
fanxue              反雪 10 c
fanxue_big          反雪（大） 20 c
last_draw           海底自摸 20 c
last_discard        河底食出 20 c
heavenly            天胡 150 c
earthly             地胡 150 c
human               人胡 80 c
within_4            四子 60 c
within_7            七子 30 c
within_10           十子 15 c
four_dead           四絕 5 c
true_dead           真絕 15 c
# 順子相逢步高類
ping_hu             平糊 5 -
big_ping_hu         無字花大平 20 -
old_young           老少上 3 -
double_old_young    雙老少 15 -
meet                相逢 3 -
three_meet_open     三相逢（明） 10 -
three_meet_hidden   三相逢（暗） 20 -
double_meet         雙相逢 10 -
all_meet            全相逢 20 B
four_same           四同順 20 B
five_same           五同順 40 B
mix_step3_open      三色三步高（明） 5 -
mix_step3_hidden    三色三步高（暗） 10 -
mix_step5_open      三色五步高（明） 50 B
mix_step5_hidden    三色五步高（暗） 60 B
pure_step3_open     一色三步高（明） 15 -
pure_step3_hidden   一色三步高（暗） 30 -
pure_step5_open     一色五步高（明） 160 B
pure_step5_hidden   一色五步高（暗） 220 B
mix_chain_open      三色連環套（明） 3 -
mix_chain_hidden    三色連環套（暗） 6 -
mix_bridge_open     三色金門橋（明） 10 -
mix_bridge_hidden   三色金門橋（暗） 20 -
pure_chain_open     一色連環套（明） 10 -
pure_chain_hidden   一色連環套（暗） 20 -
pure_bridge_open    一色金門橋（明） 30 -
pure_bridge_hidden  一色金門橋（暗） 60 -
pure_dragon_open    清龍（明） 10 -
pure_dragon_hidden  清龍（暗） 20 -
mix_dragon_open     雜龍（明） 8 -
mix_dragon_hidden   雜龍（暗） 15 -
twin_dragons        雙龍出海 10 B
dragon_phoenix      龍鳳呈祥 15 B
# 牌型類
missing_suit        缺一門 8 -
big_five_doors      五門（大） 15 -
small_five_doors    五門（小） 10 -
big_seven_doors     七門（大） 25 -
small_seven_doors   七門（小） 20 -
half_flush          混一色 40 -
full_flush          清一色 100 -
all_green           綠一色 300 B
chicken             雞糊（打出） 40 -
chicken_self        雞糊（自摸鴨糊） 20 -
lique_eight         嚦咕（八飛） 60 -
lique_single        嚦咕（單吊形） 50 -
orphans             十三么 150 -
unrelated           不搭雞（嚦咕不搭） 60 -
unrelated_fly       十六飛 20 B
unrelated_meet      三相 20 B
unrelated_dragon    雜龍（不搭） 20 B
# 刻子槓牌類
kong_open           槓牌（明） 1 c
kong_hidden         槓牌（暗） 2 c
three_kongs         三槓 20 B
four_kongs          四槓 40 B
five_kongs          五槓 100 B
hidden_2            暗刻（兩） 5 -
hidden_3            暗刻（三） 15 -
hidden_4            暗刻（四） 30 -
hidden_5            暗刻（五） 100 -
all_pungs           對對 40 -
old_young_pungs     老少（一色） 5 -
two_old_young_pungs 兩色雙老少 20 -
same_pungs_2        同刻（兩色） 5 -
same_pungs_s3       同刻（小三色） 15 -
same_pungs_b3       同刻（大三色） 30 -
run_2               連刻（兩步） 5 -
run_s3              連刻（小三步） 10 -
run_b3              連刻（大三步） 20 -
run_s4              連刻（小四步） 30 -
run_b4              連刻（大四步） 40 -
run_s5              連刻（小五步） 60 -
run_b5              連刻（大五步） 100 -
run_6               連刻（六步） 160 -
three_suit_small    三色三節（小） 8 -
three_suit_big      三色三節（大） 15 -
all_hidden          間間糊 160 -
# 槓花摸類
kong_draw           槓上摸 5 c
flower_draw         花上摸 3 c
tail_draw           尾牌連摸 10 c
rob_kong            搶槓 10 c
# 同色/雜色連對
pure_pairs_3        同色連對（三） 5 -
pure_pairs_4        同色連對（四） 10 -
pure_pairs_5        同色連對（五） 20 -
pure_pairs_6        同色連對（六） 40 -
pure_pairs_7        同色連對（七） 80 -
pure_pairs_8        同色連對（八） 160 -
mix_pairs_3         雜色連對（三） 2 -
mix_pairs_4         雜色連對（四） 5 -
mix_pairs_5         雜色連對（五） 10 -
mix_pairs_6         雜色連對（六） 20 -
mix_pairs_7         雜色連對（七） 40 -
mix_pairs_8         雜色連對（八） 80 -
mix_same_pairs      雜色同對 8 -
# 型式類
shanpon             對碰 2 c
single              獨獨 2 c
false_single        假獨 2 c
eye                 將眼 2 c
"""



def lines():
    for line in ELEMENTS.split("\n"):
        if line and line[0] != "#":
            yield line


# An element and the elements that drop it when counted with it ("loser: winners").
EXCLUDE = """
no_flower: no_honour_flower big_ping_hu
no_honour_flower: big_ping_hu
ping_hu: big_ping_hu
big_three_winds: small_four_winds big_four_winds
lique_three_winds: lique_four_winds
no_fives: all_big all_small mixed_big mixed_small
mixed_big: mixed_x1 mixed_x2 mixed_x3
mixed_small: mixed_x1 mixed_x2 mixed_x3
mixed_odd: mixed_terminals
all_odd: pure_terminals
two_ranks: pure_terminals
big_five_doors: big_seven_doors small_seven_doors
small_five_doors: big_seven_doors small_seven_doors
ready: concealed_ready heavenly_ready earthly_ready
concealed_ready: heavenly_ready earthly_ready
self_drawn: heavenly earthly
concealed: heavenly earthly human
concealed_self: heavenly earthly
within_7: within_4
within_10: within_4 within_7
all_pungs: hidden_5 all_hidden
hidden_2: all_hidden
hidden_3: all_hidden
hidden_4: all_hidden
hidden_5: all_hidden
three_kongs: four_kongs five_kongs
four_kongs: five_kongs
pure_chain_open: pure_bridge_open pure_bridge_hidden
pure_chain_hidden: pure_bridge_open pure_bridge_hidden
mix_chain_open: mix_bridge_open mix_bridge_hidden
mix_chain_hidden: mix_bridge_open mix_bridge_hidden
four_same: five_same
"""


def elements():
    """[(id, name, 番, kind)] in ELEMENTS order."""
    out = []
    for line in lines():
        eid, name, value, kind = line.split()
        out.append((eid, name, int(value), kind))
    return out


def index(eid):
    i = 0
    for line in lines():
        if line.split()[0] == eid:
            return i
        i += 1
    return -1


def exclusions():
    """[(loser id, winner id)]."""
    out = []
    for line in EXCLUDE.split("\n"):
        if line:
            loser, _, winners = line.partition(": ")
            for w in winners.split():
                out.append((loser, w))
    return out


def compile():
    """(VALUES, EL) as rules.hk holds them: 番 one byte each (255 stands for 300); and per
    element i, EL[i] = its kind (0 pattern, 1 context, 2 bonus) | (1 + j) << 2 when it is
    the j-th element that gives way to others (0 << 2: to none); then for each j the
    offset r of its winners in the rest, EL[N + L + r] their number n and the n indices
    after it, in EXCLUDE's order (N elements, L of them giving way)."""
    v = bytearray()
    k = bytearray()
    for e in elements():
        assert e[2] < 255 or e[2] == 300
        v.append(min(e[2], 255))
        k.append("-cB".index(e[3]))
    winners = {}
    for a, b in exclusions():
        winners.setdefault(index(a), []).append(index(b))
    at = bytearray()
    tail = bytearray()
    for j, loser in enumerate(sorted(winners)):
        k[loser] |= (1 + j) << 2
        at.append(len(tail))
        tail.append(len(winners[loser]))
        tail.extend(winners[loser])
    assert len(winners) < 63 and len(tail) < 256
    return bytes(v), bytes(k + at + tail)


def names_source(old):
    """The text of rules/hk_names.py, `old`, with its NAMES made again from ELEMENTS (the
    rest of that module, its comment, named() and name(), is written there by hand)."""
    head, _, rest = old.partition("NAMES = (\n")
    tail = rest.partition("\n)\n")[2]
    out = [head, "NAMES = (\n"]
    for fam in ELEMENTS.split("\n# ")[1:]:
        rows = fam.split("\n")
        out.append("    # " + rows[0] + "\n")
        pairs = [r.split()[0] + " " + r.split()[1] for r in rows[1:] if r and r[0] != '"']
        for k in range(0, len(pairs), 16):   # short strings: no large block of the heap
            out.append('    "' + "\\n".join(pairs[k:k + 16]) + '\\n",\n')
    out.append(")\n")
    out.append(tail)
    return "".join(out)


if __name__ == "__main__":   # make rules/hk_names.py's NAMES again
    import os
    path = os.path.join(os.path.dirname(__file__), "hk_names.py")
    with open(path, encoding="utf-8") as f:
        text = names_source(f.read())
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
