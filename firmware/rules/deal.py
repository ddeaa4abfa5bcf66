# The deal as the 16-tile games and Shanghai play it: the dealer keeps the deal on his own
# win, it passes to the next seat on another's win, and after four passes the prevailing
# wind moves on (E S W N, then E again).  A draw is the hook's own choice.


def keep_or_pass(st, winner):
    """Move the deal after a win by seat `winner`.  Uses st["extras"]["passes"]."""
    if winner == st["dealer"]:
        st["streak"] += 1
        return
    ex = st["extras"]
    st["dealer"] = (st["dealer"] + 1) % 4
    st["streak"] = 0
    ex["passes"] += 1
    if ex["passes"] == 4:
        ex["passes"] = 0
        st["round"] = (st["round"] + 1) % 4
