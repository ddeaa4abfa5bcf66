# Hong Kong 16-tile (hk): "id name" of each element of the Cloud Dragon Cup 番 table, in
# order, for the answers.  NAMES is generated from rules/hk_data.py (python -m rules.hk_data
# in firmware/, with firmware/lib/engine on the path, writes it here); tests/test_hk.py
# checks they agree.
# Not part of the scorer: name() turns rules.hk's items into the contract's once scoring
# is over (the table session loads this module after the scorer has left the heap).

NAMES = (
    # 花字類
    "huazi 花字（每隻）\nno_flower 無花\nno_honour_flower 無字花\n",
    # 字牌類
    "small_dragons 三元（小）\nbig_dragons 三元（大）\nlique_dragons 三元（嚦咕）\nsmall_three_winds 三風（小）\nbig_three_winds 三風（大）\nlique_three_winds 三風（嚦咕）\nsmall_four_winds 四喜（小）\nbig_four_winds 四喜（大）\nlique_four_winds 四喜（嚦咕）\nall_honours 字一色\n",
    # 么九數字類
    "no_terminals 斷么\nno_fives 缺五\nthree_treasures 缺斷三寳\nall_big 全大\nall_small 全小\nmixed_big 混全大\nmixed_small 混全小\nmixed_x1 混帶X（一組字）\nmixed_x2 混帶X（兩組字）\nmixed_x3 混帶X（三組字）\nall_x 全帶X\nmixed_odd 混單\nmixed_even 混雙\nall_odd 全單\nall_even 全雙\nmixed_outside 混帶么\n",
    "pure_outside 全帶么\norphans_outside 混帶么（十三么）\nmixed_terminals 混老頭\npure_terminals 清老頭\ntwo_ranks 兩數\nthree_ranks 三數\n",
    # 四歸般高類
    "four2_open 四歸二（明）\nfour2_hidden 四歸二（暗）\nfour3_open 四歸三（明）\nfour3_hidden 四歸三（暗）\nfour4_open 四歸四（明）\nfour4_hidden 四歸四（暗）\neight_three 八歸三\neight_four 八歸四\ntwelve_four 十二歸四\none_high 一般高\nthree_high 三般高\nfour_high 四般高\ntwo_high 雙般高\n",
    # 時態類
    "dealer 莊連拉\nself_drawn 自摸\nconcealed 門清\nconcealed_self 門清摸\nready 叮\nconcealed_ready 門清叮\nready_immediate 叮即\nready_deal_in 叮銃\nheavenly_ready 天叮\nearthly_ready 地叮\nall_melded 全求人\nhalf_melded 半求人\ndouble_win 雙響\ntriple_win 三響\nfanxue 反雪\nfanxue_big 反雪（大）\n",
    "last_draw 海底自摸\nlast_discard 河底食出\nheavenly 天胡\nearthly 地胡\nhuman 人胡\nwithin_4 四子\nwithin_7 七子\nwithin_10 十子\nfour_dead 四絕\ntrue_dead 真絕\n",
    # 順子相逢步高類
    "ping_hu 平糊\nbig_ping_hu 無字花大平\nold_young 老少上\ndouble_old_young 雙老少\nmeet 相逢\nthree_meet_open 三相逢（明）\nthree_meet_hidden 三相逢（暗）\ndouble_meet 雙相逢\nall_meet 全相逢\nfour_same 四同順\nfive_same 五同順\nmix_step3_open 三色三步高（明）\nmix_step3_hidden 三色三步高（暗）\nmix_step5_open 三色五步高（明）\nmix_step5_hidden 三色五步高（暗）\npure_step3_open 一色三步高（明）\n",
    "pure_step3_hidden 一色三步高（暗）\npure_step5_open 一色五步高（明）\npure_step5_hidden 一色五步高（暗）\nmix_chain_open 三色連環套（明）\nmix_chain_hidden 三色連環套（暗）\nmix_bridge_open 三色金門橋（明）\nmix_bridge_hidden 三色金門橋（暗）\npure_chain_open 一色連環套（明）\npure_chain_hidden 一色連環套（暗）\npure_bridge_open 一色金門橋（明）\npure_bridge_hidden 一色金門橋（暗）\npure_dragon_open 清龍（明）\npure_dragon_hidden 清龍（暗）\nmix_dragon_open 雜龍（明）\nmix_dragon_hidden 雜龍（暗）\ntwin_dragons 雙龍出海\n",
    "dragon_phoenix 龍鳳呈祥\n",
    # 牌型類
    "missing_suit 缺一門\nbig_five_doors 五門（大）\nsmall_five_doors 五門（小）\nbig_seven_doors 七門（大）\nsmall_seven_doors 七門（小）\nhalf_flush 混一色\nfull_flush 清一色\nall_green 綠一色\nchicken 雞糊（打出）\nchicken_self 雞糊（自摸鴨糊）\nlique_eight 嚦咕（八飛）\nlique_single 嚦咕（單吊形）\norphans 十三么\nunrelated 不搭雞（嚦咕不搭）\nunrelated_fly 十六飛\nunrelated_meet 三相\n",
    "unrelated_dragon 雜龍（不搭）\n",
    # 刻子槓牌類
    "kong_open 槓牌（明）\nkong_hidden 槓牌（暗）\nthree_kongs 三槓\nfour_kongs 四槓\nfive_kongs 五槓\nhidden_2 暗刻（兩）\nhidden_3 暗刻（三）\nhidden_4 暗刻（四）\nhidden_5 暗刻（五）\nall_pungs 對對\nold_young_pungs 老少（一色）\ntwo_old_young_pungs 兩色雙老少\nsame_pungs_2 同刻（兩色）\nsame_pungs_s3 同刻（小三色）\nsame_pungs_b3 同刻（大三色）\nrun_2 連刻（兩步）\n",
    "run_s3 連刻（小三步）\nrun_b3 連刻（大三步）\nrun_s4 連刻（小四步）\nrun_b4 連刻（大四步）\nrun_s5 連刻（小五步）\nrun_b5 連刻（大五步）\nrun_6 連刻（六步）\nthree_suit_small 三色三節（小）\nthree_suit_big 三色三節（大）\nall_hidden 間間糊\n",
    # 槓花摸類
    "kong_draw 槓上摸\nflower_draw 花上摸\ntail_draw 尾牌連摸\nrob_kong 搶槓\n",
    # 同色/雜色連對
    "pure_pairs_3 同色連對（三）\npure_pairs_4 同色連對（四）\npure_pairs_5 同色連對（五）\npure_pairs_6 同色連對（六）\npure_pairs_7 同色連對（七）\npure_pairs_8 同色連對（八）\nmix_pairs_3 雜色連對（三）\nmix_pairs_4 雜色連對（四）\nmix_pairs_5 雜色連對（五）\nmix_pairs_6 雜色連對（六）\nmix_pairs_7 雜色連對（七）\nmix_pairs_8 雜色連對（八）\nmix_same_pairs 雜色同對\n",
    # 型式類
    "shanpon 對碰\nsingle 獨獨\nfalse_single 假獨\neye 將眼\n",
)

