"""The whole event's seating (organiser/event/schedule.py) at the sizes a director meets: for
each players x rounds, without teams and with 4 teams (a quarter of the field each), the
pairs met more than once, the most meetings of one pair, the largest spread of a player's
wind counts, the time, and how the schedule was made (construction, search or both) beside
the best possible (0 repeats where a perfect schedule is known to exist).

    python -m host_tools.bench schedule [--budget SECONDS] [--seed N]
"""

import argparse

from organiser.event import schedule as S

SIZES = ((8, 3), (16, 5), (20, 5), (24, 6), (28, 6), (32, 8), (64, 10), (200, 7))
SEARCH_ALONE = ((16, 5), (20, 5), (28, 6), (32, 8))     # perfect schedules exist: how near?


def bound(n, rounds, teams):
    """A lower bound on the pairs met more than once, by counting: each player meets 3 a
    round, 3*rounds in all, among n-1 others (less teammates); meetings beyond them repeat
    (at most `most` - 1 of them on one pair, `most` at least the average, rounded up)."""
    others = n - 1 - (n // 4 - 1 if teams else 0)
    excess = max(0, 3 * rounds - others)
    if not excess:
        return 0
    most = -(-3 * rounds // others)
    return -(-n * excess // (2 * (most - 1)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=10.0, help="seconds at most a schedule")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    print("whole-event seating (organiser/event/schedule.py), seed %d, at most %gs a schedule"
          % (a.seed, a.budget))
    print("%-9s %-6s %8s %6s %6s %8s %7s  %-20s %s" % (
        "players", "teams", "repeats", "most", "winds", "seconds", "bound", "method",
        "stopped"))
    for n, rounds in SIZES:
        for teams in (None, {p: p % 4 for p in range(n)}):
            s = S.schedule(list(range(n)), rounds, teams=teams, seed=a.seed, budget=a.budget)
            f = s.figures
            assert f["teammates_together"] == 0 or not teams, f
            print("%-9s %-6s %8d %6d %6d %8.2f %7d  %-20s %s" % (
                "%dx%d" % (n, rounds), "4" if teams else "-", f["pairs_repeated"],
                f["most_meetings"], f["wind_spread"], f["seconds"], bound(n, rounds, teams),
                f["method"], f["stopped"]), flush=True)
    print("the search alone (no construction), where a perfect schedule is known:")
    for n, rounds in SEARCH_ALONE:
        s = S.schedule(list(range(n)), rounds, seed=a.seed, budget=a.budget, stall=10 ** 9,
                       construction=False)
        f = s.figures
        print("%-9s %-6s %8d %6d %6d %8.2f %7d  %-20s %s" % (
            "%dx%d" % (n, rounds), "-", f["pairs_repeated"], f["most_meetings"],
            f["wind_spread"], f["seconds"], 0, f["method"], f["stopped"]), flush=True)
    print("repeats: pairs met more than once; most: most meetings of one pair; winds: the "
          "largest spread of a player's wind counts; bound: fewest repeats counting allows")


if __name__ == "__main__":
    main()
