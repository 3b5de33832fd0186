"""Build the real-caller sets from Google's Schema-Guided Dialogue corpus (SGD, CC BY-SA 4.0).

    python -m evals.real.build_sgd PATH_TO_A_CLONE_OF_dstc8-schema-guided-dialogue

Takes every dialog of the dentist (Services_2) and doctor (Services_3) services: crowd-written
conversations of people finding and booking an appointment, typed the way they speak. Writes

* ``sgd_turns.jsonl``: one caller turn a line, ``{"id", "split", "text", "intent", "day", "time", "name"}``;
* ``sgd_dialogs.jsonl``: the dialogs that booked, ``{"id", "split", "turns": [...], "day", "time", "refused"}``,
  ``refused`` being the (weekday, time) slots SGD's booking service turned down in that dialog;
* ``sgd_therapist_*.jsonl`` and ``sgd_salon_turns.jsonl``: the same from the therapist (Services_4) and
  salon (Services_1) services, added later as more training data. All of it is in the training split: its
  turns were labelled and read in full to tune the rules, so none of it can measure them (the held-out split
  stays the dentist and doctor dialogs the hash holds out). A salon is not a clinic: its booking dialogs are
  not replayed (a caller asking for a salon is rightly not understood by a clinic line), its turns are.

The labels come from SGD's own annotations, never from this project's parser:

* intent, from the turn's dialogue acts, first match wins: INFORM_INTENT -> book; NEGATE /
  NEGATE_INTENT -> no; AFFIRM / AFFIRM_INTENT / SELECT -> yes (SPEC 2.2: an explicit affirmation is
  "yes", also when it agrees to the system's offer to book); REQUEST of an address or phone -> hours;
  INFORM of a date or time -> inform; REQUEST_ALTS / GOODBYE -> no; anything else -> unknown.
* day and time, from the date and time the turn informs. SGD keeps every wording of one value
  together ("8th of March" with the system's "next Friday"), and its service calls carry the value in
  canonical form ("2019-03-07", "15:30"): a wording takes the canonical value of the call it fed.
  A wording that never reached a call is read from the plainest wording of its group with
  ``dateutil`` (SGD's calendar: today is Friday 1 March 2019) or a strict "H[:MM] am/pm" / "HH:MM"
  pattern; a turn whose value has neither is left out.
* name: None. SGD callers never give their own name (a doctor's name is not the caller's), so every
  name the parser finds there is a false one.

The split is by dialog (a hash of its id), a third held out: ``python -m evals.real_callers`` reports
both, and the held-out figure is the one that counts; no rule may be tuned by looking at it.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path

from dateutil import parser as dateutil_parser

HERE = Path(__file__).resolve().parent
SERVICES = {"Services_2", "Services_3"}
THERAPISTS = {"Services_4"}
SALONS = {"Services_1"}
TODAY = date(2019, 3, 1)  # SGD's calendar: "8th of March" is "next Friday"
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_CLOCK = re.compile(r"^(\d{1,2})(?::(\d{2}))?\s*(am|pm)$", re.IGNORECASE)
_TWENTY_FOUR = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")
_RELATIVE = {"today": 0, "tomorrow": 1, "day after tomorrow": 2, "the day after tomorrow": 2}


def split_of(dialog_id: str) -> str:
    """A third of the dialogs is held out, chosen by a hash of the id (stable, not by position)."""
    return "test" if int(hashlib.sha256(dialog_id.encode()).hexdigest(), 16) % 3 == 0 else "train"


def gold_time(wordings: list[str]) -> str | None:
    """The time as "HH:MM" from the plainest wording of one time ("3:30 pm", "15:30"), else None."""
    for wording in wordings:
        clock, plain = _CLOCK.match(wording.strip()), _TWENTY_FOUR.match(wording.strip())
        if clock:
            hour, minute = int(clock.group(1)) % 12, int(clock.group(2) or 0)
            hour += 12 if clock.group(3).lower() == "pm" else 0
            return f"{hour:02d}:{minute:02d}"
        if plain:
            return f"{int(plain.group(1)):02d}:{plain.group(2)}"
    return None


def gold_date(wordings: list[str]) -> date | None:
    """The date from the plainest wording of one date, in SGD's calendar, else None."""
    for wording in wordings:
        text = wording.strip().lower()
        if text in _RELATIVE:
            return TODAY + timedelta(days=_RELATIVE[text])
        weekday = re.fullmatch(r"(?:next|this)\s+(\w+)", text)
        if weekday and weekday.group(1) in WEEKDAYS:
            return TODAY + timedelta(days=(WEEKDAYS.index(weekday.group(1)) - TODAY.weekday()) % 7 or 7)
        if re.search(r"(january|february|march|april|may|june|july|august|september|october|november|december)",
                     text):
            try:
                return dateutil_parser.parse(text, default=datetime(TODAY.year, TODAY.month, 1)).date()
            except (ValueError, OverflowError):
                continue
    return None


