"""The screens' ruleset facts (lib/table/facts.py) are what the scorer and its table hook
say (asks.ruleset_info): the rows the first hand's entry reads without loading them."""

import pytest

from host_tools import paths

paths.use_firmware()

import asks  # noqa: E402
import facts  # noqa: E402
import hand  # noqa: E402
import scorers  # noqa: E402

KINDS = {v: k for k, v in facts.KINDS.items()}


def row(rid):
    """facts.ROWS' row for rid as the scorer and the hook give it."""
    n, words, menu = asks.ruleset_info(rid)
    own = words[len(hand.COMMON_FLAGS):]
    return "%d|%s|%s" % (n, " ".join(own), " ".join(
        name + "=" + ",".join(f + ":" + KINDS[k] for f, k in fields) for name, fields in menu))


@pytest.mark.parametrize("rid", scorers.RULESETS)
def test_facts_rows_are_the_scorers(rid):
    assert asks.ruleset_info(rid)[1][:len(hand.COMMON_FLAGS)] == hand.COMMON_FLAGS
    assert facts.ROWS[rid] == row(rid), "facts.ROWS[%r] should read %r" % (rid, row(rid))
    assert facts.info(rid, hand.COMMON_FLAGS) == asks.ruleset_info(rid)


def test_a_ruleset_without_a_row_is_asked_of_its_scorer():
    assert facts.info("xx", hand.COMMON_FLAGS) is None
