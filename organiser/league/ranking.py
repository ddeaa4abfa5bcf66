"""The season ranking: each player's results across a league's events, by the league's
rule.

An event's result for a player is what its own standings say (organiser.results.standings):
the total score (penalties included) or, in an MCR event, the table points.  The league
sums one of them (its `measure`) over the events a player took part in (played at least
one game), or only the player's `best` N results.  The same person in two events is the
same name: compared without case and with runs of spaces made one, as a director types
it at each event's registration.  A row says where two players of one event read as
one name ("collision": the events; each keeps a row and its result) and where the
events spell one person differently ("spelling": another spelling met)."""

import unicodedata

MEASURE_NAMES = {"score": "scores", "table_points": "table points"}


def person(name):
    """The key a name is matched by across events."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def rule_text(league):
    what = MEASURE_NAMES[league["measure"]]
    if league["best"]:
        return "sum of each player's best %d results (%s)" % (league["best"], what)
    return "sum of %s over every event" % what


def season(league, events):
    """events: [(slug, name, players)] in the season's order, players as
    organiser.results.views.standings gives them (name, score, table_points, games, rank).
    Returns rows ranked: {"rank", "name", "total", "results": {slug: value},
    "counted": [slugs], "events": n}."""
    measure, best = league["measure"], league["best"]
    people = {}
    for slug, _, players in events:
        for p in players:
            if not p.get("games"):
                continue                       # registered, never played: not a result
            value = p["score"] if measure == "score" else p["table_points"] or 0
            k = person(p["name"])
            row = people.setdefault(k, {"name": p["name"], "results": {}, "collision": []})
            n = 1
            while slug in row["results"]:
                # two players of one event read as one name (an event made before names
                # were compared so): each keeps a row of its own, both shown as a
                # collision for the operator, never one dropped
                row["collision"].append(slug)
                n += 1
                row = people.setdefault((k, n), {"name": p["name"], "results": {},
                                                 "collision": []})
                row["collision"].append(slug)
            if p["name"] != row["name"] and "spelling" not in row:
                row["spelling"] = p["name"]     # read as one person: shown to check
            row["results"][slug] = value
    rows = []
    for row in people.values():
        ordered = sorted(row["results"].items(), key=lambda kv: -kv[1])
        counted = ordered[:best] if best else ordered
        total = sum(v for _, v in counted)
        rows.append(dict(row, total=round(total, 3), counted=[s for s, _ in counted],
                         events=len(row["results"])))
    rows.sort(key=lambda r: (-r["total"], -r["events"], r["name"]))
    prev, rank = None, 0
    for i, r in enumerate(rows):
        if r["total"] != prev:
            rank, prev = i + 1, r["total"]
        r["rank"] = rank
    return rows
