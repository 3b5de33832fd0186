"""voicekit.nlu: what holds of every parse (SPEC 2.2): never raises, case-insensitive, masks long numbers, accurate.

The parser's examples (turn -> answer) are data: voicekit/nlu/examples, tested by test_parser_examples.py.
"""

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from voicekit.nlu import INTENTS, analyse, parse
from voicekit.privacy import mask_sensitive

LABELLED = Path(__file__).resolve().parents[2] / "evals" / "utterances.jsonl"


def test_case_insensitive():
    assert parse("BOOK ME ON TUESDAY AT TEN A M, MY NAME IS JAMIE") == parse(
        "book me on tuesday at ten a m, my name is jamie")


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
