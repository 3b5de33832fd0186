"""How well the agent understands and books for real callers: the headline figures of the README.

    python -m evals.real_callers            # both tables; exit 1 if any replayed dialog booked wrongly

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
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from dialog.phrases import RE_ASK
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


def main(argv: list[str] | None = None) -> int:
    """Print both tables; exit 1 on any wrong booking."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    labelled = labelled_turns()
    turns = {name: turn_scores(labelled, key) for name, key in INTENT_LABELS.items()}
    dialogs = dialog_scores(booking_dialogs())
    if args.json:
        print(json.dumps({"turns": turns, "dialogs": dialogs}, indent=2))
    else:
        for name, scores in turns.items():
            print(f"{'turns':<16}{'n':>6}" + "".join(f"{f:>10}" for f in (*FIELDS, "all four"))
                  + f"    (intent labelled {name})")
            for split in ("test", "train"):
                row = scores[split]
                print(f"{split + (' (held out)' if split == 'test' else ''):<16}{row['turns']:>6}"
                      + "".join(f"{row[f]:>10.1%}" for f in (*FIELDS, "all four")))
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
