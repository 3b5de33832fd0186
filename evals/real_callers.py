"""How well the agent understands and books for real callers: the headline figures of the README.

    python -m evals.real_callers            # the tables; exit 1 if any replayed dialog booked wrongly
    python -m evals.real_callers --misses   # also every held-out Taskmaster turn the parser got wrong

1. Turns: the rule parser on every labelled caller turn (SGD dentist and doctor dialogs, a third held
   out; SGD therapist and salon dialogs, training data only; and the project's own lines in
   ``evals/utterances.jsonl``, which were written with the parser and so count as training data).
   Accuracy of intent, day, time, name and all four, train and held-out apart. The intent is scored
   against two labels: the headline one written by hand from each turn's words by the rules of
   ``evals/real/LABELLING.md`` (SPEC 2.2 and 5, a turn judged alone, as the parser judges it),
   and the one mapped from SGD's dialogue acts (``build_sgd.py``), which follows SGD's convention of
   labelling a turn in its dialog ("I'd like a dentist in Sunnyvale" after "I need a dentist": no
   intent). Day, time and name are SGD's in both.
2. Dialogs: each SGD dentist, doctor or therapist dialog that ended in a booking (a salon is no clinic)
   is replayed through ``VoiceAgent`` with the clock on SGD's "today" (Friday 1 March 2019): the caller's
   turns in order, and "My name is Jamie" whenever the agent asks for a name (SGD callers never give one).
   Right = booked the day and time SGD booked; wrong = booked anything else (must be 0); none = the call
   ended or ran out of turns unbooked.
   Two rows: *as written* replays only the corpus turns (and the name); *answering re-asks* also lets
   the caller answer the one question SGD's callers were never asked: the read-back asked *again* after
   a turn that was neither a plain yes nor a no nor a change ("Yes, can I have their address?" gets the
   address and the read-back again, or "Just to be sure: …? Please say yes or no."). The caller then says
   "yes" if what is read back is what SGD booked and "no" otherwise — a truthful caller with SGD's goal.
   That caller can never cause a wrong booking; only the agent's gate opening on a corpus turn can.
   The clinic is open every quarter of an hour (and at the booked time) on every weekday, except the
   slots SGD's own booking service refused in that dialog: the caller there moved on to another time
   because the first was gone, and here that slot is gone too.
3. Taskmaster turns: the same per-turn scoring on the held-out caller turns of Taskmaster-3's movie-ticket
   dialogs (``evals/real/build_taskmaster.py``), all four labels written blind by hand
   (``taskmaster_by_hand.jsonl``, the Taskmaster section of ``evals/real/LABELLING.md``). As for SGD, each
   turn is judged alone (SPEC 2.2) with SGD's "today" as the clock (the labels read relative days on it);
   the assistant's turn before it is not given to the parser, as no context is given on SGD's turns.
   Under the table, per labelled intent: how often the parser missed it and what it said instead.
   Only the held-out quarter is labelled; no rule may be tuned on it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterable
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from dialog.phrases import RE_ASK
from evals.false_names import false_names
from graph.voice_agent import VoiceAgent
from voicekit.clinic import WEEKDAYS, ClinicAPI
from voicekit.nlu import Understanding, analyse

HERE = Path(__file__).resolve().parent
REAL = HERE / "real"
# The dentist and doctor dialogs (split by a hash, a third held out), and the therapist and salon dialogs added
# later as training data only (``evals/real/build_sgd.py``). Salon dialogs give turns, not booking dialogs.
SGD_SETS = ("sgd", "sgd_therapist", "sgd_salon")
BOOKING_SETS = ("sgd", "sgd_therapist")
SGD_TODAY = date(2019, 3, 1)
FIELDS = ("intent", "day", "time", "name")
OPEN_ALL_DAY = [f"{h:02d}:{m:02d}" for h in range(6, 22) for m in (0, 15, 30, 45)]
NAME_TURN = "My name is Jamie"
REPLAYS = {"as written": False, "answering re-asks": True}


INTENT_LABELS = {"by hand": "intent_by_hand", "from SGD's acts": "intent"}
HEADLINE_INTENT = INTENT_LABELS["by hand"]
# Taskmaster-3's movie-ticket caller turns (``evals/real/build_taskmaster.py``); only the held-out ones are labelled.
TASKMASTER_TURNS = REAL / "taskmaster_turns.jsonl"
TASKMASTER_LABELS = REAL / "taskmaster_by_hand.jsonl"


def labelled_turns() -> list[dict]:
    """SGD's labelled turns (with their split and both intent labels) and the project's own lines (training data)."""
    sgd = []
    for corpus in SGD_SETS:
        by_hand = {row["id"]: row["intent"]
                   for row in map(json.loads, (REAL / f"{corpus}_intents_by_hand.jsonl").read_text().splitlines())}
        sgd += [turn | {HEADLINE_INTENT: by_hand[turn["id"]]}
                for turn in map(json.loads, (REAL / f"{corpus}_turns.jsonl").read_text().splitlines())]
    own = [json.loads(line) | {"split": "train", "id": f"own/{n}", "own": True}
           for n, line in enumerate((HERE / "utterances.jsonl").read_text().splitlines()) if line.strip()]
    return sgd + [turn | {HEADLINE_INTENT: turn["intent"]} for turn in own]  # the own lines were labelled by hand


def taskmaster_turns(turns_path: Path = TASKMASTER_TURNS, labels_path: Path = TASKMASTER_LABELS) -> list[dict]:
    """The labelled Taskmaster turns, shaped as ``labelled_turns`` shapes SGD's (for ``turn_scores``).

    The caller's words are ``text``, the hand-written intent ``intent_by_hand`` (there are no act-mapped intents),
    day, time and name as labelled. Every labelled id must be a turn of the set; ``asked`` (the assistant's turn
    before it) is kept for reading, not heard. No labels yet: no turns.
    """
    if not labels_path.exists():
        return []
    corpus = {turn["id"]: turn for turn in map(json.loads, turns_path.read_text().splitlines())}
    turns = []
    for label in map(json.loads, labels_path.read_text().splitlines()):
        turn = corpus.get(label["id"])
        if turn is None:
            raise ValueError(f"{labels_path.name}: {label['id']!r} is no turn of {turns_path.name}")
        turns.append({"id": turn["id"], "split": turn["split"], "text": turn["said"], "asked": turn["asked"],
                      HEADLINE_INTENT: label["intent"], "day": label["day"], "time": label["time"],
                      "name": label["name"]})
    return turns


def intent_confusions(turns: Iterable[dict], intent_label: str = HEADLINE_INTENT) -> dict:
    """Per split and labelled intent: how many turns, how many the parser missed, and what it said on those.

    Labelled intents are ordered by misses, most first; what the parser said, by how often.
    """
    tallies: dict[str, dict[str, Counter[str]]] = {}
    for turn in turns:
        said = hear_turn(turn).intent
        tallies.setdefault(turn["split"], {}).setdefault(turn[intent_label], Counter())[said] += 1
    return {split: {label: {"turns": heard.total(), "missed": heard.total() - heard[label],
                            "heard": dict(Counter({k: v for k, v in heard.items() if k != label}).most_common())}
                    for label, heard in sorted(by_label.items(),
                                               key=lambda kv: (kv[1][kv[0]] - kv[1].total(), kv[0]))}
            for split, by_label in tallies.items()}


def turn_misses(turns: Iterable[dict], intent_label: str = HEADLINE_INTENT) -> list[dict]:
    """Every turn with a field wrong: its id, words, the assistant's turn before it (if any), label and parse."""
    misses = []
    for turn in turns:
        heard = hear_turn(turn).as_parse()
        gold = {field: turn[intent_label if field == "intent" else field] for field in FIELDS}
        if heard != gold:
            misses.append({"id": turn["id"], "split": turn["split"], "asked": turn.get("asked"),
                           "text": turn["text"], "gold": gold, "heard": heard})
    return misses


