"""Everything a device's table legitimately journals is well-formed for the organiser
(organiser.store.record_model): each ruleset's accepted hands from its richer device corpus
(flowers, context words, kongs, the Hong Kong table's bonus items), journaled by the
firmware's table on CPython, pass the model the upload checks them with.  A field the
scoring contract gives (shared/spec/score-interface.md) and the model does not declare
would have every upload of such a hand refused as malformed, and the device stuck."""

import pytest

from organiser.store import record_model
from organiser_fixtures import play
from uicorpus import legal_session


def item_keys(recs):
    return {k for r in recs for it in (r.get("result") or {}).get("items", ()) for k in it}


@pytest.mark.parametrize("rules", record_model.RULESETS)
def test_every_record_a_table_journals_is_well_formed(rules):
    recs = []
    for plain in (False, True):
        events, _ = legal_session(rules, 30, seed=5, plain=plain)
        recs += play(events)
    assert len(recs) > 60
    refused = [(r["seq"], record_model.check(r)) for r in recs if record_model.check(r)]
    assert refused == []
    if rules == "hk":                  # the contract's optional item field, in the corpus
        assert "bonus" in item_keys(recs)
    if rules == "sh":
        assert {"hua", "multiplier"} <= item_keys(recs)
