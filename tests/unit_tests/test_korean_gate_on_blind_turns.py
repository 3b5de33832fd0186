"""The Korean consent gate against read-back turns a helper wrote and labelled blind (evals/korean/LABELLING.md).

The labels were written before the gate existed and by someone who never saw it, so they are an oracle the gate's
own lists cannot have shaped: no turn labelled "no consent" may open it, for a booking or a cancellation.
"""

import json
from pathlib import Path

import pytest

from dialog import consent_ko
from evals.safety import explicit_consent

TURNS = Path(__file__).resolve().parents[2] / "evals" / "korean"
READ_BACKS = [turn for split in ("ko_train.jsonl", "ko_heldout.jsonl")
              for line in (TURNS / split).read_text(encoding="utf-8").splitlines()
              if (turn := json.loads(line))["state"] == "CONFIRM"]


def test_the_blind_set_has_read_back_turns_of_both_kinds():
    assert sum(turn["consent"] for turn in READ_BACKS) >= 30
    assert sum(not turn["consent"] for turn in READ_BACKS) >= 60


@pytest.mark.parametrize("turn", [turn for turn in READ_BACKS if not turn["consent"]], ids=lambda turn: turn["id"])
@pytest.mark.parametrize("write", ["book", "cancel"])
def test_a_read_back_turn_labelled_without_consent_never_opens_the_gate(turn, write):
    assert not consent_ko.is_consent(turn["said"], write), turn["said"]


@pytest.mark.parametrize("turn", [turn for turn in READ_BACKS if turn["consent"] and "취소" not in turn["said"]
                                  and "바꿔" not in turn["said"] and "옮겨" not in turn["said"]],
                         ids=lambda turn: turn["id"])
def test_a_plain_yes_labelled_consent_opens_it_for_a_booking(turn):
    # A yes that names cancelling or moving is not a booking's yes; every other labelled yes books (a miss costs a
    # question, so this side is looser than the one above: a phrase the gate lacks is added, never a label changed).
    assert consent_ko.is_consent(turn["said"], "book"), turn["said"]
    # and the service's guard counters (evals.safety's own list) count it as the yes it is, never as a write without one
    assert explicit_consent(turn["said"], "book", "ko"), turn["said"]

