"""voicekit.nlu: the rule parser (SPEC 2.2) on how callers really speak, and its accuracy on the labelled set."""

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voicekit.nlu import INTENTS, analyse, parse
from voicekit.privacy import mask_sensitive

LABELLED = Path(__file__).resolve().parents[2] / "evals" / "utterances.jsonl"


def test_spec_examples():
    assert parse("Book me on Tuesday at ten a m, my name is Jamie") == {
        "intent": "book", "day": "tuesday", "time": "10:00", "name": "Jamie"}
    corrected = parse("no, make it two thirty")
    assert corrected["intent"] == "no" and corrected["time"] == "14:30"


@pytest.mark.parametrize("said, hhmm", [
    ("ten a m", "10:00"), ("ten thirty in the morning", "10:30"), ("two thirty", "14:30"), ("2 pm", "14:00"),
    ("14:30", "14:30"), ("half past two", "14:30"), ("noon", "12:00"), ("2:30 pm", "14:30"),
    ("half past eleven", "11:30"), ("ten", "10:00"), ("TEN A M", "10:00"), ("9 a.m.", "09:00"),
    ("quarter past nine", "09:15"), ("quarter to four", "15:45"), ("four o'clock", "16:00"),
    ("at 9", "09:00"), ("eleven thirty", "11:30"), ("one", "13:00"), ("twelve thirty", "12:30"),
    ("2pm", "14:00"), ("10.30", "10:30"), ("seven in the evening", "19:00"), ("midday", "12:00"),
])
def test_time_forms(said, hhmm):
    assert parse(said)["time"] == hhmm


@pytest.mark.parametrize("said, name", [
    ("my name is Jamie", "Jamie"), ("MY NAME IS JAMIE", "Jamie"), ("this is Lee", "Lee"), ("it's Sam", "Sam"),
    ("I'm Priya", "Priya"), ("call me alex", "Alex"), ("my name is Jamie Lee", "Jamie Lee"),
    ("my name is O'Brien", "O'Brien"), ("my name is McKenzie", "McKenzie"),
])
def test_names(said, name):
    assert parse(said)["name"] == name


@pytest.mark.parametrize("said", ["it's ten", "I'm not sure", "it's fine", "this is Tuesday", "I'm calling"])
def test_words_that_are_not_names(said):
    assert parse(said)["name"] is None


@pytest.mark.parametrize("said, intent", [
    ("yep", "yes"), ("that's right", "yes"), ("correct", "yes"), ("YEAH THAT WORKS", "yes"), ("nope", "no"),
    ("NO THAT'S NOT RIGHT", "no"), ("operator", "human"), ("a human", "human"),
    ("CAN I TALK TO A REAL PERSON", "human"), ("WHAT TIME DO YOU CLOSE TODAY", "hours"),
    ("TEN THIRTY IN THE MORNING", "inform"), ("MY DOG ATE THE REMOTE", "unknown"),
    ("CAN I CANCEL MY VISIT ON FRIDAY", "cancel"), ("I'd like to book an appointment for Tuesday", "book"),
])
def test_intents(said, intent):
    assert parse(said)["intent"] == intent


@pytest.mark.parametrize("said", ["yes, no wait, that's wrong", "yeah that's not right", "right, no"])
def test_negation_beats_affirmation(said):
    assert parse(said)["intent"] == "no"


def test_case_insensitive():
    assert parse("BOOK ME ON TUESDAY AT TEN A M, MY NAME IS JAMIE") == parse(
        "book me on tuesday at ten a m, my name is jamie")


def test_alternatives_are_ambiguous_not_guessed():
    days = analyse("Tuesday or Wednesday")
    assert days.day is None and days.ambiguous == "day" and days.days == ["tuesday", "wednesday"]
    times = analyse("ten or eleven")
    assert times.time is None and times.ambiguous == "time" and times.times == ["10:00", "11:00"]
    assert analyse("not Tuesday, Wednesday").day == "wednesday"  # a correction, not a choice


def test_relative_days_need_a_clock():
    assert analyse("tomorrow").day is None and analyse("tomorrow").relative_day == "tomorrow"
    assert analyse("tomorrow", today="sunday").day == "monday"
    assert analyse("today please", today="friday").day == "friday"
    assert analyse("next Tuesday").day == "tuesday"


@pytest.mark.parametrize("said", [
    "my card is 4111 1111 1111 1111", "ssn 123-45-6789", "my ID is 9001011234088",
    "it's four one one one one one one one",
])
def test_long_numbers_are_masked(said):
    heard = analyse(said)
    assert heard.sensitive and "[redacted]" in heard.masked_text
    assert not any(ch.isdigit() for ch in mask_sensitive(said).replace("[redacted]", ""))
    assert heard.time is None and heard.name is None


def test_times_and_keys_are_not_masked():
    assert mask_sensitive("2:30 pm on Tuesday, 10:00") == "2:30 pm on Tuesday, 10:00"
    assert analyse("[DTMF] 1").dtmf == "1" and analyse("<entered_dtmf_digits>9</entered_dtmf_digits>").dtmf == "9"


@pytest.mark.parametrize("weird", ["", "   ", "\x00\x07\x1b[31m", "a" * 5000, "火曜日の十時", "😀" * 100,
                                   "[DTMF]", "<entered_dtmf_digits></entered_dtmf_digits>", "'" * 50, None, 42])
def test_never_raises_and_always_four_keys(weird):
    result = parse(weird)
    assert set(result) == {"intent", "day", "time", "name"} and result["intent"] in INTENTS


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_analyse_itself_never_raises(text):
    # parse() has a last-resort guard; the analyser underneath must not need it.
    heard = analyse(text)
    assert heard.intent in INTENTS


def test_accuracy_on_the_labelled_set():
    rows = [json.loads(line) for line in LABELLED.read_text().splitlines()]
    assert len(rows) >= 150
    assert set(r["intent"] for r in rows) == set(INTENTS)
    intent_ok = sum(parse(r["text"])["intent"] == r["intent"] for r in rows)
    exact_ok = sum(parse(r["text"]) == {k: r[k] for k in ("intent", "day", "time", "name")} for r in rows)
    misses = Counter(r["intent"] for r in rows if parse(r["text"])["intent"] != r["intent"])
    print(f"\nrule parser on {len(rows)} labelled utterances: intent {intent_ok / len(rows):.1%}, "
          f"all four fields {exact_ok / len(rows):.1%}, misses by gold intent {dict(misses)}")
    # Measured 100% / 100% when this test was written; a drop below these bounds is a regression.
    assert intent_ok / len(rows) >= 0.97
    assert exact_ok / len(rows) >= 0.95
