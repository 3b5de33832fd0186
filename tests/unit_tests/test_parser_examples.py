"""The parser's examples as data (voicekit/nlu/examples/*.toml, one file per field): one test per example.

A failing example names the rules that decided the turn (``intent_rule``, ``act_rule``), so the rule to look
at is in the failure itself.
"""

import tomllib
from pathlib import Path

import pytest

from voicekit.nlu import analyse
from voicekit.nlu.act_rules import ACT_RULES
from voicekit.nlu.intent_rules import INTENT_RULES

EXAMPLES = Path(__file__).resolve().parents[2] / "voicekit" / "nlu" / "examples"
NO_VALUE = object()  # a negative said alone: the turn has no value for the field


def cases():
    """(field, table, today, turn, expected, must_equal) for every example and negative of every file."""
    found = []
    for path in sorted(EXAMPLES.glob("*.toml")):
        field = path.stem
        for table, group in tomllib.loads(path.read_text()).items():
            today = group.get("today")
            found += [(field, table, today, turn, answer, True) for turn, answer in group.get("examples", [])]
            for negative in group.get("negatives", []):
                turn, answer = (negative, None) if isinstance(negative, str) else negative
                found.append((field, table, today, turn, answer, isinstance(negative, str)))
    return found


CASES = cases()


def case_id(case):
    field, table, _, turn, answer, must_equal = case
    return f"{field}/{table}/{turn}{'' if must_equal else f' (not {answer})'}"


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_example(case):
    field, _, today, turn, answer, must_equal = case
    heard = analyse(turn, today=today)
    got = getattr(heard, field)
    rules = f"intent {heard.intent!r} by rule {heard.intent_rule!r}, act {heard.act!r} by rule {heard.act_rule!r}"
    if must_equal:
        assert got == answer, f"{field} of {turn!r} is {got!r}, not {answer!r} ({rules})"
    else:
        assert got != answer, f"{field} of {turn!r} must not be {answer!r} ({rules})"


def test_the_examples_are_many_and_cover_each_field_of_spec_2_2():
    assert len(CASES) >= 400
    assert {"intent", "day", "time", "name"} <= {c[0] for c in CASES}


def test_every_example_file_names_a_field_the_parser_answers():
    fields = set(analyse("").__dataclass_fields__)
    assert {p.stem for p in EXAMPLES.glob("*.toml")} <= fields


@pytest.mark.parametrize("rules", [INTENT_RULES, ACT_RULES], ids=["intent", "act"])
def test_rules_have_distinct_names_and_the_last_always_holds(rules):
    names = [r.name for r in rules]
    assert len(names) == len(set(names))
    assert rules[-1].holds(None)  # the fallback reads nothing of the turn
