"""Chinese Official scoring against an independent implementation (PyPI pymahjonggb) over
100,000 random complete hands, biased so that every element comes up.

Totals and element lists must be identical, with two documented differences
(docs/rules/mcr.md), both recognised from the hand's shape, never from the answers:
- 明暗槓: pymahjonggb's combined element (5) is 明槓 1 + 暗槓 2 here (translated in
  host_tools.mcr_oracle.oracle);
- hands whose set of waited tiles is unique by one count and not by the other (a wait on
  a tile the winner holds all four of; a knitted or thirteen-orphans wait): compared without
  邊張 / 坎張 / 單釣將."""

import collections

import contract
from host_tools import mcr_oracle as O

N_HANDS = 100000
SEED = 20240


def test_differential_against_pymahjonggb():
    rng = O.random.Random(SEED)
    scored = 0
    rejected = collections.Counter()
    mismatches = []
    ours_seen = collections.Counter()
    oracle_seen = collections.Counter()
    context = collections.Counter()
    wait_class = 0
    while scored < N_HANDS:
        req = O.random_hand(rng)
        if req is None:
            continue
        ans = contract.score_hand(dict(req))
        if not ans["ok"]:
            # the generator may put a fifth copy into a kong; those are refused by the parser
            rejected[ans["error"]["code"]] += 1
            assert ans["error"]["code"] == "too_many_copies", (req, ans)
            continue
        scored += 1
        want = O.oracle(req)
        assert want is not None, ("pymahjonggb finds no win", req)
        got = O.ours(ans)
        for i in got[1]:
            ours_seen[i] += 1
        for i in want[1]:
            oracle_seen[i] += 1
        for f in req.get("flags", []):
            context[f] += 1
        context["by_" + req["by"]] += 1
        context["seat_" + req["seat"]] += 1
        context["round_" + req["round"]] += 1
        if req.get("flowers"):
            context["flowers"] += 1
        for m in req["melds"]:
            context[m.split()[0]] += 1
        assert ans["legal"] == (got[0] - got[1].get(81, 0) >= 8)
        if got != want and O.waits_differ(req):
            wait_class += 1
            got = O.without_waits(*got)
            want = O.without_waits(*want)
        if got != want:
            mismatches.append((req, got, want))
    assert not mismatches, "%d mismatches, first: %r" % (len(mismatches), mismatches[:3])
    everything = set(range(1, 82))
    assert everything - set(oracle_seen) == set(), "pymahjonggb never gave %r" % sorted(everything - set(oracle_seen))
    assert everything - set(ours_seen) == set(), "never scored %r" % sorted(everything - set(ours_seen))
    for word in ("last_tile", "kong_replacement", "last_of_kind", "flower_replacement", "by_self",
                 "by_discard", "by_robkong", "flowers", "chi", "pon", "kan", "addkan", "ankan",
                 "seat_E", "seat_S", "seat_W", "seat_N", "round_E", "round_S", "round_W", "round_N"):
        assert context[word] > 100, word
    # the shape-recognised wait difference stays a small corner
    assert wait_class < N_HANDS // 200
    print("scored %d, refused %r, wait-count class %d, rarest elements %r"
          % (scored, dict(rejected), wait_class, sorted(oracle_seen.items(), key=lambda kv: kv[1])[:6]))
