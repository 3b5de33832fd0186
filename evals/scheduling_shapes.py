"""The scheduling shapes of issue 38, scored on a set written blind: held out (the headline) and training.

    python -m evals.scheduling_shapes            # the tables: held out first, training beside it
    python -m evals.scheduling_shapes --misses   # also every *training* turn with a field wrong (never held out)

``evals/shapes/`` holds 320 caller turns of a clinic line (two dates, years, framing clauses, evenings, offers,
names, questions, moves, numbers, the small ones), written and labelled by a helper that never saw the agent,
its parser or its data (``evals/shapes/LABELLING.md``), split by group: ``scheduling_heldout.jsonl`` (80 turns)
is never read turn by turn; no rule may be written from it.

Each turn is heard **as the dialog would hear it**: in the state its ``asked`` line comes from (the question, the
day and times offered, the time asked for before, the name read back), rebuilt by playing a short prelude
through ``VoiceAgent`` on the labeller's clock (Friday 4 December 2026, 10:15 in New York). Then:

* per field, the share of turns the dialog understood as labelled: intent, day and date (a weekday said alone
  is its coming date, as the dialog resolves it), time, name, phone (E.164) and extension, the two dates or
  times to choose between, a past year, a date past the horizon, the question about the clinic, whether an
  offer was taken, and the request (book, cancel, move); "all" is every one of them at once;
* the choose-between asks: of the turns labelled with two dates or times, how many the agent answered by
  asking the caller to choose between exactly those (and how many turns it asked about that had none);
* wrong writes: the turn's own booking, cancellation or callback request on anything but a labelled yes to a
  read-back, or of values other than those read back. It must be 0.

``move_from`` (the appointment a move leaves, issue 38 item 8) is reported but not in "all": that item's
parsing is another branch's work.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from dialog.profile import ClinicProfile
from dialog.slots import day_choices, half_day_meant
from graph.speedups.three_channels import call_values
from graph.voice_agent import VoiceAgent
from voicekit.clinic import ClinicAPI
from voicekit.nlu import Understanding
from voicekit.phones import dialable
from voicekit.schedule import coming, weekday_of

SHAPES = Path(__file__).resolve().parent / "shapes"
SPLITS = {"held out": SHAPES / "scheduling_heldout.jsonl", "train": SHAPES / "scheduling_train.jsonl"}
NOW = datetime(2026, 12, 4, 10, 15, tzinfo=ZoneInfo("America/New_York"))
TODAY = NOW.date()
HORIZON = TODAY + timedelta(days=90)
FIELDS = ("intent", "day", "date", "time", "name", "phone", "extension", "choose_between", "past_year",
          "beyond_horizon", "question", "takes_offer", "request")
WRITES = ("book", "cancel", "request_callback")
CALLER_ID = "+16175550123"

_TIME = r"\d{1,2}(?::\d{2})? [ap]m|noon"
_OFFER = re.compile(r"On \w+, (\w+ \d+) we have (.+?) open")
_ONE_OFFER = re.compile(rf"Would you like ({_TIME})\?")
_NEAREST = re.compile(r"The (?:nearest|soonest) I have is \w+, (\w+ \d+) at (.+?)\. (?:Which|Would)")
_WANTED = re.compile(rf"({_TIME}) isn't possible|You asked for ({_TIME})")
_UNTIL = re.compile(rf"open until ({_TIME}) on (\w+?)s\b")
_READ_BACK = re.compile(rf"for (\w+) on (?:\w+, )?(\w+ \d+|\w+) at ({_TIME})")
_MOVE = re.compile(rf"moves to \w+, (\w+ \d+) at ({_TIME})")
_CANCEL = re.compile(rf"cancel the appointment for (\w+) on \w+, (\w+ \d+) at ({_TIME})")


def hhmm(said: str) -> str:
    """A time as the agent says it, as "HH:MM": "2:30 pm" is "14:30", "noon" is "12:00"."""
    if said == "noon":
        return "12:00"
    clock, half = said.split()
    hour, _, minute = clock.partition(":")
    return f"{int(hour) % 12 + (12 if half == 'pm' else 0):02d}:{minute or '00'}"


def on(month_day: str) -> str:
    """A month and day as the agent says them ("December 11"), as the next such date on or after today."""
    parsed = datetime.strptime(f"{month_day} {TODAY.year}", "%B %d %Y").date()
    return (parsed if parsed >= TODAY else parsed.replace(year=TODAY.year + 1)).isoformat()


@dataclass
class Scene:
    """What the agent is asked to have done before the turn: its clinic, and the caller's turns that got it there."""

    turns: list[str] = field(default_factory=list)
    schedule: dict[str, list[str]] | None = None
    bookings: list[dict] = field(default_factory=list)
    hours: dict[str, tuple[str, str] | None] | None = None
    caller_number: str | None = None
    transfer: bool = False
    read_back: dict[str, str] = field(default_factory=dict)
    """The values a CONFIRM's read-back names: a write of other values is wrong."""


