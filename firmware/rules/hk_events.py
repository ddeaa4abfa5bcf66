# Hong Kong 16-tile (hk): the table's own events, for rules/hk_table.py (which loads
# this module for one event and drops it after).  docs/rules/hk.md describes each event.
#
# 即時賞罰 and the flower sets are instant: they pay at once and the hand goes on.  Amounts
# are the text's 番, times setting "per_fan".  A positive amount: the seat collects it
# from each of the three others (每人); a negative one: the seat pays it to each (賠).

from rules.hk_table import pay, _refuse

EACH = {
    "ankan": 5,             # 暗槓（每人）
    "call_four": 5,         # Call牌四隻落地（每人）
    "dice_triple": 5,       # 骰圍骰（每人）
    "dice_123": -5,         # 骰一二三（每人）（賠）
    "wrong_kong": -10,      # 錯槓（每人）（賠）
    "ankan_unopened": -10,  # 暗槓無開（每人）（賠）
    "hua": 5,               # 一台花（每位）
    "cao": 3,               # 一台草（每位）
}
SETS = {"hua": 1, "cao": 2}     # bit in extras "fl": each set once a hand


def chase_fan(rank):
    """追: rank 0 a 番子 (honour) 5, 1 or 9 8, 2..8 10."""
    if rank == 0:
        return 5
    if rank == 1 or rank == 9:
        return 8
    return 10


def _each(st, name, seat, fan):
    ex = st["extras"]
    if ex["kong"] and (ex["kong"][0] != seat or name not in SETS):
        ex["kong"] = []         # play went on after the 大明槓
    amount = fan * st["settings"]["per_fan"]
    d = [0, 0, 0, 0]
    for p in range(4):
        if p != seat:
            if amount > 0:
                pay(d, seat, p, amount)
            else:
                pay(d, p, seat, -amount)
    return d, 0, {name: seat, "fan": fan}


def _fixed(name):
    def on(st, ev):
        bit = SETS.get(name, 0)
        if st["extras"]["fl"] & bit:
            raise _refuse("this hand's %s is already collected (each set of four flowers once)"
                          % ("一台花" if bit == 1 else "一台草"))
        st["extras"]["fl"] |= bit
        return _each(st, name, ev["seat"], EACH[name])
    return on


on_ankan = _fixed("ankan")
on_call_four = _fixed("call_four")
on_dice_triple = _fixed("dice_triple")
on_dice_123 = _fixed("dice_123")
on_wrong_kong = _fixed("wrong_kong")
on_ankan_unopened = _fixed("ankan_unopened")
on_hua = _fixed("hua")
on_cao = _fixed("cao")


def on_chase(st, ev):
    rank = ev["rank"]
    if rank > 9:
        raise _refuse("rank is 1..9 for a suited tile, 0 for a 番子 (honour)")
    return _each(st, "chase", ev["seat"], chase_fan(rank))


def on_caiwu(st, ev):
    n = ev["n"]
    if n < 1 or n > 6:
        raise _refuse("彩五 counts 1 to 6 枚")
    return _each(st, "caiwu", ev["seat"], 5 << (n - 1))


def on_fake_win(st, ev):
    """詐糊 歸天: the seat pays setting fake_win out of the table ("outside")."""
    seat = ev["seat"]
    st["extras"]["kong"] = []
    amount = st["settings"]["fake_win"] * st["settings"]["per_fan"]
    d = [0, 0, 0, 0]
    d[seat] = -amount
    return d, amount, {"fake_win": seat, "fan": st["settings"]["fake_win"]}


def on_exposed_kong(st, ev):
    seat = ev["seat"]
    frm = ev["from"]
    if seat == frm:
        raise _refuse("a 大明槓 is claimed from another seat's discard: from must differ")
    st["extras"]["kong"] = [seat, frm]
    return [0, 0, 0, 0], 0, {"exposed_kong": seat, "from": frm}


def on_streak(st, ev):
    top = st["settings"]["max_streak"]
    if ev["n"] > top:
        raise _refuse("streak %d is over the event's bound %d (setting max_streak)"
                      % (ev["n"], top))
    st["extras"]["kong"] = []
    st["streak"] = ev["n"]
    return [0, 0, 0, 0], 0, {"streak": ev["n"]}
