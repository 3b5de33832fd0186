"""A spelled name's examples as data (voicekit/nlu/examples/spelling/*.toml): one test per example and negative."""

import tomllib
from pathlib import Path

import pytest

from voicekit.nlu.spelling import spelled

EXAMPLES = Path(__file__).resolve().parents[2] / "voicekit" / "nlu" / "examples" / "spelling"


def cases():
    """(table, turn, name, must_equal) for every example and negative."""
    found = []
    for path in sorted(EXAMPLES.glob("*.toml")):
        for table, group in tomllib.loads(path.read_text()).items():
            found += [(table, turn, name, True) for turn, name in group.get("examples", [])]
            for negative in group.get("negatives", []):
                turn, name = (negative, None) if isinstance(negative, str) else negative
                found.append((table, turn, name, isinstance(negative, str)))
    return found


CASES = cases()


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}/{c[1]}{'' if c[3] else f' (not {c[2]})'}" for c in CASES])
def test_example(case):
    _, turn, name, must_equal = case
    got = spelled(turn)
    if must_equal:
        assert (got.name if got else None) == name, f"{turn!r} spells {got!r}, not {name!r}"
    else:
        assert (got.name if got else None) != name, f"{turn!r} must not spell {name!r}"


def test_the_examples_cover_every_way_of_spelling_the_issue_names():
    tables = {c[0] for c in CASES}
    ways = {"letters", "run_together", "letter_names", "as_in", "doubles", "marks", "capitals", "not_a_spelling"}
    assert ways <= tables
    assert len(CASES) >= 60


def test_letters_and_a_word_are_told_apart():
    assert spelled("F R A S E R").by_letters and not spelled("Fraser").by_letters