def booking_dialogs() -> list[dict]:
    """The SGD dialogs that ended in a booking (with their split, turns, booked slot and refused slots)."""
    return [json.loads(line) for corpus in BOOKING_SETS
            for line in (REAL / f"{corpus}_dialogs.jsonl").read_text().splitlines()]


def hear_turn(turn: dict) -> Understanding:
    """The rules on one labelled turn: SGD's turns on SGD's own date as today, the project's lines with none."""
    return analyse(turn["text"], today=None if turn.get("own") else SGD_TODAY)


def turn_scores(turns: Iterable[dict], intent_label: str = HEADLINE_INTENT) -> dict:
    """Per split: how many turns, and the share right of each field and of all four together.

    ``intent_label`` is the key of the intent label scored against: "intent_by_hand" or SGD's "intent".
    """
    if intent_label not in INTENT_LABELS.values():
        raise ValueError(f"intent_label must be one of {sorted(INTENT_LABELS.values())}, not {intent_label!r}")
    tallies: dict[str, dict[str, int]] = {}
    for turn in turns:
        heard = hear_turn(turn).as_parse()
        tally = tallies.setdefault(turn["split"], dict.fromkeys(("turns", *FIELDS, "all four"), 0))
        gold = {field: turn[intent_label if field == "intent" else field] for field in FIELDS}
        right = [heard[field] == gold[field] for field in FIELDS]
        tally["turns"] += 1
        for field, ok in zip(FIELDS, right, strict=True):
            tally[field] += ok
        tally["all four"] += all(right)
    return {split: {k: (v if k == "turns" else round(v / t["turns"], 4)) for k, v in t.items()}
            for split, t in tallies.items()}


