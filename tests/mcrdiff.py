"""Chinese Official scoring against pymahjonggb over random complete hands (host_tools.mcr_oracle's,
biased so that every element comes up): what tests/test_mcr_oracle.py asserts on a seeded
sample and `python -m host_tools.bench mcrdiff` on 100,000 hands."""

import collections

import contract
from host_tools import mcr_oracle as O

WORDS = ("last_tile", "kong_replacement", "last_of_kind", "flower_replacement", "by_self",
         "by_discard", "by_robkong", "flowers", "chi", "pon", "kan", "addkan", "ankan",
         "seat_E", "seat_S", "seat_W", "seat_N", "round_E", "round_S", "round_W", "round_N")


def differential(n_hands, seed):
    """n_hands scored by both: {scored, rejected (codes the parser gave the generator's
    fifth copies), refused (any other refusal), no_oracle (hands pymahjonggb finds no
    win in), mismatches, ours_seen, oracle_seen (element -> hands), context (flags, melds,
    seats, rounds -> hands), wait_class (hands told apart by their waits alone)}."""
    rng = O.random.Random(seed)
    out = dict(scored=0, rejected=collections.Counter(), refused=[], no_oracle=[],
               mismatches=[], ours_seen=collections.Counter(),
               oracle_seen=collections.Counter(), context=collections.Counter(), wait_class=0)
    context = out["context"]
    while out["scored"] < n_hands:
        req = O.random_hand(rng)
        if req is None:
            continue
        ans = contract.score_hand(dict(req))
        if not ans["ok"]:
            # the generator may put a fifth copy into a kong; those are refused by the parser
            out["rejected"][ans["error"]["code"]] += 1
            if ans["error"]["code"] != "too_many_copies":
                out["refused"].append((req, ans))
            continue
        out["scored"] += 1
        want = O.oracle(req)
        if want is None:
            out["no_oracle"].append(req)
            continue
        got = O.ours(ans)
        for i in got[1]:
            out["ours_seen"][i] += 1
        for i in want[1]:
            out["oracle_seen"][i] += 1
        for f in req.get("flags", []):
            context[f] += 1
        context["by_" + req["by"]] += 1
        context["seat_" + req["seat"]] += 1
        context["round_" + req["round"]] += 1
        if req.get("flowers"):
            context["flowers"] += 1
        for m in req["melds"]:
            context[m.split()[0]] += 1
        if ans["legal"] != (got[0] - got[1].get(81, 0) >= 8):
            out["mismatches"].append((req, "legal", ans["legal"], got))
        if got != want and O.waits_differ(req):
            out["wait_class"] += 1
            got = O.without_waits(*got)
            want = O.without_waits(*want)
        if got != want:
            out["mismatches"].append((req, got, want))
    return out