def scene_of(turn: dict) -> Scene:
    """The prelude that puts the agent where the labeller's ``asked`` line puts the caller."""
    state, asked = turn["state"], turn["asked"] or ""
    if state == "LISTEN":
        return Scene()
    if state == "ASK_DAY":
        return Scene(["I'd like to book an appointment"])
    if state == "ASK_NAME":
        return Scene(["I'd like to book an appointment on Tuesday at 10 am"])
    if state == "ASK_PHONE":  # the line's own number question: a callback's
        return Scene(["can someone call me back?", "My name is Jamie"])
    if state == "ASK_TIME":
        return _time_scene(asked)
    if "Nobody's free" in asked:
        return Scene(["can I talk to a person?"], caller_number=CALLER_ID, transfer=True)
    cancel = _CANCEL.search(asked)
    if cancel:
        name, when, time = cancel.group(1), on(cancel.group(2)), hhmm(cancel.group(3))
        booked = {"day": weekday_of(date.fromisoformat(when)), "date": when, "time": time, "name": name,
                  "phone": CALLER_ID}
        return Scene([f"I'd like to cancel my appointment on {cancel.group(2)} at {cancel.group(3)}, "
                      f"my name is {name}"], bookings=[booked], caller_number=CALLER_ID,
                     read_back={"date": when, "time": time, "name": name})
    move = _MOVE.search(asked)
    if move:
        return Scene([f"I'd like to reschedule my appointment to {move.group(1)} at {move.group(2)}, my name is Jamie"],
                     read_back={"date": on(move.group(1)), "time": hhmm(move.group(2))})
    found = _READ_BACK.search(asked)
    if not found:
        return Scene(["I'd like to book an appointment on Tuesday at 10 am, my name is Jamie"])
    name, when, time = found.groups()
    contact = re.search(r"contact number ([\d ]+)\.", asked)
    said = f"Book me on {when} at {time}, my name is {name}" + (f", my number is {contact.group(1)}" if contact else "")
    expected = {"time": hhmm(time), "name": name} | ({"date": on(when)} if " " in when else {})
    return Scene([said], read_back=expected)


def _time_scene(asked: str) -> Scene:
    offer = _OFFER.search(asked) or _NEAREST.search(asked)
    if not offer:
        return Scene(["I'd like to book an appointment on Tuesday"])
    when = on(offer.group(1))
    times = [hhmm(t) for t in re.findall(_TIME, offer.group(2))]
    weekday = weekday_of(date.fromisoformat(when))
    wanted = _WANTED.search(asked)
    until = _UNTIL.search(asked)
    hours = {**ClinicProfile().hours, weekday: ("08:30", hhmm(until.group(1)))} if until else None
    if _ONE_OFFER.search(asked) or "soonest" in asked:
        times = times[:1]
    turn = f"I'd like to book an appointment on {offer.group(1)}"
    if wanted:
        turn += f" at {wanted.group(1) or wanted.group(2)}"
    return Scene([turn], schedule={weekday: times}, hours=hours)


@dataclass
class Heard:
    """A turn as the dialog heard it, in its state."""

    values: dict[str, Any]
    asked_choice: list[str] | None
    wrote: list[tuple[str, dict]]
    reached: bool


def hear_in_scene(turn: dict) -> Heard:
    """Play the prelude, then the turn; read back what the dialog understood and what it wrote."""
    scene = scene_of(turn)
    api = ClinicAPI(schedule=scene.schedule, bookings=scene.bookings or None)
    profile = ClinicProfile(hours=scene.hours) if scene.hours else ClinicProfile()
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: NOW, profile=profile,
                       caller_number=scene.caller_number)
    for said in scene.turns:
        agent.handle(said)
    if scene.transfer:
        agent.transfer_unanswered(scene.caller_number)
    wanted = "ASK_NAME" if turn["state"] == "ASK_PHONE" else turn["state"]
    reached = agent.state == wanted
    before = _values(agent)
    heard = _recording(agent)
    calls = len(api.calls)
    agent.handle(turn["said"])
    after = _values(agent)
    wrote = [(name, args) for name, args, outcome in api.calls[calls:] if name in WRITES]
    if not heard:  # the consent gate took the turn before any parser: what the words say, for the scores
        words = agent.heard
        heard.extend((agent.context.parser(words, TODAY), agent.context.parser(words, TODAY)))
    values = _as_labelled(heard[-2], heard[-1], before, after)
    understood = heard[-1]
    asked_choice = after["choices"] if after.get("choices") and after.get("dialog_state") == "ASK_DAY" else None
    if after.get("choices") and after.get("dialog_state") == "ASK_TIME" and understood.ambiguous == "time":
        asked_choice = after["choices"]
    return Heard(values, asked_choice, wrote, reached)


