"""The Korean parser's examples as data (voicekit/nlu/ko/examples/*.toml, one file per field): one test per example.

As ``test_parser_examples.py`` for the English parser: a failing example names the rules that decided the turn.
``bare_name.toml`` is ``bare_name_of``'s (the name said alone at the name question), ``spelled.toml`` is ``spelled``'s
(the name spelled syllable by syllable), every other file a field of ``Understanding``.
"""

import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

from voicekit.nlu import Understanding
from voicekit.nlu.ko import analyse, bare_name_of, parse, spoken_digits_as_numbers
from voicekit.nlu.ko.act_rules import ACT_RULES
from voicekit.nlu.ko.intent_rules import INTENT_RULES
from voicekit.nlu.ko.spelling import spelled

EXAMPLES = Path(__file__).resolve().parents[2] / "voicekit" / "nlu" / "ko" / "examples"
BARE_NAME = "bare_name"
SPELLED = "spelled"  # voicekit.nlu.ko.spelled: the name it gives


@dataclass(frozen=True)
class Case:
    """One example (``must_equal``: the turn's value is ``answer``) or negative (it is not) of a file's table."""

    field: str
    table: str
    today: object
    turn: str
    answer: object
    must_equal: bool

    def __str__(self) -> str:
        return f"{self.field}/{self.table}/{self.turn}{'' if self.must_equal else f' (not {self.answer})'}"


def _table_cases(field: str, table: str, group: dict) -> list[Case]:
    today = group.get("today")
    said = [Case(field, table, today, turn, answer, True) for turn, answer in group.get("examples", [])]
    for negative in group.get("negatives", []):  # a turn alone has no value; [turn, value]: not that value
        turn, answer = (negative, None) if isinstance(negative, str) else negative
        said.append(Case(field, table, today, turn, answer, isinstance(negative, str)))
    return said


CASES = [case for path in sorted(EXAMPLES.glob("*.toml"))
         for table, group in tomllib.loads(path.read_text(encoding="utf-8")).items()
         for case in _table_cases(path.stem, table, group)]


def _value(case: Case) -> object:
    if case.field == SPELLED:
        spelling = spelled(case.turn)
        return spelling.name if spelling is not None else None
    if case.field == BARE_NAME:
        return bare_name_of(case.turn)
    return getattr(analyse(case.turn, today=case.today), case.field)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_example(case: Case) -> None:
    got = _value(case)
    heard = analyse(case.turn, today=case.today)
    why = f"intent {heard.intent!r} by rule {heard.intent_rule!r}, act {heard.act!r} by rule {heard.act_rule!r}"
    if case.must_equal:
        assert got == case.answer, f"{case.field} of {case.turn!r} is {got!r}, not {case.answer!r} ({why})"
    else:
        assert got != case.answer, f"{case.field} of {case.turn!r} must not be {case.answer!r} ({why})"


def test_the_examples_are_many_and_cover_each_field_of_spec_2_2():
    assert len(CASES) >= 250
    assert {"intent", "day", "date", "time", "name"} <= {case.field for case in CASES}


def test_every_example_file_names_a_field_the_parser_answers():
    fields = set(Understanding.__dataclass_fields__) | {BARE_NAME, SPELLED}
    assert {p.stem for p in EXAMPLES.glob("*.toml")} <= fields


def test_each_rule_list_has_distinct_names_and_ends_with_a_fallback():
    for rules in (INTENT_RULES, ACT_RULES):
        assert len({rule.name for rule in rules}) == len(rules)
        assert rules[-1].holds(None)  # the fallback reads nothing of the turn


def test_every_intent_and_act_rule_has_an_example():
    """Each named rule decides at least one example of intent_rule.toml or act_rule.toml (none is dead)."""
    decided = {(case.field, case.answer) for case in CASES if case.must_equal and case.field.endswith("_rule")}
    assert {("intent_rule", rule.name) for rule in INTENT_RULES} <= decided
    assert {("act_rule", rule.name) for rule in ACT_RULES} <= decided


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


def test_a_rule_that_breaks_drops_no_call(monkeypatch):
    """A bug in a rule is heard as a turn not understood (masked), never an exception out of ``analyse``."""
    import voicekit.nlu.ko.analysis as analysis

    def broken(*args, **kwargs):
        raise RuntimeError("a rule's bug")

    monkeypatch.setattr(analysis, "find_name", broken)
    heard = analyse("제 주민번호는 900101-1234567이에요")
    assert (heard.intent, heard.intent_rule, heard.sensitive) == ("unknown", "failed", True)
    assert "1234567" not in heard.masked_text
    assert parse("이하늘이에요") == {"intent": "unknown", "day": None, "time": None, "name": None}


@pytest.mark.parametrize(("said", "digits"), [
    ("공일공 일이삼사 오육칠팔", "010-1234-5678"),
    ("공일공에 삼사오육에 칠팔구공이요", "010-3456-7890이요"),
    ("영일영 칠칠칠칠 팔팔팔팔", "010-7777-8888"),
    ("플러스 팔이 10 1234 5678", "+82-10-1234-5678"),
    ("010 3333 4444 이고", "010 3333 4444 이고"),
    ("이삼일 후에요", "이삼일 후에요"),
])
def test_a_phone_number_said_in_digit_syllables_is_digits_for_the_line(said, digits):
    """The line takes a phone number from digits (``voicekit.privacy.take_phone_number``): Korean ones said too."""
    assert spoken_digits_as_numbers(said) == digits
