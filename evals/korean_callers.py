"""The Korean caller turns of issue 39, scored on a set written blind: held out (the headline) and training.

    python -m evals.korean_callers                       # the table: held out first, training beside it
    python -m evals.korean_callers --train PATH          # another copy of the training split (never the held out)
    python -m evals.korean_callers --misses              # also every *training* turn with a field wrong

``evals/korean/`` holds Korean caller turns of a clinic line written and labelled by a helper that never saw the
parser (``LABELLING.md`` beside them), split by group: ``ko_heldout.jsonl`` is never read turn by turn, and no
rule may be written from it. Each turn is read by the Korean parser (``voicekit.nlu.ko``) on the labeller's
clock (Friday 4 December 2026), as the dialog reads it: a weekday said alone is its coming date; at the name
question a turn that is only a name is the name (``bare_name_of``); a phone number is taken from the words as
the line takes it (``take_phone_number`` on the digits, dialable in Korea). Per field, the share of turns whose
value is as labelled; "all" is every field at once. "wrong yes" counts the turns at the read-back labelled with
no consent that the parser's intent calls a yes: for information (the consent gate is not the parser).
"""

from __future__ import annotations

import argparse
import json
import os
from collections import Counter
from datetime import date
from pathlib import Path
from typing import Any

from voicekit.nlu import Understanding
from voicekit.nlu.ko import analyse, bare_name_of, spoken_digits_as_numbers
from voicekit.phones import dialable
from voicekit.privacy import take_phone_number
from voicekit.schedule import coming, weekday_of

HERE = Path(__file__).resolve().parent / "korean"
SPLITS = {"held out": HERE / "ko_heldout.jsonl", "train": HERE / "ko_train.jsonl"}
TODAY = date(2026, 12, 4)
FIELDS = ("intent", "request", "day", "date", "time", "name", "phone", "act", "sensitive", "choose_between", "wrong")
# The acts the labels name, from the parser's: a question about the clinic itself is "hours" whichever it asks.
_ACT_AS_LABELLED = {"address": "hours", "clinic_name": "hours", "services": "hours", "hours": "hours"}


def _day_and_date(heard: Understanding) -> tuple[str | None, str | None]:
    if heard.date:
        return weekday_of(date.fromisoformat(heard.date)), heard.date
    if heard.day:  # a weekday said alone: its coming date, as the dialog resolves it
        return heard.day, coming(heard.day, TODAY).isoformat()
    return None, None


def _choose_between(heard: Understanding) -> dict[str, list[str]] | None:
    """The two dates or times the caller is asked to choose between (the labels name two, never three)."""
    if heard.ambiguous == "day":
        dates = heard.dates or [coming(day, TODAY).isoformat() for day in dict.fromkeys(heard.days)]
        return {"dates": sorted(dates)} if len(dates) == 2 else None
    if heard.ambiguous == "time":
        return {"times": sorted(heard.times)} if len(heard.times) == 2 else None
    return None


def read(turn: dict) -> dict[str, Any]:
    """The labelled fields as the parser (and the dialog's way with what it says) gives them for ``turn``."""
    said = turn["said"]
    # The line takes a dialable phone number out of the words before they are parsed (graph/turn_input.py).
    words, digits = take_phone_number(spoken_digits_as_numbers(said))
    phone = dialable(digits, "KR") if digits else None
    heard = analyse(words if phone else said, TODAY)
    day, on = _day_and_date(heard)
    name = heard.name
    if name is None and turn["state"] == "ASK_NAME":  # a name said alone at the name question (dialog/names_heard.py)
        name = bare_name_of(said)
    if (name or phone) and heard.intent == "unknown":
        heard.intent = "inform"  # the dialog takes the name or number said: the turn was understood
    act = _ACT_AS_LABELLED.get(heard.act or "", heard.act)
    if act is None and heard.intent == "hours":
        act = "hours"
    # A move is a booking request: with a new value its intent is "book", without one "no" (LABELLING.md rule 3).
    moved = heard.reschedule and heard.intent == "no" and not (heard.days or heard.times or heard.dates)
    request = "cancel" if heard.intent == "cancel" else "book" if heard.intent == "book" or moved else None
    return {"intent": heard.intent, "request": request, "day": day, "date": on, "time": heard.time, "name": name,
            "phone": phone, "act": act if act != "dtmf" else None,
            "sensitive": heard.sensitive, "choose_between": _choose_between(heard),
            "wrong": heard.wrong[0] if heard.wrong else None}


def _labelled(turn: dict, field: str) -> Any:
    """The label of ``field``, in the form ``read`` gives (the dates or times to choose between in order)."""
    value = turn.get(field)
    if field == "choose_between" and value:
        return {key: sorted(values) for key, values in value.items()}
    return value


def score(turns: list[dict]) -> tuple[Counter, int, list[tuple[dict, dict, list[str]]]]:
    """(right answers per field and "all", wrong yeses, the turns with a field wrong)."""
    right: Counter = Counter()
    wrong_yes = 0
    misses = []
    for turn in turns:
        got = read(turn)
        missed = [field for field in FIELDS if got[field] != _labelled(turn, field)]
        right.update(field for field in FIELDS if field not in missed)
        right["all"] += not missed
        if turn["state"] == "CONFIRM" and not turn["consent"] and got["intent"] == "yes":
            wrong_yes += 1
        if missed:
            misses.append((turn, got, missed))
    return right, wrong_yes, misses


def load(path: Path) -> list[dict] | None:
    """The turns of one split (one JSON object a line), or None when the file is not there."""
    if not path.exists():
        return None
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    """Print the table (and the training misses when asked)."""
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--train", type=Path, default=Path(os.environ.get("KOREAN_TRAIN", SPLITS["train"])),
                         help="the training split (default evals/korean/ko_train.jsonl, or $KOREAN_TRAIN)")
    options.add_argument("--misses", action="store_true", help="print every training turn with a field wrong")
    args = options.parse_args(argv)
    splits = {"held out": load(SPLITS["held out"]), "train": load(args.train)}
    scored = {name: score(turns) for name, turns in splits.items() if turns is not None}
    names = list(splits)
    print(f"Korean callers (issue 39), parser voicekit.nlu.ko, today {TODAY.isoformat()}")
    print(f"{'field':<16}" + "".join(f"{name:>18}" for name in names))
    counts = {name: "not there" if turns is None else str(len(turns)) for name, turns in splits.items()}
    print(f"{'turns':<16}" + "".join(f"{counts[n]:>18}" for n in names))
    for field in (*FIELDS, "all"):
        cells = []
        for name in names:
            turns = splits[name]
            if not turns:
                cells.append(f"{'-':>18}")
                continue
            right = scored[name][0][field]
            cells.append(f"{right:>5}/{len(turns):<4} {100 * right / len(turns):5.1f}%  ")
        print(f"{field:<16}" + "".join(cells))
    print(f"{'wrong yes':<16}" + "".join(f"{scored[n][1] if n in scored else '-':>18}" for n in names))
    if args.misses and "train" in scored:
        for turn, got, missed in scored["train"][2]:
            shown = ", ".join(f"{f}: {got[f]!r} (labelled {_labelled(turn, f)!r})" for f in missed)
            print(f"{turn['id']} [{turn['state']}] {turn['said']!r}: {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
