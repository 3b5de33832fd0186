"""The Korean parser's examples as data (voicekit/nlu/ko/examples/*.toml, one file per field): one test per example.

As ``test_parser_examples.py`` for the English parser: a failing example names the rules that decided the turn.
``bare_name.toml`` is ``bare_name_of``'s (the name said alone at the name question), ``spelled.toml`` is ``spelled``'s
(the name spelled syllable by syllable), every other file a field of ``Understanding``.
"""

import tomllib
from pathlib import Path

import pytest

from voicekit.nlu import Understanding
from voicekit.nlu.ko import analyse, bare_name_of, parse
from voicekit.nlu.ko.act_rules import ACT_RULES
from voicekit.nlu.ko.intent_rules import INTENT_RULES
from voicekit.nlu.ko.spelling import spelled

EXAMPLES = Path(__file__).resolve().parents[2] / "voicekit" / "nlu" / "ko" / "examples"
BARE_NAME = "bare_name"
SPELLED = "spelled"  # voicekit.nlu.ko.spelled: the name it gives


def cases():
    """(field, table, today, turn, expected, must_equal) for every example and negative of every file."""
    found = []
    for path in sorted(EXAMPLES.glob("*.toml")):
        field = path.stem
        for table, group in tomllib.loads(path.read_text(encoding="utf-8")).items():
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
    if field == SPELLED:
        spelling = spelled(turn)
        got = spelling.name if spelling is not None else None
    else:
        got = bare_name_of(turn) if field == BARE_NAME else getattr(heard, field)
    rules = f"intent {heard.intent!r} by rule {heard.intent_rule!r}, act {heard.act!r} by rule {heard.act_rule!r}"
    if must_equal:
        assert got == answer, f"{field} of {turn!r} is {got!r}, not {answer!r} ({rules})"
    else:
        assert got != answer, f"{field} of {turn!r} must not be {answer!r} ({rules})"


def test_the_examples_are_many_and_cover_each_field_of_spec_2_2():
    assert len(CASES) >= 250
    assert {"intent", "day", "date", "time", "name"} <= {c[0] for c in CASES}


def test_every_example_file_names_a_field_the_parser_answers():
    fields = set(Understanding.__dataclass_fields__) | {BARE_NAME, SPELLED}
    assert {p.stem for p in EXAMPLES.glob("*.toml")} <= fields


@pytest.mark.parametrize("rules", [INTENT_RULES, ACT_RULES], ids=["intent", "act"])
def test_rules_have_distinct_names_and_the_last_always_holds(rules):
    names = [r.name for r in rules]
    assert len(names) == len(set(names))
    assert rules[-1].holds(None)  # the fallback reads nothing of the turn


def test_every_intent_and_act_rule_has_an_example():
    """Each named rule decides at least one example of intent_rule.toml or act_rule.toml (none is dead)."""
    decided = {(c[0], c[4]) for c in CASES if c[5] and c[0] in ("intent_rule", "act_rule")}
    assert {r.name for r in INTENT_RULES} <= {answer for field, answer in decided if field == "intent_rule"}
    assert {r.name for r in ACT_RULES} <= {answer for field, answer in decided if field == "act_rule"}


def test_parse_gives_the_four_keys_of_spec_2_2():
    assert parse("내일 오후 세 시에 예약하고 싶어요, 제 이름은 이하늘이에요") == {
        "intent": "book", "day": None, "time": "15:00", "name": "이하늘"}  # no clock: "내일" is no weekday


STRANGE = [None, "", " ", 42, ["네"], "\x00\ud800", "네" * 5000, "1" * 3000, "일이 " * 1000, "공일공에 " * 500,
           "[DTMF]", "<entered_dtmf_digits>", "세 시 " * 700, "이하늘이에요 " * 400]


@pytest.mark.parametrize("text", STRANGE)
def test_never_raises_and_always_answers(text):
    heard = analyse(text, today="friday")
    assert isinstance(heard, Understanding)
    assert set(parse(text)) == {"intent", "day", "time", "name"}
    bare_name_of(text)
    spelled(text)
