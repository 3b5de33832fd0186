"""The real-caller sets (SGD dentist and doctor dialogs): sound labels, a clean split, and no wrong booking."""

import json
from pathlib import Path

import pytest

from evals.real.build_sgd import gold_date, gold_intent, gold_time, split_of
from evals.real_callers import dialog_scores, labelled_turns, turn_scores
from voicekit.clinic import WEEKDAYS
from voicekit.nlu import INTENTS

REAL = Path(__file__).resolve().parents[2] / "evals" / "real"
DIALOGS = [json.loads(line) for line in (REAL / "sgd_dialogs.jsonl").read_text().splitlines()]
# Sets added later as training data only (evals/real/build_sgd.py): every turn read to tune the rules.
ADDED_SETS = ("sgd_therapist", "sgd_salon")
ADDED_DIALOGS = {json.loads(line)["id"].split("/")[0]
                 for corpus in ADDED_SETS for line in (REAL / f"{corpus}_turns.jsonl").read_text().splitlines()}


def test_at_least_a_thousand_labelled_turns_with_a_held_out_split_by_dialog():
    turns = labelled_turns()
    assert len(turns) >= 1000
    splits = {}
    for turn in turns:
        assert turn["intent"] in INTENTS and turn["day"] in (None, *WEEKDAYS) and turn["split"] in ("train", "test")
        if not turn.get("own"):
            splits.setdefault(turn["id"].split("/")[0], set()).add(turn["split"])
    assert all(len(s) == 1 for s in splits.values())  # no dialog on both sides of the split
    # The dentist and doctor dialogs are split by a hash of their id, a third held out ...
    hashed = [t for t in turns if not t.get("own") and t["id"].split("/")[0] not in ADDED_DIALOGS]
    assert 0.25 <= sum(t["split"] == "test" for t in hashed) / len(hashed) <= 0.4
    assert all(t["split"] == split_of(t["id"].split("/")[0]) for t in hashed)
    # ... and the therapist and salon dialogs, read in full to tune the rules, are training data only.
    added = [t for t in turns if t["id"].split("/")[0] in ADDED_DIALOGS]
    assert len(added) >= 2600 and {t["split"] for t in added} == {"train"}


def test_at_least_fifty_booking_dialogs_on_each_side():
    assert sum(d["split"] == "test" for d in DIALOGS) >= 50 and sum(d["split"] == "train" for d in DIALOGS) >= 50


@pytest.mark.parametrize("wordings, hhmm", [(["15:30"], "15:30"), (["half past 3", "3:30 pm"], "15:30"),
                                            (["12 pm"], "12:00"), (["12 am"], "00:00"), (["morning 11"], None)])
def test_gold_times_come_from_the_plainest_wording(wordings, hhmm):
    assert gold_time(wordings) == hhmm


@pytest.mark.parametrize("wordings, iso", [(["8th of March", "next Friday"], "2019-03-08"),
                                           (["tomorrow"], "2019-03-02"), (["day after tomorrow"], "2019-03-03"),
                                           (["the 13th"], None)])
def test_gold_dates_are_read_in_sgds_calendar(wordings, iso):
    found = gold_date(wordings)
    assert (found.isoformat() if found else None) == iso


@pytest.mark.parametrize("acts, intent", [
    ([("INFORM_INTENT", "intent")], "book"), ([("AFFIRM_INTENT", "")], "yes"),
    ([("NEGATE", ""), ("INFORM", "city")], "no"),
    ([("REQUEST", "phone_number")], "hours"), ([("INFORM", "appointment_time")], "inform"),
    ([("THANK_YOU", "")], "unknown"), ([("GOODBYE", "")], "no"), ([("INFORM", "city")], "unknown"),
])
def test_gold_intents_follow_the_documented_order(acts, intent):
    assert gold_intent([{"act": act, "slot": slot} for act, slot in acts]) == intent


def test_the_split_is_a_stable_hash_of_the_dialog_id():
    assert split_of("30_00044") == split_of("30_00044")
    assert {split_of(f"1_{n:05d}") for n in range(30)} == {"train", "test"}


def test_replaying_real_dialogs_never_books_the_wrong_appointment():
    for split, ways in dialog_scores(DIALOGS).items():
        for way, row in ways.items():
            assert row["wrong"] == 0, (split, way, row)


@pytest.mark.parametrize(("corpus", "agreement"), [("sgd", 0.75), ("sgd_therapist", 0.72), ("sgd_salon", 0.68)])
def test_every_sgd_turn_has_one_intent_labelled_by_hand_and_they_line_up_with_the_turns(corpus, agreement):
    turns = [json.loads(line) for line in (REAL / f"{corpus}_turns.jsonl").read_text().splitlines()]
    by_hand = [json.loads(line) for line in (REAL / f"{corpus}_intents_by_hand.jsonl").read_text().splitlines()]
    assert [row["id"] for row in by_hand] == [turn["id"] for turn in turns]
    assert {row["intent"] for row in by_hand} <= set(INTENTS)
    # An independent check that the labels sit on the right turns: where SGD's acts are unambiguous (a bare
    # AFFIRM is "yes", a NEGATE "no", an address request "hours"), a label shifted by even one line disagrees.
    # Measured 0.79, 0.76 and 0.73 (a salon asked for is no clinic's provider: "unknown" by hand, a request
    # in SGD's acts); shifted by one line either way: 0.19 and 0.10, 0.23 and 0.14, 0.14 and 0.18.
    agree = sum(row["intent"] == turn["intent"] for row, turn in zip(by_hand, turns, strict=True)) / len(turns)
    assert agree >= agreement
    short = {turn["text"].strip(" .!").lower(): row["intent"] for row, turn in zip(by_hand, turns, strict=True)}
    assert short.get("yes", "yes") == "yes" and short.get("what is the address?", "hours") == "hours"


def test_the_labels_of_the_dentist_and_doctor_set_sit_on_their_turns():
    turns = [json.loads(line) for line in (REAL / "sgd_turns.jsonl").read_text().splitlines()]
    by_hand = [json.loads(line) for line in (REAL / "sgd_intents_by_hand.jsonl").read_text().splitlines()]
    short = {turn["text"].strip(" .!").lower(): row["intent"] for row, turn in zip(by_hand, turns, strict=True)}
    assert (short["yes"], short["no"], short["what is their address?"]) == ("yes", "no", "hours")


def test_scoring_against_a_label_that_does_not_exist_names_the_labels():
    with pytest.raises(ValueError, match="intent_by_hand"):
        turn_scores(labelled_turns()[:3], "intent_by_hnad")


def test_held_out_figures_do_not_fall_below_what_docs_evaluation_reports():
    # A guard against regressions, set just under the figures measured when they were written down.
    turns = turn_scores(labelled_turns())["test"]  # intent labelled by hand (evals/real/LABELLING.md)
    assert turns["all four"] >= 0.95 and turns["day"] >= 0.99 and turns["time"] >= 0.99 and turns["name"] >= 0.99
    assert turn_scores(labelled_turns(), "intent")["test"]["all four"] >= 0.75  # intent from SGD's acts
    held_out = dialog_scores(d for d in DIALOGS if d["split"] == "test")["test"]
    assert held_out["as written"]["right"] >= 27 and held_out["answering re-asks"]["right"] >= 64  # 85 %