def _values(agent: VoiceAgent) -> dict[str, Any]:
    """Every field of the call now, and the question it waits at."""
    values = call_values(agent._graph.get_state(agent._config).values)  # an evaluation reads the whole call
    return values | {"dialog_state": agent.state}


def _recording(agent: VoiceAgent) -> list[Understanding]:
    """The understandings of the turn's words, as the dialog's hearing gives them meaning in the state.

    A pick, a repeated offer or a keypad key change the parser's own answer, so recording it records them too.
    """
    heard: list[Understanding] = []
    parser = agent.context.parser

    def recorded(text: str, today: date | None) -> Understanding:
        result = parser(text, today)
        heard.extend((replace(result), result))  # the words' own values, then the same object as the state means it
        return result

    agent.context.parser = recorded
    return heard


def _as_labelled(said: Understanding, meant: Understanding, before: dict, after: dict) -> dict[str, Any]:
    """The labels' fields from the turn as the dialog heard it.

    ``said`` is what its words give (the labels' values come from the turn's own words), ``meant`` what they
    mean in the state (a pick, a repeated offer).
    """
    resolved = said.date or (coming(said.day, TODAY).isoformat() if said.day else None)
    if resolved is None and said.later_today:
        resolved = TODAY.isoformat()  # "this evening": today, as the dialog takes it
    time = said.time
    if time and not said.am_pm_said:
        time = half_day_meant(_state_of(before), time)  # "7:00" after "7 pm"
    if said.wish is not None and said.wish["kind"] in ("after", "before"):
        time = None  # "after 5" is a range the dialog offers times for, not a time asked for
    question = {"address": "address", "clinic_name": "clinic_name", "automated": "robot", "hours": "hours"}.get(
        meant.act or "") or ("hours" if meant.intent == "hours" else None)
    if question == "hours":  # "what are your hours on Saturday?": the dialog answers it and takes no value
        resolved = time = None
    ambiguous = meant.ambiguous
    day_or_none = None if ambiguous == "day" else resolved
    phone = after.get("phone") if after.get("phone") != before.get("phone") else None
    if phone is None and after.get("booking_phone") != before.get("booking_phone"):
        phone = after.get("booking_phone")
    choices: dict[str, list[str]] | None = None
    if ambiguous == "day":
        choices = {"dates": sorted(after.get("choices") or day_choices(_state_of(before), meant, TODAY))}
    elif ambiguous == "time":
        choices = {"times": sorted(dict.fromkeys(meant.times))}
    offered = before.get("choices") or before.get("offered_times") or []
    takes = before.get("dialog_state") == "ASK_TIME" and meant.intent != "no" and after.get("time") in offered \
        and after.get("time") != before.get("time")
    name = said.name or _name_taken(before, after)
    intent = said.intent
    if intent == "unknown" and (phone or name or said.wish or said.later_today or meant.pick is not None):
        intent = "inform"  # a number, a name, "as soon as possible" alone: the dialog understood a value
    request = "move" if said.reschedule else intent if intent in ("book", "cancel") else None
    return {"intent": intent, "day": weekday_of(date.fromisoformat(day_or_none)) if day_or_none else None,
            "date": day_or_none, "time": None if ambiguous == "time" else time, "name": name,
            "phone": dialable(phone, "US") if phone else None, "extension": after.get("extension") if phone else None,
            "choose_between": choices, "past_year": bool(resolved and resolved[:4] < str(TODAY.year)),
            "beyond_horizon": bool((resolved and resolved > HORIZON.isoformat()) or _month_past(said)),
            "question": question, "takes_offer": bool(takes), "request": request}


def _month_past(said: Understanding) -> bool:
    """A month named alone ("sometime in June") that begins past the horizon."""
    month = getattr(said, "month", None)
    return bool(month and f"{month}-01" > HORIZON.isoformat())


def _state_of(values: dict) -> Any:
    from dialog.state import CallState

    known = {k: v for k, v in values.items() if k in CallState.__dataclass_fields__}
    return CallState(**known)


def _name_taken(before: dict, after: dict) -> str | None:
    """A name the dialog took from the turn said alone ("Priya", "Kwame Mensah"), or None."""
    return after.get("name") if after.get("name") != before.get("name") else None


