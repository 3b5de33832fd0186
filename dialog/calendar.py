"""The agent's own guard on dates, whatever the backend says (SPEC 6.1).

Never offered or booked: a time already past today, a holiday, a day the clinic is closed, a date past
the booking horizon; and, on a backend that takes no dates, any date but the one its weekday names (the
coming one). The backend is asked only about dates that pass; what it offers is filtered again.
"""

from __future__ import annotations

from datetime import date

from dialog.context import Context
from dialog.language import calendar_phrases
from dialog.state import CallState
from voicekit.schedule import Schedule, coming


def _rules(context: Context) -> Schedule | None:
    try:
        rules = context.rules()
        rules.today()
    except Exception:  # a broken clock must not cost the caller their turn: the backend's own rules still hold
        return None
    return rules


def date_refused(state: CallState, context: Context) -> str | None:
    """What to tell a caller whose date cannot be booked at all (before asking the backend), or None."""
    if state.date is None or state.day is None:
        return None
    rules = _rules(context)
    if rules is None:
        return None
    on = date.fromisoformat(state.date)
    refusal = rules.refusal(on)
    if refusal == "past":
        return calendar_phrases.date_past(state.day, state.date)
    if refusal == "holiday":
        return calendar_phrases.holiday(state.day, state.date)
    if refusal == "beyond_horizon":
        return calendar_phrases.beyond_horizon(rules.days_ahead)
    if not context.dated_backend() and on != coming(state.day, rules.today()):
        return calendar_phrases.within_the_week(state.day, state.date)
    return None  # a weekday without times is the backend's to say (it is asked, and answers with none)


def month_refused(month: str, context: Context) -> str | None:
    """"Sometime in June", when June begins past the booking horizon: why it cannot be booked, else None."""
    rules = _rules(context)
    if rules is None:
        return None
    first = date.fromisoformat(f"{month}-01")
    return calendar_phrases.beyond_horizon(rules.days_ahead) if rules.refusal(first) == "beyond_horizon" else None


def instead_of_past(state: CallState, context: Context) -> str | None:
    """The date a caller who named a past one may have meant: the same day of the month, next time it comes.

    "March 3rd 2019" is asked about ("Did you mean Wednesday, March 3?"), never booked as another year's date
    silently; None when that date cannot be booked either (beyond the horizon, a holiday) or nothing was past.
    """
    rules = _rules(context)
    if rules is None or state.date is None:
        return None
    on, today = date.fromisoformat(state.date), rules.today()
    if on >= today:
        return None
    for year in (today.year, today.year + 1):
        try:
            candidate = on.replace(year=year)
        except ValueError:  # February 29th in a year without one
            continue
        if candidate >= today:
            return candidate.isoformat() if rules.refusal(candidate) is None else None
    return None


def offered_on(state: CallState, context: Context, times: list[str]) -> list[str]:
    """The backend's open times that may be offered: none on a refused date, none already past today."""
    rules = _rules(context)
    if rules is None or state.date is None:
        return times
    on = date.fromisoformat(state.date)
    if rules.refusal(on) is not None:
        return []
    return rules.still_ahead(on, times)


def still_bookable(state: CallState, context: Context) -> bool:
    """Whether the time read back can still be booked now (the caller may have taken a while to say yes)."""
    if state.time is None:
        return False
    return state.time in offered_on(state, context, [state.time])
