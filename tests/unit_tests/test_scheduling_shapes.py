"""The scorer of the blind scheduling-shapes set (evals/scheduling_shapes.py): it scores what it says it does.

Its figures are read on the real set by ``python -m evals.scheduling_shapes``; here, that the set is the one
the labeller wrote (split as LABELLING.md says), and that the scorer's judgements fail where they must: a
write on anything but a labelled yes counts as wrong, a choice asked about is counted, and a turn is heard in
the state its ``asked`` line describes.
"""

import json

import pytest

from evals import scheduling_shapes as shapes

TRAIN = shapes.load(shapes.SPLITS["train"])


def test_the_set_is_the_labellers_split():
    held_out = shapes.load(shapes.SPLITS["held out"])
    assert (len(TRAIN), len(held_out)) == (240, 80)
    assert not {t["id"] for t in TRAIN} & {t["id"] for t in held_out}
    every = {json.dumps(sorted(t)) for t in TRAIN + held_out}
    assert len(every) == 1  # one shape of record: every label key present on every turn


def turn(**given):
    base = {"id": "x", "state": "CONFIRM", "shape": "small", "intent": "no", "choose_between": None,
            "move_from": None, "asked": "Let me read that back: an appointment for Ana on Thursday, December 10 at "
                                        "9 am. Shall I book it?"}
    return base | given


@pytest.mark.parametrize("said, label, wrong", [
    ("yes", "yes", 0),            # a labelled yes that books what was read back: right
    ("yes", "no", 1),             # the same write on a turn labelled otherwise: wrong
    ("uh-uh", "no", 0),           # no write at all: nothing wrong
])
def test_a_write_counts_as_wrong_unless_it_answers_a_labelled_yes(said, label, wrong):
    case = turn(said=said, intent=label)
    assert shapes.wrong_writes(case, shapes.hear_in_scene(case)) == wrong


def test_a_write_of_values_not_read_back_is_wrong():
    case = turn(said="yes", intent="yes")
    heard = shapes.hear_in_scene(case)
    assert heard.wrote and shapes.wrong_writes(case, heard) == 0
    heard.wrote = [("book", {**heard.wrote[0][1], "time": "10:00"})]
    assert shapes.wrong_writes(case, heard) == 1


def test_a_turn_is_heard_in_the_state_its_asked_line_describes():
    offer = turn(state="ASK_TIME", said="Friday.", intent="inform",
                 asked="On Friday, December 11 we have 4 pm open. Would you like 4 pm?")
    heard = shapes.hear_in_scene(offer)
    assert heard.reached and heard.values["takes_offer"] and heard.values["time"] is None  # the words say no time
    later = turn(state="ASK_TIME", said="7:00 really is the only time I can do", intent="inform",
                 asked="We close at 5 pm on Fridays, so 7 pm isn't possible. On Friday, December 11 we have 9 am, "
                       "10 am, 11:30 am, 2:30 pm or 4 pm open. Which time suits you?")
    assert shapes.hear_in_scene(later).values["time"] == "19:00"


def test_a_choice_is_counted_only_when_the_agent_asks_between_those_two():
    scores = shapes.score([turn(state="ASK_DAY", said="the 10th or the 11th", intent="inform",
                                asked="What day would you like to come in?",
                                choose_between={"dates": ["2026-12-10", "2026-12-11"]},
                                **{f: None for f in ("day", "date", "time", "name", "phone", "extension",
                                                     "question", "request")},
                                past_year=False, beyond_horizon=False, takes_offer=False)])
    assert scores["fields"]["choose: asked"] == 1 and scores["fields"]["choose_between"] == 1
