"""The Taskmaster-3 table of ``python -m evals.real_callers``: its scoring on a tiny hand-made set; the labels' file."""

import json
from pathlib import Path

import pytest

from evals.real_callers import (
    TASKMASTER_LABELS,
    TASKMASTER_TURNS,
    intent_confusions,
    taskmaster_turns,
    turn_misses,
    turn_scores,
)
from voicekit.clinic import WEEKDAYS
from voicekit.nlu import INTENTS

# Parser, on SGD's Friday 1 March 2019: "yes" -> yes; the booking -> book, saturday, 15:00; "Two tickets please."
# -> inform at 14:00 (a count read as a clock); "I need 2 tickets." -> unknown; "No, the 7:30 pm one." -> no, 19:30.
TURNS = [("d1/0", "test", None, "I'd like to book an appointment tomorrow at 3 pm"),
         ("d1/2", "test", "How many tickets?", "Two tickets please."),
         ("d1/4", "test", "Shall I buy them?", "yes"),
         ("d1/6", "test", "Anything else?", "I need 2 tickets."),
         ("d2/0", "train", "The 7:30 pm or the 9 pm?", "No, the 7:30 pm one.")]
LABELS = [("d1/0", "book", "saturday", "15:00"), ("d1/2", "unknown", None, None), ("d1/4", "yes", None, None),
          ("d1/6", "book", None, None), ("d2/0", "no", None, "19:30")]


def _write(tmp_path: Path, labels=LABELS) -> tuple[Path, Path]:
    turns, by_hand = tmp_path / "turns.jsonl", tmp_path / "by_hand.jsonl"
    turns.write_text("".join(json.dumps({"id": i, "dialog": i.split("/")[0], "split": split, "asked": asked,
                                         "said": said, "taskmaster": {"apis": []}}) + "\n"
                             for i, split, asked, said in TURNS))
    by_hand.write_text("".join(json.dumps({"id": i, "intent": intent, "day": day, "time": time, "name": None}) + "\n"
                               for i, intent, day, time in labels))
    return turns, by_hand


def test_the_taskmaster_table_scores_each_labelled_turn_alone_by_the_sgd_rules(tmp_path):
    turns = taskmaster_turns(*_write(tmp_path))
    assert [t["text"] for t in turns] == [said for *_, said in TURNS]
    scores = turn_scores(turns)
    # held out: 4 turns; intent right on 2 (d1/0, d1/4), day on 4, time on 3 (d1/2 heard 14:00), all four on 2
    assert scores["test"] == {"turns": 4, "intent": 0.5, "day": 1.0, "time": 0.75, "name": 1.0, "all four": 0.5}
    assert scores["train"] == {"turns": 1, "intent": 1.0, "day": 1.0, "time": 1.0, "name": 1.0, "all four": 1.0}
    confusions = intent_confusions(turns)["test"]
    assert list(confusions) == ["book", "unknown", "yes"]  # most missed first (ties by name)
    assert confusions["book"] == {"turns": 2, "missed": 1, "heard": {"unknown": 1}}
    assert confusions["unknown"] == {"turns": 1, "missed": 1, "heard": {"inform": 1}}
    assert confusions["yes"] == {"turns": 1, "missed": 0, "heard": {}}
    misses = {m["id"]: m for m in turn_misses(turns)}
    assert set(misses) == {"d1/2", "d1/6"} and misses["d1/2"]["asked"] == "How many tickets?"
    assert misses["d1/2"]["heard"] == {"intent": "inform", "day": None, "time": "14:00", "name": None}


def test_a_label_on_no_turn_of_the_set_is_refused_by_its_id(tmp_path):
    with pytest.raises(ValueError, match="d9/0"):
        taskmaster_turns(*_write(tmp_path, [*LABELS, ("d9/0", "yes", None, None)]))


def test_no_labels_yet_means_no_table(tmp_path):
    assert taskmaster_turns(TASKMASTER_TURNS, tmp_path / "absent.jsonl") == []


def test_the_held_out_taskmaster_turns_are_labelled_once_each_in_file_order_with_values_the_scorer_reads():
    if not TASKMASTER_LABELS.exists():
        pytest.skip("taskmaster_by_hand.jsonl not written yet")
    corpus = [json.loads(line) for line in TASKMASTER_TURNS.read_text().splitlines()]
    labels = [json.loads(line) for line in TASKMASTER_LABELS.read_text().splitlines()]
    assert [row["id"] for row in labels] == [t["id"] for t in corpus if t["split"] == "test"]
    for row in labels:
        assert row["intent"] in INTENTS and row["day"] in (None, *WEEKDAYS), row
        assert row["time"] is None or (len(row["time"]) == 5 and row["time"][2] == ":"
                                       and 0 <= int(row["time"][:2]) < 24 and 0 <= int(row["time"][3:]) < 60), row
