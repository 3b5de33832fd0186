"""What the agent says about time constraints, times of which only some are open, and a fallback time taken.

A constraint: "after 3", "in the afternoon", "the earliest you have"; a fallback: "10 am, if not 11 am".
"""

from __future__ import annotations

from collections.abc import Sequence

from dialog.phrases.values import one_of, spoken_day, spoken_time
from voicekit.nlu.types import TimeWish

NOTHING_SOON = "I'm sorry, I couldn't find an open time in the coming week."


def spoken_wish(wish: TimeWish) -> str:
    """The constraint as the caller would say it: "after 3 pm", "in the afternoon" ("" for earliest and latest)."""
    kind = wish["kind"]
    if kind in ("after", "before", "around"):
        return f"{kind} {spoken_time(wish.get('time', '12:00'))}"
    if kind in ("morning", "afternoon", "evening"):
        return f"in the {kind}"
    return ""


def times_that_fit(day: str | None, wish: TimeWish, times: Sequence[str]) -> str:
    """The day's open times that fit: "On Wednesday after 3 pm we have 4 pm." (the question follows)."""
    said = [spoken_time(t) for t in times]
    if wish["kind"] == "earliest":
        return f"The earliest we have on {spoken_day(day)} is {said[0]}."
    if wish["kind"] == "latest":
        return f"The latest we have on {spoken_day(day)} is {said[-1]}."
    return f"On {spoken_day(day)} {spoken_wish(wish)} we have {one_of(said)}."


def fits_another_day(day: str | None, wish: TimeWish, other_day: str, times: Sequence[str]) -> str:
    """Nothing fits on the day asked, so the next day that has something: "... on Tuesday; Wednesday has 4 pm"."""
    said = spoken_wish(wish)
    return f"Nothing {said + ' ' if said else ''}on {spoken_day(day)}; {spoken_day(other_day)} has " \
           f"{one_of([spoken_time(t) for t in times])}."


def earliest_from_now(day: str, on_date: str | None, time: str) -> str:
    """The earliest open time from today on, with its date (the caller named no day)."""
    return f"The earliest we have is {spoken_day(day, on_date)} at {spoken_time(time)}."


def nothing_fits(day: str | None, wish: TimeWish) -> str:
    """Nothing fits on the day asked nor in the week after it (the day's open times follow)."""
    said = spoken_wish(wish)
    return f"I'm sorry, we have nothing {said + ' ' if said else ''}on {spoken_day(day)} or in the week after it."


def not_open_of(day: str | None, times: Sequence[str]) -> str:
    """Some of the times the caller named are not open (the open ones are offered next)."""
    said = [spoken_time(t) for t in times]
    verb = "isn't" if len(said) == 1 else "aren't"
    listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
    return f"Sorry, {listed} {verb} open on {spoken_day(day)}."


def fell_back(day: str | None, wanted: str, fallback: str) -> str:
    """The time asked for first is not open, the caller's second choice is: it is taken."""
    return f"Sorry, {spoken_time(wanted)} isn't open on {spoken_day(day)}, but {spoken_time(fallback)} is."


def _open_or_close(day: str | None, hours: tuple[str, str], closing: bool) -> str:
    weekday = f"{day.capitalize()}s" if day else "that day"
    return (f"We close at {spoken_time(hours[1])} on {weekday}" if closing
            else f"We open at {spoken_time(hours[0])} on {weekday}")


def closed_for(day: str | None, wish: TimeWish, hours: tuple[str, str], on_date: str | None, nearest: str,
               closing: bool) -> str:
    """A part of the day asked for is outside the day's opening hours: when the clinic closes, and the nearest."""
    latest = "latest" if closing else "earliest"
    return (f"{_open_or_close(day, hours, closing)}, so there's nothing {spoken_wish(wish)}. The {latest} we have "
            f"on {spoken_day(day, on_date)} is {spoken_time(nearest)}.")


def closed_at(day: str | None, time: str, hours: tuple[str, str], on_date: str | None, nearest: str) -> str:
    """The time asked is outside the day's opening hours: when the clinic opens or closes, and the nearest time."""
    when = _open_or_close(day, hours, time >= hours[1])
    return (f"{when}, so {spoken_time(time)} isn't possible. The nearest we have on {spoken_day(day, on_date)} "
            f"is {spoken_time(nearest)}.")
