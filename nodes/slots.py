"""Filling day, time and name from what was heard, including corrections at CONFIRM."""

from __future__ import annotations

from dataclasses import replace

from graph.context import Context
from graph.routing import matching_bookings
from graph.state import CallState
from nodes.common import spoken_day, spoken_time
from voicekit.nlu import NOT_NAMES, Understanding, capitalise_name

_WORD_CHARS = "abcdefghijklmnopqrstuvwxyz'-"


def name_from_last_word(text: str, heard: Understanding) -> str | None:
    """ASK_NAME: people just say their name; the last word is it, unless it is "yes", "hmm", a day..."""
    if heard.name:
        return None
    if heard.day or heard.time or heard.days or heard.times or heard.intent not in ("unknown", "inform"):
        return None
    words = [w.strip(".,!?;:\"()") for w in text.split()]
    words = [w for w in words if w]
    if not words:
        return None
    last = words[-1]
    if last.lower() in NOT_NAMES or not last[0].isalpha() or not all(c.isalpha() or c in "'-" for c in last):
        return None
    return capitalise_name(last)


def start_over() -> dict:
    """Forget the request (keypad *): the caller begins again from the open question."""
    return {"task": None, "day": None, "time": None, "name": None, "offered_day": None, "offered_times": [],
            "bookings_looked_up": None, "bookings_found": [], "choices": []}


def unmatched_filters(state: CallState) -> dict:
    """Cancel flow: if the day/time the caller gave fit none of their appointments, say so and drop them."""
    if not state.bookings_found or matching_bookings(state) or (state.day is None and state.time is None):
        return {}
    asked = " at ".join(p for p in (spoken_day(state.day) if state.day else "",
                                    spoken_time(state.time) if state.time else "") if p)
    return {"day": None, "time": None, "notes": [*state.notes, f"I don't see an appointment for {asked}."]}


def answer_question(heard: Understanding, context: Context) -> str:
    """A side question answered from the clinic profile; the pending question follows it."""
    profile = context.profile
    if heard.act == "address":
        return f"We're at {profile.address}. Our phone number is {profile.phone}."
    if heard.day:
        return profile.hours_on(heard.day)
    if heard.relative_day == "today":
        try:
            return profile.hours_on(context.today())
        except Exception:  # no usable clock: the weekly hours still answer the question
            pass
    return profile.week_summary()


def _task(state: CallState, heard: Understanding, spoken_name: str | None) -> str | None:
    if heard.intent == "cancel":
        return "cancel"
    if heard.intent == "book" or heard.booking_words:
        return "book"
    gave_values = heard.day or heard.time or heard.name or heard.days or heard.times or spoken_name
    if state.task is None and gave_values:
        return "book"
    return state.task


def fill_slots(state: CallState, heard: Understanding, spoken_name: str | None, notes: list[str]) -> dict:
    """The slot updates of an understood turn (notes gets what the caller should be told)."""
    out: dict = {}
    task = _task(state, heard, spoken_name)
    if task != state.task:
        out |= start_over() | {"task": task}
    # A new request keeps who is calling, not the day or time of the old one.
    day, time, name = (None, None, state.name) if task != state.task else (state.day, state.time, state.name)

    if heard.ambiguous == "day":
        day, out["choices"] = None, list(dict.fromkeys(heard.days))
    elif heard.day:
        day = heard.day
    if heard.ambiguous == "time":
        time, out["choices"] = None, list(dict.fromkeys(heard.times))
    elif heard.time:
        time = heard.time
    name = heard.name or spoken_name or name

    gave_nothing = not (heard.day or heard.time or heard.name or heard.ambiguous)
    if state.dialog_state == "CONFIRM" and heard.intent == "no" and gave_nothing:
        if task == "cancel":
            notes.append("Okay, I haven't cancelled anything.")
            return out | start_over() | {"notes": notes}
        notes.append("No problem, let's find another time.")
        time = None

    if task == "book" and time is not None and day == state.offered_day and time not in state.offered_times:
        notes.append(f"Sorry, {spoken_time(time)} isn't open on {spoken_day(day)}.")
        time = None
    if task == "cancel" and state.bookings_found and task == state.task:
        filters = unmatched_filters(replace(state, day=day, time=time, notes=[]))
        if filters:
            notes.extend(filters["notes"])
            day, time = None, None
    if heard.relative_day and not heard.day and not heard.days:
        notes.append(f"I couldn't work out which day {heard.relative_day} is.")
    return out | {"day": day, "time": time, "name": name, "notes": notes}