def replay(dialog: dict, answer_re_asks: bool = False) -> str:
    """Play one SGD booking dialog through the agent: "right", "wrong" or "none"."""
    now = datetime(2019, 3, 1, 9, 0, tzinfo=ZoneInfo("America/New_York"))
    refused = {tuple(slot) for slot in dialog.get("refused", [])}
    schedule = {day: [t for t in sorted({*OPEN_ALL_DAY, dialog["time"]}) if (day, t) not in refused]
                for day in WEEKDAYS}
    api = ClinicAPI(schedule=schedule)
    agent = VoiceAgent(api, sleep=lambda s: None, clock=lambda: now)
    goal = {"day": dialog["day"], "time": dialog["time"]}
    for text in dialog["turns"]:
        asked = (agent.state, agent.slots)
        reply = agent.handle(text)
        if reply["state"] == "ASK_NAME":
            reply = agent.handle(NAME_TURN)
        asked_again = asked == ("CONFIRM", agent.slots) or RE_ASK in reply["say"]
        if answer_re_asks and reply["state"] == "CONFIRM" and asked_again:
            agent.handle("yes" if {k: agent.slots[k] for k in goal} == goal else "no")
        if agent.state in ("DONE", "HANDOFF"):
            break
    booked = [(b["day"], b["time"]) for b in api.bookings]
    if not booked:
        return "none"
    return "right" if booked == [(dialog["day"], dialog["time"])] else "wrong"


def dialog_scores(dialogs: Iterable[dict]) -> dict:
    """Per split and way of replaying: dialogs replayed, and how many booked right, wrongly, or not at all."""
    tallies: dict[str, dict[str, dict[str, int]]] = {}
    for dialog in dialogs:
        for way, answer_re_asks in REPLAYS.items():
            tally = tallies.setdefault(dialog["split"], {}).setdefault(
                way, {"dialogs": 0, "right": 0, "wrong": 0, "none": 0})
            tally["dialogs"] += 1
            tally[replay(dialog, answer_re_asks)] += 1
    return tallies


def _split_name(split: str) -> str:
    return split + (" (held out)" if split == "test" else "")


