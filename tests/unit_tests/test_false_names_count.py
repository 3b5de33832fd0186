"""evals/false_names.py counts the turns labelled with no name that the agent takes a name from, per split."""

from evals.false_names import false_names


def test_the_issues_non_names_count_none_and_a_turn_with_a_name_is_not_counted():
    turns = [{"text": t, "split": "train", "name": None}
             for t in ("It's 10 am now so 11 am if it's open", "Cough and runny nose", "for two days now")]
    turns.append({"text": "I'm Mark", "split": "test", "name": "Mark"})
    assert false_names(turns) == {"unasked": {"train": 0}, "at the name question": {"train": 0}}


def test_a_name_taken_from_a_turn_labelled_with_none_is_counted_where_it_is_taken():
    turns = [{"text": "Alexis", "split": "test", "name": None}, {"text": "uh Priya", "split": "test", "name": None}]
    assert false_names(turns) == {"unasked": {"test": 1}, "at the name question": {"test": 2}}