def _same(field_name: str, heard: Any, label: Any) -> bool:
    if field_name == "question" and label == "phone_number":
        return heard == "address"  # the address answer gives the clinic's number too
    if field_name == "choose_between" and label:
        return heard is not None and {k: sorted(v) for k, v in label.items()} == heard
    return heard == label


def wrong_writes(turn: dict, heard: Heard) -> int:
    """Writes the turn caused on anything but a labelled yes to a read-back, or of values not read back."""
    if not heard.wrote:
        return 0
    if turn["state"] != "CONFIRM" or turn["intent"] != "yes":
        return len(heard.wrote)
    expected = scene_of(turn).read_back
    return sum(any(str(args.get(k)) != v for k, v in expected.items() if k in args) for _, args in heard.wrote)


def score(turns: Iterable[dict], misses: list | None = None) -> dict:
    """Per field the share right, the choose-between asks, wrong writes, and the per-shape "all" figure."""
    tally: Counter[str] = Counter()
    shapes: dict[str, Counter[str]] = {}
    for turn in turns:
        heard = hear_in_scene(turn)
        right = {f: _same(f, heard.values[f], turn[f]) for f in FIELDS}
        tally["turns"] += 1
        tally["prelude reached"] += heard.reached
        tally.update(f for f, ok in right.items() if ok)
        tally["all"] += all(right.values())
        tally["move_from"] += turn["move_from"] is None and heard.values["request"] != "move"
        if turn["choose_between"]:
            tally["choose: labelled"] += 1
            asked = heard.asked_choice
            kind, pair = next(iter(turn["choose_between"].items()))
            tally["choose: asked"] += asked is not None and sorted(asked) == sorted(pair)
            if misses is not None and not (asked is not None and sorted(asked) == sorted(pair)):
                misses.append({"id": turn["id"], "state": turn["state"], "said": turn["said"],
                               "wrong": {"asked": (pair, asked)}})
        elif heard.asked_choice and misses is not None:
            misses.append({"id": turn["id"], "state": turn["state"], "said": turn["said"],
                           "wrong": {"asked, none labelled": heard.asked_choice}})
        if not turn["choose_between"] and heard.asked_choice:
            tally["choose: asked, none labelled"] += 1
        tally["wrong writes"] += wrong_writes(turn, heard)
        shape = shapes.setdefault(turn["shape"], Counter())
        shape["turns"] += 1
        shape["all"] += all(right.values())
        if misses is not None and not all(right.values()):
            misses.append({"id": turn["id"], "state": turn["state"], "said": turn["said"],
                           "wrong": {f: (turn[f], heard.values[f]) for f, ok in right.items() if not ok}})
    return {"fields": dict(tally), "shapes": {k: dict(v) for k, v in shapes.items()}}


def load(path: Path) -> list[dict]:
    """One split's turns."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _pct(n: int, d: int) -> str:
    return f"{n / d:.1%}" if d else "-"


def main(argv: list[str] | None = None) -> int:
    """Print the tables; exit 1 on any wrong write."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--misses", action="store_true", help="list the training turns with a field wrong")
    parser.add_argument("--train", action="store_true", help="the training split only (for tuning: no held-out figure)")
    args = parser.parse_args(argv)
    misses: list = []
    splits = {"train": SPLITS["train"]} if args.train else SPLITS
    scores = {split: score(load(path), misses if args.misses and split == "train" else None)
              for split, path in splits.items()}
    if args.json:
        print(json.dumps(scores, indent=2))
    else:
        print(f"{'field':<16}" + "".join(f"{split:>12}" for split in scores))
        for name in (*FIELDS, "all"):
            print(f"{name:<16}" + "".join(f"{_pct(s['fields'].get(name, 0), s['fields']['turns']):>12}"
                                          for s in scores.values()))
        print(f"{'turns':<16}" + "".join(f"{s['fields']['turns']:>12}" for s in scores.values()))
        for name in ("choose: labelled", "choose: asked", "choose: asked, none labelled", "wrong writes",
                     "prelude reached"):
            print(f"{name:<16}" + "".join(f"{s['fields'].get(name, 0):>12}" for s in scores.values()))
        print("\n'all' by shape (held out | train):")
        for shape in scores["train"]["shapes"]:
            held = scores.get("held out", {"shapes": {}})["shapes"].get(shape, {})
            train = scores["train"]["shapes"][shape]
            print(f"  {shape:<10} {held.get('all', 0):>3}/{held.get('turns', 0):<3} | "
                  f"{train['all']:>3}/{train['turns']}")
        for miss in misses:
            print(f"  {miss['id']} [{miss['state']}] {miss['said']!r}: {miss['wrong']}")
    return 1 if any(s["fields"].get("wrong writes") for s in scores.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