def print_turn_table(scores: dict, title: str, heading: str = "turns") -> None:
    """One per-turn table: a row per split present, held-out first."""
    print(f"{heading:<16}{'n':>6}" + "".join(f"{f:>10}" for f in (*FIELDS, "all four")) + f"    ({title})")
    for split in ("test", "train"):
        if split in scores:
            row = scores[split]
            print(f"{_split_name(split):<16}{row['turns']:>6}"
                  + "".join(f"{row[f]:>10.1%}" for f in (*FIELDS, "all four")))


def print_confusions(confusions: dict, top: int = 3) -> None:
    """Per split, each labelled intent with its misses and the parser's commonest answers on them."""
    for split in ("test", "train"):
        if split not in confusions:
            continue
        print(f"  intent missed, {_split_name(split)}:")
        for label, row in confusions[split].items():
            said = ", ".join(f"{intent} {n}" for intent, n in list(row["heard"].items())[:top])
            more = len(row["heard"]) - top
            print(f"    {label:<9}{row['missed']:>4} of {row['turns']:<4}" + (f"  heard as: {said}" if said else "")
                  + (f" (+{more} more)" if more > 0 else ""))


def _turn_today(turn: dict) -> date | None:
    return None if turn.get("own") else SGD_TODAY


def print_false_names(counts: dict) -> None:
    """Turns labelled with no name that the agent takes a name from (``evals/false_names.py``), per split."""
    for way in counts["sgd"]:
        sgd, movies = counts["sgd"][way], counts["taskmaster"][way]
        print(f"false names: train {sgd.get('train', 0)} / held out {sgd.get('test', 0)}    ({way}; SGD and own "
              f"lines; Taskmaster held out {movies.get('test', 0)})")


def main(argv: list[str] | None = None) -> int:
    """Print the tables; exit 1 on any wrong booking."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--misses", action="store_true",
                        help="list every labelled Taskmaster turn with a field wrong (held out: read, never tune on)")
    args = parser.parse_args(argv)
    labelled = labelled_turns()
    turns = {name: turn_scores(labelled, key) for name, key in INTENT_LABELS.items()}
    movie_turns = taskmaster_turns()
    movie_scores, movie_confusions = turn_scores(movie_turns), intent_confusions(movie_turns)
    movie_misses = turn_misses(movie_turns) if args.misses else []
    taskmaster: dict[str, object] = {"turns": movie_scores, "intent confusions": movie_confusions}
    if args.misses:
        taskmaster["misses"] = movie_misses
    dialogs = dialog_scores(booking_dialogs())
    wrong_names = {"sgd": false_names(labelled, _turn_today), "taskmaster": false_names(movie_turns, _turn_today)}
    if args.json:
        print(json.dumps({"turns": turns, "taskmaster": taskmaster, "dialogs": dialogs, "false names": wrong_names},
                         indent=2))
    else:
        for name, scores in turns.items():
            print_turn_table(scores, f"intent labelled {name}")
            print()
        if movie_turns:
            print_turn_table(movie_scores, "Taskmaster-3 movie tickets, all labelled by hand", "taskmaster")
            print_confusions(movie_confusions)
            for miss in movie_misses:
                wrong = ", ".join(f"{f} {miss['gold'][f]!r}->{miss['heard'][f]!r}"
                                  for f in FIELDS if miss["gold"][f] != miss["heard"][f])
                print(f"    {miss['id']}: {miss['text']!r}  [{wrong}]")
            print()
        print_false_names(wrong_names)
        print()
        print(f"{'dialogs':<16}{'replayed':<20}{'n':>6}{'right':>10}{'wrong':>10}{'none':>10}")
        for split in ("test", "train"):
            for way in REPLAYS:
                row = dialogs[split][way]
                print(f"{split + (' (held out)' if split == 'test' else ''):<16}{way:<20}{row['dialogs']:>6}"
                      + "".join(f"{row[k]:>10}" for k in ("right", "wrong", "none")))
    return 1 if any(row["wrong"] for ways in dialogs.values() for row in ways.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