def named(cnt):
    """(index, id, name) of each element with a count in cnt, in order."""
    if not isinstance(cnt, bytearray):
        cnt = bytearray(1 if x else 0 for x in cnt)
    i = 0
    k = 0
    for part in NAMES:
        last = i + _LINES[k]
        k += 1
        j = cnt.find(b"\x01", i, last)
        if j < 0:
            i = last     # no element of this part counted
            continue
        # in the UTF-8 bytes an offset is one step; in a str, every offset is counted
        # out in characters from the start, and each new str is looked up among the
        # interned names
        b = part.encode()
        pos = 0
        while j >= 0:
            while i < j:
                pos = b.find(b"\n", pos) + 1
                i += 1
            end = b.find(b"\n", pos)
            sp = b.find(b" ", pos)
            yield i, b[pos:sp].decode(), b[sp + 1:end].decode()
            pos = end + 1
            i += 1
            j = cnt.find(b"\x01", i, last)
        i = last


# lines in each part of NAMES
_LINES = bytes(p.encode().count(b"\n") for p in NAMES)


def name(ans):
    """The answer's items from rules.hk, (index, 番, count, bonus) in index order, made
    the contract's {id, name, value, count[, bonus]}, in place."""
    its = ans.get("items")
    if not its:
        return ans
    mark = bytearray(256)
    for it in its:
        mark[it[0]] = 1
    k = 0
    for _, eid, nm in named(mark):
        _, value, count, bonus = its[k]
        it = {"id": eid, "name": nm, "value": value, "count": count}
        if bonus:
            it["bonus"] = True
        its[k] = it
        k += 1
    return ans
