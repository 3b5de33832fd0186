"""Every sentence of the English set has its twin in every other language (issue 39): same names, same signatures.

Read from the modules themselves, never from a list written here: a sentence added to English without its Korean
twin fails this test. Every Korean sentence is then said with made-up values and must be Korean (Hangul, and no
English word left in it).
"""

import importlib
import inspect
import re
from datetime import date

import pytest

from dialog.language import LANGUAGES, SETS, sentences, speaking, spoken_language

ENGLISH_PHRASES = ["callbacks", "handoffs", "moves", "notes", "questions", "read_backs", "spelling", "time_wishes",
                   "values"]
# (English module, its twin in each language other than English)
TWINS = [(f"dialog.phrases.{name}", {"ko": f"dialog.phrases.ko.{name}"}) for name in ENGLISH_PHRASES] + [
    ("dialog.phrases", {"ko": "dialog.phrases.ko"}),
    ("dialog.security_phrases", {"ko": "dialog.phrases.ko.security"}),
    ("dialog.calendar_phrases", {"ko": "dialog.phrases.ko.calendar"}),
]
OTHER_LANGUAGES = [language for language in LANGUAGES if language != "en"]
_ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
_HANGUL = re.compile(r"[가-힣]")


def constants_and_functions(module_name):
    """The public sentences a module defines itself (a package: its ``__all__``): functions and constants."""
    module = importlib.import_module(module_name)
    if hasattr(module, "__all__"):
        return {name: getattr(module, name) for name in module.__all__}
    source = inspect.getsource(module)
    return {name: value for name, value in vars(module).items() if not name.startswith("_") and (
        (inspect.isfunction(value) and value.__module__ == module_name)
        or (name.isupper() and re.search(rf"^{name}\b[^=\n]*=", source, re.MULTILINE)))}


def test_the_sets_cover_every_english_module_that_says_something():
    assert {english for english, _ in TWINS} >= set(SETS[kind]["en"] for kind in SETS)
    sayers = {path.stem for path in __import__("pathlib").Path("dialog/phrases").glob("*.py")} - {"__init__"}
    assert sayers == set(ENGLISH_PHRASES), "a new English phrases module needs its twins (add it to TWINS)"
    for kind in SETS:
        assert set(SETS[kind]) == set(LANGUAGES)


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
@pytest.mark.parametrize(("english", "twins"), TWINS, ids=[english for english, _ in TWINS])
def test_no_english_sentence_lacks_its_twin(english, twins, language):
    ours = constants_and_functions(english)
    assert ours, f"nothing read from {english}"
    twin = importlib.import_module(twins[language])
    missing = sorted(name for name in ours if not hasattr(twin, name))
    assert not missing, f"{twins[language]} lacks {missing}"
    for name, value in ours.items():
        theirs = getattr(twin, name)
        if inspect.isfunction(value):
            assert inspect.isfunction(theirs), f"{twins[language]}.{name} is no function"
            mine = [(p.name, p.kind, p.default) for p in inspect.signature(value).parameters.values()]
            other = [(p.name, p.kind, p.default) for p in inspect.signature(theirs).parameters.values()]
            assert other == mine, f"{twins[language]}.{name}{inspect.signature(theirs)} differs from English's"
        elif isinstance(value, dict):
            assert isinstance(theirs, dict) and set(theirs) == set(value), f"{name}'s keys differ"
        else:
            assert type(theirs) is type(value), f"{twins[language]}.{name} is a {type(theirs).__name__}"
            if isinstance(value, tuple):
                assert len(theirs) == len(value)


SAMPLES = {
    "back": ("monday", "09:00"), "booking_id": "bk_0001", "closest": "10:30", "closing": True, "crisis_line": "109",
    "day": "thursday", "days": ["2026-12-10", "2026-12-11"], "days_ahead": 90, "digits": "01012345678",
    "every": False, "extension": "45", "fallback": "11:00", "first": "이민지", "hhmm": "14:30",
    "holidays": ["2026-12-25"], "items": ["오전 10시", "오전 11시"], "name": "이하늘", "nearest": "16:00",
    "new": ("friday", "11:00", "2026-12-11"), "offer_callback": True, "old": ("thursday", "10:00", "2026-12-10"),
    "on": "2026-12-25", "on_date": "2026-12-10", "other_day": "friday", "phone": "+821012345678",
    "provider": "김민수", "said": "모레", "second": "이민주", "spelled": "이하늘", "staff_in": True, "time": "10:00",
    "times": ["10:00", "11:30"], "today": date(2026, 12, 4), "wanted": "10:00", "where": "서울시 종로구 율곡로 10",
    "whole": True, "why": "card", "wish": {"kind": "after", "time": "15:00"}, "within_days": 31, "year": 2027,
}


def sample(parameter):
    name, annotation = parameter.name, str(parameter.annotation)
    if name == "hours":
        return {"monday": ("08:30", "17:00"), "tuesday": None} if "Mapping" in annotation else ("08:30", "17:00")
    if name == "number":
        return 3 if annotation == "int" else "119"
    assert name in SAMPLES, f"no sample value for a parameter named {name!r}: add one"
    return SAMPLES[name]


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
@pytest.mark.parametrize(("english", "twins"), TWINS, ids=[english for english, _ in TWINS])
def test_every_twin_sentence_is_said_in_its_language(english, twins, language):
    twin = twins[language]
    for name in constants_and_functions(english):
        theirs = getattr(importlib.import_module(twin), name)
        if inspect.isfunction(theirs):
            said = theirs(*[sample(p) for p in inspect.signature(theirs).parameters.values()])
            if not isinstance(said, str):
                continue  # spoken_choices: a list of what is said, checked through which_day_of
        elif isinstance(theirs, dict):
            said = " ".join(str(v) for v in theirs.values()) or "가"
        elif isinstance(theirs, str):
            said = theirs
        else:
            continue  # KEY_WORDS: keys, said inside a sentence
        if name in ("spoken_booking_number", "ordinal", "spoken_year"):
            assert said and not re.search(r"[A-Za-z]{3,}", said), f"{twin}.{name} said {said!r}"
            continue
        if said == "" and name in ("staff_back_at", "passed_on", "holidays_ahead"):
            continue
        assert _HANGUL.search(said), f"{twin}.{name} said no Korean: {said!r}"
        assert not _ENGLISH_WORD.search(said), f"{twin}.{name} still says English: {said!r}"


def test_outside_a_call_the_sentences_are_englishs():
    from dialog.language import phrases
    assert spoken_language() == "en"
    assert phrases.WHICH_DAY == importlib.import_module("dialog.phrases").WHICH_DAY
    with speaking("ko"):
        assert phrases.WHICH_DAY == sentences("phrases", "ko").WHICH_DAY != "Which day would you like to come in?"
    assert phrases.WHICH_DAY == "Which day would you like to come in?"
