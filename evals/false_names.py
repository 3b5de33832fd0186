"""False names: turns labelled with no name on which the agent would take one (issue 30, item 5).

A wrong name is read back and, after a careless yes, booked ("an appointment for Open on Saturday"), so each is
counted on the labelled turns whose name is null (SGD's hand labels and the project's own lines; Taskmaster's
held-out labels), three ways, per split:

* ``unasked``: the name the agent takes from the turn at a question that is not the name question (the
  parser's name, or a name said alone: ``dialog.names_heard``), as at the day question;
* ``at the name question``: the name it takes when it has just asked for one (a name said alone, the lab's
  last word after a lead-in), a harder test, since there a short answer is meant to be a name.

Tune on the train counts only; the held-out counts are reported beside them.
"""

from __future__ import annotations

from collections.abc import Iterable

from dialog.names_heard import name_said_alone
from dialog.state import CallState, DialogState
from voicekit.nlu import analyse

WAYS: dict[str, DialogState] = {"unasked": "ASK_DAY", "at the name question": "ASK_NAME"}


def name_taken(text: str, dialog_state: DialogState, today: object = None) -> str | None:
    """The name the agent takes from ``text`` said in ``dialog_state`` (None: it takes none)."""
    heard = analyse(text, today=today)  # type: ignore[arg-type]
    if heard.name is not None:
        return heard.name
    return name_said_alone(text, heard, CallState(dialog_state=dialog_state, task="book"))[0]


def false_names(turns: Iterable[dict], today_of=lambda turn: None) -> dict[str, dict[str, int]]:
    """Per way (``WAYS``) and split: how many turns labelled with no name the agent takes a name from."""
    counts: dict[str, dict[str, int]] = {way: {} for way in WAYS}
    for turn in turns:
        if turn["name"] is not None:
            continue
        for way, dialog_state in WAYS.items():
            taken = name_taken(turn["text"], dialog_state, today_of(turn)) is not None
            counts[way][turn["split"]] = counts[way].get(turn["split"], 0) + taken
    return counts


def false_name_examples(turns: Iterable[dict], dialog_state: DialogState, split: str = "train",
                        today_of=lambda turn: None) -> list[tuple[str, str]]:
    """(turn, name taken) for every turn of ``split`` labelled with no name that gives one (read on train only)."""
    found = []
    for turn in turns:
        if turn["name"] is None and turn["split"] == split:
            taken = name_taken(turn["text"], dialog_state, today_of(turn))
            if taken is not None:
                found.append((turn["text"], taken))
    return found
