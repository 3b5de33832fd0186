"""Which open times fit what the caller asked for, when it was no time: "after 3", "in the afternoon", "the earliest".

Pure functions of the open times ``find_slots`` returned: nothing is offered that is not among them. Also the two
other ways a caller narrows the times: two alternatives ("4 pm or 5 pm", only the open ones are put to them) and a
fallback ("10 am, if not 11 am").
"""

from __future__ import annotations

from dialog.language import phrases
from dialog.state import CallState, CallUpdate, TaskName
from voicekit.nlu import Understanding
from voicekit.nlu.types import TimeWish
from voicekit.schedule import minutes

MOST_OFFERED = 5
"""At most this many fitting times are put to the caller (each has a keypad key; a longer list is not heard)."""
AROUND = 60
"""'Around 10' fits what is at most this many minutes away."""
PARTS = {"morning": ("00:00", "12:00"), "afternoon": ("12:00", "17:00"), "evening": ("17:00", "23:59")}
"""The part of the day each word means, [from, to)."""
WISHING_TASKS: tuple[TaskName, ...] = ("book", "reschedule")
"""The tasks that offer times (cancelling describes an appointment already on file: no constraint applies)."""


def wish_heard(heard: Understanding, task: TaskName | None) -> TimeWish | None:
    """The turn's constraint, unless a time picked or said makes it moot ("the earliest" among the times offered)."""
    wish = heard.wish
    if wish is None or task not in WISHING_TASKS:
        return None
    return wish if heard.time is None or heard.time == wish.get("time") else None


def soonest(state: CallState) -> bool:
    """The caller asked for the earliest time and named no day: the calendar is searched from today."""
    return state.day is None and state.time_wish is not None and state.time_wish["kind"] == "earliest"


def fitting(wish: TimeWish, open_times: list[str]) -> list[str]:
    """The open times that fit ``wish``, in order, at most ``MOST_OFFERED``."""
    kind, bound = wish["kind"], minutes(wish.get("time", "12:00"))
    if kind == "earliest":
        return open_times[:1]
    if kind == "latest":
        return open_times[-1:]
    if kind in PARTS:
        start, end = (minutes(t) for t in PARTS[kind])
        fits = [t for t in open_times if start <= minutes(t) < end]
    elif kind == "after":
        fits = [t for t in open_times if minutes(t) >= bound]  # "anything after four pm?" takes 4 pm itself
    elif kind == "before":
        fits = [t for t in open_times if minutes(t) < bound]
    else:
        fits = [t for t in open_times if abs(minutes(t) - bound) <= AROUND]
    return fits[-MOST_OFFERED:] if kind == "before" else fits[:MOST_OFFERED]  # the nearest to the bound


def offer_on(day: str | None, wish: TimeWish, open_times: list[str], notes: list[str]) -> CallUpdate | None:
    """What ``wish`` comes to on a day with ``open_times``; None when nothing there fits.

    "After 4 pm" or "around 10" with that very time open takes it, as a time said plainly would be; otherwise the
    times that fit are put to the caller (a yes to a single one takes it), and the wish is kept for another day.
    """
    bound = wish.get("time")
    if wish["kind"] in ("after", "around") and bound in open_times:
        return {"time": bound, "choices": [], "time_wish": None}
    fits = fitting(wish, open_times)
    if not fits:
        return None
    notes.append(phrases.times_that_fit(day, wish, fits))
    return {"time": None, "choices": fits, "time_wish": wish}


def open_choices(day: str | None, choices: list[str], open_times: list[str], notes: list[str]) -> list[str]:
    """Of two times the caller named ("4 pm or 5 pm"), the open ones; the caller hears which are not open."""
    closed = [t for t in choices if t not in open_times]
    if closed:
        notes.append(phrases.not_open_of(day, closed))
    return [t for t in choices if t in open_times]


def with_fallback(day: str | None, time: str | None, fallback: str | None, open_times: list[str],
                  notes: list[str]) -> str | None:
    """The time asked for, or the caller's fallback when only that one is open ("10 am, if not 11 am")."""
    if time is None or time in open_times or fallback is None or fallback not in open_times:
        return time
    notes.append(phrases.fell_back(day, time, fallback))
    return fallback


def closed_then(day: str | None, on_date: str | None, time: str, open_times: list[str],
                hours: tuple[str, str] | None) -> CallUpdate | None:
    """7 pm asked on a day the clinic closes at 5 pm: say so, and put the nearest open time to the caller.

    Only for a time outside the clinic's opening hours that day and past the day's first or last open time (a
    time inside them that is not open is just taken, and ``dialog.tasks.not_open`` tells the closest without
    proposing it: a "yes" meant for something else must never take a time). The nearest open time is
    asked about ("Would you like 4 pm?"), so a yes takes it; the time asked is kept for another day.
    """
    if not hours or not open_times or hours[0] <= time < hours[1]:
        return None
    if min(open_times) <= time <= max(open_times):  # the calendar has times around it: open then, only taken
        return None
    nearest = min(open_times, key=lambda t: (abs(minutes(t) - minutes(time)), minutes(t)))
    note = phrases.closed_at(day, time, hours, on_date, nearest)
    return {"time": None, "wanted_time": time, "choices": [nearest], "notes": [note]}


def closed_for(day: str | None, on_date: str | None, wish: TimeWish, open_times: list[str],
               hours: tuple[str, str] | None) -> CallUpdate | None:
    """"Tonight", "after 6" at a clinic that closes at 5: said, and the day's latest time put to the caller.

    The same before opening ("before 8" at a clinic that opens at 8:30: the earliest). None when the clinic is
    open at some of that part of the day (its times there are only taken, and other days are looked at).
    """
    if not hours or not open_times:
        return None
    kind, bound = wish["kind"], wish.get("time")
    late = PARTS[kind][0] if kind in ("evening", "afternoon") else bound if kind == "after" else None
    early = PARTS[kind][1] if kind == "morning" else bound if kind == "before" else None
    if late is not None and late >= hours[1] and max(open_times) < late:
        nearest, closing = max(open_times), True
    elif early is not None and early <= hours[0] and min(open_times) >= early:
        nearest, closing = min(open_times), False
    else:
        return None
    note = phrases.closed_for(day, wish, hours, on_date, nearest, closing)
    return {"time": None, "choices": [nearest], "time_wish": None, "notes": [note]}