def gold_intent(actions: list[dict]) -> str:
    """Our intent from SGD's dialogue acts (see the module docstring for the order)."""
    acts = {(a["act"], a["slot"]) for a in actions}
    names = {act for act, _ in acts}
    if "INFORM_INTENT" in names:
        return "book"
    if names & {"NEGATE", "NEGATE_INTENT"}:
        return "no"
    if names & {"AFFIRM", "AFFIRM_INTENT", "SELECT"}:
        return "yes"
    if {slot for act, slot in acts if act == "REQUEST"} & {"address", "street_address", "phone_number"}:
        return "hours"
    if {slot for act, slot in acts if act == "INFORM"} & {"appointment_date", "appointment_time"}:
        return "inform"
    if names & {"REQUEST_ALTS", "GOODBYE"}:
        return "no"
    return "unknown"


def canonical_values(dialog: dict) -> dict[tuple[str, str], str]:
    """(slot, wording) -> the canonical value of the BookAppointment call that wording fed."""
    found: dict[tuple[str, str], str] = {}
    previous_state: dict = {}
    for turn in dialog["turns"]:
        for frame in turn["frames"]:
            if turn["speaker"] == "USER":
                previous_state = frame.get("state", {}).get("slot_values", {})
            call = frame.get("service_call") or {}
            if call.get("method") == "BookAppointment":
                for slot in ("appointment_date", "appointment_time"):
                    for wording in previous_state.get(slot, []):
                        found.setdefault((slot, wording), call["parameters"].get(slot, ""))
    return found


def _wordings(dialog: dict, slot: str, value: str) -> list[str]:
    """Every wording SGD groups with ``value`` for ``slot`` over the whole dialog."""
    for turn in dialog["turns"]:
        for frame in turn["frames"]:
            for values in (frame.get("state", {}).get("slot_values", {}).get(slot),):
                if values and value in values:
                    return values
    return [value]


def label(dialog: dict, turn: dict, services: set[str] = SERVICES) -> dict | None:
    """The four labels of one caller turn, or None when its date or time has no plain wording."""
    frame = next(f for f in turn["frames"] if f["service"] in services)
    informed = {a["slot"]: a["values"][0] for a in frame["actions"] if a["act"] == "INFORM" and a["values"]}
    canonical = canonical_values(dialog)
    day = time = None
    if "appointment_date" in informed:
        wording = informed["appointment_date"]
        called = canonical.get(("appointment_date", wording))
        named = date.fromisoformat(called) if called else gold_date(_wordings(dialog, "appointment_date", wording))
        if named is None:
            return None
        day = WEEKDAYS[named.weekday()]
    if "appointment_time" in informed:
        wording = informed["appointment_time"]
        time = canonical.get(("appointment_time", wording)) or gold_time(_wordings(dialog, "appointment_time", wording))
        if time is None:
            return None
    return {"intent": gold_intent(frame["actions"]), "day": day, "time": time, "name": None}


