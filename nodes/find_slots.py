"""find_slots: look up the open times of the chosen date (a read tool: timeouts are retried)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

from langgraph.runtime import Runtime

from dialog.calendar import date_refused, instead_of_past, offered_on
from dialog.context import Context
from dialog.handoff import handoff_update
from dialog.hearing import today_or_none
from dialog.language import phrases
from dialog.state import CallState, CallUpdate
from dialog.tasks import not_open, said_date
from dialog.time_wishes import closed_for, closed_then, fitting, offer_on, open_choices, with_fallback
from nodes.common import clinic, read_tool
from voicekit.backend import ClinicBackend
from voicekit.clinics.checks import as_hhmm
from voicekit.schedule import coming, weekday_of

SEARCH_DAYS = 7
"""How many days after the one asked (or from today on, for "as soon as possible") a constraint is looked for."""


def find_slots(state: CallState, runtime: Runtime[Context]) -> CallUpdate:
    """Offer the day's open times; a day with none asks for another; a time asked for is checked."""
    if state.time_wish is not None and state.time is None:
        return _find_wished(state, runtime)
    api = clinic(runtime)
    notes = list(state.notes)
    # A time that is not open here is remembered: "then the 12th?" means the same time on another day.
    wanted = state.time or state.wanted_time
    no_day = _day_cleared(notes) | {"wanted_time": wanted}
    refused = date_refused(state, runtime.context)  # a holiday, a past date, beyond the horizon: never asked for
    if refused is not None:
        notes.append(refused)
        meant = instead_of_past(state, runtime.context)  # "March 3rd 2019": "Did you mean Wednesday, March 3?"
        return no_day | ({"choices": [meant]} if meant else {})
    try:
        open_times = _open_times(runtime, api, state)
    except Exception:  # timeouts already retried; a refusal or a broken backend goes to a person
        return handoff_update(state, "tool_failure", phrases.UNAVAILABLE)
    if not open_times:
        notes.append(phrases.no_open_times(state.day))
        return no_day
    offered: CallUpdate = {"offered_day": state.day, "offered_date": state.date, "offered_times": open_times,
                           "notes": notes}
    if state.choices:  # "Wednesday, 4 pm or 5 pm": only the open ones are put to the caller
        offered["choices"] = open_choices(state.day, state.choices, open_times, notes)
    time = with_fallback(state.day, state.time, state.fallback_time, open_times, notes)
    if time is not None and time not in open_times:
        closed = closed_then(state.day, said_date(state, state.date), time, open_times,
                             runtime.context.profile.hours.get(state.day or ""))
        if closed is not None:  # "7 pm" at a clinic that closes at 5: said, and the nearest open time put to them
            return offered | closed | {"notes": [*notes, *closed["notes"]]}
        return offered | not_open(state.day, time, open_times, notes)
    return offered | {"time": time, "wanted_time": None if time else wanted}


def _find_wished(state: CallState, runtime: Runtime[Context]) -> CallUpdate:
    """A constraint ("after 3", "the earliest"): the times that fit on the day asked, else on the next day with one.

    Without a day ("as soon as possible") the days are searched from today. Every date passes the agent's own
    calendar guard before the backend is asked about it, and what it offers is filtered again (``offered_on``).
    """
    assert state.time_wish is not None
    wish, context, notes = state.time_wish, runtime.context, list(state.notes)
    today = today_or_none(context)
    asked_day = state.day is not None
    first: CallUpdate | None = None  # the day asked for, offered as usual when nothing fits anywhere
    days = _days_to_search(state, today)
    if not days:  # no clock to search from: the caller is asked for a day, as before
        return {"time_wish": None, "notes": notes}
    for n, (day, on) in enumerate(days):
        candidate = replace(state, day=day, date=on)
        refused = date_refused(candidate, context)
        if refused is not None:
            if n == 0 and asked_day:  # the caller's own day cannot be booked: they hear why, and pick another
                notes.append(refused)
                return _day_cleared(notes) | {"time_wish": None}
            continue
        try:
            open_times = _open_times(runtime, clinic(runtime), candidate)
        except Exception:  # the day asked could not be looked up: a person; a later one: offer what we have
            if n == 0 and asked_day:
                return handoff_update(state, "tool_failure", phrases.UNAVAILABLE)
            break
        offered: CallUpdate = {"offered_day": day, "offered_date": on, "offered_times": open_times}
        if n == 0 and asked_day:
            resolved = offer_on(day, wish, open_times, notes)
            if resolved is not None:
                return offered | resolved | {"notes": notes}
            closed = closed_for(day, said_date(candidate, on), wish, open_times, context.profile.hours.get(day))
            if closed is not None:  # "tonight" at a clinic that closes at 5: said, and its latest time put to them
                return offered | closed | {"notes": [*notes, *closed["notes"]]}
            first = offered
            continue
        fits = fitting(wish, open_times)
        if fits:
            notes.append(phrases.fits_another_day(state.day, wish, day, fits) if asked_day
                         else phrases.earliest_from_now(day, on, fits[0]))
            named = on is not None and today is not None and date.fromisoformat(on) != coming(day, today)
            return offered | {"day": day, "date": on, "date_named": named, "time": None, "choices": fits,
                              "time_wish": None, "notes": notes}
    if not asked_day:
        return {"time_wish": None, "notes": [*notes, phrases.NOTHING_SOON]}  # ask for a day
    notes.append(phrases.nothing_fits(state.day, wish))
    if first is None or not first.get("offered_times"):
        notes.append(phrases.no_open_times(state.day))
        return _day_cleared(notes) | {"time_wish": None}
    return first | {"time": None, "choices": [], "time_wish": None, "notes": notes}


def _open_times(runtime: Runtime[Context], api: ClinicBackend, on: CallState) -> list[str]:
    """The times ``api.find_slots`` gives for ``on``'s day (and date, on a dated backend) that the agent may offer."""
    dated = {"date": on.date} if runtime.context.dated_backend() and on.date else {}
    # "09:00:00" from a calendar that adds seconds is 9 am; a time that is no time at all is never offered
    found = sorted({hhmm for t in read_tool(runtime, api.find_slots, on.day, **dated) if (hhmm := as_hhmm(t))})
    return offered_on(on, runtime.context, found)


def _day_cleared(notes: list[str]) -> CallUpdate:
    """The day and its offer forgotten (it cannot be booked, or nothing there is open): another day is asked for."""
    return {"day": None, "date": None, "date_named": False, "time": None, "offered_day": None, "offered_date": None,
            "offered_times": [], "notes": notes}


def _days_to_search(state: CallState, today: date | None) -> list[tuple[str, str | None]]:
    """(weekday, date) of the day asked and the week after it, or of today and the week after it."""
    if state.day is not None:
        start = date.fromisoformat(state.date) if state.date else None
        days: list[tuple[str, str | None]] = [(state.day, state.date)]
    elif today is not None:
        start, days = today - timedelta(days=1), []
    else:
        return []  # no clock and no day: nothing to search from
    if start is None:
        return days
    following = (start + timedelta(days=k) for k in range(1, SEARCH_DAYS + 1))
    return days + [(weekday_of(on), on.isoformat()) for on in following]