def booked(dialog: dict) -> tuple[str, str] | None:
    """(weekday, time) the dialog booked (the system's NOTIFY_SUCCESS for BookAppointment), else None."""
    for turn in dialog["turns"]:
        for frame in turn["frames"]:
            call = frame.get("service_call") or {}
            if call.get("method") == "BookAppointment" and any(a["act"] == "NOTIFY_SUCCESS" for a in frame["actions"]):
                named = date.fromisoformat(call["parameters"]["appointment_date"])
                return WEEKDAYS[named.weekday()], call["parameters"]["appointment_time"]
    return None


def refused(dialog: dict) -> list[tuple[str, str]]:
    """The (weekday, time) slots the dialog's BookAppointment calls were refused (NOTIFY_FAILURE)."""
    slots = []
    for turn in dialog["turns"]:
        for frame in turn["frames"]:
            call = frame.get("service_call") or {}
            if call.get("method") == "BookAppointment" and any(a["act"] == "NOTIFY_FAILURE" for a in frame["actions"]):
                named = date.fromisoformat(call["parameters"]["appointment_date"])
                slots.append((WEEKDAYS[named.weekday()], call["parameters"]["appointment_time"]))
    return slots


def dialogs(clone: Path, services: set[str] = SERVICES) -> list[dict]:
    """The dialogs of ``services`` alone, of every split that the clone (a git directory or a work tree) has."""
    found: list[dict] = []
    git = ["git", "-C", str(clone)]
    listing = subprocess.run([*git, "ls-tree", "-r", "--name-only", "HEAD"], capture_output=True, text=True)
    for name in sorted(n for n in listing.stdout.split() if re.search(r"/dialogues_\d+\.json$", n)):
        shown = subprocess.run([*git, "show", f"HEAD:{name}"], capture_output=True, text=True)
        if shown.returncode != 0:
            continue  # a file the snapshot does not hold
        found.extend(d for d in json.loads(shown.stdout) if set(d["services"]) <= services)
    return found


def build(clone: Path, services: set[str], prefix: str, split: Callable[[str], str] = split_of,
          with_dialogs: bool = True) -> None:
    """Write ``{prefix}_turns.jsonl`` (and ``{prefix}_dialogs.jsonl``) of the ``services`` dialogs next to this file."""
    turns_out, dialogs_out, kept, left_out = [], [], 0, 0
    for dialog in dialogs(clone, services):
        side = split(dialog["dialogue_id"])
        for number, turn in enumerate(dialog["turns"]):
            if turn["speaker"] != "USER":
                continue
            labels = label(dialog, turn, services)
            if labels is None:
                left_out += 1
                continue
            kept += 1
            turns_out.append({"id": f"{dialog['dialogue_id']}/{number}", "split": side, "text": turn["utterance"],
                              **labels})
        result = booked(dialog)
        if result is not None:
            dialogs_out.append({"id": dialog["dialogue_id"], "split": side, "day": result[0], "time": result[1],
                                "refused": refused(dialog),
                                "turns": [t["utterance"] for t in dialog["turns"] if t["speaker"] == "USER"]})
    (HERE / f"{prefix}_turns.jsonl").write_text("".join(json.dumps(t) + "\n" for t in turns_out))
    if with_dialogs:
        (HERE / f"{prefix}_dialogs.jsonl").write_text("".join(json.dumps(d) + "\n" for d in dialogs_out))
    print(f"{prefix}: {kept} turns labelled ({left_out} left out: no plain wording of their date or time); "
          f"{len(dialogs_out)} booking dialogs")


def main(argv: list[str] | None = None) -> int:
    """Write the dentist and doctor set, and the therapist and salon sets (training data only)."""
    clone = Path((argv or sys.argv[1:])[0])
    build(clone, SERVICES, "sgd")
    build(clone, THERAPISTS, "sgd_therapist", split=lambda dialog_id: "train")
    build(clone, SALONS, "sgd_salon", split=lambda dialog_id: "train", with_dialogs=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
